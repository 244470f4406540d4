package dev.agenteval.judge;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import dev.agenteval.api.ConfigurationException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The judge's prompt templates: one {@code system} template shared by every request, one per
 * judge scorer type, and {@code generic} for scorer types without their own. The defaults ship
 * as resources ({@code dev/agenteval/judge/templates/<name>.txt}); users replace any of them
 * with a file of the same name in a folder, or in code.
 *
 * <pre>{@code
 * PromptTemplates templates = PromptTemplates.defaults()
 *         .withOverrides(Path.of("eval/judge-templates"))      // correctness.txt, system.txt, ...
 *         .with(PromptTemplate.parse("rubric", "# version: my-2\n...", "inline"));
 * }</pre>
 *
 * Immutable; {@code with*} return a new instance.
 */
@API(status = MAINTAINED)
public final class PromptTemplates {

    /**
     * The template names: {@code system}, {@code generic}, the six judge scorer types, the three
     * conversation scorer types and {@code user_simulator} (the simulated user's prompt).
     */
    public static final List<String> NAMES = List.of("system", "generic", "correctness", "faithfulness",
            "toolSelection", "toolInvocation", "expected_output_text", "rubric", "goal_completion",
            "knowledge_retention", "role_adherence", "user_simulator");

    private static final PromptTemplates DEFAULTS = loadDefaults();

    private final Map<String, PromptTemplate> templates;

    private PromptTemplates(Map<String, PromptTemplate> templates) {
        this.templates = Collections.unmodifiableMap(new TreeMap<>(templates));
    }

    /** The templates shipped with the library. */
    public static PromptTemplates defaults() {
        return DEFAULTS;
    }

    /**
     * A copy where every {@code <name>.txt} file in {@code folder} replaces the template of that
     * name. Each file starts with a {@code # version: ...} line.
     *
     * @throws ConfigurationException when the folder is missing, a file is named after no template
     *                                (listing the known names) or a file is invalid
     */
    public PromptTemplates withOverrides(Path folder) {
        Objects.requireNonNull(folder, "folder");
        if (!Files.isDirectory(folder)) {
            throw new ConfigurationException("judge templates folder " + folder + " does not exist");
        }
        Map<String, PromptTemplate> copy = new TreeMap<>(templates);
        List<String> problems = new ArrayList<>();
        try (Stream<Path> files = Files.list(folder)) {
            for (Path file : files.sorted().toList()) {
                String fileName = file.getFileName().toString();
                if (!fileName.endsWith(".txt") || !Files.isRegularFile(file)) {
                    continue;
                }
                String name = fileName.substring(0, fileName.length() - 4);
                if (!NAMES.contains(name)) {
                    problems.add("judge template " + file + " is named after no template (known: "
                            + String.join(", ", NAMES.stream().map(n -> n + ".txt").toList()) + ")");
                    continue;
                }
                try {
                    copy.put(name, PromptTemplate.parse(name, Files.readString(file, StandardCharsets.UTF_8), file.toString()));
                } catch (ConfigurationException e) {
                    problems.addAll(e.problems());
                }
            }
        } catch (IOException e) {
            throw new ConfigurationException("judge templates folder " + folder + " could not be read: " + e.getMessage(), e);
        }
        if (!problems.isEmpty()) {
            throw new ConfigurationException(problems);
        }
        return new PromptTemplates(copy);
    }

    /** A copy where {@code template} replaces the template of its name. */
    public PromptTemplates with(PromptTemplate template) {
        Objects.requireNonNull(template, "template");
        Map<String, PromptTemplate> copy = new TreeMap<>(templates);
        copy.put(template.name(), template);
        return new PromptTemplates(copy);
    }

    /** The system template. */
    public PromptTemplate system() {
        return templates.get("system");
    }

    /** The template for a scorer type: its own, else {@code generic}. */
    public PromptTemplate forScorer(String scorerType) {
        PromptTemplate t = templates.get(scorerType);
        return t == null || scorerType.equals("system") ? templates.get("generic") : t;
    }

    /** The user simulator's template. */
    public PromptTemplate userSimulator() {
        return templates.get("user_simulator");
    }

    /** Every template by name. */
    public Map<String, PromptTemplate> all() {
        return templates;
    }

    @Override
    public String toString() {
        return "PromptTemplates" + templates.values().stream().map(PromptTemplate::id).toList();
    }

    private static PromptTemplates loadDefaults() {
        Map<String, PromptTemplate> map = new TreeMap<>();
        for (String name : NAMES) {
            String resource = "templates/" + name + ".txt";
            try (InputStream in = PromptTemplates.class.getResourceAsStream(resource)) {
                if (in == null) {
                    throw new IllegalStateException("missing resource dev/agenteval/judge/" + resource);
                }
                map.put(name, PromptTemplate.parse(name, new String(in.readAllBytes(), StandardCharsets.UTF_8), resource));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return new PromptTemplates(map);
    }
}
