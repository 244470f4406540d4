package dev.agenteval.api;

import dev.agenteval.api.internal.Checks;
import dev.agenteval.api.internal.JsonValues;
import java.util.Map;

/**
 * One part of a message: text or structured data. Agents answer with parts too; scorers such as
 * {@code jsonpath} and {@code must_include_json} look at the data parts.
 *
 * <pre>{@code
 * Part.text("Hello");
 * Part.data(Map.of("items", List.of(Map.of("type", "TEMP", "value", 38.5))));
 * }</pre>
 */
public sealed interface Part permits Part.Text, Part.Data {

    /** A text part. */
    static Text text(String text) {
        return new Text(text);
    }

    /** A structured data part (a JSON object). */
    static Data data(Map<String, ?> data) {
        return new Data(JsonValues.copyMap(Checks.requireNonNull(data, "data"), "data"));
    }

    /** Plain text. */
    record Text(String text) implements Part {
        /** @throws NullPointerException if {@code text} is null */
        public Text {
            Checks.requireNonNull(text, "text");
        }
    }

    /** A JSON object; an immutable, insertion-ordered map of JSON-like values. */
    record Data(Map<String, Object> data) implements Part {
        /** Copies {@code data} deeply. */
        public Data {
            data = JsonValues.copyMap(Checks.requireNonNull(data, "data"), "data");
        }
    }
}
