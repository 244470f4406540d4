package dev.agenteval.judge.internal;

import dev.agenteval.api.Check;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.InfrastructureFailure;
import dev.agenteval.api.JudgeException;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.ToolSpec;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.JudgeRequest;
import dev.agenteval.spi.JudgeVerdict;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerParams;
import dev.agenteval.spi.ScoringContext;
import dev.agenteval.spi.TypedScorerFactory;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The shape of every judge scorer: at most one required text parameter, which goes to the judge
 * as criteria or as reference, an optional odd {@code samples}, and a verdict mapped to one
 * check labelled with what was judged, whose detail is the judge's reason. Tool scorers are
 * skipped, with the reason recorded, when no tools resolve.
 */
abstract class JudgeScorerFactory extends TypedScorerFactory<JudgeScorerFactory.Config> {

    private static final Logger LOG = LoggerFactory.getLogger(JudgeScorerFactory.class);

    /** Where the text parameter goes in the request. */
    enum Role { CRITERIA, REFERENCE, NONE }

    private final String param;
    private final Role role;
    private final String label;
    private final boolean toolScorer;
    private final boolean conversation;
    private final boolean optionalParam;

    JudgeScorerFactory(String id, String param, Role role, String label, boolean toolScorer) {
        this(id, param, role, label, toolScorer, false, false);
    }

    /**
     * A scorer whose judge reads the whole transcript when {@code conversation}; its text parameter
     * may be left out when {@code optionalParam} (then {@link #defaultText} gives it).
     */
    JudgeScorerFactory(String id, String param, Role role, String label, boolean toolScorer, boolean conversation,
                       boolean optionalParam) {
        super(id);
        this.param = param;
        this.role = role;
        this.label = label;
        this.toolScorer = toolScorer;
        this.conversation = conversation;
        this.optionalParam = optionalParam;
    }

    /**
     * The text parameter's value when the spec leaves it out, from what is scored; empty when there
     * is none (the score then errors, naming the parameter). Only asked when the parameter is optional.
     */
    Optional<String> defaultText(ScoringContext ctx) {
        return Optional.empty();
    }

    @Override
    public final boolean needsJudge() {
        return true;
    }

    @Override
    public final Optional<String> textParameter() {
        return optionalParam ? Optional.empty() : Optional.ofNullable(param);
    }

    @Override
    public final boolean usesTools() {
        return toolScorer;
    }

    /** The text parameter, {@code samples} and the undecided band, each problem at its parameter. */
    @Override
    protected final Config parse(ScorerParams params) {
        String text = null;
        if (param != null && (params.has(param) || !optionalParam)) {
            text = params.string(param);
        }
        int samples = 0;
        Object n = params.value("samples").orElse(null);
        if (n != null) {
            long whole = ScorerParams.wholeNumber(n).orElse(0);
            if (whole < 1 || whole % 2 == 0 || whole > 99) {
                params.problem("'samples' must be an odd number from 1 to 99 but was " + ScorerParams.describe(n));
            } else {
                samples = (int) whole;
            }
        }
        double[] band = band(params);
        return new Config(text, samples, band);
    }

    @Override
    protected final Scorer scorer(Config config) {
        return ctx -> score(config, ctx);
    }

    /** The parsed parameters: the text parameter (null when absent), samples (0 for the judge's default), the band or null. */
    record Config(String text, int samples, double[] band) {
    }

    private ScoreResult score(Config config, ScoringContext ctx) throws InterruptedException {
        List<ToolSpec> tools = ctx.resolvedTools().orElse(List.of());
        if (toolScorer && tools.isEmpty()) {
            String reason = "skipped: no tools resolved for '" + id() + "'; declare tools on the scorer, the case or"
                    + " the suite";
            LOG.warn("Scorer '{}' on case '{}' turn {} {}", id(), ctx.testCase().id(), ctx.turnIndex(), reason);
            return ScoreResult.skipped(id(), reason);
        }
        String text = config.text();
        if (text == null && optionalParam) {
            text = defaultText(ctx).orElse(null);
            if (text == null) {
                return ScoreResult.errored(id(), InfrastructureFailure.of(FailureCode.INTERNAL, "scorer '" + id() + "' needs '"
                        + param + "' on case '" + ctx.testCase().id() + "', which is not simulated"));
            }
        }
        Judge judge = ctx.requireJudge();
        JudgeRequest request = new JudgeRequest(id(), question(ctx), ctx.response().text(),
                role == Role.CRITERIA ? text : null, role == Role.REFERENCE ? text : null,
                tools, ctx.response().toolCalls(), ctx.attempt(), config.samples(), ctx.repeated(),
                conversation ? ctx.transcript() : List.of());
        JudgeVerdict verdict = judge.judge(request);
        if (verdict == null) {
            throw new JudgeException("judge '" + judge.name() + "' returned no verdict for '" + id() + "'");
        }
        String detail = detail(verdict, verdict.judge() != null ? verdict.judge() : judge.name());
        double[] band = config.band();
        if (band != null && verdict.score() >= band[0] && verdict.score() <= band[1]) {
            String undecided = String.format(Locale.ROOT, "undecided: score %.2f is within [%s, %s]; %s",
                    verdict.score(), band[0], band[1], detail);
            return new ScoreResult(id(), ScoreStatus.UNDECIDED, verdict.score(), undecided,
                    List.of(new Check(label, false, undecided)), verdict.usage(), null);
        }
        return new ScoreResult(id(), verdict.passed() ? ScoreStatus.PASSED : ScoreStatus.FAILED, verdict.score(), detail,
                List.of(new Check(label, verdict.passed(), detail)), verdict.usage(), null);
    }

    /**
     * The user's message as sent, preceded by the earlier turns when there are any, so that a
     * follow-up ("elaborate on the first thing you mentioned") is judged in its conversation.
     */
    static String question(ScoringContext ctx) {
        String input = ctx.input().readableText();
        if (ctx.history().isEmpty()) {
            return input;
        }
        StringBuilder sb = new StringBuilder("Earlier in this conversation:\n");
        for (var e : ctx.history()) {
            sb.append("User: ").append(e.input()).append('\n').append("Agent: ").append(e.answer()).append('\n');
        }
        return sb.append("\nThe user's latest message:\n").append(input).toString();
    }

    /** {@code judge <name>: <reason> (score 0.80, agreement 0.67)}; no prefix when the reason already names the judge. */
    static String detail(JudgeVerdict v, String judgeName) {
        String reason = v.reason().isBlank() ? "(the judge gave no reason)" : v.reason().strip();
        String named = reason.startsWith(judgeName) ? reason : "judge " + judgeName + ": " + reason;
        return String.format(Locale.ROOT, "%s (score %.2f%s)", named, v.score(),
                v.agreement() == null ? "" : String.format(Locale.ROOT, ", agreement %.2f", v.agreement()));
    }

    /** {@code [low, high]} with {@code 0 <= low <= high <= 1}, or null when absent or after reporting. */
    private static double[] band(ScorerParams params) {
        Object v = params.value(ScorerSpec.UNDECIDED_BETWEEN).orElse(null);
        if (v == null) {
            return null;
        }
        if (v instanceof List<?> l && l.size() == 2 && l.get(0) instanceof Number lo && l.get(1) instanceof Number hi) {
            double low = lo.doubleValue();
            double high = hi.doubleValue();
            if (low >= 0 && low <= high && high <= 1) {
                return new double[] {low, high};
            }
        }
        params.problem("'" + ScorerSpec.UNDECIDED_BETWEEN + "' must be [low, high] with 0 <= low <= high <= 1 but was "
                + ScorerParams.describe(v));
        return null;
    }
}
