package dev.agenteval.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ShardTest {

    private static final List<String> IDS = IntStream.rangeClosed(1, 500)
            .mapToObj(i -> (i % 3 == 0 ? "refund-" : i % 3 == 1 ? "Case_" : "größe ") + i).toList();

    @Test
    void should_put_every_case_in_exactly_one_shard_for_several_counts() {
        for (int count : new int[] {1, 2, 3, 4, 7, 10, 64}) {
            Map<String, Integer> owner = new HashMap<>();
            for (int index = 1; index <= count; index++) {
                Shard shard = Shard.of(index, count);
                for (String id : IDS) {
                    if (shard.contains(id)) {
                        Integer before = owner.put(id, index);
                        assertThat(before).as("case %s in shards %s and %s of %s", id, before, index, count).isNull();
                    }
                }
            }
            assertThat(owner.keySet()).as("count %s", count).containsExactlyInAnyOrderElementsOf(IDS);
        }
    }

    @Test
    void should_spread_cases_over_every_shard() {
        for (int count : new int[] {2, 4, 10}) {
            int[] sizes = new int[count];
            IDS.forEach(id -> sizes[Shard.indexOf(id, count) - 1]++);
            int fair = IDS.size() / count;
            for (int size : sizes) {
                // A broken hash (constant, or only the first bytes) puts most cases in one shard.
                assertThat(size).as("shard sizes %s", java.util.Arrays.toString(sizes)).isBetween(fair / 2, fair * 2);
            }
        }
    }

    @Test
    void should_choose_the_shard_from_the_id_alone_with_a_fixed_hash() {
        // Pinned (computed independently with Python's hashlib): the split must not change between
        // JVMs, versions or runs, as String.hashCode-based or randomised hashing could.
        assertThat(Shard.indexOf("a", 1000)).isEqualTo(251);
        assertThat(Shard.indexOf("greeting", 1000)).isEqualTo(821);
        assertThat(Shard.indexOf("follow-up", 1000)).isEqualTo(549);
        assertThat(Shard.indexOf("refund-policy", 1000)).isEqualTo(906);
        assertThat(Shard.indexOf("", 1000)).isEqualTo(653);
        assertThat(Shard.indexOf("a", 4)).isEqualTo(3);
        assertThat(Shard.indexOf("anything", 1)).isEqualTo(1);
    }

    @Test
    void should_parse_i_of_n_and_print_it_back() {
        assertThat(Shard.parse("2/4")).isEqualTo(Shard.of(2, 4));
        assertThat(Shard.parse(" 1 / 1 ")).isEqualTo(Shard.of(1, 1));
        assertThat(Shard.of(3, 8)).hasToString("3/8");
    }

    @Test
    void should_reject_shards_outside_one_to_n_naming_the_value() {
        assertThatThrownBy(() -> Shard.parse("0/4")).hasMessage("shard must be I/N with 1 <= I <= N and N >= 1 but was '0/4'");
        assertThatThrownBy(() -> Shard.parse("5/4")).hasMessageContaining("'5/4'");
        assertThatThrownBy(() -> Shard.parse("1/0")).hasMessageContaining("'1/0'");
        assertThatThrownBy(() -> Shard.parse("2of4")).hasMessage("shard must be I/N (e.g. 2/4, 1-based) but was '2of4'");
        assertThatThrownBy(() -> Shard.of(0, 3)).hasMessage("shard index must be between 1 and 3 but was 0");
        assertThatThrownBy(() -> Shard.of(1, 0)).hasMessage("shard count must be >= 1 but was 0");
    }

    @Test
    void should_keep_the_shard_on_a_result_and_default_to_none() {
        SuiteResult plain = new SuiteResult("s", java.time.Instant.EPOCH, java.time.Duration.ZERO, true, List.of());

        assertThat(plain.shard()).isNull();
        assertThat(plain.withShard(Shard.of(1, 2)).shard()).isEqualTo(Shard.of(1, 2));
        assertThat(plain.withShard(Shard.of(1, 2)).suite()).isEqualTo("s");
    }
}
