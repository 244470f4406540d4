package dev.agenteval.common.files;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The rule for every file agent-eval writes in a run (its journal, results files, reports,
 * calibration reports, merged results): it never writes through a symbolic link it did not create.
 * A file opened in place is opened without following a link ({@link LinkOption#NOFOLLOW_LINKS});
 * a file replaced by a rename (which replaces a link, never follows it) is checked first
 * ({@link #refuseLink}), so that both refuse a link with the same message naming the path.
 *
 * <pre>{@code
 * try (FileChannel out = NoFollow.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) { ... }
 * catch (IOException e) { throw new UncheckedIOException(file + ": cannot write: " + NoFollow.reason(e), e); }
 * }</pre>
 */
public final class NoFollow {

    /** Why a symbolic link is not written through, after its path. */
    public static final String LINK_REASON = "a symbolic link; agent-eval does not write through a link it did not"
            + " create (remove the link or choose another path)";

    private NoFollow() {
    }

    /**
     * Opens {@code file} as {@link FileChannel#open(Path, OpenOption...)} does, without following a
     * symbolic link at its last name (the folders above it may be links).
     *
     * @throws FileSystemException naming the file, with {@link #LINK_REASON}, when it is a symbolic link
     */
    public static FileChannel open(Path file, OpenOption... options) throws IOException {
        refuseLink(file);
        Set<OpenOption> noFollow = new HashSet<>(List.of(options));
        noFollow.add(LinkOption.NOFOLLOW_LINKS);
        try {
            return FileChannel.open(file, noFollow);
        } catch (FileSystemException e) {
            refuseLink(file); // made a link since the check: the open refused it (ELOOP); say why
            throw e;
        }
    }

    /**
     * Throws when {@code file} is a symbolic link: for a writer that replaces the file by a rename.
     *
     * @throws FileSystemException naming the file, with {@link #LINK_REASON}
     */
    public static void refuseLink(Path file) throws FileSystemException {
        if (Files.isSymbolicLink(file)) {
            throw new FileSystemException(file.toString(), null, LINK_REASON);
        }
    }

    /**
     * Why {@code file} cannot be written, checked before a run writes it, or empty when it may be: a
     * symbolic link; with {@code inPlace} (a file opened and written where it is, not replaced by a
     * rename, which needs only its folder writable) also an existing file without write permission.
     */
    public static Optional<String> problem(Path file, boolean inPlace) {
        if (Files.isSymbolicLink(file)) {
            return Optional.of(file + " is " + LINK_REASON);
        }
        if (inPlace && Files.exists(file, LinkOption.NOFOLLOW_LINKS) && !Files.isWritable(file)) {
            return Optional.of(file + ": permission denied (the file is not writable)");
        }
        return Optional.empty();
    }

    /**
     * What went wrong, in words a user reads after the path: {@code permission denied}, {@code no
     * such file or folder}, {@link #LINK_REASON}, ... (a {@link FileSystemException}'s message is
     * only its path).
     */
    public static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or folder";
        }
        if (e instanceof NotDirectoryException) {
            return "not a folder";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "it already exists";
        }
        if (e instanceof FileSystemException fs) {
            return fs.getReason() != null ? fs.getReason() : e.getClass().getSimpleName();
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }
}
