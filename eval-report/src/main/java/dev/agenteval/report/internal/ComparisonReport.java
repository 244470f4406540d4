package dev.agenteval.report.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agenteval.results.internal.FisherExact;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agenteval.common.json.JsonTrees;
import dev.agenteval.results.BaselineComparison;
import dev.agenteval.results.BaselineComparison.Change;
import dev.agenteval.results.BaselineComparison.Kind;
import dev.agenteval.results.BaselineComparison.Outcome;
import dev.agenteval.results.stats.Interval;
import dev.agenteval.results.stats.PairedComparison;
import dev.agenteval.results.stats.PairedComparison.ScorerDelta;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/**
 * Renders a {@link BaselineComparison} with a baseline for the reports: the JSON {@code baseline} object,
 * and the wording shared by the console and Markdown (a headline and one line per changed case).
 */
public final class ComparisonReport {

    private ComparisonReport() {
    }

    /** The JSON {@code baseline} object. */
    static ObjectNode json(BaselineComparison c) {
        ObjectNode node = JsonTrees.NODES.objectNode();
        node.put("source", c.baselineSource());
        node.put("startedAt", c.baselineStartedAt().toString());
        node.put("passRate", c.baselinePassRate());
        node.put("passRateChange", c.passRateChange());
        node.put("significance", c.significance());
        node.set("regressions", changes(c.regressions()));
        node.set("fixes", changes(c.fixes()));
        node.set("unconfirmed", changes(c.unconfirmed()));
        node.set("new", changes(c.added()));
        node.set("removed", changes(c.removed()));
        ArrayNode notCompared = node.putArray("notCompared");
        c.notCompared().forEach(notCompared::add);
        PairedComparison paired = c.paired();
        node.put("pairs", paired.pairs());
        node.put("regressed", paired.regressed());
        node.put("improved", paired.improved());
        node.put("mcnemarP", paired.mcnemarP());
        node.put("significant", paired.significant());
        ArrayNode scorers = node.putArray("scorers");
        for (ScorerDelta d : paired.scorers()) {
            ObjectNode scorer = scorers.addObject();
            scorer.put("id", d.id());
            scorer.put("meanDelta", d.meanDelta());
            scorer.put("low", d.interval().low());
            scorer.put("high", d.interval().high());
            scorer.put("p", d.p());
            scorer.put("pAdjusted", d.pAdjusted());
        }
        return node;
    }

    /**
     * The paired test of the verdicts, e.g. {@code paired over 20 cases: 5 regressed, 0 improved,
     * McNemar p = 0.0625 (not significant at 0.05)}.
     */
    public static String pairedLine(BaselineComparison c) {
        return c.pairedSummary();
    }

    /**
     * A scorer's paired difference, e.g. {@code correctness: mean change -0.03 (95% CI -0.07 to
     * 0.01, n=20), sign-flip p = 0.21, Holm-adjusted 0.42}.
     */
    public static String scorerLine(ScorerDelta d) {
        return d.id() + ": mean change " + signed(d.meanDelta()) + " (" + deltaInterval(d.interval()) + ", n=" + d.n()
                + "), sign-flip p = " + pValue(d.p()) + ", Holm-adjusted " + pValue(d.pAdjusted());
    }

    /** The interval of a paired difference, e.g. {@code 95% CI -0.07 to 0.01}. */
    static String deltaInterval(Interval i) {
        return Math.round(i.level() * 100) + "% CI " + signed(i.low()) + " to " + signed(i.high());
    }

