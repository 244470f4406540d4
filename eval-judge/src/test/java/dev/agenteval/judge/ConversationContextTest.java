package dev.agenteval.judge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.Case;
import dev.agenteval.api.Scorers;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.Turn;
import dev.agenteval.api.Variable;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.core.InProcessAgent;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.JudgeRequest;
import dev.agenteval.spi.JudgeVerdict;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A follow-up turn is judged in its conversation, with placeholders resolved. */
class ConversationContextTest {

    @Test
    void should_send_the_earlier_turns_and_the_resolved_input_to_the_judge() {
        List<JudgeRequest> requests = Collections.synchronizedList(new ArrayList<>());
        Judge judge = request -> {
            requests.add(request);
            return new JudgeVerdict(true, 1.0, "fine", null);
        };
        Suite suite = Suite.named("s").variable("topic", Variable.literal("pumps"))
                .add(Case.id("follow-up")
                        .turn(Turn.of("What can you help me with regarding {{topic}}?").expect(Scorers.correctness("Describes capabilities")))
                        .turn(Turn.of("Can you elaborate on the first thing you mentioned?")
                                .expect(Scorers.correctness("Expands on a capability mentioned in the previous response"))))
                .build();

        SuiteResult result = EvalRunner.builder()
                .agent(InProcessAgent.replying(text -> text.startsWith("What") ? "I can find assets and show vitals." : "Finding assets means..."))
                .judge(judge).environment(Map.<String, String>of()::get).build().run(suite);

        assertThat(result.allPassed()).isTrue();
        assertThat(requests).hasSize(2);
        assertThat(requests.get(0).question()).isEqualTo("What can you help me with regarding pumps?");
        assertThat(requests.get(1).question()).isEqualTo("Earlier in this conversation:\n"
                + "User: What can you help me with regarding pumps?\n"
                + "Agent: I can find assets and show vitals.\n\n"
                + "The user's latest message:\n"
                + "Can you elaborate on the first thing you mentioned?");
    }
}
