package dev.agenteval.core;

import static dev.agenteval.api.Scorers.contains;
import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Case;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.Turn;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.AgentSession;
import dev.agenteval.spi.SessionRequest;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** What a run does beside its cases, and where the cases run. */
class RunOverlapTest {

    private static final Suite SUITE = Suite.named("s").add(Case.id("a").turn(Turn.of("hi").expect(contains("ok"))))
            .build();

    @Test
    void should_ask_the_agent_for_its_configuration_while_the_cases_run() throws Exception {
        // The only case waits until the configuration has been asked: a runner that computes the
        // fingerprint after the last case would never release it (the case's timeout then fails it).
        CountDownLatch asked = new CountDownLatch(1);
        AgentClient agent = new AgentClient() {
            @Override
            public AgentSession openSession(SessionRequest request) {
                return message -> {
                    boolean released = asked.await(10, TimeUnit.SECONDS);
                    return AgentResponse.builder().text(released ? "ok" : "configuration never asked").build();
                };
            }

            @Override
            public Map<String, Object> configuration() {
                asked.countDown();
                return Map.of("version", "1.0");
            }
        };

        SuiteResult result = EvalRunner.builder().agent(agent).agentDescription("a2a http://x/").build().run(SUITE);

        assertThat(result.cases().get(0).passed()).as(result.cases().get(0).reason()).isTrue();
        assertThat(result.fingerprint().agent()).startsWith("a2a http://x/ configuration ");
    }

    @Test
    void should_run_cases_on_virtual_threads_from_java_21_and_on_named_daemon_threads_before() {
        List<Thread> threads = new CopyOnWriteArrayList<>();
        AgentClient agent = InProcessAgent.of((conversation, message) -> {
            threads.add(Thread.currentThread());
            return AgentResponse.builder().text("ok").build();
        });

        EvalRunner.builder().agent(agent).build().run(SUITE);

        assertThat(threads).hasSize(1);
        Thread t = threads.get(0);
        assertThat(t.getName()).matches("agent-eval-\\d+-case-1");
        assertThat(t.isDaemon()).isTrue();
        assertThat(isVirtual(t)).isEqualTo(Runtime.version().feature() >= 21);
    }

    private static boolean isVirtual(Thread t) {
        try {
            return (boolean) Thread.class.getMethod("isVirtual").invoke(t);
        } catch (ReflectiveOperationException e) {
            return false;
        }
    }
}
