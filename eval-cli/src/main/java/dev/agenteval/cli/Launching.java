package dev.agenteval.cli;

import dev.agenteval.core.Environment;
import dev.agenteval.core.Providers;
import dev.agenteval.launch.Wiring;
import java.util.function.Function;

/** The command line's access to eval-launch: the environment of a command's context. */
final class Launching {

    private Launching() {
    }

    /**
     * The environment: the context's, then a {@code .env} file in the working folder. The values
     * of variables declared secret by {@code providers} (the invocation's, plugins included), or
     * whose names look secret, become secrets of the run, which this process's output is masked
     * with ({@link Wiring#environment}).
     */
    static Function<String, String> environment(AgentEvalCli.Context context, Providers providers) {
        return Wiring.environment(context.environment(), context.workDir().resolve(Environment.DOT_ENV), providers);
    }
}
