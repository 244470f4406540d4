package dev.agenteval.spi;

/** Creates {@link Judge}s; found through {@link java.util.ServiceLoader} or registered explicitly. */
public interface JudgeProvider extends Provider {

    /** Creates a judge from settings (base URL, model, ...). */
    Judge create(ProviderConfig config);
}
