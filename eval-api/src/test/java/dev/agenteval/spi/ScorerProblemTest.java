package dev.agenteval.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.ScorerSpec;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ScorerProblemTest {

    @Test
    void should_render_the_parameter_as_a_field_path() {
        assertThat(ScorerProblem.at("bad", "assertions", 2, "lenght").path()).isEqualTo("assertions[2].lenght");
        assertThat(ScorerProblem.at("bad", "values", 0).path()).isEqualTo("values[0]");
        assertThat(ScorerProblem.of("bad").path()).isEmpty();
        assertThat(ScorerProblem.of("bad").parameter()).isEmpty();
    }

    @Test
    void should_refuse_a_path_that_does_not_start_with_a_name_or_holds_other_segments() {
        assertThatThrownBy(() -> new ScorerProblem(List.of(0), "bad")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ScorerProblem.at("bad", "a", -1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ScorerProblem.at("bad", "a", 1.5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ScorerProblem.of(" ")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void should_give_a_factory_that_only_validates_its_sentences_about_the_whole_spec() {
        ScorerFactory factory = new ScorerFactory() {
            @Override
            public String id() {
                return "legacy";
            }

            @Override
            public List<String> validate(ScorerSpec spec) {
                return List.of("needs 'limit'");
            }

            @Override
            public Scorer create(ScorerSpec spec) {
                throw new UnsupportedOperationException();
            }
        };

        assertThat(factory.problems(ScorerSpec.of("legacy", Map.of()))).containsExactly(ScorerProblem.of("needs 'limit'"));
    }
}
