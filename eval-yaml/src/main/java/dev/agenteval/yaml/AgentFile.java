package dev.agenteval.yaml;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The agent definition of an agent project, {@code <project>/<name>.agent.yaml} beside the
 * suite's {@code eval/} folder, as far as a run reads it: its {@code externalId}, the agent a run
 * talks to when no other id is given, and the whole definition (prompt, tools, model, settings),
 * which is part of the run's fingerprint (see {@link SuiteLoader#agentFile}).
 *
 * @param path       the file, as the suite's path names it; never null
 * @param externalId the file's {@code externalId}, or null when it has none
 * @param definition the file's fields as plain data (maps, lists, strings, numbers, booleans);
 *                   never null
 */
@API(status = MAINTAINED)
public record AgentFile(Path path, String externalId, Map<String, Object> definition) {

    /** Validates and copies. */
    public AgentFile {
        Objects.requireNonNull(path, "path");
        definition = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(
                Objects.requireNonNull(definition, "definition")));
    }

    /** A file known by its id alone. */
    public AgentFile(Path path, String externalId) {
        this(path, externalId, Map.of());
    }

    /** The file's {@code externalId}, if it has one. */
    public Optional<String> externalIdIfSet() {
        return Optional.ofNullable(externalId);
    }
}
