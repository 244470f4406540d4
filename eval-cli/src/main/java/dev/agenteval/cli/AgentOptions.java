package dev.agenteval.cli;

import dev.agenteval.spi.AgentClient;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import picocli.CommandLine.Option;

/** The options that name the agent, shared by {@code run} and {@code record} (a picocli mixin). */
final class AgentOptions {

    @Option(names = "--protocol", paramLabel = "ID", description = "Agent protocol (client id), e.g. a2a, agent-service, platform-chat, openai-chat, http. Default: a2a.")
    String protocol;

    @Option(names = "--agent-url", paramLabel = "URL", description = "The agent's base URL.")
    String agentUrl;

    @Option(names = "--env", paramLabel = "NAME", description = "A named target from the targets file (protocol, URL, auth).")
    String env;

    @Option(names = "--external-id", paramLabel = "ID", description = "The agent's external id (platform chat API).")
    String externalId;

    /** True when any of these options is given. */
    boolean given() {
        return protocol != null || agentUrl != null || env != null || externalId != null;
    }

    /** Adds the problems of these options to {@code problems}. */
    void validate(List<String> problems) {
        if (agentUrl != null && env != null) {
            problems.add("--agent-url and --env are alternatives: give one");
        }
        if (agentUrl == null && env == null) {
            problems.add("no agent: give --agent-url URL (with --protocol, default a2a) or --env NAME; there is no default target");
        }
    }

    /** The agent client these options name. */
    AgentClient create(Function<String, String> environment, Path workDir) {
        return Wiring.agent(protocol, agentUrl, env, externalId, environment, workDir);
    }

    /** A description of the agent for fingerprints, without credentials. */
    String describe() {
        return Gating.describeAgent(protocol, agentUrl, env, externalId);
    }
}
