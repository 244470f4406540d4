package dev.agenteval.scorers.internal;

import dev.agenteval.api.AgentResponse;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The full response text that {@code must_include} and {@code must_not_include} search: the task
 * (or message) the agent answered, serialised like the harness does, without the task's
 * {@code history}, because the history echoes the user's own words and those must not satisfy an
 * expectation. Every wire shape reads the same: a bare A2A 0.3 task, the 1.0 {@code {"task": ...}}
 * wrapper, a message, and any of them inside a JSON-RPC envelope, which is dropped as the
 * harness never sees one (its service answers the task itself).
 */
final class ResponseJson {

    private static final String HISTORY = "history";
    private static final Set<String> WRAPPERS = Set.of("task", "result");

    private ResponseJson() {
    }

    /** The raw response, envelope and history removed, as Python's {@code json.dumps} would print it. */
    static String render(AgentResponse response) {
        return HarnessJson.dumps(withoutHistory(response.raw()));
    }

    /**
     * {@code raw} without a JSON-RPC envelope ({@code {"jsonrpc": ..., "result": ...}} becomes its
     * result), and without the {@code history} of the task, at the root or wrapped as
     * {@code {"task": ...}} or {@code {"result": ...}} at any depth.
     */
    static Object withoutHistory(Object raw) {
        Object document = raw;
        if (raw instanceof Map<?, ?> root && root.containsKey("jsonrpc") && root.get("result") instanceof Map<?, ?> result) {
            document = result;
        }
        return stripped(document);
    }

    private static Object stripped(Object value) {
        if (!(value instanceof Map<?, ?> map)) {
            return value;
        }
        Map<Object, Object> copy = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : map.entrySet()) {
            Object key = e.getKey();
            if (HISTORY.equals(key)) {
                continue;
            }
            copy.put(key, WRAPPERS.contains(key) ? stripped(e.getValue()) : e.getValue());
        }
        return copy;
    }
}
