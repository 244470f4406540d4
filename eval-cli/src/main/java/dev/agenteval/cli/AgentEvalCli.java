package dev.agenteval.cli;

import dev.agenteval.api.AgentException;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.spi.Secrets;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The {@code agent-eval} command. Exit codes: 0 every selected case met its expectation; 1 some
 * did not; 2 the suite or the command line is invalid, or the report folder cannot be written or is
 * held by another run (nothing was sent); 3 the run could not be
 * carried out (the agent was unreachable for every case, the judge preflight failed).
 */
@Command(name = "agent-eval", mixinStandardHelpOptions = true, versionProvider = AgentEvalCli.Version.class,
        description = "Evaluates AI agents: runs suites of cases against an agent and scores every turn.",
        subcommands = {RunCommand.class, ShowCommand.class, ValidateCommand.class, SchemaCommand.class,
                MergeCommand.class, RecordCommand.class, TokenCommand.class, DemoAgentCommand.class,
                CompletionCommand.class, CommandLine.HelpCommand.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every selected case met its expectation (with --threshold: the gate was met)",
                "1:some case did not (or the gate was not met, or --fail-on-regression found a regression)",
                "2:the suite or the command line is invalid, or the report folder is unwritable or held by another run (nothing was sent)",
                "3:the run could not be carried out (agent unreachable for every case, judge preflight failed, --opik health check failed)",
                "4:the run finished and its result files were written, but recording it in Opik (--opik) failed"})
public final class AgentEvalCli implements Callable<Integer> {

    /** Every selected case met its expectation. */
    public static final int OK = 0;
    /** Some case did not meet its expectation. */
    public static final int CASES_FAILED = 1;
    /** The suite or the command line is invalid, or the report folder is unusable; nothing was sent. */
    public static final int INVALID = 2;
    /** The run could not be carried out. */
    public static final int NOT_CARRIED_OUT = 3;
    /** The run finished and its files were written, but recording it in Opik failed. */
    public static final int UPLOAD_FAILED = 4;

    @Spec
    CommandSpec spec;

    @Option(names = "--show", paramLabel = "SUITE", arity = "1..*",
            description = "The same as 'show SUITE...' (the harness's shorthand): lists the cases of suites without running them.")
    List<Path> show = new ArrayList<>();

    private final Context context;

    private AgentEvalCli(Context context) {
        this.context = context;
    }

