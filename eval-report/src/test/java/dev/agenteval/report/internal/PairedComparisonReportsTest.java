package dev.agenteval.report.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.agenteval.api.CaseAttempt;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.TaskState;
import dev.agenteval.api.TurnResult;
import dev.agenteval.results.Baseline;
import dev.agenteval.results.BaselineComparison;
import dev.agenteval.report.Reports;
import dev.agenteval.results.stats.PairedComparison.ScorerDelta;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The paired comparison with a baseline (McNemar's exact test on the verdicts, each scorer's mean
 * paired difference with its interval, p and Holm-adjusted p) in report.html and junit.xml, as the
 * built-in formats write them when given a {@link Baseline}.
 */
class PairedComparisonReportsTest {

    /** A scorer id that would break the page or the XML were it not escaped. */
    static final String HOSTILE_SCORER = "<i>tone</i>&\"'";
    static final String HOSTILE_SOURCE = "runs/<script>alert(1)</script>/results.json";

    /**
     * McNemar's two-sided exact p for 1 regressed and 9 improved pairs, worked out from the binomial
     * with n = 10, p = 1/2: 2 P(X <= 1) = 2 (C(10,0) + C(10,1)) / 2^10 = 22/1024 = 0.021484375.
     */
    static final double MCNEMAR_1_VS_9 = 2.0 * (1 + 10) / 1024;

    @TempDir
    Path dir;

