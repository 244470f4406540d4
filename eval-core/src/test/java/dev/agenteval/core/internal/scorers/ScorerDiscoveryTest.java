package dev.agenteval.core.internal.scorers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.spi.ScorerFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

class ScorerDiscoveryTest {

    private static final List<String> BUILT_IN_IDS = List.of("must_include", "must_not_include", "contains",
            "not_contains", "regex", "equals", "jsonpath", "must_include_json", "expected_state",
            "max_duration_seconds", "max_tokens", "max_cost", "tools_in_order", "tool_args", "trajectory");

    @Test
    void should_find_every_built_in_scorer_through_the_service_loader() {
        List<String> ids = new ArrayList<>();
        for (ScorerFactory f : ServiceLoader.load(ScorerFactory.class)) {
            ids.add(f.id());
        }

        assertThat(BUILT_IN_IDS).hasSize(15);
        assertThat(ids).containsAll(BUILT_IN_IDS).doesNotHaveDuplicates();
    }

    @Test
    void should_not_need_a_judge_for_any_built_in_scorer() {
        for (ScorerFactory f : ServiceLoader.load(ScorerFactory.class)) {
            if (BUILT_IN_IDS.contains(f.id())) {
                assertThat(f.needsJudge()).as(f.id()).isFalse();
            }
        }
    }
}
