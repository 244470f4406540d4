package dev.agenteval.cli;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Turns SIGTERM / Ctrl-C into an interrupted run: a shutdown hook interrupts the thread running
 * the suite, which stops its cases, writes the reports of what finished (marked
 * {@code "complete": false}) and returns; the hook waits for that before the JVM exits.
 */
final class Interruption implements AutoCloseable {

    private static final AtomicBoolean SHUTTING_DOWN = new AtomicBoolean();
    private static final long WAIT_MILLIS = 20_000;

    private final Thread hook;

    private Interruption(Thread runner) {
        this.hook = new Thread(() -> {
            SHUTTING_DOWN.set(true);
            runner.interrupt();
            try {
                runner.join(WAIT_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "agent-eval-shutdown");
    }

    /** Interrupts the current thread's run when the JVM is asked to stop; close() to stop watching. */
    static Interruption watch() {
        Interruption i = new Interruption(Thread.currentThread());
        Runtime.getRuntime().addShutdownHook(i.hook);
        return i;
    }

    /** True once a shutdown began: the caller must not call System.exit (the hook is waiting). */
    static boolean shuttingDown() {
        return SHUTTING_DOWN.get();
    }

    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // Shutdown in progress: the hook is running and waits for this thread to finish.
        }
    }
}
