package dev.agenteval.junit;

import static dev.agenteval.api.Scorers.contains;
import static dev.agenteval.api.Scorers.correctness;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Case;
import dev.agenteval.api.Suite;
import dev.agenteval.api.Turn;
import dev.agenteval.api.Usage;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.core.InProcessAgent;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.JudgeVerdict;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** Dynamic tests against an in-process agent: one case passes, one fails (a check and the judge), one errors. */
@Fixture
class InProcessEvals {

    static final String JUDGE_REASON = "the answer never names a dose";
    /** Messages the agent received, over every run. */
    static final AtomicInteger MESSAGES = new AtomicInteger();

    static final InProcessAgent AGENT = InProcessAgent.of((conversation, message) -> {
        MESSAGES.incrementAndGet();
        String text = message.text();
        if (text.contains("crash")) {
            throw new IllegalStateException("the agent crashed");
        }
        return AgentResponse.ofText(text.startsWith("Hi") ? "Hello! I can help with orders." : "I cannot say.");
    });

    /** Passes answers that name a dose, with a reason either way. */
    static final Judge JUDGE = request -> request.answer().contains("mg")
            ? new JudgeVerdict(true, 1.0, "names a dose", Usage.tokens(10, 3), null, "fake-judge")
            : new JudgeVerdict(false, 0.2, JUDGE_REASON, Usage.tokens(10, 3), null, "fake-judge");

    static final Suite SUITE = Suite.named("in-process")
            .add(Case.id("greets").turn(Turn.of("Hi").expect(contains("Hello"))))
            .add(Case.id("names-a-dose").turn(Turn.of("How much ibuprofen?")
                    .expect(contains("200 mg"), correctness("Names a dose of 200 mg"))))
            .add(Case.id("crashes").turn(Turn.of("crash").expect(contains("anything"))))
            .build();

    static final Suite STOPPING = Suite.named("stopping")
            .add(Case.id("fails-first").turn(Turn.of("Is it done?").expect(contains("done"))))
            .add(Case.id("never-runs").turn(Turn.of("Hi").expect(contains("Hello"))))
            .build();

    static EvalRunner runner() {
        return EvalRunner.builder().agent(AGENT).judge(JUDGE).environment(name -> null).build();
    }

    @TestFactory
    Stream<DynamicTest> inProcess() {
        return AgentEvals.dynamicTests(SUITE, runner());
    }

    @TestFactory
    Stream<DynamicNode> stopping() {
        EvalRunner stopOnFailure = runner().toBuilder().stopOnFailure(true).concurrency(1).build();
        return Stream.of(AgentEvals.dynamicContainer(STOPPING, stopOnFailure));
    }
}
