package dev.agenteval.scorers.internal;

import dev.agenteval.common.text.Suggestions;
import dev.agenteval.scorers.internal.TrajectoryScorerFactory.Expected;
import dev.agenteval.spi.ScorerParams;
import dev.agenteval.spi.ScorerProblem;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The argument modes {@code trajectory} sets for a whole scorer: {@code arg_mode}, the default for
 * every expected call, and {@code arg_modes}, one per tool name. An expected call's own
 * {@code arg_mode} wins over its tool's, which wins over the default, which is {@code subset}.
 *
 * @param fallback the scorer's {@code arg_mode}, or null
 * @param perTool  {@code arg_modes} by tool name
 */
record ArgumentModes(ArgumentMode fallback, Map<String, ArgumentMode> perTool) {

    /** Reads {@code arg_mode} and {@code arg_modes}, recording located problems. */
    static ArgumentModes parse(ScorerParams params) {
        ArgumentMode fallback = params.has("arg_mode")
                ? ArgumentMode.parse(params.value("arg_mode").orElseThrow(), "'arg_mode'", List.of("arg_mode"), params)
                : null;
        Map<String, ArgumentMode> perTool = new LinkedHashMap<>();
        if (params.has("arg_modes")) {
            Object v = params.value("arg_modes").orElseThrow();
            if (v instanceof Map<?, ?> map && !map.isEmpty()) {
                for (Map.Entry<?, ?> e : map.entrySet()) {
                    String tool = String.valueOf(e.getKey());
                    ArgumentMode mode = ArgumentMode.parse(e.getValue(), "'arg_modes' for tool '" + tool + "'",
                            List.of("arg_modes", tool), params);
                    if (mode != null) {
                        perTool.put(tool, mode);
                    }
                }
            } else {
                params.problem("'arg_modes' must be a non-empty map of tool names to argument modes but was "
                        + Texts.json(v));
            }
        }
        return new ArgumentModes(fallback, Map.copyOf(perTool));
    }

    /** The mode of an expected call of {@code tool} whose own {@code arg_mode} is {@code own} (null when it has none). */
    ArgumentMode of(String tool, ArgumentMode own) {
        if (own != null) {
            return own;
        }
        return perTool.getOrDefault(tool, fallback != null ? fallback : ArgumentMode.SUBSET);
    }

    /**
     * Records a problem, located where the mode is written, for each key path of {@code call}'s
     * mode that its {@code args} does not have (a misspelt path would otherwise require the key's
     * absence). Calls without {@code args} compare no arguments and are not checked.
     */
    void checkKeyPaths(int index, Expected call, boolean own, ScorerParams params) {
        if (call.args() == null || call.mode().kind() != ArgumentMode.Kind.KEYS) {
            return;
        }
        String whose;
        List<Object> at;
        if (own) {
            whose = "'arg_mode'";
            at = List.of("calls", index, "arg_mode");
        } else if (perTool.containsKey(call.name())) {
            whose = "'arg_modes' for tool '" + call.name() + "'";
            at = List.of("arg_modes", call.name());
        } else {
            whose = "'arg_mode'";
            at = List.of("arg_mode");
        }
        for (List<String> path : call.mode().paths()) {
            if (!ArgumentMode.has(call.args(), path)) {
                List<String> known = new ArrayList<>();
                paths(call.args(), "$", known);
                String shown = ArgumentMode.display(path);
                params.problem(new ScorerProblem(at, "call " + (index + 1) + ": key path " + shown + " of " + whose
                        + " is not in its args" + Suggestions.didYouMean(shown, known)));
            }
        }
    }

    /** Every key path of {@code value}'s nested objects, under {@code prefix}. */
    private static void paths(Object value, String prefix, List<String> out) {
        if (value instanceof Map<?, ?> map) {
            for (Map.Entry<?, ?> e : map.entrySet()) {
                String path = prefix + "." + e.getKey();
                out.add(path);
                paths(e.getValue(), path, out);
            }
        }
    }
}
