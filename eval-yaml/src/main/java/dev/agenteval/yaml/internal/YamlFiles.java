package dev.agenteval.yaml.internal;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.yaml.SuiteLoader;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A YAML file that is not a suite (the targets file, a price table), read the suites' way: safely
 * by {@link YamlReader}, into a root {@link Node} whose typed reads and
 * {@link Node#checkKeys key checks} report problems with file, line, column, field and a
 * did-you-mean. The caller reports through the nodes and ends with
 * {@code root.problems().throwIfAny()}.
 */
public final class YamlFiles {

    private YamlFiles() {
    }

    /**
     * The root of {@code file}, named in messages as given.
     *
     * @param missing the message when there is no such file
     * @throws ConfigurationException when the file is missing, unreadable, too large or not valid YAML
     */
    public static Node read(Path file, String missing) {
        if (Files.notExists(file)) {
            throw new ConfigurationException(missing);
        }
        SourceFile source = new SourceFile(file, file.toString(), 0);
        Problems problems = new Problems();
        return root(source, reader().read(source, problems), problems);
    }

    /**
     * The root of YAML (or JSON) text.
     *
     * @param display the file name for messages
     * @throws ConfigurationException when the text is not valid YAML
     */
    public static Node parse(String text, String display) {
        SourceFile source = new SourceFile(Path.of(""), display, 0);
        Problems problems = new Problems();
        return root(source, reader().parse(source, text, problems), problems);
    }

    private static YamlReader reader() {
        return new YamlReader(SuiteLoader.DEFAULT_MAX_FILE_SIZE);
    }

    private static Node root(SourceFile source, YamlValue value, Problems problems) {
        problems.throwIfAny();
        return Node.root(source, value, problems);
    }
}
