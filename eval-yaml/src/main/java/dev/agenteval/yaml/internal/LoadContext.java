package dev.agenteval.yaml.internal;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What one load shares across its files: the reader, the problems found so far, the scorer
 * catalog, the include policy, the folder defaults read so far, and the rank of the next file
 * read.
 */
public final class LoadContext {

    private final YamlReader reader;
    private final Problems problems = new Problems();
    private final ScorerCatalog catalog;
    private final boolean allowIncludesOutsideFolder;
    private final boolean readAgentFile;
    private final Map<Path, Optional<Node>> folderDefaults = new HashMap<>();
    private int nextOrder;

    public LoadContext(YamlReader reader, ScorerCatalog catalog, boolean allowIncludesOutsideFolder) {
        this(reader, catalog, allowIncludesOutsideFolder, true);
    }

    /** @param readAgentFile whether platform suites fall back to the tools of the project's {@code <name>.agent.yaml} */
    public LoadContext(YamlReader reader, ScorerCatalog catalog, boolean allowIncludesOutsideFolder,
                       boolean readAgentFile) {
        this.reader = reader;
        this.catalog = catalog;
        this.allowIncludesOutsideFolder = allowIncludesOutsideFolder;
        this.readAgentFile = readAgentFile;
    }

    public Problems problems() {
        return problems;
    }

    public ScorerCatalog catalog() {
        return catalog;
    }

    public boolean allowIncludesOutsideFolder() {
        return allowIncludesOutsideFolder;
    }

    /** Whether platform suites fall back to the tools of the agent project's {@code <name>.agent.yaml}. */
    public boolean readAgentFile() {
        return readAgentFile;
    }

    /** A file to be read, ranked after every file registered before. */
    public SourceFile file(Path path, String display) {
        return new SourceFile(path, display, nextOrder++);
    }

    /**
     * The {@code globals} of a {@code _defaults.yaml} ({@link FolderDefaults}), read and checked
     * the first time a suite asks; empty when it has none or its problems were reported.
     */
    public Optional<Node> folderDefaults(Path file, String display) {
        Path key = file.toAbsolutePath().normalize();
        Optional<Node> known = folderDefaults.get(key);
        if (known == null) {
            Node root = read(file(file, display));
            known = root == null ? Optional.empty() : FolderDefaults.globals(root);
            folderDefaults.put(key, known);
        }
        return known;
    }

    /** Reads a file; null when it could not be read or parsed (problems say why). */
    public Node read(SourceFile file) {
        YamlValue value = reader.read(file, problems);
        return value == null ? null : Node.root(file, value, problems);
    }
}
