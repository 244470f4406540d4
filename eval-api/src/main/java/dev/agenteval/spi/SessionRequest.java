package dev.agenteval.spi;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.SessionContext;
import dev.agenteval.api.ToolSpec;
import dev.agenteval.api.internal.JsonValues;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What an agent client needs to open a session for one case attempt. Placeholders in
 * {@link #agent()} and {@link #agentId()} are already resolved.
 *
 * @param caseId         the case id; never null
 * @param attempt        1-based attempt number (repeats open fresh sessions)
 * @param sessionContext the case's session context; never null
 * @param agent          the case's agent payload (to create an agent from); never null
 * @param agentId        an existing agent to talk to, or null
 * @param tools          the case's declared tools, or null
 */
@API(status = STABLE)
public record SessionRequest(String caseId, int attempt, SessionContext sessionContext, Map<String, Object> agent,
                             String agentId, List<ToolSpec> tools) {

    /** Validates and copies. */
    public SessionRequest {
        Objects.requireNonNull(caseId, "caseId");
        Objects.requireNonNull(sessionContext, "sessionContext");
        agent = JsonValues.copyMap(agent, "agent");
        tools = tools == null ? null : List.copyOf(tools);
    }

    /** A request for a case with no context, payload or tools (for tests). */
    public static SessionRequest of(String caseId) {
        return new SessionRequest(caseId, 1, SessionContext.EMPTY, Map.of(), null, null);
    }

    /** The existing agent id, if any. */
    public Optional<String> agentIdIfSet() {
        return Optional.ofNullable(agentId);
    }
}
