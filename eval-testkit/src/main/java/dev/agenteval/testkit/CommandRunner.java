package dev.agenteval.testkit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Runs the {@code agent-eval} command in this JVM, in a working folder and with an environment
 * of the test's choosing, and returns its exit code and output; it never exits the JVM.
 *
 * <pre>{@code
 * CommandRunner agentEval = CommandRunner.in(tempDir).withVariable("AGENT_EVAL_JUDGE_API_KEY", "k");
 * CommandResult r = agentEval.run("run", "suite.yaml", "--agent-url", agent.url().toString());
 * assertThat(r.exitCode()).as(r.toString()).isZero();
 * }</pre>
 *
 * The command comes from eval-cli, found at run time through the thread's context class loader,
 * on the class path or the module path (the class {@code dev.agenteval.cli.AgentEvalCli}, which the
 * module {@code dev.agenteval.cli} exports, and its in-process entry point {@code execute}): the
 * testkit does not depend on eval-cli, so that eval-cli's own tests can use it. A test that runs
 * the command has eval-cli as a (test) dependency. Environment: only what is given here (not the
 * process's), so a run is the same on every machine. Immutable.
 */
@API(status = EXPERIMENTAL)
public final class CommandRunner {

    private static final String CLI = "dev.agenteval.cli.AgentEvalCli";

    private final Path workDir;
    private final Map<String, String> environment;

    private CommandRunner(Path workDir, Map<String, String> environment) {
        this.workDir = Objects.requireNonNull(workDir, "workDir");
        this.environment = Map.copyOf(environment);
    }

    /** A runner in {@code workDir} (relative paths in arguments resolve there; its {@code .env} is read). */
    public static CommandRunner in(Path workDir) {
        return new CommandRunner(workDir, Map.of());
    }

    /** The same runner with exactly {@code environment} as the command's environment variables. */
    public CommandRunner withEnvironment(Map<String, String> environment) {
        return new CommandRunner(workDir, environment);
    }

    /** The same runner with one more environment variable. */
    public CommandRunner withVariable(String name, String value) {
        Map<String, String> more = new HashMap<>(environment);
        more.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
        return new CommandRunner(workDir, more);
    }

    /** The working folder. */
    public Path workDir() {
        return workDir;
    }

    /**
     * Runs {@code agent-eval args...} and waits for it to end.
     *
     * @throws IllegalStateException when eval-cli is not on the class path
     */
    public CommandResult run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new CommandResult(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /**
     * Runs {@code agent-eval args...} writing to {@code out} and {@code err} as it goes (for a
     * command that runs until interrupted, such as {@code demo-agent}, read from another thread);
     * returns its exit code.
     *
     * @throws IllegalStateException when eval-cli is not on the class path
     */
    public int run(String[] args, PrintStream out, PrintStream err) {
        Objects.requireNonNull(args, "args");
        try {
            Class<?> cli = Class.forName(CLI, true, loader());
            Class<?> contextType = Class.forName(CLI + "$Context", true, cli.getClassLoader());
            Object context = contextType.getMethod("of", PrintStream.class, PrintStream.class, Map.class, Path.class)
                    .invoke(null, out, err, environment, workDir);
            Method execute = cli.getMethod("execute", String[].class, contextType);
            return (Integer) execute.invoke(null, args.clone(), context);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("the agent-eval command is not on the class path: add"
                    + " dev.agenteval:eval-cli as a test dependency to run it in-process", e);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("eval-cli on the class path has no in-process entry point "
                    + CLI + ".execute(String[], Context): is it another version than the testkit's?", e);
        }
    }

    private static ClassLoader loader() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context != null ? context : CommandRunner.class.getClassLoader();
    }
}
