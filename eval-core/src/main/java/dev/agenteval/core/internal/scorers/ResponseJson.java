package dev.agenteval.core.internal.scorers;

import dev.agenteval.api.AgentResponse;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The full response text that {@code must_include} and {@code must_not_include} search: the raw
 * response serialised like the harness does, without the task's {@code history}, because the
 * history echoes the user's own words and those must not satisfy an expectation.
 */
final class ResponseJson {

    private static final String HISTORY = "history";

    private ResponseJson() {
    }

    /** The raw response, history removed, as Python's {@code json.dumps} would print it. */
    static String render(AgentResponse response) {
        return HarnessJson.dumps(withoutHistory(response.raw()));
    }

    /**
     * {@code raw} without a root {@code history} key, and without the {@code history} of a task
     * wrapped as {@code {"task": {...}}} or {@code {"result": {...}}} (A2A 1.0 and JSON-RPC).
     */
    static Object withoutHistory(Object raw) {
        if (!(raw instanceof Map<?, ?> root)) {
            return raw;
        }
        Map<Object, Object> copy = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : root.entrySet()) {
            Object key = e.getKey();
            if (HISTORY.equals(key)) {
                continue;
            }
            boolean wrapper = "task".equals(key) || "result".equals(key);
            copy.put(key, wrapper && e.getValue() instanceof Map<?, ?> inner ? withoutKey(inner) : e.getValue());
        }
        return copy;
    }

    private static Map<Object, Object> withoutKey(Map<?, ?> map) {
        Map<Object, Object> copy = new LinkedHashMap<>(map);
        copy.remove(HISTORY);
        return copy;
    }
}
