package dev.agenteval.testkit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agenteval.testkit.internal.Json;
import java.util.Objects;

/**
 * One part of a message or an artifact in an {@link A2aReply}, rendered in the agent's
 * {@linkplain A2aWire wire version}: 0.3 {@code {"kind": "text", "text": ...}}, 1.0
 * {@code {"text": ...}}.
 *
 * <pre>{@code
 * A2aReply.task(TaskState.COMPLETED)
 *         .parts(A2aPart.text("See the data."), A2aPart.data("{\"k\": \"status\"}"))
 *         .artifact(A2aPart.raw("{\"kind\": \"json\", \"data\": {\"k\": \"j\"}}"));
 * }</pre>
 */
@API(status = EXPERIMENTAL)
public final class A2aPart {

    private final String text;
    private final JsonNode data;
    private final JsonNode raw;

    private A2aPart(String text, JsonNode data, JsonNode raw) {
        this.text = text;
        this.data = data;
        this.raw = raw;
    }

    /** A text part. */
    public static A2aPart text(String text) {
        return new A2aPart(Objects.requireNonNull(text, "text"), null, null);
    }

    /**
     * A data part; {@code json} may be any JSON value: {@code data("{\"a\": 1}")}, {@code data("[1, 2]")},
     * {@code data("42")}.
     *
     * @throws IllegalArgumentException quoting {@code json} when it is not JSON
     */
    public static A2aPart data(String json) {
        return new A2aPart(null, Json.parse("the data part", json), null);
    }

    /**
     * A part written verbatim in every version, for shapes the client must tolerate such as
     * {@code {"kind": "json", "data": {...}}}.
     *
     * @throws IllegalArgumentException quoting {@code json} when it is not a JSON object
     */
    public static A2aPart raw(String json) {
        JsonNode part = Json.parse("the part", json);
        if (!part.isObject()) {
            throw new IllegalArgumentException("a part must be a JSON object but was " + json);
        }
        return new A2aPart(null, null, part);
    }

    ObjectNode render(A2aWire wire) {
        if (raw != null) {
            return (ObjectNode) raw.deepCopy();
        }
        ObjectNode p = Json.object();
        if (wire == A2aWire.V0_3) {
            p.put("kind", text != null ? "text" : "data");
        }
        if (text != null) {
            p.put("text", text);
        } else {
            p.set("data", data.deepCopy());
        }
        return p;
    }

    @Override
    public String toString() {
        return text != null ? "text " + text : data != null ? "data " + data : "raw " + raw;
    }
}
