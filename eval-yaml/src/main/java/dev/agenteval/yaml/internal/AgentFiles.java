package dev.agenteval.yaml.internal;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where an agent project's {@code <name>.agent.yaml} is: the {@code *.agent.yaml} files of the
 * folder above a suite's {@code eval/} folder, as the platform's CLI looks for them. Shared by the
 * tool scorers' fallback and the agent id of a run.
 */
public final class AgentFiles {

    private static final Logger LOG = LoggerFactory.getLogger(AgentFiles.class);

    private AgentFiles() {
    }

    /** The agent project of the suite folder {@code evalFolder}: its parent when it is named {@code eval}, else null. */
    public static Path project(Path evalFolder) {
        Path name = evalFolder.getFileName();
        Path project = evalFolder.getParent();
        return name == null || !name.toString().equals("eval") || project == null ? null : project;
    }

    /** The {@code *.agent.yaml} files of {@code project}, sorted; empty when it cannot be listed. */
    public static List<Path> in(Path project) {
        List<Path> found = new ArrayList<>();
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(project, "*.agent.yaml")) {
            for (Path p : dir) {
                if (Files.isRegularFile(p)) {
                    found.add(p);
                }
            }
        } catch (IOException e) {
            LOG.debug("Cannot list {} for *.agent.yaml", project, e);
        }
        found.sort(null);
        return List.copyOf(found);
    }
}
