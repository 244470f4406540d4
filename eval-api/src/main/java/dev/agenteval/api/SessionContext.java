package dev.agenteval.api;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import java.util.List;
import java.util.Optional;

/**
 * Session context that scopes an agent chat: data models, instance spaces and free-text app
 * context. Each field is optional; {@link #EMPTY} has none. {@code dataModels} and
 * {@code instanceSpaces} must both be present or both absent.
 *
 * @param dataModels     the data models, or null when absent
 * @param instanceSpaces the instance spaces, or null when absent
 * @param appContext     free text such as the active plant, or null when absent
 */
@API(status = STABLE)
public record SessionContext(List<DataModelRef> dataModels, List<String> instanceSpaces, String appContext) {

    /** No session context at all. */
    public static final SessionContext EMPTY = new SessionContext(null, null, null);

    /** Copies lists and checks the pairing rule. */
    public SessionContext {
        dataModels = dataModels == null ? null : List.copyOf(dataModels);
        instanceSpaces = instanceSpaces == null ? null : List.copyOf(instanceSpaces);
        if ((dataModels == null) != (instanceSpaces == null)) {
            throw new IllegalArgumentException(
                    "dataModels and instanceSpaces must both be present or both absent");
        }
    }

    /** Session context with data models and instance spaces. */
    public static SessionContext of(List<DataModelRef> dataModels, List<String> instanceSpaces) {
        return new SessionContext(dataModels, instanceSpaces, null);
    }

    /** A copy with the given app context. */
    public SessionContext withAppContext(String appContext) {
        return new SessionContext(dataModels, instanceSpaces, appContext);
    }

    /** The data models, if set. */
    public Optional<List<DataModelRef>> dataModelsIfSet() {
        return Optional.ofNullable(dataModels);
    }

    /** The instance spaces, if set. */
    public Optional<List<String>> instanceSpacesIfSet() {
        return Optional.ofNullable(instanceSpaces);
    }

    /** The app context, if set. */
    public Optional<String> appContextIfSet() {
        return Optional.ofNullable(appContext);
    }

    /** True when no field is set. */
    public boolean isEmpty() {
        return dataModels == null && instanceSpaces == null && appContext == null;
    }
}
