package dev.agenteval.report.internal;

import dev.agenteval.api.CaseAttempt;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.InfrastructureFailure;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.Summary;
import dev.agenteval.api.ToolCall;
import dev.agenteval.api.TurnResult;
import dev.agenteval.api.Usage;
import dev.agenteval.common.json.JsonTrees;
import dev.agenteval.results.Baseline;
import dev.agenteval.results.BaselineComparison;
import dev.agenteval.results.stats.Confidence;
import dev.agenteval.results.stats.Interval;
import dev.agenteval.results.stats.internal.AttemptPassRate;
import dev.agenteval.spi.ReportOptions;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.function.Function;

/** Wording shared by the human-readable reports: durations, rates, usage and error lines. */
final class ReportText {

    /** A tool call on one line: its name and arguments, its result or error, and whether a mock answered it. */
    static String toolCall(ToolCall call) {
        String outcome = call.error() != null ? " → error: " + call.error()
                : call.result() != null ? " → " + JsonTrees.compact(call.result()) : "";
        return call.name() + " " + JsonTrees.compact(call.arguments()) + outcome + (call.mocked() ? " (mocked)" : "");
    }

    private ReportText() {
    }

    /**
     * Why an incomplete result is: {@code it covers 59 of the suite's 60 cases (1 missing)} when it
     * holds fewer cases than its fingerprint's suite and skipped none (a merge of shards or runs that
     * lack some), else {@code the run was interrupted or stopped early; } and {@code skippedNote}.
     */
    static String incompleteReason(dev.agenteval.api.SuiteResult result, String skippedNote) {
        int missing = dev.agenteval.results.SuiteResults.missingCases(result);
        boolean skipped = result.cases().stream().anyMatch(c -> c.status() == CaseStatus.SKIPPED);
        return missing > 0 && !skipped
                ? "it covers " + result.cases().size() + " of the suite's " + result.fingerprint().suiteCases()
                        + " cases (" + missing + " missing)"
                : "the run was interrupted or stopped early; " + skippedNote;
    }

    /** Seconds with millisecond precision, e.g. {@code 3.142}. */
    static double seconds(Duration d) {
        return d.toMillis() / 1000.0;
    }

    /** Seconds for people, e.g. {@code 3.142s}, {@code 2.0s}. */
    static String secondsText(Duration d) {
        BigDecimal s = BigDecimal.valueOf(d.toMillis(), 3).stripTrailingZeros();
        if (s.scale() < 1) {
            s = s.setScale(1, RoundingMode.UNNECESSARY);
        }
        return s.toPlainString() + "s";
    }

    /** A 0..1 rate as a percentage with at most one decimal, e.g. {@code 40%}, {@code 66.7%}. */
    static String percent(double rate) {
        BigDecimal p = BigDecimal.valueOf(rate * 100).setScale(1, RoundingMode.HALF_UP).stripTrailingZeros();
        if (p.scale() < 0) {
            p = p.setScale(0, RoundingMode.UNNECESSARY);
        }
        return p.toPlainString() + "%";
    }

    /**
     * The pass rate with its interval and sample size, e.g. {@code pass rate 84% (95% CI 78–89%,
     * n=120)} with {@code dash} between the bounds; {@code pass rate 0% (n=0)} without cases.
     */
    static String passRate(Summary s, java.util.Optional<Interval> interval, String dash) {
        return "pass rate " + percent(s.passRate()) + " ("
                + interval.map(i -> interval(i, dash) + ", ").orElse("") + "n=" + s.cases() + ")";
    }

    /** E.g. {@code 95% CI 78–89%}: the level, and the bounds in whole percent joined by {@code dash}. */
    static String interval(Interval i, String dash) {
        return percent(i.level()) + " CI " + Math.round(i.low() * 100) + dash + Math.round(i.high() * 100) + "%";
    }

    /**
     * The attempt pass rate as a sentence, e.g. {@code Attempt pass rate 45% (95% CI 2–88%; standard
     * error 22.2%, clustered by case, over 4 cases).}, or {@code ... (one case: no interval).}
     */
    static String attemptPassRate(AttemptPassRate a, String dash) {
        return "Attempt pass rate " + percent(a.mean())
                + a.interval().map(i -> " (" + interval(i, dash) + "; standard error " + percent(a.stderr().orElseThrow())
                        + ", clustered by case, over " + a.cases() + " cases)").orElse(" (one case: no interval)") + ".";
    }

    /** A score with three decimals, e.g. {@code 0.812}. */
    static String score(double value) {
        return String.format(java.util.Locale.ROOT, "%.3f", value);
    }

    /** A score's interval, e.g. {@code 95% CI 0.750–0.860}, with {@code dash} between the bounds. */
    static String scoreInterval(Interval i, String dash) {
        return percent(i.level()) + " CI " + score(i.low()) + dash + score(i.high());
    }

    /** The comparison with the baseline {@code options} give; a result compares to null without one. */
    static Function<SuiteResult, BaselineComparison> comparison(ReportOptions options) {
        return options.get(Baseline.class).<Function<SuiteResult, BaselineComparison>>map(b -> b::compare)
                .orElse(r -> null);
    }

    /** The confidence of the error bars {@code options} ask for; 95% with the default seed when none. */
    static Confidence confidence(ReportOptions options) {
        return options.get(Confidence.class).orElse(Confidence.DEFAULT);
    }

