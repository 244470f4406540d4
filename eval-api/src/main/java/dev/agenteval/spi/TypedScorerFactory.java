package dev.agenteval.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.ScorerSpec;
import java.util.List;
import java.util.Objects;

/**
 * The base of a scorer factory whose parameters are read once into a typed spec: {@link #parse}
 * reads them with a {@link ScorerParams}, recording every problem; {@link #problems} (and so
 * {@link #validate}) are that parse's problems plus any parameter it did not ask for, and
 * {@link #create} builds the scorer from the same parse. Validation and creation therefore never
 * disagree about what is valid. agent-eval's built-in and judge scorers extend it; a plugin scorer
 * is one such class plus its registration in
 * {@code META-INF/services/dev.agenteval.spi.ScorerFactory}:
 *
 * <pre>{@code
 * public final class MaxWordsScorerFactory extends TypedScorerFactory<Long> {
 *     public MaxWordsScorerFactory() { super("max_words"); }
 *
 *     protected Long parse(ScorerParams params) { return params.positiveInteger("words"); }
 *
 *     protected Scorer scorer(Long words) {
 *         return ctx -> {
 *             long n = ctx.response().text().split("\\s+").length;
 *             return ScoreResult.ofChecks(id(), n <= words ? Check.pass("words <= " + words)
 *                     : Check.fail("words <= " + words, n + " words"));
 *         };
 *     }
 * }
 * }</pre>
 *
 * In YAML: {@code - {type: max_words, words: 50}} (platform dialect) or {@code max_words: {words: 50}}
 * under {@code expectations} (harness dialect); {@code words: fifty} is reported at its line and
 * column as {@code 'words' must be a positive integer but was "fifty"}.
 *
 * @param <S> the typed spec a parse produces, best immutable (a record)
 */
@API(status = EXPERIMENTAL)
public abstract class TypedScorerFactory<S> implements ScorerFactory {

    private final String id;

    /** @param id the scorer type id (see {@link ScorerFactory#id()}) */
    protected TypedScorerFactory(String id) {
        this.id = Objects.requireNonNull(id, "id");
    }

    @Override
    public final String id() {
        return id;
    }

    /** The sentences of {@link #problems}. */
    @Override
    public final List<String> validate(ScorerSpec spec) {
        return problems(spec).stream().map(ScorerProblem::message).toList();
    }

    /** The problems {@link #parse} records, then one per parameter it did not ask for; empty when valid. */
    @Override
    public final List<ScorerProblem> problems(ScorerSpec spec) {
        return read(spec).params().problems();
    }

    /**
     * The scorer of the spec {@link #parse} reads.
     *
     * @throws ConfigurationException listing every problem of {@link #problems} when there are any
     */
    @Override
    public final Scorer create(ScorerSpec spec) {
        Read<S> read = read(spec);
        List<ScorerProblem> problems = read.params().problems();
        if (!problems.isEmpty()) {
            throw new ConfigurationException(problems.stream().map(p -> "scorer '" + id + "': " + p.message()).toList());
        }
        return scorer(read.parsed());
    }

    /** One parse: its result and the reader holding its problems. */
    private record Read<S>(S parsed, ScorerParams params) {
    }

    private Read<S> read(ScorerSpec spec) {
        ScorerParams params = new ScorerParams(spec);
        S parsed = parse(params);
        params.rejectUnknown();
        return new Read<>(parsed, params);
    }

    /**
     * Reads the parameters into the typed spec, recording problems in {@code params}; the result
     * is discarded when there are any, so it may hold the readers' placeholders then. Asks for
     * every parameter the scorer accepts, also those it finds absent.
     */
    protected abstract S parse(ScorerParams params);

    /** A thread-safe scorer for a spec that {@link #parse} read without problems. */
    protected abstract Scorer scorer(S spec);
}
