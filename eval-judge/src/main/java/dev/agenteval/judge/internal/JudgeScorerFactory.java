package dev.agenteval.judge.internal;

import dev.agenteval.api.Check;
import dev.agenteval.api.ConfigurationException;
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
import dev.agenteval.spi.ScorerFactory;
import dev.agenteval.spi.ScorerProblem;
import dev.agenteval.spi.ScoringContext;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The shape of every judge scorer: at most one required text parameter, which goes to the judge
 * as criteria or as reference, an optional odd {@code samples}, and a verdict mapped to one
 * check labelled with what was judged, whose detail is the judge's reason. Tool scorers are
 * skipped, with the reason recorded, when no tools resolve.
 */
abstract class JudgeScorerFactory implements ScorerFactory {

    private static final Logger LOG = LoggerFactory.getLogger(JudgeScorerFactory.class);

    /** Where the text parameter goes in the request. */
    enum Role { CRITERIA, REFERENCE, NONE }

    private final String id;
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
        this.id = id;
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
    public final String id() {
        return id;
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

    @Override
    public final List<String> validate(ScorerSpec spec) {
        return problems(spec).stream().map(ScorerProblem::message).toList();
    }

    /** The problems, each at the parameter it is about ({@code samples}, the text parameter, ...). */
    @Override
    public final List<ScorerProblem> problems(ScorerSpec spec) {
        List<ScorerProblem> problems = new ArrayList<>();
        parse(spec, problems);
        return List.copyOf(problems);
    }

    /** @throws ConfigurationException listing every problem when the spec is invalid */
    @Override
    public final Scorer create(ScorerSpec spec) {
        List<ScorerProblem> problems = new ArrayList<>();
        Config config = parse(spec, problems);
        if (!problems.isEmpty()) {
            throw new ConfigurationException(problems.stream().map(p -> "scorer '" + id + "': " + p.message()).toList());
        }
        return ctx -> score(config, ctx);
    }

    private record Config(String text, int samples, double[] band) {
    }

    private Config parse(ScorerSpec spec, List<ScorerProblem> problems) {
        Set<String> known = new LinkedHashSet<>();
        String text = null;
        if (param != null) {
            known.add(param);
            Object v = spec.params().get(param);
            if (v == null) {
                if (!optionalParam) {
                    problems.add(ScorerProblem.of("needs '" + param + "' (a non-blank string)"));
                }
            } else if (!(v instanceof String s) || s.isBlank()) {
                problems.add(ScorerProblem.at("'" + param + "' must be a non-blank string but was " + describe(v), param));
            } else {
                text = s;
            }
        }
        known.add("samples");
        int samples = 0;
        Object n = spec.params().get("samples");
        if (n != null) {
            Long whole = wholeNumber(n);
            if (whole == null || whole < 1 || whole % 2 == 0 || whole > 99) {
                problems.add(ScorerProblem.at("'samples' must be an odd number from 1 to 99 but was " + describe(n),
                        "samples"));
            } else {
                samples = whole.intValue();
            }
        }
        known.add(ScorerSpec.UNDECIDED_BETWEEN);
        double[] band = band(spec.params().get(ScorerSpec.UNDECIDED_BETWEEN), problems);
        for (String name : spec.params().keySet()) {
            if (!known.contains(name)) {
                problems.add(ScorerProblem.at("unknown parameter '" + name + "' (known: " + String.join(", ", known) + ")",
                        name));
            }
        }
        return new Config(text, samples, band);
    }

    private ScoreResult score(Config config, ScoringContext ctx) throws InterruptedException {
        List<ToolSpec> tools = ctx.resolvedTools().orElse(List.of());
        if (toolScorer && tools.isEmpty()) {
            String reason = "skipped: no tools resolved for '" + id + "'; declare tools on the scorer, the case or"
                    + " the suite";
            LOG.warn("Scorer '{}' on case '{}' turn {} {}", id, ctx.testCase().id(), ctx.turnIndex(), reason);
            return ScoreResult.skipped(id, reason);
        }
        String text = config.text();
        if (text == null && optionalParam) {
            text = defaultText(ctx).orElse(null);
            if (text == null) {
                return ScoreResult.errored(id, InfrastructureFailure.of(FailureCode.INTERNAL, "scorer '" + id + "' needs '"
                        + param + "' on case '" + ctx.testCase().id() + "', which is not simulated"));
            }
        }
        Judge judge = ctx.requireJudge();
        JudgeRequest request = new JudgeRequest(id, question(ctx), ctx.response().text(),
                role == Role.CRITERIA ? text : null, role == Role.REFERENCE ? text : null,
                tools, ctx.response().toolCalls(), ctx.attempt(), config.samples(), ctx.repeated(),
                conversation ? ctx.transcript() : List.of());
        JudgeVerdict verdict = judge.judge(request);
        if (verdict == null) {
            throw new JudgeException("judge '" + judge.name() + "' returned no verdict for '" + id + "'");
        }
        String detail = detail(verdict, verdict.judge() != null ? verdict.judge() : judge.name());
        double[] band = config.band();
        if (band != null && verdict.score() >= band[0] && verdict.score() <= band[1]) {
            String undecided = String.format(Locale.ROOT, "undecided: score %.2f is within [%s, %s]; %s",
                    verdict.score(), band[0], band[1], detail);
            return new ScoreResult(id, ScoreStatus.UNDECIDED, verdict.score(), undecided,
                    List.of(new Check(label, false, undecided)), verdict.usage(), null);
        }
        return new ScoreResult(id, verdict.passed() ? ScoreStatus.PASSED : ScoreStatus.FAILED, verdict.score(), detail,
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
    private static double[] band(Object v, List<ScorerProblem> problems) {
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
        problems.add(ScorerProblem.at("'" + ScorerSpec.UNDECIDED_BETWEEN + "' must be [low, high] with 0 <= low <= high"
                + " <= 1 but was " + describe(v), ScorerSpec.UNDECIDED_BETWEEN));
        return null;
    }

    private static Long wholeNumber(Object v) {
        if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return ((Number) v).longValue();
        }
        try {
            if (v instanceof BigInteger i) {
                return i.longValueExact();
            }
            if (v instanceof BigDecimal d) {
                return d.longValueExact();
            }
        } catch (ArithmeticException e) {
            return null;
        }
        if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            return d == Math.rint(d) && Math.abs(d) < 1e9 ? (long) d : null;
        }
        return null;
    }

    private static String describe(Object v) {
        return v instanceof String s ? "'" + s + "'" : String.valueOf(v);
    }
}
