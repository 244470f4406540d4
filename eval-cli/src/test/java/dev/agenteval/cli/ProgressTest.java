package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.CaseResult;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The live line on a terminal is drawn by its ticker, never by a finishing case. */
class ProgressTest {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);

    private String text() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static long lines(String text) {
        return text.chars().filter(c -> c == '\r').count();
    }

    @Test
    void should_not_write_the_live_line_per_case_but_once_per_tick_and_once_at_the_end() {
        Progress progress = new Progress(out, true, false, 0, false);
        progress.runStarted(Suite.named("s").build(), 1000);
        String started = text();
        List<CaseResult> results = new ArrayList<>();

        for (int i = 1; i <= 600; i++) {
            CaseResult r = CaseResult.skipped(dev.agenteval.api.Case.id("c" + i).turn(dev.agenteval.api.Turn.of("x")).build(), "x");
            results.add(r);
            progress.caseFinished(r);
        }
        assertThat(text()).as("600 cases finished, no tick yet").isEqualTo(started);

        progress.tick();
        progress.tick();
        assertThat(lines(text())).as("a tick draws once; an idle tick draws nothing").isEqualTo(1);
        assertThat(text()).contains("\r[600/1000] 0 passed, 0 failed");

        for (int i = 601; i <= 1000; i++) {
            progress.caseFinished(CaseResult.skipped(dev.agenteval.api.Case.id("c" + i).turn(dev.agenteval.api.Turn.of("x")).build(), "x"));
        }
        progress.runFinished(new SuiteResult("s", Instant.EPOCH, Duration.ZERO, true, results));

        assertThat(lines(text())).isEqualTo(2);
        assertThat(text()).endsWith("\r[1000/1000] 0 passed, 0 failed, " + text().substring(text().lastIndexOf("failed, ") + 8,
                text().lastIndexOf("elapsed")) + "elapsed, ETA 0s   " + System.lineSeparator());
    }

    @Test
    void should_write_nothing_per_case_off_a_terminal_and_with_quiet() {
        for (boolean terminal : new boolean[] {false, true}) {
            bytes.reset();
            Progress progress = new Progress(out, terminal, terminal, 0, true);
            progress.runStarted(Suite.named("s").build(), 1);
            progress.caseFinished(CaseResult.skipped(dev.agenteval.api.Case.id("c").turn(dev.agenteval.api.Turn.of("x")).build(), "x"));
            progress.runFinished(new SuiteResult("s", Instant.EPOCH, Duration.ZERO, true, List.of()));

            assertThat(text()).doesNotContain("[1/1]");
        }
    }
}
