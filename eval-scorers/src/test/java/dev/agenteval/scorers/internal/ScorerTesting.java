package dev.agenteval.scorers.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Case;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.ToolCall;
import dev.agenteval.api.Turn;
import dev.agenteval.spi.ScorerFactory;
import dev.agenteval.spi.ScoringContext;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/** Builds scoring contexts and runs valid specs through their factory. */
final class ScorerTesting {

    private ScorerTesting() {
    }

    /** An insertion-ordered map from key, value pairs (Map.of has no stable order). */
    static Map<String, Object> obj(Object... keysAndValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }

    /** A response that made these tool calls, in order. */
    static AgentResponse calls(ToolCall... calls) {
        AgentResponse.Builder b = AgentResponse.builder().text("done");
        for (ToolCall c : calls) {
            b.toolCall(c);
        }
        return b.build();
    }

    /** A response that called these tools, in order, each without arguments. */
    static AgentResponse named(String... names) {
        AgentResponse.Builder b = AgentResponse.builder().text("done");
        for (String n : names) {
            b.toolCall(ToolCall.of(n, Map.of()));
        }
        return b.build();
    }

    static ScoringContext context(AgentResponse response, Duration duration) {
        Case testCase = Case.id("c").turn(Turn.of("hi")).build();
        return new ScoringContext(testCase, 1, response, duration, null, null, 1);
    }

    static ScoringContext context(AgentResponse response) {
        return context(response, Duration.ofMillis(1500));
    }

    /** Validates {@code spec} (it must be valid), creates the scorer and scores {@code response}. */
    static ScoreResult score(ScorerFactory factory, ScorerSpec spec, AgentResponse response) throws Exception {
        return score(factory, spec, context(response));
    }

    static ScoreResult score(ScorerFactory factory, ScorerSpec spec, ScoringContext context) throws Exception {
        assertThat(factory.validate(spec)).as("problems of %s", spec).isEmpty();
        ScoreResult result = factory.create(spec).score(context);
        assertThat(result.type()).isEqualTo(factory.id());
        return result;
    }
}
