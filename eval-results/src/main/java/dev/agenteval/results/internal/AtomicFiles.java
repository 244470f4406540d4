package dev.agenteval.results.internal;

import dev.agenteval.common.files.NoFollow;
import java.io.IOException;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes files so that readers never see partial content: the text goes to a temporary file in the
 * target's folder, which then replaces the target in one move. When writing fails, the previous
 * file is left as it was and the temporary file is deleted. A target that is a symbolic link is
 * refused, naming it ({@link NoFollow#refuseLink}): the rename would replace the link, not write
 * through it, but agent-eval never writes a link it did not create.
 */
public final class AtomicFiles {

    private static final Logger LOG = LoggerFactory.getLogger(AtomicFiles.class);

    /**
     * Writes a file's content; may throw midway. The writer is a {@link Utf8Output}, which also
     * takes text already encoded.
     */
    @FunctionalInterface
    public interface Content {
        /** Writes the content to {@code out}, which encodes UTF-8. */
        void writeTo(Writer out) throws IOException;
    }

    private AtomicFiles() {
    }

    /** Replaces {@code target} with {@code text} in UTF-8, creating parent folders. */
    public static void writeString(Path target, String text) throws IOException {
        Objects.requireNonNull(text, "text");
        write(target, out -> out.write(text));
    }

    /** Replaces {@code target} with what {@code content} writes, in UTF-8, creating parent folders. */
    public static void write(Path target, Content content) throws IOException {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(content, "content");
        Path absolute = target.toAbsolutePath();
        Path dir = absolute.getParent();
        Path fileName = absolute.getFileName();
        if (dir == null || fileName == null) {
            throw new IOException("Cannot write report to '" + target + "': not a file path");
        }
        Files.createDirectories(dir);
        NoFollow.refuseLink(absolute);
        Path temp = createTempSibling(dir, fileName.toString());
        boolean moved = false;
        try {
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                Writer out = new Utf8Output(Channels.newOutputStream(channel));
                content.writeTo(out);
                out.flush();
                // Flushed to disk before the rename, so a crash cannot leave an empty target behind.
                channel.force(true);
            }
            move(temp, absolute);
            moved = true;
        } finally {
            if (!moved) {
                deleteQuietly(temp);
            }
        }
    }

    private static Path createTempSibling(Path dir, String name) throws IOException {
        // Files.createFile keeps the default permissions (umask), unlike Files.createTempFile's 0600,
        // so the report stays readable like any other file the user writes.
        for (int i = 0; ; i++) {
            Path candidate = dir.resolve("." + name + "." + Long.toHexString(ThreadLocalRandom.current().nextLong())
                    + ".tmp");
            try {
                return Files.createFile(candidate);
            } catch (FileAlreadyExistsException e) {
                if (i >= 100) {
                    throw e;
                }
            }
        }
    }

    private static void move(Path source, Path target) throws IOException {
        try {
            Files.move(source, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(source, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static void deleteQuietly(Path temp) {
        try {
            Files.deleteIfExists(temp);
        } catch (IOException | RuntimeException e) {
            // The original failure matters more; a stray temp file is only untidy.
            LOG.warn("Could not delete temporary report file {}", temp, e);
        }
    }
}
