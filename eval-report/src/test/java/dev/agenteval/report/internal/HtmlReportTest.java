package dev.agenteval.report.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.CaseAttempt;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.Check;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.TaskState;
import dev.agenteval.api.ToolCall;
import dev.agenteval.api.TurnResult;
import dev.agenteval.api.Usage;
import dev.agenteval.report.Reports;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HtmlReportTest {

    /** An answer that would run script, close the block it sits in, and load an image, were it not escaped. */
    static final String HOSTILE_ANSWER = "</pre><script>document.documentElement.setAttribute('data-pwned','script')"
            + "</script><img src=x onerror=\"document.documentElement.setAttribute('data-pwned','img')\">"
            + "<a href=\"https://evil.example/x\">click</a>";
    static final String HOSTILE_ID = "xss-<b>\"'&";
    static final String HOSTILE_SUITE = "pharmacy</title><script>alert(1)</script>";
    static final String JUDGE_REASON = "judge gpt-4o-mini: the answer never names a dose (score 0.20)";
    /** A long word with no break opportunity, which must wrap rather than widen the page. */
    static final String LONG_WORD = "x".repeat(400);

    private String html;

    @BeforeEach
    void render() {
        html = HtmlReport.render(SampleResults.mixed());
    }

    /** {@link SampleResults#mixed()} plus a case with hostile text, a judge verdict and a long word. */
    static SuiteResult withHostileAndJudgeCases() {
        SuiteResult mixed = SampleResults.mixed();
        List<CaseResult> cases = new ArrayList<>(mixed.cases());
        cases.add(hostile());
        return new SuiteResult(mixed.suite(), mixed.startedAt(), mixed.duration(), mixed.complete(), cases);
    }

    /**
     * {@link #withHostileAndJudgeCases()} with a fingerprint and a failing case whose id and reason
     * have long words, as real suites have ({@code refund_request_is_refused_politely}).
     */
    static SuiteResult withLongIdsAndFingerprint() {
        SuiteResult base = withHostileAndJudgeCases();
        List<CaseResult> cases = new ArrayList<>(base.cases());
        String reason = "turn 1 must_not_include 'approved': found in response: …\": [{\"kind\": \"text\", \"text\":"
                + " \"ok: your refund_request_is_approved_and_will_be_transferred";
        cases.add(new CaseResult("refund_request_is_refused_politely", List.of(), true, CaseStatus.FAILED, reason,
                Duration.ofMillis(870), null, List.of(new CaseAttempt(1, CaseStatus.FAILED, reason, Duration.ofMillis(870),
                        null, List.of()))));
        return new SuiteResult(base.suite(), base.startedAt(), base.duration(), base.complete(), cases)
                .withFingerprint(dev.agenteval.api.Fingerprint.of("9f2c".repeat(16), cases.size(),
                        "a2a http://agents.internal.example.com:8443/agents/refunds/", "openai gpt-4o-mini at"
                                + " https://api.openai.com/v1"));
    }

    static CaseResult hostile() {
        ScoreResult judge = new ScoreResult("correctness", ScoreStatus.FAILED, 0.2, JUDGE_REASON,
                List.of(new Check("names a dose", false, JUDGE_REASON)), Usage.tokens(321, 45), null);
        TurnResult turn = new TurnResult(1, "<i>step</i>", "\nHow much <b>ibuprofen</b>? " + LONG_WORD, null,
                Map.of("raw", "<script>alert('raw')</script>"), "\n" + HOSTILE_ANSWER, TaskState.COMPLETED,
                List.of(new ToolCall("lookup", Map.of("q", "</code><script>alert(2)</script>"), "<svg onload=alert(3)>")),
                Duration.ofMillis(250), new Usage(40L, 12L, null, 0.0042), null, List.of(judge));
        return new CaseResult(HOSTILE_ID, List.of("<tag>"), true, CaseStatus.FAILED,
                "turn 1 correctness 'names a dose': " + JUDGE_REASON, Duration.ofMillis(250),
                new Usage(40L, 12L, null, 0.0042),
                List.of(new CaseAttempt(1, CaseStatus.FAILED, "x", Duration.ofMillis(250),
                        new Usage(40L, 12L, null, 0.0042), List.of(turn))));
    }

    @Test
    void should_show_pass_rate_counts_duration_and_usage_in_the_summary() {
        String summary = between(html, "<section class=\"summary\"", "</section>");
        assertThat(summary).contains("<div class=\"rate\" id=\"pass-rate\">20%<small>pass rate</small>"
                + "<small class=\"ci\" id=\"pass-rate-interval\">95% CI 4–62% (Wilson, n=5)</small></div>");
        assertThat(summary).contains("aria-label=\"1 of 5 passed\"").contains("<rect class=\"fill\" width=\"20\"");
        assertThat(summary).contains(">5 cases</span>", ">1 passed</span>", ">2 failed</span>", ">1 errored</span>",
                ">1 skipped</span>");
        assertThat(summary).contains("<dt>Duration</dt><dd>12.345s</dd>")
                .contains("<time datetime=\"2025-01-31T09:00:00.123Z\">")
                .contains("<dt>Agent usage</dt><dd>111 input tokens, 15 output tokens, 0.5 credits</dd>")
                .contains("<dt>Judge usage</dt><dd>10 input tokens, 2 output tokens</dd>");
        assertThat(html).contains("<title>Eval results: pharmacy</title>").contains("<h1>Eval results: pharmacy</h1>");
    }

    @Test
    void should_mark_an_incomplete_run_and_only_that() {
        assertThat(html).contains("id=\"incomplete\"").contains("Incomplete run:");
        String complete = HtmlReport.render(SampleResults.allPassed());
        assertThat(complete).doesNotContain("Incomplete run").contains("100%<small>pass rate</small>")
                .doesNotContain("<dt>Judge usage</dt>");
    }

    @Test
    void should_give_every_case_a_verdict_in_the_table_and_a_block_open_when_it_did_not_pass() {
        String table = between(html, "<table id=\"case-table\">", "</table>");
        assertThat(rows(table)).as("failures first, then the suite's order").containsExactly(
                "lookup|failed", "flaky|failed", "slow|errored", "later|skipped", "greet|passed");
        assertThat(table).contains("<td class=\"case-id\"><a href=\"#case-lookup\"><code>lookup</code></a>")
                .contains("must_include &#39;ibuprofen&#39;: not found in response")
                .contains("<td class=\"num opt\" data-value=\"100\">100 / –</td>"
                        + "<td class=\"num opt\" data-value=\"-1\">0.5 credits</td>");
        assertThat(html).contains("<details class=\"case\" id=\"case-greet\" data-case-status=\"passed\">")
                .contains("<details class=\"case\" id=\"case-lookup\" data-case-status=\"failed\" open>")
                .contains("<details class=\"case\" id=\"case-slow\" data-case-status=\"errored\" open>")
                .contains("<details class=\"case\" id=\"case-later\" data-case-status=\"skipped\">");
        assertThat(html.indexOf("id=\"case-lookup\"")).as("failed cases come first")
                .isLessThan(html.indexOf("id=\"case-flaky\"")).isLessThan(html.indexOf("id=\"case-slow\""));
        assertThat(html.indexOf("id=\"case-later\"")).isLessThan(html.indexOf("id=\"case-greet\""));
        assertThat(caseBlock("later")).contains("<dt>Reason</dt><dd>stopped after the first failure</dd>")
                .doesNotContain("Turn 1");
    }

    @Test
    void should_anchor_each_case_by_a_safe_unique_slug_of_its_id() {
        List<CaseResult> cases = List.of(named("support › booking"), named("support-booking"), named(HOSTILE_ID),
                named("ünï"), named("a.b_c-D"), named("›"));
        assertThat(HtmlReport.anchors(cases)).containsExactly("case-support-booking", "case-support-booking-2",
                "case-xss-b", "case-n", "case-a-b_c-D", "case-unnamed");
    }

    private static CaseResult named(String id) {
        return new CaseResult(id, List.of(), true, CaseStatus.PASSED, "", Duration.ZERO, null,
                List.of(new CaseAttempt(1, CaseStatus.PASSED, "", Duration.ZERO, null, List.of())));
    }

    @Test
    void should_show_the_agent_judge_and_fingerprint_in_the_header() {
        String header = between(HtmlReport.render(withLongIdsAndFingerprint()), "<header>", "</header>");
        assertThat(header).contains("<dt>Agent</dt><dd><code id=\"agent\">a2a http://agents.internal.example.com:8443"
                        + "/agents/refunds/</code></dd>")
                .contains("<dt>Judge</dt><dd><code id=\"judge\">openai gpt-4o-mini at https://api.openai.com/v1</code></dd>")
                .containsPattern("<dt>Fingerprint</dt><dd><code id=\"fingerprint\" title=\"suite (9f2c){16}\">[0-9a-f]{64}</code>");
        assertThat(html).as("no fingerprint recorded: no such facts").doesNotContain("id=\"fingerprint\"");
    }

    @Test
    void should_not_let_words_break_mid_word() {
        assertThat(HtmlReport.STYLE).doesNotContain("anywhere").doesNotContain("break-all")
                .contains("overflow-wrap:break-word;word-break:normal");
    }

    @Test
    void should_list_failed_checks_and_harness_failures_derived_from_checks_only() {
        String errors = between(caseBlock("lookup"), "<ul class=\"errors\">", "</ul>");
        assertThat(errors).contains("<li>turn 1: must_include &#39;ibuprofen&#39;: not found in response</li>")
                .doesNotContain("aspirin").doesNotContain("under 5s");
        assertThat(caseBlock("greet")).doesNotContain("class=\"errors\"");
        String slow = between(caseBlock("slow"), "<ul class=\"errors\">", "</ul>");
        assertThat(slow).contains("<li>turn 2: eval_timeout: case exceeded its 30s bound (timeoutSeconds=30)</li>")
                .contains("<li>turn 1 (start): llm_judge: judge_error: no clear verdict</li>");
    }

    @Test
    void should_show_each_turn_with_input_answer_state_tool_calls_usage_and_scores() {
        String greet = caseBlock("greet");
        assertThat(greet).contains("<h4>Turn 1: hello <span class=\"muted\">(1.234s)</span></h4>")
                .contains("<span class=\"label\">Input</span>\n<pre>\nHi</pre>")
                .contains("<span class=\"label\">Answer</span>\n<pre>\n" + SampleResults.GREETING + "</pre>")
                .contains("<dt>State</dt><dd><code>completed</code></dd>")
                .contains("<dt>Usage</dt><dd>100 input tokens, 0.5 credits</dd>")
                .contains("<li><code>search</code> <code>{&quot;q&quot;:&quot;greeting&quot;}</code> → "
                        + "<code>{&quot;hits&quot;:1}</code></li>")
                .contains("<li><code>log</code> <code>{}</code></li>")
                .contains("<summary>Request as sent</summary>\n<pre>\n{\n  &quot;message&quot;: {")
                .contains("<summary>Raw response</summary>");
        assertThat(greet).contains("<td><code>must_include</code></td><td><span class=\"passed\">passed</span></td>"
                + "<td class=\"num\">1</td><td><ul class=\"checks\"><li class=\"passed\">✓ Grüße: passed</li></ul>");
        assertThat(caseBlock("lookup")).contains("<li class=\"failed\">✗ ibuprofen: not found in response</li>")
                .contains("<dt>State</dt><dd><code>input-required</code></dd>");
        assertThat(caseBlock("slow")).contains("<span class=\"label\">Answer</span> <span class=\"muted\">none</span>")
                .contains("<dt>Harness failure</dt><dd><span class=\"errored\">eval_timeout: case exceeded its 30s"
                        + " bound (timeoutSeconds=30)</span></dd>")
                .doesNotContain("Request as sent");
    }

    @Test
    void should_show_judge_reasons_with_the_judge_usage_and_cost() {
        String page = HtmlReport.render(withHostileAndJudgeCases());
        String hostile = caseBlock(page, HtmlReport.esc(HOSTILE_ID));
        assertThat(hostile).contains("<td><code>correctness</code></td><td><span class=\"failed\">failed</span></td>"
                + "<td class=\"num\">0.2</td><td><ul class=\"checks\"><li class=\"failed\">✗ names a dose: "
                + JUDGE_REASON + "</li></ul><div class=\"muted\">judge usage: 321 input tokens, 45 output tokens</div>");
        assertThat(between(hostile, "<ul class=\"errors\">", "</ul>"))
                .contains("turn 1 (&lt;i&gt;step&lt;/i&gt;): correctness &#39;names a dose&#39;: " + JUDGE_REASON);
        assertThat(between(page, "<table id=\"case-table\">", "</table>"))
                .contains("<td class=\"num opt\" data-value=\"52\">40 / 12</td><td class=\"num opt\" data-value=\"0.0042\">0.0042</td>");
        assertThat(page).contains("<dt>Judge usage</dt><dd>331 input tokens, 47 output tokens</dd>");
    }

    @Test
    void should_show_a_reason_that_adds_to_the_checks_and_hide_one_that_repeats_them() {
        ScoreResult custom = new ScoreResult("custom", ScoreStatus.FAILED, null, "the tone was rude",
                List.of(Check.fail("tone", "rude")), null, null);
        TurnResult turn = new TurnResult(1, null, "hi", null, null, "yo", null, List.of(), Duration.ZERO, null, null,
                List.of(custom, ScoreResult.ofChecks("must_include", Check.fail("hello", "not found"))));
        CaseAttempt attempt = new CaseAttempt(1, CaseStatus.FAILED, "r", Duration.ZERO, null, List.of(turn));
        SuiteResult result = new SuiteResult("s", SampleResults.STARTED, Duration.ZERO, true, List.of(
                new CaseResult("c", List.of(), true, CaseStatus.FAILED, "r", Duration.ZERO, null, List.of(attempt))));
        assertThat(HtmlReport.render(result)).contains("<td><div>the tone was rude</div><ul class=\"checks\">")
                .doesNotContain("<div>hello: not found</div>");
    }

    @Test
    void should_escape_agent_and_suite_text_everywhere() {
        String page = HtmlReport.render(new SuiteResult(HOSTILE_SUITE, SampleResults.STARTED, Duration.ZERO, true,
                List.of(hostile())));
        // The only script element is the page's own, at the end.
        assertThat(count(page, "<script")).isEqualTo(1);
        assertThat(page.indexOf("<script>")).isEqualTo(page.lastIndexOf("<script>"))
                .isGreaterThan(page.indexOf("</main>"));
        assertThat(page).doesNotContain("<img").doesNotContain("<svg onload").doesNotContain("<b>")
                .doesNotContain("<i>").doesNotContain("<tag>").doesNotContain("href=\"https");
        assertThat(page).contains("<title>Eval results: pharmacy&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>")
                .contains("<code class=\"id\">xss-&lt;b&gt;&quot;&#39;&amp;</code>")
                .contains("&lt;/pre&gt;&lt;script&gt;document.documentElement.setAttribute(&#39;data-pwned&#39;,")
                .contains("&lt;img src=x onerror=&quot;document")
                .contains("<code>{&quot;q&quot;:&quot;&lt;/code&gt;&lt;script&gt;alert(2)&lt;/script&gt;&quot;}</code>")
                .contains("<code>&quot;&lt;svg onload=alert(3)&gt;&quot;</code>")
                .contains("<code>&lt;tag&gt;</code>");
        assertThat(HtmlReport.esc("a\u0007b\u001b[2Jc\r\nd\re\tf")).isEqualTo("a\uFFFDb\uFFFD[2Jc\nd\ne\tf");
    }

    @Test
    void should_keep_the_first_line_break_of_a_transcript() {
        String page = HtmlReport.render(new SuiteResult("s", SampleResults.STARTED, Duration.ZERO, true,
                List.of(hostile())));
        // The parser drops one newline after <pre>: the page writes one of its own before the text's.
        assertThat(page).contains("<span class=\"label\">Answer</span>\n<pre>\n\n&lt;/pre&gt;");
    }

    @Test
    void should_fetch_nothing_and_allow_only_its_own_style_and_script() {
        String page = HtmlReport.render(withHostileAndJudgeCases());
        // Escaped text holds no '<', so every '<name ...>' is a real tag.
        Matcher tags = Pattern.compile("<[a-zA-Z][^>]*>").matcher(page);
        Pattern link = Pattern.compile("\\s(?:src|href|action|srcset|data|poster|formaction)\\s*=\\s*[\"']?([^\"'\\s>]*)",
                Pattern.CASE_INSENSITIVE);
        List<String> targets = new ArrayList<>();
        while (tags.find()) {
            Matcher m = link.matcher(tags.group());
            while (m.find()) {
                targets.add(m.group(1));
            }
        }
        assertThat(targets).isNotEmpty().allMatch(t -> t.matches("#case-[A-Za-z0-9_-]+"), "in-page anchors only");
        assertThat(page).doesNotContainPattern("(?i)@import|url\\(|<link|<iframe|<object|<embed");
        String csp = HtmlReport.CONTENT_SECURITY_POLICY;
        assertThat(page).contains("<meta http-equiv=\"Content-Security-Policy\" content=\"" + csp + "\">");
        assertThat(csp).startsWith("default-src 'none'; ");
        // The hashes admit exactly the text between the tags.
        String script = between(page, "<script>", "</script>").substring("<script>".length());
        String style = between(page, "<style>", "</style>").substring("<style>".length());
        assertThat(csp).contains("script-src '" + HtmlReport.sha256(script) + "'")
                .contains("style-src '" + HtmlReport.sha256(style) + "'");
        assertThat(page).doesNotContain(" style=\"").doesNotContainPattern(" on[a-z]+=\"");
    }

    @Test
    void should_name_attempts_of_repeated_cases_and_open_those_that_did_not_pass() {
        String flaky = caseBlock("flaky");
        assertThat(flaky).contains("<dt>Attempts</dt><dd>1/2 attempts passed (50%)</dd>")
                .contains("<details class=\"attempt\"><summary>Attempt 1: <span class=\"badge passed\">✓ passed</span>")
                .contains("<details class=\"attempt\" open><summary>Attempt 2: <span class=\"badge failed\">✗ failed</span>")
                .contains("<p>must_include &#39;refund&#39;: not found in response</p>");
        assertThat(between(flaky, "<ul class=\"errors\">", "</ul>"))
                .contains("<li>attempt 2, turn 1: must_include &#39;refund&#39;: not found in response</li>")
                .doesNotContain("attempt 1");
    }

    @Test
    void should_render_an_empty_suite() {
        String page = HtmlReport.render(new SuiteResult("empty", SampleResults.STARTED, Duration.ZERO, true, List.of()));
        assertThat(page).contains("0%<small>pass rate</small>").contains(">0 cases</span>")
                .contains("No cases were selected.").doesNotContain("<table").endsWith("</html>\n");
    }

    @Test
    void should_write_the_page_case_by_case() throws IOException {
        List<String> chunks = new ArrayList<>();
        StringWriter recording = new StringWriter() {
            @Override
            public void write(String str) {
                chunks.add(str);
                super.write(str);
            }
        };
        HtmlReport.write(SampleResults.mixed(), recording);

        assertThat(recording.toString()).isEqualTo(html);
        for (String id : List.of("greet", "lookup", "slow", "later", "flaky")) {
            assertThat(chunks).filteredOn(c -> c.contains("<code class=\"id\">" + id + "</code>")).hasSize(1)
                    .allMatch(c -> count(c, "<details class=\"case\"") == 1, "one case per chunk");
        }
    }

    @Test
    void should_write_report_html_alone_and_with_the_other_reports(@TempDir Path dir) throws IOException {
        Reports.sink("html", dir.resolve("one/page.html")).write(SampleResults.mixed());
        Reports.all(dir.resolve("all")).write(SampleResults.mixed());

        assertThat(Files.readString(dir.resolve("one/page.html"), StandardCharsets.UTF_8)).isEqualTo(html);
        assertThat(dir.resolve("all").resolve("report.html")).content(StandardCharsets.UTF_8).isEqualTo(html);
        assertThat("report.html").isEqualTo("report.html");
        assertThat(html).startsWith("<!DOCTYPE html>\n<html lang=\"en\" data-report=\"agent-eval\">\n<head>\n"
                + "<meta charset=\"utf-8\">\n");
    }

    // --- helpers ---

    private String caseBlock(String id) {
        return caseBlock(html, id);
    }

    /** The block of the case with this (escaped) id, up to the next case block or the end of the cases. */
    static String caseBlock(String page, String escapedId) {
        int id = page.indexOf("<summary><span class=\"badge");
        int start = -1;
        while (id >= 0) {
            int idEnd = page.indexOf("</summary>", id);
            if (page.substring(id, idEnd).contains("<code class=\"id\">" + escapedId + "</code>")) {
                start = page.lastIndexOf("<details class=\"case\"", id);
                break;
            }
            id = page.indexOf("<summary><span class=\"badge", idEnd);
        }
        assertThat(start).as("block of case " + escapedId).isNotNegative();
        int next = page.indexOf("<details class=\"case\"", start + 1);
        int end = next >= 0 ? next : page.indexOf("</section>\n</main>", start);
        return page.substring(start, end);
    }

    /** From the first {@code from} to the following {@code to}, inclusive of {@code from}. */
    static String between(String text, String from, String to) {
        int start = text.indexOf(from);
        assertThat(start).as("'" + from + "' in the page").isNotNegative();
        int end = text.indexOf(to, start + from.length());
        assertThat(end).as("'" + to + "' after '" + from + "'").isNotNegative();
        return text.substring(start, end);
    }

    private static List<String> rows(String table) {
        Matcher m = Pattern.compile("<tr data-case-status=\"(\\w+)\"><td class=\"case-id\"><a href=\"#case-[A-Za-z0-9_-]+\"><code>([^<]*)</code>")
                .matcher(table);
        List<String> rows = new ArrayList<>();
        while (m.find()) {
            rows.add(m.group(2) + "|" + m.group(1));
        }
        return rows;
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }
}
