package dev.agenteval.agents.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agenteval.common.json.JsonTrees;
import dev.agenteval.common.text.PlaceholderSyntax;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A JSON request body with {@code {{name}}} placeholders (the syntax of {@link PlaceholderSyntax},
 * the same as in messages) in its string values. A string that is
 * exactly one placeholder takes the variable's JSON value (so {@code "{{contextId}}"} becomes
 * {@code null} on the first turn and objects stay objects); placeholders inside longer strings are
 * replaced by the value's text ({@code ""} for null).
 */
final class BodyTemplate {

    private static final Pattern PLACEHOLDER = PlaceholderSyntax.PATTERN;

    private final Object template;

    private BodyTemplate(Object template) {
        this.template = template;
    }

    /** Parses the template; null when it is not JSON. */
    static BodyTemplate parse(String json) {
        JsonNode node = JsonTrees.parseOrNull(json);
        return node == null || node.isMissingNode() ? null : new BodyTemplate(JsonTrees.toValue(node));
    }

    /** The placeholder names used, in order of appearance. */
    Set<String> names() {
        Set<String> names = new LinkedHashSet<>();
        collect(template, names);
        return names;
    }

    private static void collect(Object value, Set<String> names) {
        if (value instanceof String s) {
            Matcher m = PLACEHOLDER.matcher(s);
            while (m.find()) {
                names.add(m.group(1));
            }
        } else if (value instanceof Map<?, ?> map) {
            map.values().forEach(v -> collect(v, names));
        } else if (value instanceof List<?> list) {
            list.forEach(v -> collect(v, names));
        }
    }

    /** The body with every placeholder replaced; {@code variables} must hold every name (values may be null). */
    Object render(Map<String, Object> variables) {
        return render(template, variables);
    }

    private static Object render(Object value, Map<String, Object> variables) {
        if (value instanceof String s) {
            Matcher whole = PLACEHOLDER.matcher(s);
            if (whole.matches()) {
                return variables.get(whole.group(1));
            }
            Matcher m = PLACEHOLDER.matcher(s);
            StringBuilder sb = new StringBuilder();
            while (m.find()) {
                Object v = variables.get(m.group(1));
                m.appendReplacement(sb, Matcher.quoteReplacement(v == null ? "" : text(v)));
            }
            m.appendTail(sb);
            return sb.toString();
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> out = new LinkedHashMap<>();
            map.forEach((k, v) -> out.put((String) k, render(v, variables)));
            return out;
        }
        if (value instanceof List<?> list) {
            List<Object> out = new ArrayList<>();
            list.forEach(v -> out.add(render(v, variables)));
            return out;
        }
        return value;
    }

    private static String text(Object v) {
        if (v instanceof String s) {
            return s;
        }
        if (v instanceof Map || v instanceof List) {
            try {
                return JsonTrees.MAPPER.writeValueAsString(v);
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                return String.valueOf(v);
            }
        }
        return String.valueOf(v);
    }
}
