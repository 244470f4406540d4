package dev.agenteval.cli;

import dev.agenteval.api.AgentException;
import dev.agenteval.api.FailureCode;
import dev.agenteval.core.InProcessAgent;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.AgentClientProvider;
import dev.agenteval.spi.EnvironmentVariable;
import dev.agenteval.spi.ProviderConfig;
import java.util.List;

/** Test-only agent clients, registered through src/test/resources/META-INF/services. */
final class TestAgents {

    private TestAgents() {
    }

    /** Echoes the input, prefixed with "hello". */
    public static final class Echo implements AgentClientProvider {
        @Override
        public String id() {
            return "test-echo";
        }

        @Override
        public List<EnvironmentVariable> environmentVariables() {
            return List.of(EnvironmentVariable.secret("TEST_ECHO_TOKEN", "Token of the test echo agent."));
        }

        @Override
        public AgentClient create(ProviderConfig config) {
            config.require("url");
            return InProcessAgent.replying(text -> "hello, you said: " + text);
        }
    }

    /** An agent that is never reachable. */
    public static final class Down implements AgentClientProvider {
        @Override
        public String id() {
            return "test-down";
        }

        @Override
        public AgentClient create(ProviderConfig config) {
            return request -> {
                throw new AgentException(FailureCode.NETWORK_ERROR, "connection refused: " + config.require("url"));
            };
        }
    }
}
