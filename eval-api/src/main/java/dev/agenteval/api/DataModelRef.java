package dev.agenteval.api;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.internal.Checks;

/**
 * A data model the agent may query (session context of the platform chat API).
 *
 * @param space      the model's space; never blank
 * @param externalId the model's external id; never blank
 * @param version    the model's version; never blank
 */
@API(status = STABLE)
public record DataModelRef(String space, String externalId, String version) {

    /** Validates that every field is non-blank. */
    public DataModelRef {
        Checks.requireNonBlank(space, "dataModels.space");
        Checks.requireNonBlank(externalId, "dataModels.externalId");
        Checks.requireNonBlank(version, "dataModels.version");
    }
}
