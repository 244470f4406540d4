package dev.agenteval.scorers.internal;

import static dev.agenteval.scorers.internal.ScorerTesting.obj;
import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.ToolCall;
import dev.agenteval.scorers.internal.TrajectoryScorerFactory.Expected;
import dev.agenteval.spi.ScorerParams;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiPredicate;
import org.junit.jupiter.api.Test;

/**
 * The matching behind {@code trajectory}'s one-to-one modes: what it costs, counted in argument
 * checks (never timed), and that it is a maximum matching, against a brute force.
 */
class CallMatchingTest {

    /** The expected calls of {@code calls} as the trajectory scorer parses them. */
    static List<Expected> expected(List<?> calls) {
        ScorerParams params = new ScorerParams(ScorerSpec.of("trajectory", Map.of("mode", "unordered", "calls", calls)));
        List<Expected> out = new TrajectoryScorerFactory().parse(params).calls();
        assertThat(params.problems()).isEmpty();
        return out;
    }

    /** Counts the pairs it is asked about; answers as {@link Expected#matches}. */
    private static final class Counting implements BiPredicate<Expected, ToolCall> {
        final AtomicLong asked = new AtomicLong();

        @Override
        public boolean test(Expected want, ToolCall call) {
            asked.incrementAndGet();
            return want.matches(call);
        }
    }

    private static int matched(int[] expectedOfActual) {
        return (int) java.util.Arrays.stream(expectedOfActual).filter(e -> e >= 0).count();
    }

    // ---- cost, counted ----------------------------------------------------------------------------

    @Test
    void should_compare_each_expected_call_only_with_the_calls_that_have_its_indexed_argument() {
        // 2,000 expected calls of 20 tools, each naming its call by a string id, made in another order.
        List<Object> want = new ArrayList<>();
        List<ToolCall> made = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            want.add(Map.of("name", "tool" + i % 20, "args", Map.of("id", "call-" + i)));
            made.add(ToolCall.of("tool" + i % 20, Map.of("id", "call-" + i, "page", (long) i)));
        }
        Collections.shuffle(made, new Random(26));
        Counting counting = new Counting();

        CallMatching.Result r = CallMatching.maximum(expected(want), made, CallMatching.DEFAULT_MAX_PAIRS, counting);

