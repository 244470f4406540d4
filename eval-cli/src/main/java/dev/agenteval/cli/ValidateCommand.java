package dev.agenteval.cli;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Suite;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code agent-eval validate}: reports every problem of suites with its location; sends nothing. */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = "Checks suites and reports every problem with file:line:column; sends nothing.")
final class ValidateCommand implements Callable<Integer> {

    @Parameters(paramLabel = "SUITE", arity = "1..*", description = "Suite files (YAML) or folders of suites.")
    List<Path> suites;

    private final AgentEvalCli.Context context;

    ValidateCommand(AgentEvalCli.Context context) {
        this.context = context;
    }

    @Override
    public Integer call() {
        List<Suite> loaded;
        try {
            loaded = SuiteSources.load(suites, context.workDir());
        } catch (ConfigurationException e) {
            e.problems().forEach(context.err()::println);
            context.err().printf("%d problem%s%n", e.problems().size(), e.problems().size() == 1 ? "" : "s");
            return AgentEvalCli.INVALID;
        }
        for (Suite s : loaded) {
            context.out().printf("OK %s: %d case%s%n", s.name(), s.cases().size(), s.cases().size() == 1 ? "" : "s");
        }
        return AgentEvalCli.OK;
    }
}
