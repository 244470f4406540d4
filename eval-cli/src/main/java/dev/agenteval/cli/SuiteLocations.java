package dev.agenteval.cli;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.common.text.PlaceholderSyntax;
import dev.agenteval.yaml.internal.YamlFiles;
import dev.agenteval.yaml.internal.YamlValue;
import dev.agenteval.yaml.internal.YamlValue.Entry;
import dev.agenteval.yaml.internal.YamlValue.Mapping;
import dev.agenteval.yaml.internal.YamlValue.Scalar;
import dev.agenteval.yaml.internal.YamlValue.Sequence;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;

/**
 * Where a case or a variable of a suite is declared, as {@code file:line:column}, for problems
 * found after loading (an unset {@code env:} variable, an unresolved placeholder). The suite's
 * files loaded without problems, so they are read again only when a problem needs a place: the
 * harness dialect's {@code variables.<name>} (or {@code globals.variables.<name>}) and
 * {@code evals[].name}, the platform dialect's
 * {@code cases[].id} in the root file and the files it includes, and the value holding a
 * {@code {{placeholder}}} in a case.
 */
final class SuiteLocations {

    private final List<Path> roots;
    private final Map<Path, YamlValue> parsed = new LinkedHashMap<>();

    /** @param roots the files the suite may come from (their paths as the loader shows them) */
    SuiteLocations(List<Path> roots) {
        this.roots = roots;
    }

    /**
     * Where suite variable {@code name} is declared, as {@code file:line:column: field}: its value
     * under the root's {@code variables}, which win, else under {@code globals.variables} (else it
     * comes from a {@code _defaults.yaml}, and this is empty).
     */
    Optional<String> variable(String name) {
        for (Path root : roots) {
            YamlValue doc = parse(root);
            YamlValue value = get(doc, "variables", name);
            String field = "variables." + name;
            if (value == null) {
                value = get(doc, "globals", "variables", name);
                field = "globals.variables." + name;
            }
            if (value != null) {
                return Optional.of(at(root, value) + ": " + field);
            }
        }
        return Optional.empty();
    }

    /** Where case {@code id} is declared (its id or name). */
    Optional<String> caseId(String id) {
        return findCase(id).map(c -> at(c.file(), get(c.item(), c.idKey())));
    }

    /**
     * Where placeholder {@code {{name}}} is written in case {@code id}: the first value holding it
     * in the case's turn {@code turn} (1-based; its {@code steps} or {@code turns} entry), else
     * anywhere in the case (its agent, its message), else anywhere in the case's file (the
     * suite's {@code globals}); empty when the case is not found or the placeholder is not written
     * in its file (it comes from a {@code _defaults.yaml}).
     */
    Optional<String> placeholder(String id, int turn, String name) {
        Optional<FoundCase> found = findCase(id);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        FoundCase c = found.get();
        List<YamlValue> turns = items(get(c.item(), c.idKey().equals("name") ? "steps" : "turns"));
        List<YamlValue> scopes = new ArrayList<>();
        if (turn >= 1 && turn <= turns.size()) {
            scopes.add(turns.get(turn - 1));
        }
        scopes.add(c.item());
        scopes.add(parse(c.file()));
        for (YamlValue scope : scopes) {
            YamlValue holding = firstHolding(scope, name);
            if (holding != null) {
                return Optional.of(at(c.file(), holding));
            }
        }
        return Optional.empty();
    }

    /** A case's entry in the file that declares it; {@code idKey} is {@code name} (harness) or {@code id} (platform). */
    private record FoundCase(Path file, YamlValue item, String idKey) {
    }

    private Optional<FoundCase> findCase(String id) {
        for (Path root : roots) {
            Deque<Path> files = new ArrayDeque<>(List.of(root));
            Set<Path> seen = new HashSet<>();
            while (!files.isEmpty()) {
                Path file = files.pop();
                if (!seen.add(file.toAbsolutePath().normalize())) {
                    continue;
                }
                YamlValue doc = parse(file);
                for (String listKey : List.of("evals", "cases")) {
                    String idKey = listKey.equals("evals") ? "name" : "id";
                    for (YamlValue item : items(get(doc, listKey))) {
                        if (get(item, idKey) instanceof Scalar s && id.equals(s.text())) {
                            return Optional.of(new FoundCase(file, item, idKey));
                        }
                    }
                }
                Path folder = root.getParent();
                for (YamlValue include : items(get(doc, "include"))) {
                    if (include instanceof Scalar s && folder != null) {
                        try {
                            files.add(folder.resolve(s.text()).normalize());
                        } catch (RuntimeException e) {
                            // Not a path: the loader accepted the suite, so this include is not ours to judge.
                        }
                    }
                }
            }
        }
        return Optional.empty();
    }

    /**
     * The first value under {@code value}, in document order, that holds placeholder {@code name}:
     * a key or string with {@code {{name}}} in it (the reader keeps a bare {@code {{ name }}} as the
     * string written); null when there is none.
     */
    private static YamlValue firstHolding(YamlValue value, String name) {
        if (value instanceof Scalar s) {
            Matcher m = PlaceholderSyntax.PATTERN.matcher(s.text());
            while (m.find()) {
                if (m.group(1).equals(name)) {
                    return s;
                }
            }
            return null;
        }
        List<YamlValue> children = new ArrayList<>();
        if (value instanceof Mapping m) {
            for (Entry e : m.entries()) {
                children.add(e.key());
                children.add(e.value());
            }
        } else {
            children.addAll(items(value));
        }
        for (YamlValue child : children) {
            YamlValue holding = firstHolding(child, name);
            if (holding != null) {
                return holding;
            }
        }
        return null;
    }

    private static String at(Path file, YamlValue value) {
        return file + ":" + value.line() + ":" + value.column();
    }

    /** The file read by eval-yaml's reader, as the suite loader read it; null when it cannot be read. */
    private YamlValue parse(Path file) {
        return parsed.computeIfAbsent(file, f -> {
            if (!Files.isRegularFile(f)) {
                return null;
            }
            try {
                return YamlFiles.read(f, "").value();
            } catch (ConfigurationException e) {
                return null;
            }
        });
    }

    /** The value at a path of mapping keys, or null. */
    private static YamlValue get(YamlValue value, String... keys) {
        YamlValue current = value;
        for (String key : keys) {
            Entry next = current instanceof Mapping m ? m.byKey().get(key) : null;
            current = next == null ? null : next.value();
        }
        return current;
    }

    private static List<YamlValue> items(YamlValue value) {
        return value instanceof Sequence s ? s.items() : List.of();
    }
}
