package dev.agenteval.cli;

import static org.apiguardian.api.API.Status.MAINTAINED;

import dev.agenteval.api.AgentException;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.spi.Secrets;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code agent-eval} command. Exit codes: 0 every selected case met its expectation; 1 some
 * did not; 2 the suite or the command line is invalid, or the report folder cannot be written or is
 * held by another run (nothing was sent); 3 the run could not be
 * carried out (the agent was unreachable for every case, the judge preflight failed); 4 recording
 * in Opik failed; 130 interrupted. {@link ExitCode} declares them for {@code --help} and the README.
 * The one exported type of eval-cli: {@link #main} and, in-process, {@link #execute}; the command
 * itself is {@link TopCommand}.
 */
@API(status = MAINTAINED)
public final class AgentEvalCli {

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
    /** The run was interrupted (Ctrl-C, SIGTERM); its reports hold the cases that finished. */
    public static final int INTERRUPTED = 130;

    private AgentEvalCli() {
    }

    /** Runs the command and exits the JVM with its exit code. */
    public static void main(String[] args) {
        warmUp(args);
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
            releaseSelectors();
            System.exit(code);
        }
        // Stopped by a signal: the run has written what finished and released its folder; without
        // this the JVM would end with the signal's own status (143 for SIGTERM), not INTERRUPTED.
        // (System.exit would wait for the shutdown hook, which waits for this thread.)
        Runtime.getRuntime().halt(code);
    }

    /**
     * Lets the JDK HTTP clients' selector threads end before the JVM exits. The JVM's exit waits
     * up to 300 ms for every thread running native code to come back (HotSpot's
     * {@code VM_Exit::wait_for_threads_in_native_to_block}), and a selector thread waits in
     * {@code epoll_wait} until its client is closed, which Java 17's {@code HttpClient} cannot be:
     * interrupted, it returns from the wait and ends. Only at the process's exit, when nothing
     * sends any more.
     */
    static void releaseSelectors() {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            String name = t.getName();
            if (t.isDaemon() && name.startsWith("HttpClient-") && name.endsWith("-SelectorManager")) {
                t.interrupt();
            }
        }
    }

    /**
     * Starts, on a spare core, the part of a run's start that does not depend on its options:
     * the JDK's default TLS context, which creating any HTTP client builds (reading the trust
     * store), while the main thread reads the options and the suites. Only for the commands that
     * talk to an agent; the process entry only (an embedding tool warms up its own way).
     */
    private static void warmUp(String[] args) {
        if (args.length == 0 || !WARMED_UP_COMMANDS.contains(args[0])) {
            return;
        }
        Thread warmUp = new Thread(() -> {
            try {
                javax.net.ssl.SSLContext.getDefault();
            } catch (java.security.NoSuchAlgorithmException | RuntimeException e) {
                // The client that needs it reports the problem.
            }
        }, "agent-eval-warm-up");
        warmUp.setDaemon(true);
        warmUp.start();
    }

    private static final java.util.Set<String> WARMED_UP_COMMANDS = java.util.Set.of("run", "record");

    /** The commands, in the order help lists them. */
    private static final List<Class<?>> COMMANDS = List.of(RunCommand.class, ShowCommand.class, ValidateCommand.class,
            SchemaCommand.class, MergeCommand.class, RecordCommand.class, CalibrateCommand.class, TokenCommand.class,
            SampleSizeCommand.class, DemoAgentCommand.class,
            CompletionCommand.class, CommandLine.HelpCommand.class);

    /**
     * The commands {@code args} needs: the one it names first, none for {@code --version}, or all
     * of them (help, completion, an unknown or no command). Building a command's model reads all its options by reflection,
     * a cost paid before every run if every command were built.
     */
    static List<Class<?>> commandsFor(String[] args) {
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            return List.of();
        }
        if (args.length > 0) {
            for (Class<?> c : COMMANDS) {
                if (c != CommandLine.HelpCommand.class && c != CompletionCommand.class
                        && c.getAnnotation(Command.class).name().equals(args[0])) {
                    return List.of(c);
                }
            }
        }
        return COMMANDS;
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
        // One class loader per invocation (the plugin jars of --plugin-path), closed when it ends.
        try (Plugins plugins = new Plugins(context)) {
            return run(args, context, unmasked, plugins);
        }
    }

    private static int run(String[] args, Context context, PrintStream unmasked, Plugins plugins) {
        Logging.configure(args);
        CommandLine cli = new CommandLine(new TopCommand(context, plugins), new Factory(context, unmasked, plugins));
        commandsFor(args).forEach(cli::addSubcommand);
        cli.setOut(new PrintWriter(context.out(), true, StandardCharsets.UTF_8));
        cli.setErr(new PrintWriter(context.err(), true, StandardCharsets.UTF_8));
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            commandLine.getErr().println(message(e));
            return exitCode(e);
        });
        cli.setParameterExceptionHandler((e, a) -> {
            CommandLine where = e.getCommandLine();
            String unknown = unknownCommand(e);
            if (unknown != null) {
                return unknownCommand(where, unknown);
            }
            where.getErr().println(e.getMessage() + unknownOptionHint(e));
            where.getErr().println(seeHelp(where));
            return INVALID;
        });
        cli.setExecutionStrategy(parseResult -> {
            // With --help picocli does not report an unmatched argument: 'agent-eval valdate --help'
            // would print the top command's help and exit 0.
            CommandLine.ParseResult last = parseResult;
            while (last.hasSubcommand()) {
                last = last.subcommand();
            }
            if (last.commandSpec() == parseResult.commandSpec() && !last.unmatched().isEmpty()
                    && !last.unmatched().get(0).startsWith("-")) {
                return unknownCommand(last.commandSpec().commandLine(), last.unmatched().get(0));
            }
            if (last.commandSpec().userObject() instanceof CommandLine.HelpCommand && !last.matchedPositionals().isEmpty()) {
                String named = last.matchedPositionals().get(0).stringValues().get(0);
                if (!cli.getSubcommands().containsKey(named)) {
                    return unknownCommand(cli, named);
                }
            }
            return new CommandLine.RunLast().execute(parseResult);
        });
        cli.getCommandSpec().usageMessage().exitCodeList(ExitCode.helpList());
        CommandLine run = cli.getSubcommands().get("run");
        if (run != null) {
            run.getCommandSpec().usageMessage().exitCodeListHeading("%nExit codes:%n").exitCodeList(ExitCode.helpList());
        }
        EnvironmentHelp.addTo(cli, context, plugins);
        FormatHelp.addTo(cli, plugins);
        return cli.execute(args);
    }

    /** {@code "See 'agent-eval run --help' for usage."}: the command's qualified name, once. */
    static String seeHelp(CommandLine command) {
        return "See '" + command.getCommandSpec().qualifiedName() + " --help' for usage.";
    }

    /** The command {@code e} found unknown, when {@code e} is about the first argument of a command that has subcommands. */
    private static String unknownCommand(CommandLine.ParameterException e) {
        if (e instanceof CommandLine.UnmatchedArgumentException u && !u.getCommandLine().getSubcommands().isEmpty()
                && !u.getUnmatched().isEmpty() && !u.getUnmatched().get(0).startsWith("-")
                && u.getCommandLine().getParent() == null) {
            return u.getUnmatched().get(0);
        }
        return null;
    }

    /** Exit 2 naming the unknown command, the closest known one and every command. */
    private static int unknownCommand(CommandLine parent, String name) {
        java.util.Set<String> commands = parent.getSubcommands().keySet();
        PrintWriter err = parent.getErr();
        err.println("error: unknown command '" + name + "'"
                + dev.agenteval.common.text.Suggestions.didYouMean(name, commands));
        err.println("Commands: " + String.join(", ", commands));
        err.println(seeHelp(parent));
        return INVALID;
    }

    /** {@code " — did you mean '--report-dir'?"} for an unknown option close to one of the command's. */
    private static String unknownOptionHint(CommandLine.ParameterException e) {
        if (e instanceof CommandLine.UnmatchedArgumentException u && !u.getUnmatched().isEmpty()
                && u.getUnmatched().get(0).startsWith("-")) {
            String given = u.getUnmatched().get(0);
            int eq = given.indexOf('=');
            return dev.agenteval.common.text.Suggestions.didYouMean(eq > 0 ? given.substring(0, eq) : given,
                    e.getCommandLine().getCommandSpec().optionsMap().keySet());
        }
        return "";
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
            // One line per problem, each marked: a tool reading the lines (the Maven plugin's log) finds them all.
            return c.problems().stream().map(p -> "error: " + p).collect(java.util.stream.Collectors.joining("\n"));
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
    private record Factory(Context context, PrintStream unmasked, Plugins plugins) implements CommandLine.IFactory {
        @Override
        public <K> K create(Class<K> cls) throws Exception {
            if (cls == RunCommand.class) {
                return cls.cast(new RunCommand(context, plugins));
            }
            if (cls == ShowCommand.class) {
                return cls.cast(new ShowCommand(context, plugins));
            }
            if (cls == ValidateCommand.class) {
                return cls.cast(new ValidateCommand(context, plugins));
            }
            if (cls == MergeCommand.class) {
                return cls.cast(new MergeCommand(context, plugins));
            }
            if (cls == RecordCommand.class) {
                return cls.cast(new RecordCommand(context, plugins));
            }
            if (cls == CalibrateCommand.class) {
                return cls.cast(new CalibrateCommand(context, plugins));
            }
            if (cls == DemoAgentCommand.class) {
                return cls.cast(new DemoAgentCommand(context));
            }
            if (cls == TokenCommand.class) {
                return cls.cast(new TokenCommand(context, unmasked, plugins));
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
