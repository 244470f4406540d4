package dev.agenteval.judge;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.ConfigurationException;
import org.junit.jupiter.api.Test;

/** A judge or simulator built without a model says how to give one (issue 27: no bare exception for a missing judge). */
class MissingModelTest {

    @Test
    void a_judge_without_a_model_names_the_builder_method_and_the_settings() {
        assertThatThrownBy(() -> OpenAiJudge.builder().build()).isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("OpenAiJudge.builder().model(...)").hasMessageContaining("AGENT_EVAL_JUDGE_MODEL");
    }

    @Test
    void a_simulator_without_a_model_names_the_builder_method_and_the_settings() {
        assertThatThrownBy(() -> OpenAiUserSimulator.builder(OpenAiJudge.builder()).build())
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("OpenAiJudge.builder().model(...)")
                .hasMessageContaining("AGENT_EVAL_SIMULATOR_MODEL");
    }
}
