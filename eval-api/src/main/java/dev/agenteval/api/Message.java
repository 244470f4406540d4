package dev.agenteval.api;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.internal.Checks;
import dev.agenteval.api.internal.JsonValues;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A message sent to an agent: a role, its parts and optional metadata passed through verbatim.
 *
 * @param role     {@code "user"} for inputs; never null
 * @param parts    at least one part; never null
 * @param metadata extra message metadata sent as is; never null, may be empty
 */
@API(status = STABLE)
public record Message(String role, List<Part> parts, Map<String, Object> metadata) {

    /** Validates and copies. */
    public Message {
        Checks.requireNonBlank(role, "role");
        parts = List.copyOf(Checks.requireNonNull(parts, "parts"));
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("parts must not be empty");
        }
        metadata = JsonValues.copyMap(metadata, "metadata");
    }

    /** A user message with one text part. */
    public static Message user(String text) {
        return new Message("user", List.of(Part.text(text)), Map.of());
    }

    /** A user message with the given parts. */
    public static Message user(Part... parts) {
        return new Message("user", List.of(parts), Map.of());
    }

    /**
     * What a person reads as this message: its parts in order, each text part as is and each
     * data part as compact JSON, joined by newlines. The same as {@link #text()} for a message of
     * text parts only; for a feature input ({@code Message.user(Part.data(Map.of("asset", "P-101")))})
     * {@code {"asset":"P-101"}}. Reports show turn inputs this way; never null.
     */
    public String readableText() {
        return parts.stream()
                .map(p -> p instanceof Part.Text t ? t.text() : JsonValues.toJson(((Part.Data) p).data()))
                .collect(Collectors.joining("\n"));
    }

    /** The text parts joined by newlines; empty when there are none. */
    public String text() {
        return parts.stream()
                .filter(Part.Text.class::isInstance)
                .map(p -> ((Part.Text) p).text())
                .collect(Collectors.joining("\n"));
    }
}
