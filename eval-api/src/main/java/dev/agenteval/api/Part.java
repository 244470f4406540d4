package dev.agenteval.api;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.internal.Checks;
import dev.agenteval.api.internal.JsonValues;
import java.util.Map;
import java.util.Optional;

/**
 * One part of a message: text or structured data. Agents answer with parts too; scorers such as
 * {@code jsonpath} and {@code must_include_json} look at the data parts.
 *
 * <pre>{@code
 * Part.text("Hello");
 * Part.data(Map.of("items", List.of(Map.of("type", "TEMP", "value", 38.5))));
 * }</pre>
 */
@API(status = STABLE)
public sealed interface Part permits Part.Text, Part.Data {

    /** A text part. */
    static Text text(String text) {
        return new Text(text);
    }

    /**
     * A structured data part. Usually a JSON object, but any JSON value is allowed (A2A 1.0 data
     * parts carry any JSON value): a map, a list, a string, a number, a boolean or {@code null}.
     *
     * @throws IllegalArgumentException if {@code data} is not a JSON-like value
     */
    static Data data(Object data) {
        return new Data(data);
    }

    /** Plain text. */
    record Text(String text) implements Part {
        /** @throws NullPointerException if {@code text} is null */
        public Text {
            Checks.requireNonNull(text, "text");
        }
    }

    /**
     * A JSON value, deeply immutable: maps keep their insertion order; {@code null} is JSON null.
     *
     * @param data the payload: a {@code Map<String, Object>}, {@code List<Object>}, {@link String},
     *             {@link Number}, {@link Boolean} or {@code null}
     */
    record Data(Object data) implements Part {
        /** Copies {@code data} deeply. */
        public Data {
            data = JsonValues.copy(data, "data");
        }

        /** The payload when it is a JSON object. */
        @SuppressWarnings("unchecked")
        public Optional<Map<String, Object>> object() {
            return data instanceof Map<?, ?> m ? Optional.of((Map<String, Object>) m) : Optional.empty();
        }
    }
}
