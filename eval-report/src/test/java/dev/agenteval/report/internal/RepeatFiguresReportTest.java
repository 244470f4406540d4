package dev.agenteval.report.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.agenteval.api.CaseAttempt;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.SuiteResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The attempt pass rate and pass@k / pass^k of a repeated run in report.html and junit.xml, against
 * values computed here from the counts: 4 cases of 5 attempts with 5, 3, 1 and 0 passed.
 */
class RepeatFiguresReportTest {

    private static final int ATTEMPTS = 5;
    private static final int[] PASSED = {5, 3, 1, 0};
    private static final double Z95 = 1.959963984540054;

    /** The run: case c0..c3 with {@link #PASSED} of {@link #ATTEMPTS} attempts passed. */
    static SuiteResult repeated() {
        List<CaseResult> cases = new ArrayList<>();
        for (int i = 0; i < PASSED.length; i++) {
            List<CaseAttempt> attempts = new ArrayList<>();
            for (int a = 1; a <= ATTEMPTS; a++) {
                boolean passed = a <= PASSED[i];
                attempts.add(new CaseAttempt(a, passed ? CaseStatus.PASSED : CaseStatus.FAILED, passed ? "" : "nope",
                        Duration.ofMillis(10), null, List.of()));
            }
            boolean all = PASSED[i] == ATTEMPTS;
            cases.add(new CaseResult("c" + i, List.of(), true, all ? CaseStatus.PASSED : CaseStatus.FAILED,
                    all ? "" : (ATTEMPTS - PASSED[i]) + " of " + ATTEMPTS + " attempts failed", Duration.ofMillis(50),
                    null, attempts));
        }
        return new SuiteResult("coins", SampleResults.STARTED, Duration.ofSeconds(1), true, cases);
    }

    private static double choose(int n, int k) {
        if (k < 0 || k > n) {
            return 0;
        }
        double c = 1;
        for (int i = 1; i <= k; i++) {
            c = c * (n - k + i) / i;
        }
        return c;
    }

    /** pass@k and pass^k averaged over the cases, from the binomial coefficients: {k: {at, hat}}. */
    private static Map<Integer, double[]> expectedPassAtK() {
        Map<Integer, double[]> expected = new LinkedHashMap<>();
        for (int k = 1; k <= ATTEMPTS; k++) {
            double at = 0;
            double hat = 0;
            for (int c : PASSED) {
                at += 1 - choose(ATTEMPTS - c, k) / choose(ATTEMPTS, k);
                hat += choose(c, k) / choose(ATTEMPTS, k);
            }
            expected.put(k, new double[] {at / PASSED.length, hat / PASSED.length});
        }
        return expected;
    }

    @Test
    void the_expected_values_should_be_the_hand_computed_ones() {
        // Per case (c = 5, 3, 1, 0): pass@2 = 1, 1 - 1/10, 1 - 6/10, 0; pass^2 = 1, 3/10, 0, 0; and so on.
        double[][] byHand = {{0.45, 0.45}, {0.575, 0.325}, {0.65, 0.275}, {0.7, 0.25}, {0.75, 0.25}};
        Map<Integer, double[]> expected = expectedPassAtK();
        for (int k = 1; k <= ATTEMPTS; k++) {
            assertThat(expected.get(k)[0]).as("pass@%d", k).isCloseTo(byHand[k - 1][0], within(1e-12));
            assertThat(expected.get(k)[1]).as("pass^%d", k).isCloseTo(byHand[k - 1][1], within(1e-12));
        }
    }

    @Test
    void the_console_should_show_the_attempt_pass_rate_and_pass_at_k_under_the_totals() {
        String console = ConsoleSink.render(repeated(), false);

        assertThat(console).contains("\n  Attempt pass rate 45% (95% CI 2-88%; standard error 22.2%, clustered by case,"
                + " over 4 cases).\n");
        assertThat(console).contains("\n  pass@k: k=1 45%, k=2 57.5%, k=3 65%, k=4 70%, k=5 75%;"
                + " pass^k: k=1 45%, k=2 32.5%, k=3 27.5%, k=4 25%, k=5 25%\n");
        assertThat(ConsoleSink.render(SampleResults.allPassed(), false)).doesNotContain("Attempt pass rate").doesNotContain("pass@k");
    }

