package dev.agenteval.common.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The did-you-mean search stays bounded in time and memory whatever the input (issue 12). */
class SuggestionsTest {

    private static final List<String> KEYS = List.of("name", "type", "agent", "agent_id", "message", "expectations",
            "steps", "timeout_seconds", "delay_before_seconds", "repeat", "pass_threshold");

    /** Bytes allocated on this thread while {@code action} ran (HotSpot's per-thread counter). */
    private static long allocatedBy(Runnable action) {
        try {
            Object threads = Class.forName("java.lang.management.ManagementFactory").getMethod("getThreadMXBean")
                    .invoke(null);
            Method allocated = Class.forName("com.sun.management.ThreadMXBean")
                    .getMethod("getThreadAllocatedBytes", long.class);
            long id = Thread.currentThread().getId();
            long before = (long) allocated.invoke(threads, id);
            action.run();
            return (long) allocated.invoke(threads, id) - before;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("this test needs HotSpot's per-thread allocation counter", e);
        }
    }

    @Test
    void should_suggest_nothing_for_an_8_mb_input_without_allocating_for_it() {
        String huge = "timeout_seconds" + "x".repeat(8 * 1024 * 1024);

        Suggestions.closest("warm-up", KEYS); // loads the class outside the measurement
        List<Optional<String>> result = new ArrayList<>(1);
        long allocated = allocatedBy(() -> result.add(Suggestions.closest(huge, KEYS)));

        assertThat(result.get(0)).isEmpty();

        // The full distance table would be 8 million rows per candidate: gigabytes.
        assertThat(allocated).as("bytes allocated").isLessThan(1024 * 1024);
    }

    @Test
    void should_keep_suggesting_typos_and_abbreviations() {
        assertThat(Suggestions.closest("timeout_secnds", KEYS)).contains("timeout_seconds");
        assertThat(Suggestions.closest("mesage", KEYS)).contains("message");
        assertThat(Suggestions.closest("expect", KEYS)).contains("expectations");
        assertThat(Suggestions.closest("zzzz", KEYS)).isEmpty();
        assertThat(Suggestions.closest("name", KEYS)).isEmpty();
    }

    @Test
    void should_compute_the_distance_with_transpositions_and_stop_past_the_bound() {
        assertThat(Suggestions.distance("kitten", "sitting")).isEqualTo(3);
        assertThat(Suggestions.distance("ab", "ba")).isEqualTo(1);
        assertThat(Suggestions.distance("", "abc")).isEqualTo(3);
        assertThat(Suggestions.distance("kitten", "sitting", 2)).isEqualTo(3);
        assertThat(Suggestions.distance("a".repeat(1000), "b".repeat(1000), 3)).isEqualTo(4);
        assertThat(Suggestions.distance("abcdef", "abcdfe", 3)).isEqualTo(1);
    }

    @Test
    void should_compare_a_bounded_number_of_candidates() {
        List<String> many = IntStream.range(0, 100_000).mapToObj(i -> "candidate" + i).toList();

        long allocated = allocatedBy(() -> Suggestions.closest("candidat", many));

        assertThat(allocated).as("bytes allocated comparing 100000 candidates").isLessThan(4 * 1024 * 1024);
    }
}
