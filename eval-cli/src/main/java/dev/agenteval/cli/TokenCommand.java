package dev.agenteval.cli;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.core.Providers;
import dev.agenteval.http.Authentication;
import dev.agenteval.launch.Settings;
import dev.agenteval.launch.Wiring;
import dev.agenteval.spi.Secrets;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code agent-eval token}: prints the access token a run against the same agent would send (the
 * harness's {@code get_token.py}), obtained through the same {@link Authentication} as the run:
 * the static token, or one fetched with the OAuth2 client credentials.
 *
 * <p>Everything the command line writes is masked with the run's secrets
 * ({@link RedactingOutputStream}), and the token is one of them. This command exists to show it,
 * so it writes exactly one line, the token, to the unmasked standard output, deliberately; it
 * never logs it, and every other line (errors included) stays masked.
 */
@Command(name = "token", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Prints the access token a run against the agent would send (--env NAME, or --agent-url with"
                + " --protocol), for manual checks: the static token, or one fetched with the OAuth2 client credentials.",
                "The token is the only line on standard output, written past the masking of secrets that all other"
                        + " output goes through; it is never logged.",
                "Exit codes: 0 printed; 2 invalid command line, missing credentials or an agent without a bearer token"
                        + " (nothing sent); 3 the token could not be fetched."})
final class TokenCommand implements Callable<Integer> {

    /** -v/-q, as every command takes them ({@link Logging} reads them). */
    @picocli.CommandLine.Mixin
    Verbosity verbosity = new Verbosity();

    private static final String BEARER = "Bearer ";

    @Mixin
    AgentOptions agentOptions = new AgentOptions();

    @Mixin
    PluginOptions pluginOptions = new PluginOptions();

    private final AgentEvalCli.Context context;
    private final PrintStream unmasked;
    private final Plugins plugins;

    TokenCommand(AgentEvalCli.Context context, PrintStream unmasked) {
        this(context, unmasked, new Plugins(context));
    }

    TokenCommand(AgentEvalCli.Context context, PrintStream unmasked, Plugins plugins) {
        this.context = context;
        this.unmasked = unmasked;
        this.plugins = plugins;
    }

    @Override
    public Integer call() {
        // Discovered once: the environment's declared variables and the agent's protocol come from it.
        Providers providers = plugins.providers(pluginOptions.dirs);
        Function<String, String> environment = Launching.environment(context, providers);
        Settings settings = Settings.commandLine(agentOptions.values(), environment);
        List<String> problems = new ArrayList<>();
        problems.addAll(agentOptions.agentProblems(settings));
        if (!problems.isEmpty()) {
            throw new ConfigurationException(problems);
        }
        Authentication authentication = Wiring.authentication(settings, environment, context.workDir(), providers);
        Map<String, String> headers;
        try {
            headers = authentication.headers();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            context.err().println("Interrupted: no token.");
            return AgentEvalCli.INTERRUPTED;
        }
        String authorization = headers.get("Authorization");
        if (authorization == null || !authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            throw new ConfigurationException("the agent sends no bearer token (" + authentication
                    + "): there is no token to print");
        }
        String token = authorization.substring(BEARER.length()).strip();
        // Masked wherever else it might appear; printed here on purpose.
        Secrets.shared().add(token);
        context.out().flush();
        context.err().flush();
        unmasked.println(token);
        unmasked.flush();
        return AgentEvalCli.OK;
    }
}