    @Test
    void report_html_should_show_the_attempt_pass_rate_and_a_pass_at_k_table() {
        String html = HtmlReport.render(repeated());

        // Fractions 1, 0.6, 0.2, 0: mean 0.45; squared deviations sum to 0.59, so the clustered
        // standard error is sqrt(0.59 / 3 / 4) = 0.2217 and the interval 0.45 ± 1.96 · 0.2217 = 1.5%..88.5%.
        assertThat(html).contains("<p id=\"attempt-pass-rate\">Attempt pass rate 45% (95% CI 2–88%; standard error"
                + " 22.2%, clustered by case, over 4 cases).</p>");
        String[] percent = {"45%", "45%", "57.5%", "32.5%", "65%", "27.5%", "70%", "25%", "75%", "25%"};
        assertThat(html).contains("<th class=\"num\">k</th><th class=\"num\">pass@k</th><th class=\"num\">pass^k</th>"
                + "<th class=\"num\">Cases</th><th class=\"num\">Left out</th>");
        for (int k = 1; k <= ATTEMPTS; k++) {
            assertThat(html).contains("<tr data-k=\"" + k + "\"><td class=\"num\">" + k + "</td><td class=\"num\">"
                    + percent[2 * k - 2] + "</td><td class=\"num\">" + percent[2 * k - 1]
                    + "</td><td class=\"num\">4</td><td class=\"num\">0</td></tr>");
        }
        assertThat(html.indexOf("id=\"attempts\"")).as("after the summary, before the cases")
                .isGreaterThan(html.indexOf("id=\"summary\"")).isLessThan(html.indexOf("id=\"case-table\""));
    }

    @Test
    void report_html_should_show_neither_without_repeats() {
        String html = HtmlReport.render(SampleResults.allPassed());

        assertThat(html).doesNotContain("Attempt pass rate").doesNotContain("pass@k").doesNotContain("id=\"attempts\"");
    }

    @Test
    void report_html_should_say_when_one_case_leaves_no_interval() {
        SuiteResult one = repeated();
        SuiteResult first = new SuiteResult(one.suite(), one.startedAt(), one.duration(), true, one.cases().subList(1, 2));

        assertThat(HtmlReport.render(first)).contains("Attempt pass rate 60% (one case: no interval).");
    }

    @Test
    void junit_xml_should_hold_the_attempt_pass_rate_and_pass_at_k_as_properties() throws Exception {
        Map<String, String> p = properties(JUnitXmlReport.render(repeated()));

        double mean = 0.45;
        double stderr = Math.sqrt((0.55 * 0.55 + 0.15 * 0.15 + 0.25 * 0.25 + 0.45 * 0.45) / 3 / 4);
        assertThat(Double.parseDouble(p.get("agent-eval.attemptPassRate"))).isCloseTo(mean, within(1e-12));
        assertThat(Double.parseDouble(p.get("agent-eval.attemptPassRate.stderr"))).isCloseTo(stderr, within(1e-12));
        assertThat(p.get("agent-eval.attemptPassRateInterval.level")).isEqualTo("0.95");
        assertThat(p.get("agent-eval.attemptPassRateInterval.method")).isEqualTo("normal");
        assertThat(Double.parseDouble(p.get("agent-eval.attemptPassRateInterval.low")))
                .isCloseTo(mean - Z95 * stderr, within(1e-9));
        assertThat(Double.parseDouble(p.get("agent-eval.attemptPassRateInterval.high")))
                .isCloseTo(mean + Z95 * stderr, within(1e-9));
        expectedPassAtK().forEach((k, e) -> {
            assertThat(Double.parseDouble(p.get("agent-eval.passAtK." + k))).as("pass@%d", k).isCloseTo(e[0], within(1e-12));
            assertThat(Double.parseDouble(p.get("agent-eval.passHatK." + k))).as("pass^%d", k).isCloseTo(e[1], within(1e-12));
            assertThat(p.get("agent-eval.passAtKLeftOut." + k)).as("left out of %d", k).isEqualTo("0");
        });
        assertThat(p).doesNotContainKey("agent-eval.passAtK.6");
    }

    @Test
    void junit_xml_should_leave_them_out_without_repeats_and_the_missing_interval_of_one_case() throws Exception {
        assertThat(properties(JUnitXmlReport.render(SampleResults.allPassed())).keySet())
                .noneMatch(k -> k.startsWith("agent-eval.attemptPassRate") || k.startsWith("agent-eval.pass")
                        && !k.startsWith("agent-eval.passRate"));

        SuiteResult one = repeated();
        Map<String, String> p = properties(JUnitXmlReport.render(new SuiteResult(one.suite(), one.startedAt(),
                one.duration(), true, one.cases().subList(1, 2))));
        assertThat(p.get("agent-eval.attemptPassRate")).isEqualTo("0.6");
        assertThat(p).doesNotContainKey("agent-eval.attemptPassRate.stderr")
                .doesNotContainKey("agent-eval.attemptPassRateInterval.low");
        assertThat(p.get("agent-eval.passAtK.5")).isEqualTo("1");
        assertThat(p.get("agent-eval.passHatK.5")).isEqualTo("0");
    }

    /** The testsuite's properties, parsed with the JDK's parser. */
    static Map<String, String> properties(String xml) throws Exception {
        NodeList nodes = XmlTestSupport.parse(xml).getDocumentElement().getElementsByTagName("property");
        Map<String, String> properties = new LinkedHashMap<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            Element e = (Element) nodes.item(i);
            assertThat(properties.put(e.getAttribute("name"), e.getAttribute("value"))).as("one %s", e.getAttribute("name"))
                    .isNull();
        }
        return properties;
    }
}
