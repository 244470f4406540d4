package dev.agenteval.yaml.internal;

import java.nio.file.Path;

/**
 * A file being loaded: its path, how messages name it, and its rank so problems of several
 * files are reported file by file.
 *
 * @param path    the path used to read it
 * @param display the name used in messages (the path as the caller gave it)
 * @param order   the rank of the file among those loaded together
 */
public record SourceFile(Path path, String display, int order) {
}