    /** A difference with three decimals at most and its sign, e.g. {@code +0.667}, {@code -0.03}, {@code 0}. */
    static String signed(double value) {
        String text = new BigDecimal(value).setScale(3, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
        return value > 0 && !text.equals("0") ? "+" + text : text;
    }

    private static ArrayNode changes(List<Change> changes) {
        ArrayNode array = JsonTrees.NODES.arrayNode();
        for (Change ch : changes) {
            ObjectNode node = array.addObject();
            node.put("id", ch.id());
            node.set("before", outcome(ch.before()));
            node.set("after", outcome(ch.after()));
            node.put("pValue", ch.pValue());
        }
        return array;
    }

    private static JsonNode outcome(Outcome o) {
        if (o == null) {
            return JsonTrees.NODES.nullNode();
        }
        ObjectNode node = JsonTrees.NODES.objectNode();
        node.put("status", o.status().wireName());
        node.put("attempts", o.attempts());
        node.put("passedAttempts", o.passedAttempts());
        return node;
    }

    /**
     * E.g. {@code pass rate 80% -> 60% (-20 points); 1 regression, 1 fix, 0 new, 0 removed}, with
     * {@code arrow} between the rates.
     */
    public static String headline(BaselineComparison c, String arrow) {
        StringBuilder sb = new StringBuilder("pass rate ").append(ReportText.percent(c.baselinePassRate()))
                .append(' ').append(arrow).append(' ').append(ReportText.percent(c.passRate()))
                .append(" (").append(points(c.passRateChange())).append("); ");
        int regressions = c.regressions().size();
        int fixes = c.fixes().size();
        sb.append(regressions).append(regressions == 1 ? " regression, " : " regressions, ")
                .append(fixes).append(fixes == 1 ? " fix, " : " fixes, ")
                .append(c.added().size()).append(" new, ").append(c.removed().size()).append(" removed");
        if (!c.unconfirmed().isEmpty()) {
            sb.append(", ").append(c.unconfirmed().size()).append(" unconfirmed");
        }
        if (!c.notCompared().isEmpty()) {
            sb.append(", ").append(c.notCompared().size()).append(" not compared");
        }
        return sb.toString();
    }

    /** A signed change in percentage points, e.g. {@code -20 points}, {@code +6.7 points}, {@code no change}. */
    static String points(double change) {
        BigDecimal p = BigDecimal.valueOf(change * 100).setScale(1, RoundingMode.HALF_UP).stripTrailingZeros();
        if (p.signum() == 0) {
            return "no change";
        }
        if (p.scale() < 0) {
            p = p.setScale(0, RoundingMode.UNNECESSARY);
        }
        return (p.signum() > 0 ? "+" : "") + p.toPlainString() + " points";
    }

    /** A p-value with three significant digits, e.g. {@code 0.00548}. */
    public static String pValue(double p) {
        return FisherExact.pValueText(p);
    }

    /**
     * What changed in one case after its id, e.g. {@code passed -> failed (5/5 -> 0/5 attempts,
     * p = 0.00794)}, with {@code arrow} between the sides.
     */
    public static String detail(Change ch, double significance, String arrow) {
        Outcome before = ch.before();
        Outcome after = ch.after();
        if (ch.kind() == Kind.NEW) {
            return after.status().wireName() + attemptsOf(after);
        }
        if (ch.kind() == Kind.REMOVED) {
            return "was " + before.status().wireName() + attemptsOf(before);
        }
        StringBuilder sb = new StringBuilder(before.status().wireName()).append(' ').append(arrow).append(' ')
                .append(after.status().wireName());
        if (ch.pValue() != null) {
            sb.append(" (").append(before.passedAttempts()).append('/').append(before.attempts()).append(' ')
                    .append(arrow).append(' ').append(after.passedAttempts()).append('/').append(after.attempts())
                    .append(" attempts, p = ").append(pValue(ch.pValue()));
            if (ch.kind() == Kind.UNCONFIRMED) {
                sb.append(ch.pValue() < significance ? ": the pass rate moved the other way"
                        : " >= " + pValue(significance) + ": may be noise; more attempts would tell");
            }
            sb.append(')');
        }
        return sb.toString();
    }

    private static String attemptsOf(Outcome o) {
        return o.attempts() > 1 ? " (" + o.passedAttempts() + "/" + o.attempts() + " attempts)" : "";
    }

    /** The console lines of the comparison, without a trailing newline each. */
    static List<String> consoleLines(BaselineComparison c) {
        List<String> lines = new ArrayList<>();
        lines.add("Baseline " + c.baselineSource() + ": " + headline(c, "->"));
        for (Change ch : c.changes()) {
            String label = switch (ch.kind()) {
                case REGRESSION -> "REGRESSED  ";
                case FIX -> "FIXED      ";
                case UNCONFIRMED -> "UNCONFIRMED";
                case NEW -> "NEW        ";
                case REMOVED -> "REMOVED    ";
            };
            lines.add("  " + label + " " + ch.id() + ": " + detail(ch, c.significance(), "->"));
        }
        if (c.paired().pairs() > 0) {
            lines.add("  " + pairedLine(c));
            c.paired().scorers().forEach(d -> lines.add("    " + scorerLine(d)));
        }
        if (!c.notCompared().isEmpty()) {
            lines.add("  not compared (skipped, or not selected in this run): " + String.join(", ", c.notCompared()));
        }
        return lines;
    }

    /** The Markdown section of the comparison, ending with a blank line. */
    static String markdown(BaselineComparison c) {
        StringBuilder md = new StringBuilder("## Compared with baseline\n\n");
        md.append("Baseline ").append(MarkdownReport.code(c.baselineSource())).append(" (started ")
                .append(c.baselineStartedAt()).append("): ").append(MarkdownReport.inline(headline(c, "→")))
                .append(".\n\n");
        for (Change ch : c.changes()) {
            String label = switch (ch.kind()) {
                case REGRESSION -> "🔻 **Regression**";
                case FIX -> "✅ **Fix**";
                case UNCONFIRMED -> "❔ **Unconfirmed**";
                case NEW -> "🆕 **New**";
                case REMOVED -> "🗑️ **Removed**";
            };
            md.append("- ").append(label).append(' ').append(MarkdownReport.code(ch.id())).append(": ")
                    .append(MarkdownReport.inline(detail(ch, c.significance(), "→"))).append('\n');
        }
        if (!c.changes().isEmpty()) {
            md.append('\n');
        }
        if (c.paired().pairs() > 0) {
            md.append(MarkdownReport.inline(pairedLine(c))).append(".\n\n");
            c.paired().scorers().forEach(d -> md.append("- ").append(MarkdownReport.inline(scorerLine(d))).append('\n'));
            if (!c.paired().scorers().isEmpty()) {
                md.append('\n');
            }
        }
        if (!c.notCompared().isEmpty()) {
            StringJoiner ids = new StringJoiner(", ");
            c.notCompared().forEach(id -> ids.add(MarkdownReport.code(id)));
            md.append("Not compared (skipped, or not selected in this run): ").append(ids).append(".\n\n");
        }
        return md.toString();
    }
}
