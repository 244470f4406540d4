package dev.agenteval.spi;

/**
 * Creates {@link AgentClient}s for one protocol; found through {@link java.util.ServiceLoader}
 * (register in {@code META-INF/services/dev.agenteval.spi.AgentClientProvider}) or registered
 * explicitly.
 */
public interface AgentClientProvider extends Provider {

    /** Creates a client from settings (base URL, auth, ...). */
    AgentClient create(ProviderConfig config);
}
