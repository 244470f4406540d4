package dev.agenteval.report.internal;

import dev.agenteval.api.CaseAttempt;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.InfrastructureFailure;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.Summary;
import dev.agenteval.api.TurnResult;
import dev.agenteval.api.Usage;
import dev.agenteval.results.BaselineComparison;
import dev.agenteval.results.stats.Confidence;
import dev.agenteval.results.stats.Interval;
import dev.agenteval.results.stats.MeanEstimate;
import dev.agenteval.results.stats.PairedComparison;
import dev.agenteval.results.stats.PairedComparison.ScorerDelta;
import dev.agenteval.results.stats.internal.PassAtK;
import dev.agenteval.results.stats.internal.RunStatistics;
import dev.agenteval.results.stats.internal.ScorerStatistics;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

/**
 * Renders a {@link SuiteResult} as JUnit XML (the Ant/Surefire format CI servers read): one
 * {@code <testsuite>} with one {@code <testcase>} per case. A failed case has a {@code <failure>}
 * listing its failed checks, an errored case an {@code <error>} typed by its harness failure code,
 * a skipped case a {@code <skipped>}; {@code <system-out>} holds each turn's input, answer and tool calls (the
 * conversation turn's scores instead of an answer). The suite's {@code <properties>} hold the error
 * bars and usage and, when compared with a baseline, the paired comparison ({@code agent-eval.baseline.*}).
 *
 * <p>Text is escaped for XML, and characters XML 1.0 cannot hold (control characters other than
 * tab, newline and carriage return, lone surrogates, U+FFFE and U+FFFF) are removed.
 */
public final class JUnitXmlReport {

    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private JUnitXmlReport() {
    }

    /** The XML text, ending with a newline. */
    public static String render(SuiteResult result) {
        return FileSink.render(JUnitXmlReport::write, result);
    }

    /** Writes the XML case by case, so memory stays bounded by the largest case. */
    public static void write(SuiteResult result, java.io.Writer out) throws java.io.IOException {
        write(result, Confidence.DEFAULT, out);
    }

    /** Like {@link #write(SuiteResult, java.io.Writer)}, the error bars at {@code confidence}'s level and seed. */
    public static void write(SuiteResult result, Confidence confidence, java.io.Writer out) throws java.io.IOException {
        write(result, null, confidence, out);
    }

    /**
     * Like {@link #write(SuiteResult, Confidence, java.io.Writer)}; when {@code comparison} is not
     * null, the paired comparison with the baseline is added to the properties
     * ({@code agent-eval.baseline.*}).
     */
    public static void write(SuiteResult result, BaselineComparison comparison, Confidence confidence,
                             java.io.Writer out) throws java.io.IOException {
        Summary s = result.summary();
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        xml.append("<testsuite");
        attr(xml, "name", result.suite());
        attr(xml, "tests", String.valueOf(s.cases()));
        // JUnit has no "undecided": an undecided case is reported as a failure of type undecided, never a pass.
        attr(xml, "failures", String.valueOf(s.failed() + s.undecided()));
        attr(xml, "errors", String.valueOf(s.errored()));
        attr(xml, "skipped", String.valueOf(s.skipped()));
        attr(xml, "time", time(result.duration()));
        // The Ant schema's timestamp has no zone; it is UTC.
        attr(xml, "timestamp", TIMESTAMP.format(result.startedAt()));
        xml.append(">\n");
        appendProperties(xml, result, comparison, confidence);
        out.append(xml);
        for (CaseResult c : result.cases()) {
            xml.setLength(0);
            appendCase(xml, result.suite(), c);
            out.append(xml);
        }
        out.append("</testsuite>\n");
    }

    /**
     * The agent's and the judge's usage as {@code <properties>} ({@code agent-eval.usage.cost},
     * {@code agent-eval.judgeUsage.inputTokens}, ...): the fields reported, none when neither reported any;
     * the pass rate's interval ({@code agent-eval.passRateInterval.low}, ...), with repeats the
     * attempt pass rate and pass@k / pass^k ({@link #attemptProperties}), and each scorer's mean
     * with its interval ({@code agent-eval.scorer.correctness.mean}, ...); with a baseline, the
     * paired comparison ({@link #baselineProperties}).
     */
    private static void appendProperties(StringBuilder xml, SuiteResult result, BaselineComparison comparison,
                                         Confidence confidence) {
        StringBuilder properties = new StringBuilder();
        RunStatistics stats = RunStatistics.of(result, confidence.level());
        stats.passRateInterval().ifPresent(i -> {
            property(properties, "agent-eval.passRate", ReportText.number(result.summary().passRate()));
            intervalProperties(properties, "agent-eval.passRateInterval.", i);
        });
        attemptProperties(properties, stats);
        for (ScorerStatistics scorer : ScorerStatistics.of(result, confidence)) {
            String prefix = "agent-eval.scorer." + scorer.id() + ".";
            MeanEstimate e = scorer.estimate();
            property(properties, prefix + "n", e.n());
            property(properties, prefix + "mean", ReportText.number(e.mean()));
            property(properties, prefix + "stderr", ReportText.number(e.stderr()));
            intervalProperties(properties, prefix + "interval.", e.interval());
        }
        usageProperties(properties, "agent-eval.usage.", result.usage());
        usageProperties(properties, "agent-eval.judgeUsage.", result.judgeUsage());
        if (comparison != null) {
            baselineProperties(properties, comparison);
        }
        if (!properties.isEmpty()) {
            xml.append("  <properties>\n").append(properties).append("  </properties>\n");
        }
    }

