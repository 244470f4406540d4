package dev.agenteval.report;

import static dev.agenteval.api.Scorers.contains;
import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Case;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.core.InProcessAgent;
import dev.agenteval.spi.AgentClient;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** An interrupted run still writes its reports, marked incomplete (moved from EvalRunnerTest with the re-cut). */
class InterruptedRunTest {

    private static EvalRunner.Builder runner(AgentClient agent) {
        return EvalRunner.builder().agent(agent).environment(name -> null);
    }

    private static Suite suiteOf(Case.Builder... cases) {
        Suite.Builder b = Suite.named("s");
        for (Case.Builder c : cases) {
            b.add(c);
        }
        return b.build();
    }

    @Test
    void should_return_what_finished_marked_incomplete_when_the_run_is_interrupted(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        CountDownLatch hanging = new CountDownLatch(1);
        AgentClient agent = InProcessAgent.of((c, m) -> {
            if (c.caseId().equals("hang")) {
                hanging.countDown();
                new CountDownLatch(1).await();
            }
            return AgentResponse.ofText("ok");
        });
        Suite suite = suiteOf(Case.id("done").turn("x", contains("ok")), Case.id("hang").turn("x", contains("ok")),
                Case.id("never").turn("x", contains("ok")));
        List<SuiteResult> out = new ArrayList<>();
        List<Boolean> interruptFlag = new ArrayList<>();
        Thread runThread = new Thread(() -> {
            out.add(runner(agent).concurrency(1).sink(Reports.sink("json", dir.resolve("results.json"))).build().run(suite));
            interruptFlag.add(Thread.currentThread().isInterrupted());
        });
        runThread.start();
        assertThat(hanging.await(10, TimeUnit.SECONDS)).isTrue();

        runThread.interrupt();
        runThread.join(10_000);

        SuiteResult result = out.get(0);
        assertThat(result.complete()).isFalse();
        assertThat(result.cases()).extracting(CaseResult::id, CaseResult::status).containsExactly(
                org.assertj.core.groups.Tuple.tuple("done", CaseStatus.PASSED),
                org.assertj.core.groups.Tuple.tuple("hang", CaseStatus.SKIPPED),
                org.assertj.core.groups.Tuple.tuple("never", CaseStatus.SKIPPED));
        assertThat(result.find("never").orElseThrow().reason()).isEqualTo("not run: run interrupted");
        assertThat(interruptFlag).containsExactly(true);
        String json = java.nio.file.Files.readString(dir.resolve("results.json"));
        assertThat(json).contains("\"complete\": false").contains("\"id\": \"done\"");
    }

}
