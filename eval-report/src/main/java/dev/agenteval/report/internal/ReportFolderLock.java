package dev.agenteval.report.internal;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.report.Reports;
import dev.agenteval.common.files.NoFollow;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A report folder held by one run: {@value #FILE_NAME} in the folder, locked with
 * {@link FileChannel#tryLock} for as long as the run writes there. The lock is the operating
 * system's, so it is released when the run closes it and also when the process ends however it
 * ends (SIGTERM, a crash). The file holds a line naming its holder (process id, start time, what
 * runs), shown to a run that finds the folder taken; the file itself stays, emptied, after a run.
 * It is never deleted: deleting it would let a third run lock a new file while a second still
 * holds the old one.
 *
 * <p>The region locked lies far beyond the holder line, so another process can read that line
 * also where locks are mandatory (Windows).
 */
public final class ReportFolderLock implements Reports.FolderLock {

    /** The lock file's name. */
    public static final String FILE_NAME = ".agent-eval.lock";

    private static final long REGION = Long.MAX_VALUE - 1;
    private static final int MAX_HOLDER_BYTES = 1024;

    private final Path folder;
    private final FileChannel channel;
    private final FileLock lock;
    private final AtomicBoolean closed = new AtomicBoolean();

    private ReportFolderLock(Path folder, FileChannel channel, FileLock lock) {
        this.folder = folder;
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Creates {@code folder} if needed, checks that files can be created in it and locks it.
     *
     * @param owner what runs, shown to another run that finds the folder taken (no secrets)
     * @throws ConfigurationException naming the folder when it cannot be created, is not writable,
     *                                or another run holds it (naming that run)
     */
    public static ReportFolderLock acquire(Path folder, String owner) {
        Path dir = folder.toAbsolutePath().normalize();
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            Path blocker = existingNonFolder(dir);
            throw new ConfigurationException("report folder '" + folder + "' cannot be created: "
                    + (blocker != null ? "'" + blocker + "' is a file, not a folder" : NoFollow.reason(e)), e);
        }
        try {
            Files.delete(Files.createTempFile(dir, ".agent-eval-write-check", ".tmp"));
        } catch (IOException e) {
            throw new ConfigurationException("report folder '" + folder + "' is not writable: " + NoFollow.reason(e), e);
        }
        Path file = dir.resolve(FILE_NAME);
        FileChannel channel;
        try {
            channel = NoFollow.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new ConfigurationException("report folder '" + folder + "' is not writable: cannot open " + file
                    + ": " + NoFollow.reason(e), e);
        }
        FileLock lock;
        try {
            lock = channel.tryLock(REGION, 1, false);
        } catch (OverlappingFileLockException e) {
            lock = null; // held by this process, through another channel: another run in this JVM
        } catch (IOException e) {
            closeQuietly(channel);
            throw new ConfigurationException("report folder '" + folder + "' cannot be locked (" + file + "): "
                    + NoFollow.reason(e), e);
        }
        if (lock == null) {
            String holder = holder(channel);
            closeQuietly(channel);
            throw new ConfigurationException("report folder '" + folder + "' is in use by another run ("
                    + (holder.isEmpty() ? "holder unknown" : holder) + ", lock file " + file
                    + "): two runs writing into one folder would mix their reports; wait for that run to end or"
                    + " write the reports to another folder");
        }
        ReportFolderLock held = new ReportFolderLock(dir, channel, lock);
        try {
            channel.truncate(0);
            channel.write(ByteBuffer.wrap(("pid " + ProcessHandle.current().pid() + ", started "
                    + Instant.now().truncatedTo(ChronoUnit.SECONDS) + ": " + oneLine(owner) + "\n")
                    .getBytes(StandardCharsets.UTF_8)), 0);
        } catch (IOException e) {
            held.close();
            throw new ConfigurationException("report folder '" + folder + "' is not writable: cannot write " + file
                    + ": " + NoFollow.reason(e), e);
        }
        return held;
    }

    @Override
    public Path folder() {
        return folder;
    }

    /** Empties the holder line and releases the lock; idempotent. Also after an interrupt. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        // An interrupted thread would close the channel on the first operation; the lock goes
        // with it either way, but clear the flag so the holder line is emptied too.
        boolean interrupted = Thread.interrupted();
        try {
            channel.truncate(0);
        } catch (IOException e) {
            // The lock matters, not the line: it is released below (or by closing the channel).
        }
        try {
            lock.release();
        } catch (IOException e) {
            // Closing the channel releases it.
        }
        closeQuietly(channel);
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static String holder(FileChannel channel) {
        try {
            ByteBuffer buffer = ByteBuffer.allocate(MAX_HOLDER_BYTES);
            int n = channel.read(buffer, 0);
            return n <= 0 ? "" : oneLine(new String(buffer.array(), 0, n, StandardCharsets.UTF_8));
        } catch (IOException e) {
            return "";
        }
    }

    private static String oneLine(String s) {
        return s == null ? "" : s.strip().replaceAll("\\s+", " ");
    }

    /** The nearest existing ancestor of {@code dir} (or itself) when it is not a folder; else null. */
    private static Path existingNonFolder(Path dir) {
        for (Path p = dir; p != null; p = p.getParent()) {
            if (Files.exists(p)) {
                return Files.isDirectory(p) ? null : p;
            }
        }
        return null;
    }

    private static void closeQuietly(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException e) {
            // Nothing to do: the channel is gone either way.
        }
    }

    @Override
    public String toString() {
        return "ReportFolderLock[" + folder + "]";
    }
}
