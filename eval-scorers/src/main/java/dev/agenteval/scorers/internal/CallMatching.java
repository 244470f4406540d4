package dev.agenteval.scorers.internal;

import dev.agenteval.api.ToolCall;
import dev.agenteval.scorers.internal.TrajectoryScorerFactory.Expected;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiPredicate;

/**
 * A maximum one-to-one assignment of expected to actual tool calls, where a call may take an
 * expectation it {@linkplain Expected#matches matches}: the matching of {@code trajectory}'s
 * {@code unordered}, {@code subset} and {@code superset} modes, bounded so that 10,000 calls
 * cost milliseconds, not minutes.
 *
 * <ul>
 * <li>Only same-named calls can match, so each tool name is its own, smaller problem.</li>
 * <li>Identical expectations (written the same) and identical calls (the same name and equal
 *     arguments) are interchangeable: each is one node with a multiplicity, and a pair of nodes
 *     is compared once, however many copies either has.</li>
 * <li>An expectation whose {@code args} has a top-level string or boolean value is compared only
 *     with the calls that have that value at that key (a call without it cannot match), when its
 *     argument mode requires the expected values ({@code subset}, {@code exact}).</li>
 * <li>The pairs left, the <em>candidate pairs</em>, are counted before any is compared; over the
 *     limit nothing is compared, and the caller fails the check naming the limit.</li>
 * <li>The assignment is a maximum flow through the candidate pairs (Dinic's algorithm: on
 *     multiplicities of one it is Hopcroft–Karp), with explicit stacks, so no call list is too
 *     deep for the thread's stack.</li>
 * </ul>
 */
final class CallMatching {

    /** The default of {@code max_pairs}: about a second of argument checks on one core. */
    static final long DEFAULT_MAX_PAIRS = 1_000_000;

    private CallMatching() {
    }

    /**
     * The outcome of {@link #maximum}.
     *
     * @param pairs            the candidate pairs: same-named, identical ones counted once, not
     *                         excluded by an indexed argument
     * @param expectedOfActual for each actual call the index of the expected call it takes, or -1;
     *                         null when {@code pairs} exceeded the limit (nothing was compared)
     */
    record Result(long pairs, int[] expectedOfActual) {
        boolean overLimit() {
            return expectedOfActual == null;
        }
    }

    /**
     * Interchangeable items: their indexes in order, one of them to compare, the group's node in
     * the network once it has one, and how many members were handed a match (the first ones).
     */
    private static final class Group<T> {
        final T item;
        final List<Integer> members = new ArrayList<>(1);
        int node = -1;
        int taken;

        Group(T item) {
            this.item = item;
        }
    }

    /**
     * A maximum matching of {@code expected} to {@code actual} where {@code fits} says which pairs
     * may match; {@code fits} is asked at most once per candidate pair, and not at all when there
     * are more than {@code maxPairs}. Among interchangeable calls the earlier ones are matched first.
     */
    static Result maximum(List<Expected> expected, List<ToolCall> actual, long maxPairs,
            BiPredicate<Expected, ToolCall> fits) {
        Map<String, Map<Object, Group<Expected>>> wanted = new LinkedHashMap<>();
        for (int e = 0; e < expected.size(); e++) {
            Expected want = expected.get(e);
            wanted.computeIfAbsent(want.name(), n -> new LinkedHashMap<>())
                    .computeIfAbsent(want.written(), w -> new Group<>(want)).members.add(e);
        }
        Map<String, Map<Map<String, Object>, Group<ToolCall>>> made = new HashMap<>();
        for (int a = 0; a < actual.size(); a++) {
            ToolCall call = actual.get(a);
            if (wanted.containsKey(call.name())) {
                made.computeIfAbsent(call.name(), n -> new LinkedHashMap<>())
                        .computeIfAbsent(call.arguments(), args -> new Group<>(call)).members.add(a);
            }
        }
        List<Group<Expected>> lefts = new ArrayList<>();
        List<List<Group<ToolCall>>> candidates = new ArrayList<>();
        long pairs = 0;
        for (Map.Entry<String, Map<Object, Group<Expected>>> byName : wanted.entrySet()) {
            Map<Map<String, Object>, Group<ToolCall>> calls = made.get(byName.getKey());
            if (calls == null) {
                continue;
            }
            ArgumentIndex index = new ArgumentIndex(calls.values());
            for (Group<Expected> want : byName.getValue().values()) {
                List<Group<ToolCall>> some = index.candidates(want.item);
                lefts.add(want);
                candidates.add(some);
                pairs += some.size();
            }
        }
        if (pairs > maxPairs) {
            return new Result(pairs, null);
        }
        int[] expectedOfActual = new int[actual.size()];
        Arrays.fill(expectedOfActual, -1);
        assign(lefts, candidates, fits, expectedOfActual);
        return new Result(pairs, expectedOfActual);
    }

