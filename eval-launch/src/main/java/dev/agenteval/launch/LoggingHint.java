package dev.agenteval.launch;

import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.ILoggerFactory;
import org.slf4j.LoggerFactory;
import org.slf4j.helpers.NOPLoggerFactory;

/**
 * Says once per process which binding to add when no SLF4J provider is on the class path: SLF4J
 * then prints only "No SLF4J providers were found" and drops agent-eval's log, its warnings too.
 */
final class LoggingHint {

    /** What is printed, once. */
    static final String TEXT = "agent-eval: no SLF4J provider on the class path, so agent-eval's log (its warnings"
            + " too) is dropped; add one, e.g. the dependency org.slf4j:slf4j-simple (with <scope>test</scope> in a"
            + " JUnit build)";

    private static final AtomicBoolean SHOWN = new AtomicBoolean();

    private LoggingHint() {
    }

    /** Prints {@link #TEXT} to standard error the first time it is called in a process without a provider. */
    static void once() {
        once(LoggerFactory.getILoggerFactory(), System.err, SHOWN);
    }

    /** Prints {@link #TEXT} to {@code err} when {@code factory} drops everything and {@code shown} was false. */
    static void once(ILoggerFactory factory, PrintStream err, AtomicBoolean shown) {
        if (factory instanceof NOPLoggerFactory && shown.compareAndSet(false, true)) {
            err.println(TEXT);
        }
    }
}
