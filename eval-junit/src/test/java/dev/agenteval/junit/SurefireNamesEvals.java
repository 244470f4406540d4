package dev.agenteval.junit;

import static dev.agenteval.api.Scorers.contains;

import dev.agenteval.api.Case;
import dev.agenteval.api.Suite;
import dev.agenteval.api.Turn;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.core.InProcessAgent;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Run by Surefire itself (the {@code surefire-names} execution of this module's pom, into
 * {@code target/surefire-names}); {@link SurefireReportNamesCheck} then reads Surefire's XML.
 * Every case passes, so that the build goes on.
 */
@Fixture
class SurefireNamesEvals {

    private static EvalRunner runner() {
        return EvalRunner.builder().agent(InProcessAgent.replying(text -> "Hello, " + text))
                .environment(name -> null).build();
    }

    @TestFactory
    Stream<DynamicTest> hello() {
        return AgentEvals.dynamicTests(Suite.named("hello")
                .add(Case.id("hello_world").turn(Turn.of("world").expect(contains("Hello"))))
                .add(Case.id("hello_moon").turn(Turn.of("moon").expect(contains("moon")))).build(), runner());
    }

    @TestFactory
    Stream<DynamicNode> suites() {
        return Stream.of(AgentEvals.dynamicContainer(Suite.named("support")
                .add(Case.id("booking").turn(Turn.of("a booking").expect(contains("booking")))).build(), runner()));
    }
}
