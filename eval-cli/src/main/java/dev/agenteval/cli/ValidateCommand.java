package dev.agenteval.cli;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Suite;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code agent-eval validate}: every check {@code run} makes before its first request, with the
 * same options, without sending anything; the agent options are optional (given, the agent's
 * configuration and credentials are checked too, and what its protocol needs of each case).
 */
@Command(name = "validate", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Checks suites and reports every problem with file:line:column; sends nothing.",
                "Makes every check 'run' makes before its first request, and accepts run's options: the suite files,"
                        + " scorer parameters, {{placeholders}}, env: variables (read from the environment and .env),"
                        + " a judge for judge scorers (--judge, --judge-url, --judge-model or AGENT_EVAL_JUDGE*),"
                        + " the selection (--case, --tag, --shard), --baseline, the report folder, and, when"
                        + " --agent-url or --env is given, the agent's configuration and credentials and what its"
                        + " protocol needs of each case (agent-service: an agent payload or agent_id)."})
final class ValidateCommand implements Callable<Integer> {

    @Mixin
    RunOptions options = new RunOptions();

    private final AgentEvalCli.Context context;
    private final Plugins plugins;

    ValidateCommand(AgentEvalCli.Context context) {
        this(context, new Plugins(context));
    }

    ValidateCommand(AgentEvalCli.Context context, Plugins plugins) {
        this.context = context;
        this.plugins = plugins;
    }

    @Override
    public Integer call() {
        Preflight.Plan plan;
        try {
            plan = Preflight.check(options, context, false, plugins);
        } catch (ConfigurationException e) {
            e.problems().forEach(context.err()::println);
            context.err().printf("%d problem%s%n", e.problems().size(), e.problems().size() == 1 ? "" : "s");
            return AgentEvalCli.INVALID;
        }
        try (plan) {
            for (Suite s : plan.suites()) {
                context.out().printf("OK %s: %d case%s%n", s.name(), s.cases().size(), s.cases().size() == 1 ? "" : "s");
            }
        }
        return AgentEvalCli.OK;
    }
}
