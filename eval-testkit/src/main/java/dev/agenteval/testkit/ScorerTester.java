package dev.agenteval.testkit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import dev.agenteval.api.AgentException;
import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Case;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.InfrastructureFailure;
import dev.agenteval.api.Message;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Turn;
import dev.agenteval.core.Providers;
import dev.agenteval.spi.Exchange;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerFactory;
import dev.agenteval.spi.ScoringContext;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Runs one scorer on a canned response, the way a run would: the scorer's factory is found by
 * its type id in the real provider registry ({@link Providers#discover()}, so a plugin's
 * {@code META-INF/services} registration is exercised too), the spec is validated first, and an
 * exception from the scorer becomes an errored score as in a run.
 *
 * <pre>{@code
 * ScoreResult r = ScorerTester.score(ScorerSpec.of("must_include", Map.of("values", List.of("pump"))),
 *         AgentResponse.ofText("P-101 is a pump"));
 * assertThat(r.status()).isEqualTo(ScoreStatus.PASSED);
 *
 * // a judge scorer, against a fake judge:
 * ScorerTester.discover().withJudge(judge).withInput("What can you do?")
 *         .test(Scorers.correctness("Lists capabilities"), AgentResponse.ofText("I can ..."));
 * }</pre>
 *
 * Immutable; {@code with*} methods return a new tester.
 */
@API(status = EXPERIMENTAL)
public final class ScorerTester {

    private static final String CASE_ID = "scorer-tester";

    private final Providers providers;
    private final Judge judge;
    private final String input;
    private final List<Exchange> history;
    private final Duration duration;

    private ScorerTester(Providers providers, Judge judge, String input, List<Exchange> history, Duration duration) {
        this.providers = Objects.requireNonNull(providers, "providers");
        this.judge = judge;
        this.input = Objects.requireNonNull(input, "input");
        this.history = List.copyOf(history);
        this.duration = Objects.requireNonNull(duration, "duration");
    }

    /** A tester over the providers found on the thread's context class loader (as a run finds them). */
    public static ScorerTester discover() {
        return of(Providers.discover());
    }

    /** A tester over {@code providers} (for a factory registered by hand: {@code Providers.empty().withScorer(f)}). */
    public static ScorerTester of(Providers providers) {
        return new ScorerTester(providers, null, "(the user's message)", List.of(), Duration.ofMillis(100));
    }

    /** Scores {@code response} with the discovered scorer of {@code spec}: {@code discover().test(spec, response)}. */
    public static ScoreResult score(ScorerSpec spec, AgentResponse response) {
        return discover().test(spec, response);
    }

    /** As {@link #score(ScorerSpec, AgentResponse)} for a plain text answer. */
    public static ScoreResult score(ScorerSpec spec, String answer) {
        return score(spec, AgentResponse.ofText(answer));
    }

    /** The same tester with a judge for scorers that need one (none by default). */
    public ScorerTester withJudge(Judge judge) {
        return new ScorerTester(providers, Objects.requireNonNull(judge, "judge"), input, history, duration);
    }

    /** The same tester sending {@code input} as the turn's message. */
    public ScorerTester withInput(String input) {
        return new ScorerTester(providers, judge, input, history, duration);
    }

    /** The same tester with earlier turns of the conversation (for conversation scorers). */
    public ScorerTester withHistory(List<Exchange> history) {
        return new ScorerTester(providers, judge, input, history, duration);
    }

    /** The same tester with the turn's round trip (for duration scorers; 100 ms by default). */
    public ScorerTester withDuration(Duration duration) {
        return new ScorerTester(providers, judge, input, history, duration);
    }

    /**
     * The problems the scorer's factory finds in {@code spec}, as a run would report them; empty when valid.
     *
     * @throws ConfigurationException when no scorer has {@code spec}'s type (listing the known ones)
     */
    public List<String> problems(ScorerSpec spec) {
        return spec.inline().isPresent() ? List.of() : providers.scorer(spec.type()).validate(spec);
    }

    /**
     * Scores {@code response} with {@code spec}'s scorer, on the first turn of a one-turn case.
     *
     * @return the score; an exception from the scorer is an errored score, as in a run
     * @throws ConfigurationException when the type is unknown or the spec is invalid (naming each problem)
     */
    public ScoreResult test(ScorerSpec spec, AgentResponse response) {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(response, "response");
        Scorer scorer = spec.inline().orElseGet(() -> create(spec));
        Case c = Case.id(CASE_ID).turn(Turn.of(input).expect(spec)).build();
        ScoringContext context = new ScoringContext(c, 1, Message.user(input), history, response, duration,
                spec.tools().orElse(null), judge, 1, false);
        try {
            ScoreResult r = scorer.score(context);
            return r != null ? r : ScoreResult.errored(spec.type(), InfrastructureFailure.of(FailureCode.INTERNAL,
                    "scorer '" + spec.type() + "' returned no result"));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ScoreResult.errored(spec.type(), InfrastructureFailure.of(FailureCode.INTERNAL, "interrupted"));
        } catch (AgentException e) {
            return ScoreResult.errored(spec.type(), e.toFailure());
        } catch (Exception e) {
            return ScoreResult.errored(spec.type(), InfrastructureFailure.of(FailureCode.INTERNAL,
                    "scorer '" + spec.type() + "' threw " + e.getClass().getSimpleName() + ": " + e.getMessage()));
        }
    }

    /** As {@link #test(ScorerSpec, AgentResponse)} for a plain text answer. */
    public ScoreResult test(ScorerSpec spec, String answer) {
        return test(spec, AgentResponse.ofText(answer));
    }

    /** As {@link #test(ScorerSpec, AgentResponse)} for a type id and its parameters. */
    public ScoreResult test(String type, Map<String, ?> params, AgentResponse response) {
        return test(ScorerSpec.of(type, params), response);
    }

    private Scorer create(ScorerSpec spec) {
        ScorerFactory factory = providers.scorer(spec.type());
        List<String> problems = factory.validate(spec);
        if (!problems.isEmpty()) {
            throw new ConfigurationException(problems.stream().map(p -> "scorer '" + spec.type() + "': " + p).toList());
        }
        if (factory.needsJudge() && judge == null) {
            throw new ConfigurationException("scorer '" + spec.type() + "' needs a judge: give one with withJudge"
                    + " (for example an OpenAiJudge on a FakeChatModel)");
        }
        return factory.create(spec);
    }
}
