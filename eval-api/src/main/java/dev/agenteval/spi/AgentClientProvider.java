package dev.agenteval.spi;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

/**
 * Creates {@link AgentClient}s for one protocol; found through {@link java.util.ServiceLoader}
 * (register in {@code META-INF/services/dev.agenteval.spi.AgentClientProvider}) or registered
 * explicitly.
 */
@API(status = STABLE)
public interface AgentClientProvider extends Provider {

    /** Creates a client from settings (base URL, auth, ...). */
    AgentClient create(ProviderConfig config);
}
