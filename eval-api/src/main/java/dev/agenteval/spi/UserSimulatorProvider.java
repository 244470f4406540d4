package dev.agenteval.spi;

/**
 * Creates {@link UserSimulator}s; found through {@link java.util.ServiceLoader} (register in
 * {@code META-INF/services/dev.agenteval.spi.UserSimulatorProvider}) or registered explicitly.
 */
public interface UserSimulatorProvider extends Provider {

    /** Creates a simulator from settings (base URL, model, ...). */
    UserSimulator create(ProviderConfig config);
}