    /** A number without exponent or trailing zeros, e.g. {@code 0.15916}. */
    static String number(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return String.valueOf(value);
        }
        BigDecimal d = BigDecimal.valueOf(value).stripTrailingZeros();
        if (d.scale() < 0) {
            d = d.setScale(0, RoundingMode.UNNECESSARY);
        }
        return d.toPlainString();
    }

    /**
     * The cost as a number, e.g. {@code 0.0042}, or {@code ~0.0042 (estimated)} when it was (partly)
     * computed from the user's prices; empty without a cost.
     */
    static String cost(Usage usage) {
        if (usage == null || usage.cost() == null) {
            return "";
        }
        return usage.costEstimated() ? "~" + number(usage.cost()) + " (estimated)" : number(usage.cost());
    }

    /** The reported usage fields, e.g. {@code 120 input tokens, 30 output tokens}; null when nothing was reported. */
    static String usage(Usage usage) {
        if (usage == null || usage.isEmpty()) {
            return null;
        }
        StringJoiner j = new StringJoiner(", ");
        if (usage.inputTokens() != null) {
            j.add(usage.inputTokens() + " input tokens");
        }
        if (usage.outputTokens() != null) {
            j.add(usage.outputTokens() + " output tokens");
        }
        if (usage.credits() != null) {
            j.add(number(usage.credits()) + " credits");
        }
        if (usage.cost() != null) {
            j.add("cost " + cost(usage));
        }
        return j.toString();
    }

    /** E.g. {@code 2 passed, 1 failed, 0 errored, 1 skipped}, then {@code , 1 undecided} when there are any. */
    static String counts(Summary s) {
        return s.passed() + " passed, " + s.failed() + " failed, " + s.errored() + " errored, "
                + s.skipped() + " skipped" + (s.undecided() == 0 ? "" : ", " + s.undecided() + " undecided");
    }

    /** E.g. {@code 1/2 passed (50%)}. */
    static String attempts(CaseResult c) {
        long passed = c.attempts().stream().filter(CaseAttempt::passed).count();
        return passed + "/" + c.attempts().size() + " attempts passed (" + percent(c.passRate()) + ")";
    }

    /**
     * What the attempts of a repeated case say, e.g. {@code pass@5 yes, pass^5 no, flaky, pass threshold 80%}:
     * pass@k (some attempt passed), pass^k (every attempt passed), whether the attempts disagree,
     * and the pass threshold when it is not 100%.
     */
    static String repeats(CaseResult c) {
        int k = c.attempts().size();
        StringBuilder sb = new StringBuilder("pass@").append(k).append(c.passAtK() ? " yes" : " no")
                .append(", pass^").append(k).append(c.passHatK() ? " yes" : " no");
        if (c.flaky()) {
            sb.append(", flaky");
        }
        if (c.passThreshold() < 1) {
            sb.append(", pass threshold ").append(percent(c.passThreshold()));
        }
        return sb.toString();
    }

    /** E.g. {@code eval_timeout: case took too long (timeoutSeconds=30)}. */
    static String harnessFailure(InfrastructureFailure f) {
        StringBuilder sb = new StringBuilder(f.code().wireName()).append(": ").append(f.message());
        if (!f.context().isEmpty()) {
            StringJoiner j = new StringJoiner(", ", " (", ")");
            for (Map.Entry<String, Object> e : f.context().entrySet()) {
                Object v = e.getValue();
                j.add(e.getKey() + "=" + (v instanceof String s ? s : JsonTrees.compact(v)));
            }
            sb.append(j);
        }
        return sb.toString();
    }

    /**
     * Why a case did not pass, one line per miss: the failed checks and the harness failures of the
     * attempts that did not pass, e.g. {@code turn 1: must_include 'aspirin': not found in response}.
     * Attempts are named only when the case was repeated. Passing checks never produce a line.
     */
    static List<String> errorLines(CaseResult c) {
        List<String> lines = new ArrayList<>();
        boolean repeated = c.attempts().size() > 1;
        for (CaseAttempt a : c.attempts()) {
            if (a.status() == CaseStatus.PASSED) {
                continue;
            }
            for (TurnResult t : a.turns()) {
                String where = (repeated ? "attempt " + a.attempt() + ", " : "") + "turn " + t.index()
                        + (t.name() == null ? "" : " (" + t.name() + ")") + ": ";
                if (t.harnessFailure() != null) {
                    lines.add(where + harnessFailure(t.harnessFailure()));
                }
                for (String check : t.failedChecks()) {
                    lines.add(where + check);
                }
                for (ScoreResult s : t.scores()) {
                    if (s.failure() != null) {
                        lines.add(where + s.type() + ": " + harnessFailure(s.failure()));
                    }
                }
            }
        }
        return lines;
    }

    /**
     * Why a case did not pass, in one line: its reason, else its failed checks and harness
     * failures; for a repeated case its reason (e.g. {@code 1 of 2 attempts failed}) with the first
     * miss, e.g. {@code 1 of 2 attempts failed: attempt 2, turn 1: must_include 'refund': not found}.
     */
    static String why(CaseResult c) {
        List<String> lines = errorLines(c);
        String why = c.reason();
        if (c.attempts().size() > 1 && !lines.isEmpty()) {
            return why.isEmpty() ? lines.get(0) : why + ": " + lines.get(0)
                    + (lines.size() > 1 ? " (+" + (lines.size() - 1) + " more)" : "");
        }
        return why.isEmpty() ? String.join("; ", lines) : why;
    }

    /**
     * The harness failure that best explains an errored case: the first one that aborted a turn,
     * else the first one of a scorer; null when there is none.
     */
    static InfrastructureFailure firstHarnessFailure(CaseResult c) {
        for (CaseAttempt a : c.attempts()) {
            for (TurnResult t : a.turns()) {
                if (t.harnessFailure() != null) {
                    return t.harnessFailure();
                }
            }
        }
        for (CaseAttempt a : c.attempts()) {
            for (TurnResult t : a.turns()) {
                for (ScoreResult s : t.scores()) {
                    if (s.failure() != null) {
                        return s.failure();
                    }
                }
            }
        }
        return null;
    }
}
