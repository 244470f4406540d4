package dev.agenteval.cli;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.testkit.demo.DemoAgent;
import java.io.UncheckedIOException;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code agent-eval demo-agent [--port N]}: serves the demo A2A agent ({@link DemoAgent}) on
 * 127.0.0.1 alone, prints its URL and runs until interrupted (Ctrl-C, SIGTERM, or the thread's
 * interruption in-process), so that {@code agent-eval run SUITE --agent-url URL} can be tried
 * against an agent without writing one.
 */
@Command(name = "demo-agent", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Serves the demo A2A agent (A2A 0.3, JSON-RPC) on 127.0.0.1, prints its URL and runs until"
                + " interrupted (Ctrl-C): an agent to try 'agent-eval run SUITE --agent-url URL' against.",
                "It greets, looks up assets (calling the tools find_assets and get_asset_status), shows vitals"
                        + " (a data part), books check-ups (input-required, then completed) and refuses refunds.",
                "Exit codes: 0 stopped; 2 the port could not be bound."})
final class DemoAgentCommand implements Callable<Integer> {

    @picocli.CommandLine.Mixin
    Verbosity verbosity = new Verbosity();

    @Option(names = "--port", paramLabel = "N", defaultValue = "0",
            description = "The port on 127.0.0.1 (default: 0, a free port).")
    int port;

    private final AgentEvalCli.Context context;

    DemoAgentCommand(AgentEvalCli.Context context) {
        this.context = context;
    }

    @Override
    public Integer call() {
        if (port < 0 || port > 65_535) {
            throw new ConfigurationException("--port must be between 0 and 65535, got " + port);
        }
        DemoAgent agent;
        try {
            agent = DemoAgent.start(port);
        } catch (UncheckedIOException e) {
            throw new ConfigurationException("--port " + port + ": " + e.getMessage());
        }
        // Ctrl-C and SIGTERM interrupt this thread (Interruption), as an in-process caller may.
        Interruption interruption = Interruption.watch();
        try (agent) {
            context.out().println("Demo agent (A2A 0.3, JSON-RPC) listening at " + agent.url());
            context.err().println("Try: agent-eval run SUITE --agent-url " + agent.url() + "   (Ctrl-C stops the agent)");
            context.out().flush();
            context.err().flush();
            new CountDownLatch(1).await();
        } catch (InterruptedException e) {
            // Stopped: the agent is closed on the way out.
        } finally {
            interruption.close();
        }
        context.err().println("Demo agent stopped.");
        return AgentEvalCli.OK;
    }
}
