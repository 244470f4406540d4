package dev.agenteval.report.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class MarkdownReportTest {

    private String md;

    @BeforeEach
    void render() {
        md = MarkdownReport.render(SampleResults.mixed());
    }

    @Test
    void should_start_with_a_summary_table_then_the_failures() {
        assertThat(md).startsWith("# Eval results: pharmacy\n\n"
                + "| Cases | Passed | Failed | Errored | Skipped | Pass rate | Duration | Cost |\n"
                + "|---:|---:|---:|---:|---:|---:|---:|---:|\n"
                + "| 5 | 1 | 2 | 1 | 1 | 20% (95% CI 4–62%) | 12.345s | – |\n\n"
                + "Usage: 111 input tokens, 15 output tokens, 0.5 credits · Judge usage: 10 input tokens, 2 output tokens · 1 flaky\n\n"
                // Hand-computed in JsonReportTest: Wilson 1/5 is 3.6%..62.4%; case fractions 1, 0, 0,
                // 1/2 give 37.5% with stderr 23.9% and 0..84.4%; pass@2 and pass^2 count only flaky.
                + "Attempt pass rate 37.5% (95% CI 0–84%; standard error 23.9%, clustered by case, over 4 cases).\n\n"
                + "| k | pass@k | pass^k | Cases | Left out |\n|---:|---:|---:|---:|---:|\n"
                + "| 1 | 37.5% | 37.5% | 4 | 1 |\n"
                + "| 2 | 100% | 0% | 1 | 4 |\n\n"
                // must_include's case means are 1, 1/2 and 1/2: every resample's mean lies in 1/2..1, and
                // both ends are drawn often enough (8/27 and 1/27 > 2.5%) to be the percentile bounds.
                + "| Scorer | n | Mean | Std. error | Interval |\n|---|---:|---:|---:|---|\n"
                + "| `must_include` | 3 | 0.667 | 0.136 | 95% CI 0.500–1.000 |\n"
                + "| `max_duration` | 1 | 1.000 | 0.000 | 95% CI 1.000–1.000 |\n\n"
                + "## Failures\n\n"
                + "| Case | Verdict | Why |\n|---|---|---|\n"
                + "| `lookup` | ❌ failed | must_include 'ibuprofen': not found in response |\n"
                + "| `slow` | ⚠️ errored | eval_timeout: case exceeded its 30s bound |\n"
                + "| `flaky` | ❌ failed | 1 of 2 attempts failed: attempt 2, turn 1: must_include 'refund': not found in response |\n\n"
                + "Started ");
        assertThat(md.indexOf("## Failures")).isLessThan(md.indexOf("## ✅ `greet`"));
        assertThat(MarkdownReport.render(SampleResults.allPassed())).doesNotContain("## Failures")
                .doesNotContain("Attempt pass rate").doesNotContain("pass@k")
                .contains("| 1 | 1 | 0 | 0 | 0 | 100% (95% CI 21–100%) | 1.5s |");
    }

    @Test
    void should_keep_the_requests_of_passing_cases_out_unless_verbose() throws Exception {
        assertThat(section("greet")).doesNotContain("**Request:**").contains("**Answer:**");
        assertThat(section("lookup")).as("a failing case's request stays").contains("**Request:**");

        java.io.StringWriter verbose = new java.io.StringWriter();
        MarkdownReport.write(SampleResults.mixed(), null, true, verbose);
        assertThat(verbose.toString()).contains("**Request:**\n\n```json\n{\n  \"message\": {");
    }

    @Test
    void should_note_an_incomplete_run() {
        assertThat(md).contains("Started 2025-01-31T09:00:00.123Z.");
        assertThat(md).contains("INCOMPLETE run");
        assertThat(MarkdownReport.render(SampleResults.allPassed())).doesNotContain("INCOMPLETE");
    }

    @Test
    void should_head_each_case_with_its_verdict() {
        assertThat(md).contains("## ✅ `greet` — passed\n")
                .contains("## ❌ `lookup` — failed\n")
                .contains("## ⚠️ `slow` — errored\n")
                .contains("## ⏭️ `later` — skipped\n")
                .contains("## ❌ `flaky` — failed\n");
        assertThat(section("greet")).contains("- Tags: `smoke`, `ünï`\n").contains("- Duration: 1.234s\n")
                .contains("- Usage: 100 input tokens, 0.5 credits\n");
        assertThat(section("later")).contains("- Reason: stopped after the first failure\n")
                .doesNotContain("Duration").doesNotContain("Turn 1");
    }

    @Test
    void should_derive_error_lines_from_failed_checks_only() {
        String lookup = section("lookup");
        assertThat(lookup).contains("**Errors:**\n\n- turn 1: must_include 'ibuprofen': not found in response\n");
        assertThat(lookup).doesNotContain("'aspirin'").doesNotContain("under 5s'");
        assertThat(section("greet")).doesNotContain("Errors:");
    }

    @Test
    void should_list_harness_failures_of_turns_and_scorers_as_errors() {
        String slow = section("slow");
        assertThat(slow).contains("- turn 2: eval_timeout: case exceeded its 30s bound (timeoutSeconds=30)\n");
        assertThat(slow).contains("- turn 1 (start): llm_judge: judge_error: no clear verdict\n");
        assertThat(slow).contains("- Harness failure: eval_timeout: case exceeded its 30s bound");
    }

    @Test
    void should_name_attempts_of_repeated_cases() {
        String flaky = section("flaky");
        assertThat(flaky).contains("- Attempts: 1/2 attempts passed (50%)\n");
        assertThat(flaky).contains("- attempt 2, turn 1: must_include 'refund': not found in response\n");
        assertThat(flaky).doesNotContain("attempt 1, turn 1");
        assertThat(flaky).contains("### Attempt 1: ✅ passed (0.8s)").contains("### Attempt 2: ❌ failed (0.9s)");
        assertThat(flaky).contains("#### Turn 1 (0.7s)");
    }

    @Test
    void should_render_turn_input_request_answer_state_tools_and_scores() {
        String greet = section("greet");
        assertThat(greet).contains("### Turn 1: hello (1.234s)\n");
        assertThat(greet).contains("**Input:**\n\n```text\nHi\n```\n");
        assertThat(greet).contains("**Answer:**\n\n```text\n" + SampleResults.GREETING + "\n```\n");
        assertThat(greet).contains("- State: `completed`\n");
        assertThat(greet).contains("  - `search` `{\"q\":\"greeting\"}` → `{\"hits\":1}`\n");
        assertThat(greet).contains("  - `log` `{}`\n");
        assertThat(greet).contains("  - `must_include`: passed (1)\n");
        assertThat(section("lookup")).contains("  - `must_include`: **failed** (0.5) — ibuprofen: not found in response\n");
        assertThat(section("lookup")).contains("- State: `input-required`\n");
    }

    @Test
    void should_omit_request_when_none_was_built() {
        String slow = section("slow");
        assertThat(slow).doesNotContain("**Request:**");
        assertThat(slow).contains("**Answer:** none");
        assertThat(md).doesNotContain("Trace:");
    }

    @Test
    void should_fence_answers_longer_than_backtick_runs_inside() {
        assertThat(section("lookup")).contains("**Answer:**\n\n````text\n" + SampleResults.ANSWER_WITH_FENCE
                + "\n````\n");
        assertThat(MarkdownReport.fenced("a ````` b", "")).isEqualTo("``````\na ````` b\n``````\n");
        assertThat(MarkdownReport.fenced("", "text")).isEqualTo("```text\n```\n");
    }

    @Test
    void should_replace_control_characters_so_the_file_cannot_drive_a_terminal() {
        assertThat(md).doesNotContain("\u0007");
        assertThat(section("lookup")).contains("```text\nCompare <b>aspirin</b> & \"ibuprofen\" 'now'\uFFFD]]>\n```\n");
        assertThat(MarkdownReport.inline("a\u001b[2Jb\tc")).isEqualTo("a\uFFFD\\[2Jb\tc");
    }

    @Test
    void should_keep_inline_text_on_one_line_with_markup_escaped() {
        assertThat(MarkdownReport.inline("line1\n# heading <script>alert(1)</script> [x](javascript:y) *b*"))
                .isEqualTo("line1 # heading \\<script\\>alert(1)\\</script\\> \\[x\\](javascript:y) \\*b\\*");
        assertThat(MarkdownReport.inline("must_include _em_")).isEqualTo("must_include \\_em\\_");
    }

    @Test
    void should_delimit_code_spans_longer_than_backtick_runs_inside() {
        assertThat(MarkdownReport.code("a`b")).isEqualTo("``a`b``");
        assertThat(MarkdownReport.code("`x`")).isEqualTo("`` `x` ``");
        assertThat(MarkdownReport.code("two\nlines")).isEqualTo("`two lines`");
    }

    /** The text from a case's heading to the next case heading. */
    private String section(String id) {
        int start = md.indexOf("`" + id + "` — ");
        assertThat(start).as("heading of " + id).isPositive();
        int end = md.indexOf("\n## ", start);
        return md.substring(start, end < 0 ? md.length() : end);
    }
}