    /**
     * With repeats, named after results.json's summary keys: the attempt pass rate
     * ({@code agent-eval.attemptPassRate}, {@code .stderr}) with its clustered normal interval
     * ({@code agent-eval.attemptPassRateInterval.level}, {@code .method}, {@code .low}, {@code .high};
     * neither stderr nor interval with one case), and per k {@code agent-eval.passAtK.<k>},
     * {@code agent-eval.passHatK.<k>} and {@code agent-eval.passAtKLeftOut.<k>}; none without repeats.
     */
    private static void attemptProperties(StringBuilder xml, RunStatistics stats) {
        stats.attemptPassRate().ifPresent(a -> {
            property(xml, "agent-eval.attemptPassRate", ReportText.number(a.mean()));
            a.stderr().ifPresent(e -> property(xml, "agent-eval.attemptPassRate.stderr", ReportText.number(e)));
            a.interval().ifPresent(i -> intervalProperties(xml, "agent-eval.attemptPassRateInterval.", i));
        });
        for (PassAtK k : stats.passAtK()) {
            property(xml, "agent-eval.passAtK." + k.k(), ReportText.number(k.passAtK()));
            property(xml, "agent-eval.passHatK." + k.k(), ReportText.number(k.passHatK()));
            property(xml, "agent-eval.passAtKLeftOut." + k.k(), k.leftOut());
        }
    }

    /**
     * The comparison with the baseline: {@code agent-eval.baseline.source}, {@code .passRate},
     * {@code .passRateChange}, {@code .significance} and {@code .pairs}; over at least one pair,
     * McNemar's exact test on the verdicts ({@code agent-eval.baseline.mcnemar.passedToFailed},
     * {@code .failedToPassed}, {@code .p}, {@code .significant}) and per scorer its mean paired
     * difference with its interval, named as the run's own scorer intervals are
     * ({@code agent-eval.baseline.scorer.correctness.n}, {@code .meanDifference},
     * {@code .interval.level}, {@code .interval.method}, {@code .interval.low}, {@code .interval.high},
     * {@code .p}, {@code .pHolm}, {@code .significant}: the Holm-adjusted p below the significance).
     */
    private static void baselineProperties(StringBuilder xml, BaselineComparison c) {
        PairedComparison paired = c.paired();
        property(xml, "agent-eval.baseline.source", c.baselineSource());
        property(xml, "agent-eval.baseline.passRate", ReportText.number(c.baselinePassRate()));
        property(xml, "agent-eval.baseline.passRateChange", ReportText.number(c.passRateChange()));
        property(xml, "agent-eval.baseline.significance", ReportText.number(c.significance()));
        property(xml, "agent-eval.baseline.pairs", paired.pairs());
        if (paired.pairs() == 0) {
            return;
        }
        property(xml, "agent-eval.baseline.mcnemar.passedToFailed", paired.regressed());
        property(xml, "agent-eval.baseline.mcnemar.failedToPassed", paired.improved());
        property(xml, "agent-eval.baseline.mcnemar.p", ReportText.number(paired.mcnemarP()));
        property(xml, "agent-eval.baseline.mcnemar.significant", paired.significant());
        for (ScorerDelta d : paired.scorers()) {
            String prefix = "agent-eval.baseline.scorer." + d.id() + ".";
            property(xml, prefix + "n", d.n());
            property(xml, prefix + "meanDifference", ReportText.number(d.meanDelta()));
            intervalProperties(xml, prefix + "interval.", d.interval());
            property(xml, prefix + "p", ReportText.number(d.p()));
            property(xml, prefix + "pHolm", ReportText.number(d.pAdjusted()));
            property(xml, prefix + "significant", d.significant(c.significance()));
        }
    }

    private static void intervalProperties(StringBuilder xml, String prefix, Interval i) {
        property(xml, prefix + "level", ReportText.number(i.level()));
        property(xml, prefix + "method", i.method());
        property(xml, prefix + "low", ReportText.number(i.low()));
        property(xml, prefix + "high", ReportText.number(i.high()));
    }

    private static void usageProperties(StringBuilder xml, String prefix, Usage u) {
        if (u == null) {
            return;
        }
        property(xml, prefix + "inputTokens", u.inputTokens());
        property(xml, prefix + "outputTokens", u.outputTokens());
        property(xml, prefix + "credits", u.credits() == null ? null : ReportText.number(u.credits()));
        property(xml, prefix + "cost", u.cost() == null ? null : ReportText.number(u.cost()));
        if (u.costEstimated()) {
            property(xml, prefix + "costEstimated", true);
        }
        property(xml, prefix + "model", u.model());
    }

