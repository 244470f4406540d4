package dev.agenteval.report.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.CaseAttempt;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.SuiteResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConsoleSinkTest {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);

    @Test
    void should_print_the_totals_then_each_failing_or_errored_case_once_with_its_reason() {
        new ConsoleSink(out, false, false).write(SampleResults.mixed());

        assertThat(printed()).isEqualTo("Suite pharmacy: 5 cases: 1 passed, 2 failed, 1 errored, 1 skipped;"
                + " pass rate 20% (95% CI 4-62%, n=5) in 12.345s; usage: 111 input tokens, 15 output tokens, 0.5 credits; judge usage: 10 input tokens, 2 output tokens; 1 flaky\n"
                // The repeated case's attempts (1 of 2) beside the others' (1 of 1 each): (0.5 + 1 + 0 + 0) / 4.
                + "  Attempt pass rate 37.5% (95% CI 0-84%; standard error 23.9%, clustered by case, over 4 cases).\n"
                + "  pass@k: k=1 37.5%, k=2 100%; pass^k: k=1 37.5%, k=2 0% (cases with fewer attempts than k left out"
                + " of that k)\n"
                + "  score must_include: mean 0.667 (95% CI 0.500-1.000, n=3)\n"
                + "  score max_duration: mean 1.000 (95% CI 1.000-1.000, n=1)\n"
                + "  FAIL  lookup (0.5s): must_include 'ibuprofen': not found in response\n"
                + "  ERROR slow (31.0s): eval_timeout: case exceeded its 30s bound\n"
                + "  FAIL  flaky (1.7s; 1/2 attempts passed (50%); pass@2 yes, pass^2 no, flaky): 1 of 2 attempts failed:"
                + " attempt 2, turn 1: must_include 'refund': not found in response\n"
                + "INCOMPLETE run: the run was interrupted or stopped early; cases that did not run are skipped.\n");
        for (String id : List.of("lookup", "slow", "flaky")) {
            assertThat(printed().lines().filter(l -> l.matches("  \\S+ +" + id + " .*"))).as("lines of %s", id).hasSize(1);
        }
        assertThat(printed()).doesNotContain("greet").doesNotContain("later").doesNotContain("Failures:");
    }

    @Test
    void should_print_only_the_totals_line_when_asked() {
        new ConsoleSink(out, false, false, null, true).write(SampleResults.mixed());

        assertThat(printed()).isEqualTo("Suite pharmacy: 5 cases: 1 passed, 2 failed, 1 errored, 1 skipped;"
                + " pass rate 20% (95% CI 4-62%, n=5) in 12.345s; usage: 111 input tokens, 15 output tokens, 0.5 credits; judge usage: 10 input tokens, 2 output tokens; 1 flaky\n");
    }

    @Test
    void should_print_no_failures_nor_incomplete_note_when_all_passed() {
        new ConsoleSink(out, false, false).write(SampleResults.allPassed());

        assertThat(printed()).isEqualTo("Suite pharmacy: 1 case: 1 passed, 0 failed, 0 errored, 0 skipped;"
                + " pass rate 100% (95% CI 21-100%, n=1) in 1.5s; usage: 100 input tokens, 0.5 credits\n"
                + "  score must_include: mean 1.000 (95% CI 1.000-1.000, n=1)\n");
    }

    @Test
    void should_give_the_wilson_interval_in_whole_percent_and_only_n_without_cases() {
        // 1 of 5 (the sample): Wilson at 95% is 3.6% .. 62.4%; 1 of 1: 20.7% .. 100%.
        assertThat(ConsoleSink.totals(SampleResults.mixed())).contains("; pass rate 20% (95% CI 4-62%, n=5) in ");
        assertThat(ConsoleSink.totals(new dev.agenteval.api.SuiteResult("empty", SampleResults.STARTED,
                java.time.Duration.ZERO, true, List.of())))
                .isEqualTo("Suite empty: 0 cases: 0 passed, 0 failed, 0 errored, 0 skipped; pass rate 0% (n=0) in 0.0s");
    }

    @Test
    void should_use_no_ansi_codes_unless_asked() {
        new ConsoleSink(out, false, false).write(SampleResults.mixed());
        assertThat(printed()).doesNotContain("\u001b");

        bytes.reset();
        new ConsoleSink(out, false, true).write(SampleResults.mixed());
        assertThat(printed()).contains("\u001b[31mFAIL \u001b[0m lookup");
    }

    @Test
    void should_replace_control_characters_in_reported_text() {
        CaseResult hostile = new CaseResult("evil\u001b[2Jid", List.of(), true, CaseStatus.FAILED,
                "multi\nline\u001b]0;title\u0007", Duration.ZERO, null,
                List.of(new CaseAttempt(1, CaseStatus.FAILED, "", Duration.ZERO, null, List.of())));

        new ConsoleSink(out, false, false).write(new SuiteResult("s", SampleResults.STARTED, Duration.ZERO, true,
                List.of(hostile)));

        assertThat(printed()).doesNotContain("\u001b").doesNotContain("\u0007")
                .contains("  FAIL  evil?[2Jid (0.0s): multi line?]0;title?\n");
    }

    @Test
    void should_print_finished_cases_only_when_verbose() {
        new ConsoleSink(out, false, false).caseFinished(SampleResults.lookup());
        assertThat(printed()).isEmpty();

        new ConsoleSink(out, true, false).caseFinished(SampleResults.lookup());
        assertThat(printed()).isEqualTo("FAIL  lookup (0.5s)\n");
    }

    private String printed() {
        return bytes.toString(StandardCharsets.UTF_8).replace(System.lineSeparator(), "\n");
    }
}
