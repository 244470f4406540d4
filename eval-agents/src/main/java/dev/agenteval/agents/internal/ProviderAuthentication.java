package dev.agenteval.agents.internal;

import dev.agenteval.http.Authentication;
import dev.agenteval.spi.AgentClientProvider;
import dev.agenteval.spi.ProviderConfig;
import java.util.Optional;

/**
 * The authentication a built-in provider's client would send, read from its settings the way
 * the client reads them (for {@code agent-eval token}). A provider from elsewhere keeps its
 * authentication to itself: empty.
 */
public final class ProviderAuthentication {

    private ProviderAuthentication() {
    }

    /**
     * The authentication of a client {@code provider} would create from {@code config}; empty
     * when the provider is not built in.
     *
     * @throws dev.agenteval.api.ConfigurationException as creating the client would
     */
    public static Optional<Authentication> of(AgentClientProvider provider, ProviderConfig config) {
        return provider instanceof BaseProvider base ? Optional.of(base.authentication(config)) : Optional.empty();
    }
}
