package dev.agenteval.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code agent-eval} itself, above its commands: its help and version, {@code -v}/{@code -q}, and
 * {@code --show}. Run by {@link AgentEvalCli}, which adds the commands.
 */
@Command(name = "agent-eval", mixinStandardHelpOptions = true, versionProvider = AgentEvalCli.Version.class,
        description = "Evaluates AI agents: runs suites of cases against an agent and scores every turn.",
        exitCodeListHeading = "%nExit codes:%n")
final class TopCommand implements Callable<Integer> {

    /** -v/-q, as every command takes them ({@link Logging} reads them). */
    @Mixin
    Verbosity verbosity = new Verbosity();

    @Spec
    CommandSpec spec;

    @Option(names = "--show", paramLabel = "SUITE", arity = "1..*",
            description = "The same as 'show SUITE...' (the harness's shorthand): lists the cases of suites without running them.")
    List<Path> show = new ArrayList<>();

    private final AgentEvalCli.Context context;
    private final Plugins plugins;

    TopCommand(AgentEvalCli.Context context, Plugins plugins) {
        this.context = context;
        this.plugins = plugins;
    }

    @Override
    public Integer call() {
        if (!show.isEmpty()) {
            ShowCommand command = new ShowCommand(context, plugins);
            command.suites = show;
            return command.call();
        }
        spec.commandLine().usage(spec.commandLine().getErr());
        return AgentEvalCli.INVALID;
    }
}
