package dev.agenteval.yaml;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * The agent definition of an agent project, {@code <project>/<name>.agent.yaml} beside the
 * suite's {@code eval/} folder, as far as a run reads it: its {@code externalId}, the agent a run
 * talks to when no other id is given (see {@link SuiteLoader#agentFile}).
 *
 * @param path       the file, as the suite's path names it; never null
 * @param externalId the file's {@code externalId}, or null when it has none
 */
public record AgentFile(Path path, String externalId) {

    /** Validates. */
    public AgentFile {
        Objects.requireNonNull(path, "path");
    }

    /** The file's {@code externalId}, if it has one. */
    public Optional<String> externalIdIfSet() {
        return Optional.ofNullable(externalId);
    }
}
