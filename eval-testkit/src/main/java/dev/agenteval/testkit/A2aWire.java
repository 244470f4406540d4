package dev.agenteval.testkit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import dev.agenteval.api.TaskState;
import java.util.Locale;

/**
 * The A2A wire version a {@link FakeA2aAgent} speaks, announced by its agent card.
 *
 * <pre>{@code
 * try (FakeA2aAgent agent = FakeA2aAgent.start(A2aWire.V1_0)) {
 *     // SendMessage, TASK_STATE_COMPLETED, ROLE_AGENT, {"task": {...}} wrappers, no "kind"
 * }
 * }</pre>
 */
@API(status = EXPERIMENTAL)
public enum A2aWire {
    /** A2A 0.3: {@code message/send}, {@code kind} discriminators, states such as {@code input-required}. */
    V0_3("0.3", "message/send"),
    /**
     * A2A 1.0: {@code SendMessage}, no {@code kind}, states such as {@code TASK_STATE_INPUT_REQUIRED},
     * roles {@code ROLE_AGENT}, results wrapped as {@code {"task": {...}}} or {@code {"message": {...}}}.
     */
    V1_0("1.0", "SendMessage");

    private final String version;
    private final String method;

    A2aWire(String version, String method) {
        this.version = version;
        this.method = method;
    }

    /** The version as a card announces it: {@code 0.3} or {@code 1.0}. */
    public String version() {
        return version;
    }

    /** The JSON-RPC method that sends a message: {@code message/send} or {@code SendMessage}. */
    public String sendMethod() {
        return method;
    }

    /** {@code state} as this version spells it: {@code input-required} or {@code TASK_STATE_INPUT_REQUIRED}. */
    public String spell(TaskState state) {
        return this == V0_3 ? state.wireName()
                : "TASK_STATE_" + state.wireName().replace('-', '_').toUpperCase(Locale.ROOT);
    }

    /** The agent's role: {@code agent} or {@code ROLE_AGENT}. */
    String agentRole() {
        return this == V0_3 ? "agent" : "ROLE_AGENT";
    }

    @Override
    public String toString() {
        return "A2A " + version;
    }
}
