package dev.agenteval.junit;

import static dev.agenteval.api.Scorers.contains;
import static dev.agenteval.api.Scorers.correctness;

import dev.agenteval.api.Case;
import dev.agenteval.api.Suite;
import dev.agenteval.api.Turn;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtendWith;

/** The code form: a suite written in code, the agent and the judge from configuration parameters, no annotation. */
@Fixture
@ExtendWith(AgentEvalExtension.class)
class CodeSuiteEvals {

    static final Suite SUITE = Suite.named("code support")
            .add(Case.id("greets").turn(Turn.of("Hi there").expect(contains("Hello"), correctness("Hello! I can help with orders."))))
            .build();

    @TestFactory
    Stream<DynamicNode> support(AgentEvalSetup setup) {
        return setup.dynamicTests(SUITE);
    }
}