    /**
     * Twelve cases: {@code c0} passed in the baseline and fails now, {@code c1}..{@code c9} failed
     * and pass now, {@code c10} and {@code c11} pass in both. Scorer {@code quality} is 1 when a case
     * passes and 0 when not; the hostile scorer is 0.5 on both sides (no change).
     */
    static SuiteResult[] oneVersusNine() {
        List<CaseResult> before = new ArrayList<>();
        List<CaseResult> after = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            boolean then = i == 0 || i >= 10;
            boolean now = i != 0;
            before.add(caseOf("c" + i, then));
            after.add(caseOf("c" + i, now));
        }
        return new SuiteResult[] {
                new SuiteResult("pharmacy", SampleResults.STARTED, Duration.ofSeconds(3), true, before),
                new SuiteResult("pharmacy", SampleResults.STARTED.plusSeconds(3600), Duration.ofSeconds(3), true, after)};
    }

    private static CaseResult caseOf(String id, boolean passed) {
        CaseStatus status = passed ? CaseStatus.PASSED : CaseStatus.FAILED;
        ScoreStatus score = passed ? ScoreStatus.PASSED : ScoreStatus.FAILED;
        TurnResult turn = new TurnResult(1, null, "q", null, null, "a", TaskState.COMPLETED, List.of(),
                Duration.ofMillis(10), null, null, List.of(
                        new ScoreResult("quality", score, passed ? 1.0 : 0.0, "", List.of(), null, null),
                        new ScoreResult(HOSTILE_SCORER, ScoreStatus.PASSED, 0.5, "", List.of(), null, null)));
        String reason = passed ? "" : "quality: failed";
        return new CaseResult(id, List.of(), true, status, reason, Duration.ofMillis(10), null,
                List.of(new CaseAttempt(1, status, reason, Duration.ofMillis(10), null, List.of(turn))));
    }

    private Baseline baseline(SuiteResult earlier) {
        return Baseline.of(earlier).withSource(HOSTILE_SOURCE);
    }

    /** Writes report.html and junit.xml through the built-in formats, handed the baseline as a report option. */
    private void write(SuiteResult current, Baseline baseline) throws Exception {
        var formats = List.of(new HtmlFormat(), new JUnitXmlFormat());
        (baseline == null ? Reports.folder(dir, formats)
                : Reports.folder(dir, formats, dev.agenteval.spi.ReportOptions.none().with(Baseline.class, baseline))).write(current);
    }

    private String html() throws Exception {
        return Files.readString(dir.resolve(HtmlFormat.FILE_NAME), StandardCharsets.UTF_8);
    }

    /** The junit.xml testsuite's properties, parsed with the JDK's DOM parser, by name in document order. */
    private Map<String, String> properties() throws Exception {
        Element suite = XmlTestSupport.parse(Files.readString(dir.resolve(JUnitXmlFormat.FILE_NAME), StandardCharsets.UTF_8))
                .getDocumentElement();
        Map<String, String> properties = new LinkedHashMap<>();
        NodeList list = suite.getElementsByTagName("property");
        for (int i = 0; i < list.getLength(); i++) {
            Element p = (Element) list.item(i);
            assertThat(p.getParentNode().getNodeName()).isEqualTo("properties");
            assertThat(p.getParentNode().getParentNode()).isSameAs(suite);
            properties.put(p.getAttribute("name"), p.getAttribute("value"));
        }
        return properties;
    }

    @Test
    void the_paired_comparison_itself_should_have_the_counts_and_p_of_the_fixture() {
        SuiteResult[] runs = oneVersusNine();
        BaselineComparison c = baseline(runs[0]).compare(runs[1]);
        assertThat(c.paired().pairs()).isEqualTo(12);
        assertThat(c.paired().regressed()).isEqualTo(1);
        assertThat(c.paired().improved()).isEqualTo(9);
        assertThat(c.paired().mcnemarP()).isCloseTo(MCNEMAR_1_VS_9, within(1e-12));
        assertThat(c.paired().scorers()).extracting(ScorerDelta::id).containsExactly("quality", HOSTILE_SCORER);
    }

    @Test
    void html_should_show_the_mcnemar_line_and_the_paired_scorer_table_escaped() throws Exception {
        SuiteResult[] runs = oneVersusNine();
        Baseline baseline = baseline(runs[0]);
        write(runs[1], baseline);
        String html = html();
        BaselineComparison c = baseline.compare(runs[1]);
        ScorerDelta quality = c.paired().scorers().get(0);
        ScorerDelta tone = c.paired().scorers().get(1);

        String section = between(html, "<section class=\"baseline\" id=\"baseline\"", "</section>");
        assertThat(section).contains("<h2>Compared with baseline</h2>");
        String mcnemar = between(section, "<p id=\"baseline-mcnemar\"", "</p>");
        assertThat(mcnemar).contains("paired over 12 cases: 1 regressed, 9 improved, McNemar p = 0.0215"
                + " (significant at 0.05)");
        assertThat(mcnemar).contains("data-passed-to-failed=\"1\"").contains("data-failed-to-passed=\"9\"")
                .contains("data-significant=\"true\"");

        String table = between(section, "<table class=\"paired\" id=\"baseline-scorers\">", "</table>");
        assertThat(table).contains("<th>Scorer</th>", "<th class=\"num\">Pairs</th>",
                "<th class=\"num\">Mean difference</th>", "<th>Interval</th>", "<th class=\"num\">p</th>",
                "<th class=\"num\">Holm-adjusted p</th>", "<th>Significant</th>");
        String qualityRow = between(table, "<tr data-scorer=\"quality\"", "</tr>");
        assertThat(cells(qualityRow)).containsExactly("<code>quality</code>", "12", "+0.667",
                "95% CI " + ComparisonReport.signed(quality.interval().low()) + " to "
                        + ComparisonReport.signed(quality.interval().high()),
                ComparisonReport.pValue(quality.p()), ComparisonReport.pValue(quality.pAdjusted()),
                quality.pAdjusted() < 0.05 ? "yes" : "no");
        assertThat(quality.pAdjusted()).as("nine of twelve pairs rose by 1, one fell: significant").isLessThan(0.05);
        assertThat(cells(qualityRow).get(6)).isEqualTo("yes");

        String escapedScorer = "&lt;i&gt;tone&lt;/i&gt;&amp;&quot;&#39;";
        String toneRow = between(table, "<tr data-scorer=\"" + escapedScorer + "\"", "</tr>");
        assertThat(cells(toneRow)).containsExactly("<code>" + escapedScorer + "</code>", "12", "0",
                "95% CI 0 to 0", ComparisonReport.pValue(tone.p()), ComparisonReport.pValue(tone.pAdjusted()), "no");
        assertThat(html).doesNotContain(HOSTILE_SCORER).doesNotContain("<script>alert(1)")
                .contains("runs/&lt;script&gt;alert(1)&lt;/script&gt;/results.json");
    }

    @Test
    void html_should_say_not_significant_when_mcnemar_p_is_not_below_the_significance() throws Exception {
        SuiteResult[] runs = oneVersusNine();
        write(runs[1], baseline(runs[0]).withSignificance(0.01));
        String mcnemar = between(html(), "<p id=\"baseline-mcnemar\"", "</p>");
        assertThat(mcnemar).contains("McNemar p = 0.0215 (not significant at 0.01)")
                .contains("data-significant=\"false\"");
    }

    @Test
    void junit_xml_should_hold_the_paired_figures_as_testsuite_properties() throws Exception {
        SuiteResult[] runs = oneVersusNine();
        Baseline baseline = baseline(runs[0]);
        write(runs[1], baseline);
        Map<String, String> p = properties();
        BaselineComparison c = baseline.compare(runs[1]);
        ScorerDelta quality = c.paired().scorers().get(0);

        assertThat(p).containsEntry("agent-eval.baseline.source", HOSTILE_SOURCE)
                .containsEntry("agent-eval.baseline.significance", "0.05")
                .containsEntry("agent-eval.baseline.pairs", "12")
                .containsEntry("agent-eval.baseline.mcnemar.passedToFailed", "1")
                .containsEntry("agent-eval.baseline.mcnemar.failedToPassed", "9")
                .containsEntry("agent-eval.baseline.mcnemar.significant", "true");
        assertThat(Double.parseDouble(p.get("agent-eval.baseline.mcnemar.p"))).isCloseTo(MCNEMAR_1_VS_9, within(1e-12));

        String prefix = "agent-eval.baseline.scorer.quality.";
        assertThat(p).containsEntry(prefix + "n", "12")
                .containsEntry(prefix + "interval.level", "0.95")
                .containsEntry(prefix + "interval.method", quality.interval().method())
                .containsEntry(prefix + "significant", "true");
        assertThat(Double.parseDouble(p.get(prefix + "meanDifference"))).isCloseTo(8.0 / 12, within(1e-12));
        assertThat(Double.parseDouble(p.get(prefix + "interval.low"))).isEqualTo(quality.interval().low());
        assertThat(Double.parseDouble(p.get(prefix + "interval.high"))).isEqualTo(quality.interval().high());
        assertThat(Double.parseDouble(p.get(prefix + "p"))).isEqualTo(quality.p());
        assertThat(Double.parseDouble(p.get(prefix + "pHolm"))).isEqualTo(quality.pAdjusted());

        String tone = "agent-eval.baseline.scorer." + HOSTILE_SCORER + ".";
        assertThat(p).containsEntry(tone + "n", "12").containsEntry(tone + "meanDifference", "0")
                .containsEntry(tone + "significant", "false");
        // The run's own figures are still there, before the baseline's.
        assertThat(p).containsKey("agent-eval.passRateInterval.low").containsKey("agent-eval.scorer.quality.mean");
    }

    @Test
    void without_a_baseline_neither_report_should_show_a_comparison() throws Exception {
        write(oneVersusNine()[1], null);
        assertThat(html()).doesNotContain("id=\"baseline\"").doesNotContain("baseline-mcnemar")
                .doesNotContain("baseline-scorers").doesNotContain("McNemar");
        assertThat(properties()).isNotEmpty().allSatisfy((name, value) -> assertThat(name)
                .doesNotStartWith("agent-eval.baseline."));
    }

    @Test
    void without_pairs_the_baseline_section_should_show_no_paired_test() throws Exception {
        SuiteResult other = new SuiteResult("pharmacy", SampleResults.STARTED, Duration.ZERO, true,
                List.of(caseOf("elsewhere", true)));
        write(oneVersusNine()[1], baseline(other));
        assertThat(html()).contains("id=\"baseline\"").doesNotContain("baseline-mcnemar")
                .doesNotContain("baseline-scorers");
        assertThat(properties()).containsEntry("agent-eval.baseline.pairs", "0")
                .doesNotContainKey("agent-eval.baseline.mcnemar.p")
                .doesNotContainKey("agent-eval.baseline.scorer.quality.meanDifference");
    }

    /** The text from {@code start} (included) to the first {@code end} after it (excluded). */
    private static String between(String text, String start, String end) {
        int from = text.indexOf(start);
        assertThat(from).as("%s in %s", start, text).isNotNegative();
        int to = text.indexOf(end, from);
        assertThat(to).as("%s after %s", end, start).isPositive();
        return text.substring(from, to);
    }

    /** The content of each {@code <td>} of a table row, in order. */
    private static List<String> cells(String row) {
        List<String> cells = new ArrayList<>();
        Matcher m = Pattern.compile("<td[^>]*>(.*?)</td>").matcher(row);
        while (m.find()) {
            cells.add(m.group(1));
        }
        return cells;
    }
}