        // Every expected call against every actual one would be 4,000,000 checks; by name, 200,000.
        assertThat(counting.asked.get()).isEqualTo(2_000);
        assertThat(r.pairs()).isEqualTo(2_000);
        assertThat(matched(r.expectedOfActual())).isEqualTo(2_000);
    }

    @Test
    void should_compare_only_same_named_pairs_each_once() {
        // Expectations a JSONPath assertion tells apart cannot be indexed: 4 tools x 50 x 50 pairs.
        List<Object> want = new ArrayList<>();
        List<ToolCall> made = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            want.add(Map.of("name", "tool" + i % 4, "assertions", List.of(Map.of("path", "$.n", "equals", (long) i))));
            made.add(ToolCall.of("tool" + i % 4, Map.of("n", (long) i)));
        }
        Collections.shuffle(made, new Random(26));
        Counting counting = new Counting();

        CallMatching.Result r = CallMatching.maximum(expected(want), made, CallMatching.DEFAULT_MAX_PAIRS, counting);

        assertThat(r.pairs()).isEqualTo(4 * 50 * 50);
        assertThat(counting.asked.get()).isEqualTo(r.pairs());
        assertThat(matched(r.expectedOfActual())).isEqualTo(200);
    }

    @Test
    void should_compare_identical_calls_once_whatever_their_number() {
        List<Object> want = Collections.nCopies(1_000, "search");
        List<ToolCall> made = new ArrayList<>();
        for (int i = 0; i < 1_200; i++) {
            made.add(ToolCall.of("search", Map.of("query", List.of("pumps", "valves", "gaskets").get(i % 3))));
        }
        Counting counting = new Counting();

        CallMatching.Result r = CallMatching.maximum(expected(want), made, CallMatching.DEFAULT_MAX_PAIRS, counting);

        assertThat(counting.asked.get()).isEqualTo(3);
        assertThat(matched(r.expectedOfActual())).isEqualTo(1_000);
        // among identical calls the earliest take the matches
        for (int a = 3; a < made.size(); a++) {
            if (r.expectedOfActual()[a] >= 0) {
                assertThat(r.expectedOfActual()[a - 3]).as("call %d", a - 3).isNotNegative();
            }
        }
    }

    @Test
    void should_compare_nothing_over_the_limit() {
        List<Object> want = new ArrayList<>();
        List<ToolCall> made = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            want.add(Map.of("name", "a", "assertions", List.of(Map.of("path", "$.n", "min", (long) i))));
            made.add(ToolCall.of("a", Map.of("n", (long) i)));
        }
        Counting counting = new Counting();

        CallMatching.Result r = CallMatching.maximum(expected(want), made, 399, counting);

        assertThat(r.overLimit()).isTrue();
        assertThat(r.pairs()).isEqualTo(400);
        assertThat(counting.asked.get()).isZero();
        assertThat(CallMatching.maximum(expected(want), made, 400, counting).overLimit()).isFalse();
    }

    // ---- a maximum matching -------------------------------------------------------------------------

    @Test
    void should_find_a_maximum_matching_as_a_brute_force_does() {
        Random random = new Random(2026);
        for (int round = 0; round < 3_000; round++) {
            List<Expected> want = expected(randomExpected(random, 1 + random.nextInt(6)));
            List<ToolCall> made = randomCalls(random, random.nextInt(7));

            int[] expectedOfActual = CallMatching.maximum(want, made, CallMatching.DEFAULT_MAX_PAIRS,
                    Expected::matches).expectedOfActual();

            boolean[] taken = new boolean[want.size()];
            for (int a = 0; a < made.size(); a++) {
                int e = expectedOfActual[a];
                if (e >= 0) {
                    assertThat(taken[e]).as("round %d: expected call %d taken twice", round, e).isFalse();
                    taken[e] = true;
                    assertThat(want.get(e).matches(made.get(a))).as("round %d: pair %d-%d", round, e, a).isTrue();
                }
            }
            assertThat(matched(expectedOfActual)).as("round %d: %s vs %s", round, want, made)
                    .isEqualTo(bruteForce(want, made, 0, new boolean[made.size()]));
        }
    }

    /** Expected calls of two tools: bare, with args, with an assertion, or both, often repeated. */
    static List<Object> randomExpected(Random random, int count) {
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String name = random.nextBoolean() ? "a" : "b";
            Object q = random.nextBoolean() ? "x" : "y";
            Map<String, Object> atLeast = Map.of("path", "$.n", "min", (long) 1 + random.nextInt(2));
            out.add(switch (random.nextInt(5)) {
                case 0 -> name;
                case 1 -> Map.of("name", name, "args", Map.of("q", q));
                case 2 -> Map.of("name", name, "args", Map.of("n", (long) 1 + random.nextInt(2)));
                case 3 -> Map.of("name", name, "assertions", List.of(atLeast));
                default -> Map.of("name", name, "args", Map.of("q", q), "assertions", List.of(atLeast));
            });
        }
        return out;
    }

    /** Calls of three tools with a few argument values each, so identical calls are common. */
    static List<ToolCall> randomCalls(Random random, int count) {
        List<ToolCall> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String name = List.of("a", "a", "b", "c").get(random.nextInt(4));
            out.add(ToolCall.of(name, obj("q", random.nextBoolean() ? "x" : "y", "n", (long) 1 + random.nextInt(2))));
        }
        return out;
    }

    /** The largest number of expected calls from {@code e} on that distinct free calls can match, by trying all. */
    static int bruteForce(List<Expected> want, List<ToolCall> made, int e, boolean[] used) {
        if (e == want.size()) {
            return 0;
        }
        int best = bruteForce(want, made, e + 1, used);
        for (int a = 0; a < made.size(); a++) {
            if (!used[a] && want.get(e).matches(made.get(a))) {
                used[a] = true;
                best = Math.max(best, 1 + bruteForce(want, made, e + 1, used));
                used[a] = false;
            }
        }
        return best;
    }
}
