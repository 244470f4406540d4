package dev.agenteval.junit;

import static dev.agenteval.api.Scorers.contains;

import dev.agenteval.api.Case;
import dev.agenteval.api.Suite;
import dev.agenteval.api.Turn;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.core.InProcessAgent;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Two cases run one at a time; the agent answers the second only once the first case's test has
 * finished. That holds only when the first test waits for its own case, not for the whole run.
 */
@Fixture
class OwnTimeEvals {

    /** Counted down by the test when the JUnit test {@code first} finished. */
    static volatile CountDownLatch firstTestFinished = new CountDownLatch(1);

    static final Suite SUITE = Suite.named("own-time")
            .add(Case.id("first").turn(Turn.of("first").expect(contains("done"))))
            .add(Case.id("second").turn(Turn.of("second").expect(contains("done"))))
            .build();

    @TestFactory
    Stream<DynamicTest> ownTime() {
        InProcessAgent agent = InProcessAgent.replying(text -> {
            if (text.equals("second")) {
                try {
                    // A guard against a hang, not a pause: released at once when the first test is done.
                    return firstTestFinished.await(10, TimeUnit.SECONDS) ? "done"
                            : "the first test was still running: it waited for the whole suite";
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return "interrupted";
                }
            }
            return "done";
        });
        return AgentEvals.dynamicTests(SUITE, EvalRunner.builder().agent(agent).concurrency(1)
                .environment(name -> null).build());
    }
}
