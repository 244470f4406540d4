package dev.agenteval.spi;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

/** Creates {@link Judge}s; found through {@link java.util.ServiceLoader} or registered explicitly. */
@API(status = STABLE)
public interface JudgeProvider extends Provider {

    /** Creates a judge from settings (base URL, model, ...). */
    Judge create(ProviderConfig config);
}