    private static void property(StringBuilder xml, String name, Object value) {
        if (value != null) {
            xml.append("    <property");
            attr(xml, "name", name);
            attr(xml, "value", String.valueOf(value));
            xml.append("/>\n");
        }
    }

    private static void appendCase(StringBuilder xml, String suite, CaseResult c) {
        xml.append("  <testcase");
        attr(xml, "classname", suite);
        attr(xml, "name", c.id());
        attr(xml, "time", time(c.duration()));
        xml.append(">\n");
        switch (c.status()) {
            case PASSED -> { }
            case FAILED, UNDECIDED -> {
                xml.append("    <failure");
                attr(xml, "message", c.reason());
                attr(xml, "type", c.status().wireName());
                xml.append('>');
                text(xml, details(c));
                xml.append("</failure>\n");
            }
            case ERRORED -> {
                InfrastructureFailure failure = ReportText.firstHarnessFailure(c);
                xml.append("    <error");
                attr(xml, "message", !c.reason().isEmpty() || failure == null ? c.reason() : failure.message());
                attr(xml, "type", failure == null ? "errored" : failure.code().wireName());
                xml.append('>');
                text(xml, details(c));
                xml.append("</error>\n");
            }
            case SKIPPED -> {
                xml.append("    <skipped");
                attr(xml, "message", c.reason());
                xml.append("/>\n");
            }
        }
        String out = systemOut(c);
        if (!out.isEmpty()) {
            xml.append("    <system-out>");
            text(xml, out);
            xml.append("</system-out>\n");
        }
        xml.append("  </testcase>\n");
    }

    private static String details(CaseResult c) {
        StringBuilder sb = new StringBuilder();
        List<String> errors = ReportText.errorLines(c);
        // The reason is often the first error line already; say it once.
        if (!c.reason().isEmpty() && errors.stream().noneMatch(e -> e.endsWith(": " + c.reason()))) {
            sb.append(c.reason()).append('\n');
        }
        if (c.attempts().size() > 1) {
            sb.append(ReportText.attempts(c)).append('\n');
        }
        for (String line : errors) {
            sb.append(line).append('\n');
        }
        return sb.toString();
    }

    private static String systemOut(CaseResult c) {
        StringBuilder sb = new StringBuilder();
        boolean repeated = c.attempts().size() > 1;
        for (CaseAttempt a : c.attempts()) {
            for (TurnResult t : a.turns()) {
                String where = (repeated ? "Attempt " + a.attempt() + ", turn " : "Turn ") + t.index()
                        + (t.name() == null ? "" : " (" + t.name() + ")");
                sb.append(where).append(" input:\n").append(t.input()).append('\n');
                if (t.isConversation()) {
                    // The conversation scorers' turn sent nothing: its scores are what it has to say.
                    sb.append(where).append(" scores:\n");
                    t.scores().forEach(s -> sb.append(s.type()).append(": ").append(s.status().wireName())
                            .append(s.reason().isBlank() ? "" : " (" + s.reason() + ")").append('\n'));
                    sb.append('\n');
                    continue;
                }
                sb.append(where).append(" answer:\n").append(t.answer() == null ? "(none)" : t.answer())
                        .append("\n\n");
                if (!t.toolCalls().isEmpty()) {
                    sb.append(where).append(" toolsCalled:\n");
                    t.toolCalls().forEach(call -> sb.append("- ").append(ReportText.toolCall(call)).append('\n'));
                    sb.append('\n');
                }
            }
        }
        return sb.toString();
    }

    private static String time(Duration d) {
        return String.format(Locale.ROOT, "%.3f", ReportText.seconds(d));
    }

    private static void attr(StringBuilder xml, String name, String value) {
        xml.append(' ').append(name).append("=\"");
        escape(xml, value, true);
        xml.append('"');
    }

    private static void text(StringBuilder xml, String value) {
        escape(xml, value, false);
    }

    /**
     * Appends {@code value} escaped for XML 1.0 text or a double-quoted attribute, dropping
     * characters XML cannot represent. In attributes, tab and line breaks become character
     * references so that attribute normalisation keeps them.
     */
    static void escape(StringBuilder xml, String value, boolean attribute) {
        int i = 0;
        while (i < value.length()) {
            int cp = value.codePointAt(i);
            i += Character.charCount(cp);
            switch (cp) {
                case '&' -> xml.append("&amp;");
                case '<' -> xml.append("&lt;");
                case '>' -> xml.append("&gt;");
                case '"' -> xml.append(attribute ? "&quot;" : "\"");
                case '\t' -> xml.append(attribute ? "&#9;" : "\t");
                case '\n' -> xml.append(attribute ? "&#10;" : "\n");
                case '\r' -> xml.append("&#13;");
                default -> {
                    if (isXmlChar(cp)) {
                        xml.appendCodePoint(cp);
                    }
                }
            }
        }
    }

    private static boolean isXmlChar(int cp) {
        return cp >= 0x20 && cp <= 0xD7FF
                || cp >= 0xE000 && cp <= 0xFFFD
                || cp >= 0x10000 && cp <= 0x10FFFF;
    }
}
