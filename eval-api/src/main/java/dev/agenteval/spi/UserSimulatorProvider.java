package dev.agenteval.spi;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

/**
 * Creates {@link UserSimulator}s; found through {@link java.util.ServiceLoader} (register in
 * {@code META-INF/services/dev.agenteval.spi.UserSimulatorProvider}) or registered explicitly.
 */
@API(status = STABLE)
public interface UserSimulatorProvider extends Provider {

    /** Creates a simulator from settings (base URL, model, ...). */
    UserSimulator create(ProviderConfig config);
}
