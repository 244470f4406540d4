package dev.agenteval.yaml.internal;

import java.nio.file.Path;

/**
 * What one load shares across its files: the reader, the problems found so far, the scorer
 * catalog, the include policy, and the rank of the next file read.
 */
public final class LoadContext {

    private final YamlReader reader;
    private final Problems problems = new Problems();
    private final ScorerCatalog catalog;
    private final boolean allowIncludesOutsideFolder;
    private int nextOrder;

    public LoadContext(YamlReader reader, ScorerCatalog catalog, boolean allowIncludesOutsideFolder) {
        this.reader = reader;
        this.catalog = catalog;
        this.allowIncludesOutsideFolder = allowIncludesOutsideFolder;
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

    /** A file to be read, ranked after every file registered before. */
    public SourceFile file(Path path, String display) {
        return new SourceFile(path, display, nextOrder++);
    }

    /** Reads a file; null when it could not be read or parsed (problems say why). */
    public Node read(SourceFile file) {
        YamlValue value = reader.read(file, problems);
        return value == null ? null : Node.root(file, value, problems);
    }
}
