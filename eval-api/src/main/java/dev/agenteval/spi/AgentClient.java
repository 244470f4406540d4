package dev.agenteval.spi;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

/**
 * Talks to an agent over its protocol. One client serves a whole run and must be thread-safe:
 * the runner opens one {@link AgentSession} per case attempt, concurrently.
 */
@API(status = STABLE)
public interface AgentClient extends AutoCloseable {

    /**
     * Opens a conversation for one case attempt. Clients that create agents (ephemeral agents)
     * may create one here, or lazily on the first message.
     *
     * @throws dev.agenteval.api.AgentException when the session cannot be opened
     */
    AgentSession openSession(SessionRequest request);

    /**
     * Why {@link #openSession} would refuse {@code request}, found without sending anything: a
     * protocol that creates an agent per case, for example, needs the case's agent payload or an
     * agent id. The runner asks it for every case before its first request, and front ends before
     * a run ({@code agent-eval validate --env}), so such a case is refused with the suite rather
     * than errored in the run. Empty when the session can be opened; empty by default.
     *
     * @return a sentence about the request (the caller names the case), or empty
     */
    default java.util.Optional<String> sessionProblem(SessionRequest request) {
        return java.util.Optional.empty();
    }

    /**
     * True when the client's sessions run the agent's tools in process and answer calls with the
     * {@linkplain TurnContext#mocks() turn's tool mocks} instead of running the tools. A run
     * refuses a case that declares mocks for a client that does not (a remote protocol cannot be
     * told what a tool returns). False by default.
     */
    default boolean honoursToolMocks() {
        return false;
    }

    /**
     * What the agent itself reports of the configuration that decides its behaviour (an A2A
     * agent's card: skills, capabilities, version, ...), for the run's
     * {@link dev.agenteval.api.Fingerprint}: a result of an agent whose configuration changed does
     * not meet a gate. Top-level {@code name} and {@code description} are ignored (renaming an
     * agent or rewording its description needs no new run). Empty by default; called after the
     * run's sessions, or by a front end checking a stored result.
     *
     * @throws dev.agenteval.api.AgentException when the agent cannot be asked
     */
    default java.util.Map<String, Object> configuration() throws InterruptedException {
        return java.util.Map.of();
    }

    /**
     * The agent this client reaches, for the run's {@link dev.agenteval.api.Fingerprint} when the
     * runner is given no {@code agentDescription}: never a secret. The built-in clients answer
     * with their protocol and URL without user info, query or fragment (e.g.
     * {@code a2a http://localhost:8080/}), so that a result names its target, not a class. By
     * default the client's class name (a lambda's without its per-JVM suffix).
     */
    default String description() {
        String name = getClass().getName();
        int lambda = name.indexOf("$$Lambda");
        if (lambda >= 0) {
            return name.substring(0, lambda) + "$$Lambda";
        }
        int hidden = name.indexOf('/');
        return hidden >= 0 ? name.substring(0, hidden) : name;
    }

    /** Releases resources held by the client. */
    @Override
    default void close() {
    }
}
