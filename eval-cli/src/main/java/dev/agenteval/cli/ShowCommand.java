package dev.agenteval.cli;

import dev.agenteval.api.Case;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Suite;
import dev.agenteval.api.Turn;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code agent-eval show}: lists the cases of suites without running them. */
@Command(name = "show", mixinStandardHelpOptions = true,
        description = "Lists the cases of suites (id, tags, turns, scorers) without running them.")
final class ShowCommand implements Callable<Integer> {

    /** -v/-q, as every command takes them ({@link Logging} reads them). */
    @picocli.CommandLine.Mixin
    Verbosity verbosity = new Verbosity();

    @Parameters(paramLabel = "SUITE", arity = "1..*", description = "Suite files (YAML) or folders of suites.")
    List<Path> suites;

    @Mixin
    PluginOptions pluginOptions = new PluginOptions();

    private final AgentEvalCli.Context context;
    private final Plugins plugins;

    ShowCommand(AgentEvalCli.Context context) {
        this(context, new Plugins(context));
    }

    ShowCommand(AgentEvalCli.Context context, Plugins plugins) {
        this.context = context;
        this.plugins = plugins;
    }

    @Override
    public Integer call() {
        for (Suite suite : SuiteSources.load(suites, context.workDir(), plugins.providers(pluginOptions.dirs))) {
            context.out().printf("Suite '%s': %d case%s%n", suite.name(), suite.cases().size(), suite.cases().size() == 1 ? "" : "s");
            for (Case c : suite.cases()) {
                context.out().printf("  %s%s%s%s%s%s%n", c.id(), c.tags().isEmpty() ? "" : " [" + String.join(", ", c.tags()) + "]",
                        c.expectPass() ? "" : " (expectPass: false)",
                        c.repeat().map(n -> " repeat " + n).orElse(""),
                        c.passThreshold().map(t -> " passThreshold " + t).orElse(""),
                        c.timeout().map(t -> " timeout " + t.toMillis() / 1000.0 + "s").orElse(""));
                for (int i = 0; i < c.turns().size(); i++) {
                    Turn t = c.turns().get(i);
                    context.out().printf("    turn %d%s: %s%n", i + 1, t.name().map(n -> " (" + n + ")").orElse(""),
                            oneLine(t.input().readableText()));
                    scorers("      scorers", t.scorers());
                }
                c.simulation().ifPresent(sim -> {
                    context.out().printf("    simulated user, up to %d turns, stops when %s: %s%n", sim.maxTurns(),
                            sim.stopWhen().stream().map(Object::toString).collect(Collectors.joining(" or ")),
                            oneLine(sim.goal()));
                    scorers("      scorers of each turn", sim.turnScorers());
                });
                scorers("    conversation scorers", c.conversationScorers());
            }
        }
        return AgentEvalCli.OK;
    }

    private void scorers(String label, java.util.List<ScorerSpec> specs) {
        if (!specs.isEmpty()) {
            context.out().printf("%s: %s%n", label, specs.stream().map(ScorerSpec::type).collect(Collectors.joining(", ")));
        }
    }

    private static String oneLine(String s) {
        String line = s.replace('\n', ' ');
        return line.length() > 100 ? line.substring(0, 100) + "…" : line;
    }
}
