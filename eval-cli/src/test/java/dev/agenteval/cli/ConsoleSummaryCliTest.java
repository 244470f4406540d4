package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a person reads at the end of {@code agent-eval run}: the totals, each failing case once with
 * its reason, then every report file written; {@code -q} the totals line only; without a terminal,
 * the per-case stream only with {@code -v}.
 */
class ConsoleSummaryCliTest {

    private static final String SUITE = """
            evals:
              - name: greets
                message: {message: {parts: [{kind: text, text: Good morning}]}}
                expectations: {must_include: [hello]}
              - name: wants_aspirin
                message: {message: {parts: [{kind: text, text: Which painkiller}]}}
                expectations: {must_include: [aspirin]}
              - name: wants_no_hello
                message: {message: {parts: [{kind: text, text: Hi}]}}
                expectations: {must_not_include: [hello]}
            """;

    @TempDir
    Path dir;

    private record Outcome(int code, String out, String err) {
    }

    @BeforeEach
    void suite() throws IOException {
        Files.writeString(dir.resolve("s.yaml"), SUITE);
    }

    private Outcome run(String... extra) {
        List<String> args = new ArrayList<>(List.of("run", "s.yaml", "--protocol", "test-echo", "--agent-url",
                "http://127.0.0.1:1", "--concurrency", "1"));
        args.addAll(List.of(extra));
        CommandResult result = CommandRunner.in(dir).run(args.toArray(String[]::new));
        int code = result.exitCode();
        return new Outcome(code, result.out().replace(System.lineSeparator(), "\n"),
                result.err().replace(System.lineSeparator(), "\n"));
    }

    @Test
    void should_print_totals_then_each_failing_case_once_then_every_report_written() {
        Outcome o = run("--report-dir", "out", "--output", "res.json");

        assertThat(o.code()).isEqualTo(AgentEvalCli.CASES_FAILED);
        List<String> lines = o.out().lines().toList();
        assertThat(lines).hasSize(6);
        assertThat(lines.get(0)).startsWith("Suite s: 3 cases: 1 passed, 2 failed, 0 errored, 0 skipped; pass rate 33.3% (95% CI 6-79%, n=3) in ");
        // Each scorer's mean with its bootstrap interval, in the order the suite first uses them.
        assertThat(lines.get(1)).isEqualTo("  score must_include: mean 0.500 (95% CI 0.000-1.000, n=2)");
        assertThat(lines.get(2)).isEqualTo("  score must_not_include: mean 0.000 (95% CI 0.000-0.000, n=1)");
        assertThat(lines.get(3)).matches("  FAIL  wants_aspirin \\([0-9.]+s\\): .*must_include 'aspirin': not found in response");
        assertThat(lines.get(4)).matches("  FAIL  wants_no_hello \\([0-9.]+s\\): .*must_not_include 'hello': found in response.*");
        assertThat(lines.get(5)).isEqualTo("Reports: out/results.json, out/results.md, out/junit.xml, out/report.html,"
                + " res.json, res.md");
        assertThat(o.out()).doesNotContain("greets").doesNotContain("Failures:");
        assertThat(o.err()).as("no per-case stream without a terminal and -v").doesNotContain("wants_aspirin")
                .doesNotContain("[1/3]").doesNotContain("Results:");
    }

    @Test
    void should_name_the_default_results_files_on_the_summary_stream() {
        Outcome o = run();

        assertThat(o.out().lines().reduce((a, b) -> b).orElseThrow()).matches("Reports: results/s-[0-9TZ]+\\.json, results/s-[0-9TZ]+\\.md");
    }

    @Test
    void should_print_only_the_totals_line_with_q() {
        Outcome o = run("-q", "--report-dir", "out");

        assertThat(o.code()).isEqualTo(AgentEvalCli.CASES_FAILED);
        assertThat(o.out().lines().toList()).singleElement().asString()
                .startsWith("Suite s: 3 cases: 1 passed, 2 failed");
        assertThat(o.err()).doesNotContain("wants_aspirin");
    }

    @Test
    void should_stream_each_finished_case_to_stderr_with_v() {
        Outcome o = run("-v", "--report-dir", "out");

        assertThat(o.err()).containsPattern("(?m)^\\[[1-3]/3\\] FAILED  wants_aspirin ")
                .containsPattern("(?m)^\\[[1-3]/3\\] PASSED  greets ");
        assertThat(o.out().lines().filter(l -> l.contains("wants_aspirin"))).hasSize(1);
    }
}
