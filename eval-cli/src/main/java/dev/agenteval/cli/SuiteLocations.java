package dev.agenteval.cli;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import dev.agenteval.common.text.PlaceholderSyntax;
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
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

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
    private final Map<Path, Node> parsed = new LinkedHashMap<>();

    /** @param roots the files the suite may come from (their paths as the loader shows them) */
    SuiteLocations(List<Path> roots) {
        this.roots = roots;
    }

    /** The place of the suite as a whole: its file, when there is one. */
    Optional<String> file() {
        return roots.size() == 1 ? Optional.of(roots.get(0).toString()) : Optional.empty();
    }

    /**
     * Where suite variable {@code name} is declared, as {@code file:line:column: field}: its value
     * under the root's {@code variables}, which win, else under {@code globals.variables} (else it
     * comes from a {@code _defaults.yaml}, and this is empty).
     */
    Optional<String> variable(String name) {
        for (Path root : roots) {
            Node doc = parse(root);
            Node value = get(doc, "variables", name);
            String field = "variables." + name;
            if (value == null) {
                value = get(doc, "globals", "variables", name);
                field = "globals.variables." + name;
            }
            if (value != null) {
                return Optional.of(at(root, value.getStartMark()) + ": " + field);
            }
        }
        return Optional.empty();
    }

    /** Where case {@code id} is declared (its id or name). */
    Optional<String> caseId(String id) {
        return findCase(id).map(c -> at(c.file(), get(c.item(), c.idKey()).getStartMark()));
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
        List<Node> turns = items(get(c.item(), c.idKey().equals("name") ? "steps" : "turns"));
        List<Node> scopes = new ArrayList<>();
        if (turn >= 1 && turn <= turns.size()) {
            scopes.add(turns.get(turn - 1));
        }
        scopes.add(c.item());
        scopes.add(parse(c.file()));
        for (Node scope : scopes) {
            Mark mark = firstHolding(scope, name);
            if (mark != null) {
                return Optional.of(at(c.file(), mark));
            }
        }
        return Optional.empty();
    }

    /** A case's entry in the file that declares it; {@code idKey} is {@code name} (harness) or {@code id} (platform). */
    private record FoundCase(Path file, Node item, String idKey) {
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
                Node doc = parse(file);
                for (String listKey : List.of("evals", "cases")) {
                    String idKey = listKey.equals("evals") ? "name" : "id";
                    for (Node item : items(get(doc, listKey))) {
                        if (get(item, idKey) instanceof ScalarNode s && id.equals(s.getValue())) {
                            return Optional.of(new FoundCase(file, item, idKey));
                        }
                    }
                }
                Path folder = root.getParent();
                for (Node include : items(get(doc, "include"))) {
                    if (include instanceof ScalarNode s && folder != null) {
                        try {
                            files.add(folder.resolve(s.getValue()).normalize());
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
     * The start of the first value under {@code node}, in document order, that holds placeholder
     * {@code name}: a string with {@code {{name}}} in it, or a bare {@code {{ name }}}, which YAML
     * reads as the mapping {@code {{name: null}: null}}; null when there is none.
     */
    private static Mark firstHolding(Node node, String name) {
        if (node instanceof ScalarNode s) {
            Matcher m = PlaceholderSyntax.PATTERN.matcher(s.getValue());
            while (m.find()) {
                if (m.group(1).equals(name)) {
                    return s.getStartMark();
                }
            }
            return null;
        }
        if (node instanceof MappingNode m) {
            if (m.getValue().size() == 1 && m.getValue().get(0).getKeyNode() instanceof MappingNode inner
                    && inner.getValue().size() == 1 && inner.getValue().get(0).getKeyNode() instanceof ScalarNode k
                    && name.equals(k.getValue().strip())) {
                return m.getStartMark();
            }
            for (NodeTuple t : m.getValue()) {
                Mark mark = firstHolding(t.getKeyNode(), name);
                if (mark == null) {
                    mark = firstHolding(t.getValueNode(), name);
                }
                if (mark != null) {
                    return mark;
                }
            }
            return null;
        }
        for (Node item : items(node)) {
            Mark mark = firstHolding(item, name);
            if (mark != null) {
                return mark;
            }
        }
        return null;
    }

    private static String at(Path file, Mark mark) {
        return file + ":" + (mark.getLine() + 1) + ":" + (mark.getColumn() + 1);
    }

    private Node parse(Path file) {
        return parsed.computeIfAbsent(file, f -> {
            if (!Files.isRegularFile(f)) {
                return null;
            }
            try (Reader in = Files.newBufferedReader(f, StandardCharsets.UTF_8)) {
                return new Yaml(new SafeConstructor(new LoaderOptions())).compose(in);
            } catch (IOException | YAMLException e) {
                return null;
            }
        });
    }

    /** The value at a path of mapping keys, or null. */
    private static Node get(Node node, String... keys) {
        Node current = node;
        for (String key : keys) {
            if (!(current instanceof MappingNode m)) {
                return null;
            }
            Node next = null;
            for (NodeTuple t : m.getValue()) {
                if (t.getKeyNode() instanceof ScalarNode k && key.equals(k.getValue())) {
                    next = t.getValueNode();
                    break;
                }
            }
            current = next;
        }
        return current;
    }

    private static List<Node> items(Node node) {
        return node instanceof SequenceNode s ? s.getValue() : List.of();
    }
}
