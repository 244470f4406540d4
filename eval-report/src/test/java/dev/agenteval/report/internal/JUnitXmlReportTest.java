package dev.agenteval.report.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.CaseAttempt;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.SuiteResult;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class JUnitXmlReportTest {

    private String xml;
    private Element suite;

    @BeforeEach
    void render() throws Exception {
        xml = JUnitXmlReport.render(SampleResults.mixed());
        Document doc = XmlTestSupport.parse(xml);
        suite = doc.getDocumentElement();
    }

    @Test
    void should_write_the_pass_rate_interval_and_each_scorers_mean_with_its_interval_as_properties() throws Exception {
        assertThat(xml).contains("<property name=\"agent-eval.passRate\" value=\"0.2\"/>")
                .contains("<property name=\"agent-eval.passRateInterval.level\" value=\"0.95\"/>")
                .contains("<property name=\"agent-eval.passRateInterval.method\" value=\"wilson\"/>")
                .contains("<property name=\"agent-eval.passRateInterval.low\" value=\"0.0362")
                .contains("<property name=\"agent-eval.scorer.must_include.n\" value=\"3\"/>")
                .contains("<property name=\"agent-eval.scorer.must_include.mean\" value=\"0.6666")
                .contains("<property name=\"agent-eval.scorer.must_include.interval.method\" value=\"bootstrap\"/>")
                .contains("<property name=\"agent-eval.scorer.must_include.interval.low\" value=\"0.5\"/>")
                .contains("<property name=\"agent-eval.scorer.must_include.interval.high\" value=\"1\"/>");
        java.io.StringWriter at90 = new java.io.StringWriter();
        JUnitXmlReport.write(SampleResults.mixed(), new dev.agenteval.results.stats.Confidence(0.9, 1), at90);
        assertThat(at90.toString()).contains("<property name=\"agent-eval.scorer.must_include.interval.level\" value=\"0.9\"/>");
        XmlTestSupport.parse(at90.toString());
    }

    @Test
    void should_write_one_testsuite_with_counts() {
        assertThat(xml).startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        assertThat(suite.getTagName()).isEqualTo("testsuite");
        assertThat(suite.getAttribute("name")).isEqualTo("pharmacy");
        assertThat(suite.getAttribute("tests")).isEqualTo("5");
        assertThat(suite.getAttribute("failures")).isEqualTo("2");
        assertThat(suite.getAttribute("errors")).isEqualTo("1");
        assertThat(suite.getAttribute("skipped")).isEqualTo("1");
        assertThat(suite.getAttribute("time")).isEqualTo("12.345");
        assertThat(suite.getAttribute("timestamp")).isEqualTo("2025-01-31T09:00:00");
        assertThat(suite.getElementsByTagName("testcase").getLength()).isEqualTo(5);
    }

    @Test
    void should_write_passed_case_without_failure_elements() {
        Element greet = testcase("greet");
        assertThat(greet.getAttribute("classname")).isEqualTo("pharmacy");
        assertThat(greet.getAttribute("time")).isEqualTo("1.234");
        assertThat(greet.getElementsByTagName("failure").getLength()).isZero();
        assertThat(greet.getElementsByTagName("error").getLength()).isZero();
        assertThat(greet.getElementsByTagName("skipped").getLength()).isZero();
        assertThat(child(greet, "system-out").getTextContent()).contains("Turn 1 (hello) answer:\n"
                + SampleResults.GREETING);
    }

    @Test
    void should_write_failure_with_failed_checks_only() {
        Element failure = child(testcase("lookup"), "failure");
        assertThat(failure.getAttribute("type")).isEqualTo("failed");
        assertThat(failure.getAttribute("message")).isEqualTo("must_include 'ibuprofen': not found in response");
        assertThat(failure.getTextContent()).isEqualTo("turn 1: must_include 'ibuprofen': not found in response\n");
        assertThat(testcase("lookup").getElementsByTagName("error").getLength()).isZero();
    }

    @Test
    void should_type_errors_by_harness_failure_code() {
        Element error = child(testcase("slow"), "error");
        assertThat(error.getAttribute("type")).isEqualTo("eval_timeout");
        assertThat(error.getAttribute("message")).isEqualTo("eval_timeout: case exceeded its 30s bound");
        assertThat(error.getTextContent())
                .contains("turn 2: eval_timeout: case exceeded its 30s bound (timeoutSeconds=30)")
                .contains("turn 1 (start): llm_judge: judge_error: no clear verdict");
        assertThat(child(testcase("slow"), "system-out").getTextContent()).contains("Turn 2 answer:\n(none)");
    }

    @Test
    void should_write_skipped_with_reason() {
        Element later = testcase("later");
        assertThat(child(later, "skipped").getAttribute("message")).isEqualTo("stopped after the first failure");
        assertThat(later.getElementsByTagName("system-out").getLength()).isZero();
    }

    @Test
    void should_report_repeated_attempts_in_failure_and_output() {
        Element flaky = testcase("flaky");
        assertThat(child(flaky, "failure").getTextContent()).contains("1/2 attempts passed (50%)")
                .contains("attempt 2, turn 1: must_include 'refund': not found in response");
        assertThat(child(flaky, "system-out").getTextContent()).contains("Attempt 1, turn 1 answer:\nRefunds take 5 days.")
                .contains("Attempt 2, turn 1 answer:\nI cannot help.");
    }

    @Test
    void should_escape_xml_specials_and_drop_illegal_control_characters() {
        String out = child(testcase("lookup"), "system-out").getTextContent();
        assertThat(out).contains("Compare <b>aspirin</b> & \"ibuprofen\" 'now']]>")
                .doesNotContain("\u0007");
        assertThat(out).contains(SampleResults.ANSWER_WITH_FENCE);
        assertThat(xml).doesNotContain("<b>").doesNotContain("\u0007");
    }

    @Test
    void should_keep_line_breaks_and_tabs_in_attributes_and_escape_quotes() throws Exception {
        CaseResult odd = new CaseResult("a\"b<c>&d", List.of(), true, CaseStatus.FAILED,
                "line1\nline2\ttab\r\u0000\u001b[31mred\ud800 \uFFFE😀", Duration.ofMillis(1), null,
                List.of(new CaseAttempt(1, CaseStatus.FAILED, "x", Duration.ofMillis(1), null, List.of())));
        String text = JUnitXmlReport.render(new SuiteResult("s'uite\u0001", SampleResults.STARTED, Duration.ZERO,
                true, List.of(odd)));

        Element root = XmlTestSupport.parse(text).getDocumentElement();

        assertThat(root.getAttribute("name")).isEqualTo("s'uite");
        Element testcase = (Element) root.getElementsByTagName("testcase").item(0);
        assertThat(testcase.getAttribute("name")).isEqualTo("a\"b<c>&d");
        Element failure = child(testcase, "failure");
        assertThat(failure.getAttribute("message")).isEqualTo("line1\nline2\ttab\r[31mred 😀");
        assertThat(failure.getTextContent()).startsWith("line1\nline2\ttab\r[31mred 😀\n");
    }

    private Element testcase(String name) {
        NodeList cases = suite.getElementsByTagName("testcase");
        for (int i = 0; i < cases.getLength(); i++) {
            Element e = (Element) cases.item(i);
            if (e.getAttribute("name").equals(name)) {
                return e;
            }
        }
        throw new AssertionError("no testcase " + name + " in " + xml);
    }

    private static Element child(Element parent, String tag) {
        NodeList list = parent.getElementsByTagName(tag);
        assertThat(list.getLength()).as(tag + " in " + parent.getAttribute("name")).isEqualTo(1);
        return (Element) list.item(0);
    }
}
