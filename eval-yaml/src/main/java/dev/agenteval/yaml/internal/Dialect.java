package dev.agenteval.yaml.internal;

import dev.agenteval.common.text.Suggestions;
import java.util.ArrayList;
import java.util.List;

/** The two YAML dialects, told apart by the keys at the root of a file. */
public enum Dialect {

    /** The platform CLI's {@code eval/eval.yaml}: cases of turns scored by judge scorers. */
    PLATFORM("platform", List.of("include", "cases", "tags", "dataModels", "instanceSpaces", "appContext", "tools",
            "repeat", "passThreshold", "mocks", "mocksRequired")),

    /** The A2A harness's {@code evals/*.yaml}: evals with messages and expectations. */
    HARNESS("harness", List.of("globals", "variables", "evals"));

    private static final String NEEDS = "a suite needs 'cases' or 'include' (platform dialect) or 'evals' (harness dialect)";

    private final String label;
    private final List<String> rootKeys;

    Dialect(String label, List<String> rootKeys) {
        this.label = label;
        this.rootKeys = rootKeys;
    }

    /** The keys allowed at the root of a file of this dialect. */
    public List<String> rootKeys() {
        return rootKeys;
    }

    /** The dialect of a file from its root keys; null after reporting why it cannot be told. */
    public static Dialect detect(Node root) {
        if (root.isNull()) {
            root.error("the file is empty: " + NEEDS);
            return null;
        }
        if (!root.isMapping()) {
            root.error("a suite file must be a mapping but is " + root.value().describe() + ": " + NEEDS);
            return null;
        }
        Dialect first = null;
        String firstKey = null;
        for (String key : root.keys()) {
            Dialect d = of(key);
            if (d == null) {
                continue;
            }
            if (first == null) {
                first = d;
                firstKey = key;
            } else if (d != first) {
                root.errorAtKey(key, Problems.quote(key) + " belongs to the " + d.label + " dialect but "
                        + Problems.quote(firstKey) + " to the " + first.label
                        + " dialect: a suite file uses one dialect");
                return null;
            }
        }
        if (first == null) {
            List<String> all = new ArrayList<>(PLATFORM.rootKeys);
            all.addAll(HARNESS.rootKeys);
            if (root.keys().isEmpty()) {
                root.error("the file has no keys: " + NEEDS);
            }
            for (String key : root.keys()) {
                String hint = Suggestions.didYouMean(key, all);
                root.errorAtKey(key, "unknown key " + Problems.quote(key)
                        + (hint.isEmpty() ? " (" + NEEDS + ")" : hint));
            }
        }
        return first;
    }

    private static Dialect of(String key) {
        for (Dialect d : values()) {
            if (d.rootKeys.contains(key)) {
                return d;
            }
        }
        return null;
    }
}