    /** Runs the command and exits the JVM with its exit code. */
    public static void main(String[] args) {
        // Kept for 'agent-eval token' alone, which prints the one line it exists for past the masking.
        PrintStream unmasked = System.out;
        // Every byte the process writes, log lines included, goes through the run's secrets.
        RedactingOutputStream out = new RedactingOutputStream(System.out, Secrets.shared());
        RedactingOutputStream err = new RedactingOutputStream(System.err, Secrets.shared());
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            out.drain();
            err.drain();
        }, "agent-eval-drain-output"));
        int code = execute(args, new Context(System.out, System.err, System.getenv(), Path.of("").toAbsolutePath(),
                System.console() != null), unmasked);
        out.drain();
        err.drain();
        if (!Interruption.shuttingDown()) {
            System.exit(code);
        }
    }

    /**
     * Runs the command in-process (tests, embedding tools); never exits the JVM. What the command
     * writes to {@code given.out()} and {@code given.err()} is masked with the run's secrets, but
     * for the token {@code agent-eval token} prints (deliberately, on {@code given.out()}).
     */
    public static int execute(String[] args, Context given) {
        return execute(args, given, given.out());
    }

    /**
     * As {@link #execute(String[], Context)}; {@code unmasked} is where {@code agent-eval token}
     * prints its one line past the masking ({@link TokenCommand}), and nothing else writes.
     */
    static int execute(String[] args, Context given, PrintStream unmasked) {
        RedactingOutputStream out = new RedactingOutputStream(given.out(), Secrets.shared());
        RedactingOutputStream err = new RedactingOutputStream(given.err(), Secrets.shared());
        Context context = new Context(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), given.environment(), given.workDir(), given.terminal());
        try {
            return run(args, context, unmasked);
        } finally {
            context.out().flush();
            context.err().flush();
            out.drain();
            err.drain();
        }
    }

    private static int run(String[] args, Context context, PrintStream unmasked) {
        Logging.configure(args);
        CommandLine cli = new CommandLine(new AgentEvalCli(context), new Factory(context, unmasked));
        cli.setOut(new PrintWriter(context.out(), true, StandardCharsets.UTF_8));
        cli.setErr(new PrintWriter(context.err(), true, StandardCharsets.UTF_8));
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            commandLine.getErr().println(message(e));
            return exitCode(e);
        });
        cli.setParameterExceptionHandler((e, a) -> {
            e.getCommandLine().getErr().println(e.getMessage());
            e.getCommandLine().getErr().println("See 'agent-eval " + e.getCommandLine().getCommandName()
                    + " --help' for usage.");
            return INVALID;
        });
        EnvironmentHelp.addTo(cli, context);
        return cli.execute(args);
    }

    @Override
    public Integer call() {
        if (!show.isEmpty()) {
            ShowCommand command = new ShowCommand(context);
            command.suites = show;
            return command.call();
        }
        spec.commandLine().usage(spec.commandLine().getErr());
        return INVALID;
    }

    static int exitCode(Throwable e) {
        if (e instanceof ConfigurationException) {
            return INVALID;
        }
        if (e instanceof AgentException) {
            return NOT_CARRIED_OUT;
        }
        return NOT_CARRIED_OUT;
    }

    static String message(Throwable e) {
        if (e instanceof ConfigurationException c) {
            return "error: " + String.join("\n", c.problems());
        }
        if (e instanceof AgentException) {
            return "error: " + e.getMessage();
        }
        return "error: " + e;
    }

    /**
     * What a command runs against: streams, environment, working folder and whether the output is
     * an interactive terminal.
     *
     * @param out         standard output
     * @param err         standard error
     * @param environment environment variables (a {@code .env} file in the working folder is merged in)
     * @param workDir     the working folder
     * @param terminal    whether {@code err} is an interactive terminal (live progress line)
     */
    public record Context(PrintStream out, PrintStream err, Map<String, String> environment, Path workDir,
                          boolean terminal) {
        /** Copies the environment. */
        public Context {
            environment = Map.copyOf(environment);
        }

        /** The context of a test: no terminal, the given environment. */
        public static Context of(PrintStream out, PrintStream err, Map<String, String> env, Path workDir) {
            return new Context(out, err, env, workDir, false);
        }
    }

    /** Creates commands with the context injected. */
    private record Factory(Context context, PrintStream unmasked) implements CommandLine.IFactory {
        @Override
        public <K> K create(Class<K> cls) throws Exception {
            if (cls == RunCommand.class) {
                return cls.cast(new RunCommand(context));
            }
            if (cls == ShowCommand.class) {
                return cls.cast(new ShowCommand(context));
            }
            if (cls == ValidateCommand.class) {
                return cls.cast(new ValidateCommand(context));
            }
            if (cls == MergeCommand.class) {
                return cls.cast(new MergeCommand(context));
            }
            if (cls == RecordCommand.class) {
                return cls.cast(new RecordCommand(context));
            }
            if (cls == DemoAgentCommand.class) {
                return cls.cast(new DemoAgentCommand(context));
            }
            if (cls == TokenCommand.class) {
                return cls.cast(new TokenCommand(context, unmasked));
            }
            return CommandLine.defaultFactory().create(cls);
        }
    }

    /**
     * The project version: the jar manifest's {@code Implementation-Version}, or, run from classes
     * (tests, an IDE), the {@code version.properties} resource Maven filtered with it.
     */
    static final class Version implements CommandLine.IVersionProvider {
        static final String RESOURCE = "version.properties";

        @Override
        public String[] getVersion() throws java.io.IOException {
            return new String[] {"agent-eval " + projectVersion()};
        }

        static String projectVersion() throws java.io.IOException {
            String v = AgentEvalCli.class.getPackage().getImplementationVersion();
            if (v != null) {
                return v;
            }
            try (java.io.InputStream in = AgentEvalCli.class.getResourceAsStream(RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException("no Implementation-Version in the manifest and no " + RESOURCE + " next to " + AgentEvalCli.class.getName());
                }
                java.util.Properties p = new java.util.Properties();
                p.load(in);
                return p.getProperty("version");
            }
        }
    }
}