    /** Builds the flow network of the candidate pairs that fit, solves it and hands out the members. */
    private static void assign(List<Group<Expected>> lefts, List<List<Group<ToolCall>>> candidates,
            BiPredicate<Expected, ToolCall> fits, int[] expectedOfActual) {
        Flow flow = new Flow();
        int source = flow.node();
        int sink = flow.node();
        List<List<Edge>> edgesOfLeft = new ArrayList<>();
        for (int l = 0; l < lefts.size(); l++) {
            Group<Expected> want = lefts.get(l);
            want.node = flow.node();
            flow.edge(source, want.node, want.members.size());
            List<Edge> edges = new ArrayList<>();
            for (Group<ToolCall> call : candidates.get(l)) {
                if (fits.test(want.item, call.item)) {
                    if (call.node < 0) {
                        call.node = flow.node();
                        flow.edge(call.node, sink, call.members.size());
                    }
                    int cap = Math.min(want.members.size(), call.members.size());
                    edges.add(new Edge(flow.edge(want.node, call.node, cap), call));
                }
            }
            edgesOfLeft.add(edges);
        }
        flow.maximum(source, sink);
        for (int l = 0; l < lefts.size(); l++) {
            List<Integer> wants = lefts.get(l).members;
            int next = 0;
            for (Edge edge : edgesOfLeft.get(l)) {
                for (int k = flow.used(edge.id()); k > 0; k--) {
                    expectedOfActual[edge.call().members.get(edge.call().taken++)] = wants.get(next++);
                }
            }
        }
    }

    /** An edge of the network from an expectation's node to {@code call}'s. */
    private record Edge(int id, Group<ToolCall> call) {
    }

    /**
     * The actual calls of one tool name indexed by the value of each top-level argument that is a
     * string or a boolean (built per key on first use): an expectation whose {@code args} requires
     * such a value is compared only with the calls that have it.
     */
    private static final class ArgumentIndex {
        private final List<Group<ToolCall>> all;
        private final Map<String, Map<Object, List<Group<ToolCall>>>> byKey = new HashMap<>();

        ArgumentIndex(Collection<Group<ToolCall>> calls) {
            this.all = List.copyOf(calls);
        }

        List<Group<ToolCall>> candidates(Expected want) {
            if (want.args() == null || !want.mode().requiresExpectedValues()) {
                return all;
            }
            for (Map.Entry<?, ?> e : want.args().entrySet()) {
                if (e.getKey() instanceof String key && (e.getValue() instanceof String || e.getValue() instanceof Boolean)) {
                    return byKey.computeIfAbsent(key, this::index).getOrDefault(e.getValue(), List.of());
                }
            }
            return all;
        }

