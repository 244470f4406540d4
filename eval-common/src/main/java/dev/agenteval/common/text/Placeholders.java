package dev.agenteval.common.text;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code {{name}}} substitution in strings and JSON-like values, in the syntax of
 * {@link PlaceholderSyntax}.
 */
public final class Placeholders {

    private static final Pattern PLACEHOLDER = PlaceholderSyntax.PATTERN;

    private Placeholders() {
    }

    /** The placeholder names used in a JSON-like value (strings, keys, nested values). */
    public static Set<String> namesIn(Object value) {
        Set<String> names = new LinkedHashSet<>();
        collect(value, names);
        return names;
    }

    private static void collect(Object value, Set<String> names) {
        if (value instanceof String s) {
            Matcher m = PLACEHOLDER.matcher(s);
            while (m.find()) {
                names.add(m.group(1));
            }
        } else if (value instanceof Map<?, ?> map) {
            map.forEach((k, v) -> {
                collect(k, names);
                collect(v, names);
            });
        } else if (value instanceof List<?> list) {
            list.forEach(v -> collect(v, names));
        }
    }

    /**
     * Replaces every placeholder using {@code values}. Every name must be present (check with
     * {@link #namesIn} first).
     */
    public static Object resolve(Object value, Map<String, String> values) {
        if (value instanceof String s) {
            return resolveString(s, values);
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> copy = new LinkedHashMap<>();
            map.forEach((k, v) -> copy.put(resolveString((String) k, values), resolve(v, values)));
            return copy;
        }
        if (value instanceof List<?> list) {
            List<Object> copy = new ArrayList<>(list.size());
            list.forEach(v -> copy.add(resolve(v, values)));
            return copy;
        }
        return value;
    }

    /** Replaces placeholders in one string. */
    public static String resolveString(String s, Map<String, String> values) {
        if (s.indexOf("{{") < 0) {
            return s;
        }
        Matcher m = PLACEHOLDER.matcher(s);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String value = values.get(m.group(1));
            if (value == null) {
                throw new IllegalStateException("unresolved placeholder " + m.group());
            }
            m.appendReplacement(sb, Matcher.quoteReplacement(value));
        }
        m.appendTail(sb);
        return sb.toString();
    }
}
