package dev.agenteval.yaml;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.yaml.internal.AgentFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * The agent project a platform-dialect suite belongs to, as the platform CLI lays it out: a suite
 * in {@code <project>/eval/} and the agent's definition in the project's single
 * {@code <name>.agent.yaml} (its prompt, tools, model and settings). The tool scorers fall back
 * to its tools, and its content is part of a run's fingerprint.
 *
 * <pre>{@code
 * AgentProject.of(Path.of("support/eval/eval.yaml"))
 *     .ifPresent(p -> runner.agentConfiguration(p.configuration()));
 * }</pre>
 */
public final class AgentProject {

    private static final Logger LOG = LoggerFactory.getLogger(AgentProject.class);

    private final Path file;

    private AgentProject(Path file) {
        this.file = file;
    }

    /**
     * The project of {@code suiteFile} when it lies in a folder named {@code eval} whose parent
     * holds exactly one {@code *.agent.yaml}; empty otherwise (several are warned about).
     */
    public static Optional<AgentProject> of(Path suiteFile) {
        Objects.requireNonNull(suiteFile, "suiteFile");
        Path folder = suiteFile.toAbsolutePath().normalize().getParent();
        return folder == null ? Optional.empty() : agentFile(folder).map(AgentProject::new);
    }

    /** The single {@code *.agent.yaml} beside {@code evalFolder} when that is named {@code eval}. */
    public static Optional<Path> agentFile(Path evalFolder) {
        Path project = AgentFiles.project(evalFolder);
        if (project == null) {
            return Optional.empty();
        }
        List<Path> found = AgentFiles.in(project);
        if (found.size() > 1) {
            LOG.warn("Not using the agent project's definition: {} has several *.agent.yaml files: {}", project,
                    found.stream().map(p -> p.getFileName().toString()).collect(Collectors.joining(", ")));
        }
        return found.size() == 1 ? Optional.of(found.get(0)) : Optional.empty();
    }

    /** The {@code <name>.agent.yaml} file. */
    public Path file() {
        return file;
    }

    /**
     * The agent's definition as written: a mapping of its fields (name, description, prompt,
     * tools, model, settings, ...).
     *
     * @throws ConfigurationException naming the file when it cannot be read or is not a YAML mapping
     */
    public Map<String, Object> configuration() {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new ConfigurationException(file + ": cannot be read: " + e.getMessage(), e);
        }
        Object root;
        try {
            root = new Yaml(new SafeConstructor(new LoaderOptions())).load(text);
        } catch (YAMLException e) {
            throw new ConfigurationException(file + ": not valid YAML: " + e.getMessage(), e);
        }
        if (!(root instanceof Map<?, ?> map)) {
            throw new ConfigurationException(file + ": the agent definition must be a mapping");
        }
        Map<String, Object> out = new LinkedHashMap<>();
        map.forEach((k, v) -> out.put(String.valueOf(k), v));
        return out;
    }

    @Override
    public String toString() {
        return "AgentProject[" + file + "]";
    }
}