        private Map<Object, List<Group<ToolCall>>> index(String key) {
            Map<Object, List<Group<ToolCall>>> out = new HashMap<>();
            for (Group<ToolCall> call : all) {
                Object v = call.item.arguments().get(key);
                if (v instanceof String || v instanceof Boolean) {
                    out.computeIfAbsent(v, x -> new ArrayList<>()).add(call);
                }
            }
            return out;
        }
    }

    /**
     * A flow network with integer capacities and Dinic's maximum flow: breadth-first levels, then
     * augmenting paths along them found with an explicit stack and a per-node edge cursor.
     */
    static final class Flow {
        private int nodes;
        private int edges;
        private int[] head = new int[16];
        private int[] next = new int[16];
        private int[] to = new int[16];
        private int[] capacity = new int[16];
        private int[] original = new int[16];

        /** A new node. */
        int node() {
            if (nodes == head.length) {
                head = Arrays.copyOf(head, nodes * 2);
            }
            head[nodes] = -1;
            return nodes++;
        }

        /** An edge and its residual twin ({@code id ^ 1}); its id. */
        int edge(int from, int target, int cap) {
            if (edges + 2 > to.length) {
                int size = to.length * 2;
                next = Arrays.copyOf(next, size);
                to = Arrays.copyOf(to, size);
                capacity = Arrays.copyOf(capacity, size);
                original = Arrays.copyOf(original, size);
            }
            int id = edges;
            add(from, target, cap);
            add(target, from, 0);
            return id;
        }

        private void add(int from, int target, int cap) {
            to[edges] = target;
            capacity[edges] = cap;
            original[edges] = cap;
            next[edges] = head[from];
            head[from] = edges++;
        }

        /** The flow through {@code edge}. */
        int used(int edge) {
            return original[edge] - capacity[edge];
        }

        /** Pushes a maximum flow from {@code source} to {@code sink}; its value. */
        long maximum(int source, int sink) {
            int[] level = new int[nodes];
            int[] cursor = new int[nodes];
            int[] queue = new int[nodes];
            int[] path = new int[nodes];
            long total = 0;
            while (levels(source, sink, level, queue)) {
                System.arraycopy(head, 0, cursor, 0, nodes);
                int pushed;
                while ((pushed = augment(source, sink, level, cursor, path)) > 0) {
                    total += pushed;
                }
            }
            return total;
        }

        private boolean levels(int source, int sink, int[] level, int[] queue) {
            Arrays.fill(level, -1);
            level[source] = 0;
            int read = 0;
            int write = 0;
            queue[write++] = source;
            while (read < write) {
                int u = queue[read++];
                for (int e = head[u]; e >= 0; e = next[e]) {
                    if (capacity[e] > 0 && level[to[e]] < 0) {
                        level[to[e]] = level[u] + 1;
                        queue[write++] = to[e];
                    }
                }
            }
            return level[sink] >= 0;
        }

        /** One augmenting path along the levels, saturating its bottleneck; the flow pushed, 0 when none is left. */
        private int augment(int source, int sink, int[] level, int[] cursor, int[] path) {
            int depth = 0;
            int u = source;
            while (u != sink) {
                int e = cursor[u];
                while (e >= 0 && (capacity[e] == 0 || level[to[e]] != level[u] + 1)) {
                    e = next[e];
                }
                cursor[u] = e;
                if (e >= 0) {
                    path[depth++] = e;
                    u = to[e];
                } else {
                    level[u] = -1; // a dead end for the rest of this phase
                    if (depth == 0) {
                        return 0;
                    }
                    int back = path[--depth];
                    u = to[back ^ 1];
                    cursor[u] = next[cursor[u]];
                }
            }
            int bottleneck = Integer.MAX_VALUE;
            for (int i = 0; i < depth; i++) {
                bottleneck = Math.min(bottleneck, capacity[path[i]]);
            }
            for (int i = 0; i < depth; i++) {
                capacity[path[i]] -= bottleneck;
                capacity[path[i] ^ 1] += bottleneck;
            }
            return bottleneck;
        }
    }
}
