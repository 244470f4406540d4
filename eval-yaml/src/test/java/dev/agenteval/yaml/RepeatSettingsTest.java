package dev.agenteval.yaml;

import static dev.agenteval.api.Scorers.mustInclude;
import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.Case;
import dev.agenteval.api.Suite;
import dev.agenteval.api.Turn;
import org.junit.jupiter.api.Test;

/** {@code repeat} and the pass threshold, per suite and per case, in both dialects. */
class RepeatSettingsTest {

    private static Suite expected(String name) {
        return Suite.named(name).repeat(3).passThreshold(0.6)
                .add(Case.id("steady").turn(Turn.of("Hi there").expect(mustInclude("hello"))))
                .add(Case.id("flaky").repeat(5).passThreshold(0.8)
                        .turn(Turn.of("Tell me a joke").expect(mustInclude("joke"))))
                .build();
    }

    @Test
    void should_read_suite_defaults_from_globals_and_overrides_from_an_eval_in_the_harness_dialect() {
        Suite suite = TestScorers.loader().load(Fixtures.path("valid/harness/repeats.yaml"));

        assertThat(suite).isEqualTo(expected(suite.name()));
        assertThat(suite.repeat()).contains(3);
        assertThat(suite.find("flaky").orElseThrow().passThreshold()).contains(0.8);
    }

    @Test
    void should_read_suite_defaults_from_the_root_file_and_cascade_an_included_files_to_its_cases() {
        Suite suite = TestScorers.loader().load(Fixtures.path("valid/platform/repeats"));

        assertThat(suite).isEqualTo(expected(suite.name()));
        assertThat(suite.find("steady").orElseThrow().repeat()).as("the root file's repeat is the suite's").isEmpty();
        assertThat(suite.find("flaky").orElseThrow().repeat()).as("from the included file").contains(5);
    }

    @Test
    void should_tell_suites_apart_by_their_repeat_settings() {
        Suite suite = expected("s");

        assertThat(suite).isNotEqualTo(suite.toBuilder().repeat(4).build())
                .isNotEqualTo(suite.toBuilder().passThreshold(0.7).build())
                .isEqualTo(suite.toBuilder().build());
        Case c = suite.find("flaky").orElseThrow();
        assertThat(c).isNotEqualTo(c.toBuilder().repeat(6).build()).isNotEqualTo(c.toBuilder().passThreshold(1).build())
                .isEqualTo(c.toBuilder().build()).hasSameHashCodeAs(c.toBuilder().build());
    }
}
