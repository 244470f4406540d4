package dev.agenteval.otel;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One span as an {@link OtlpReceiver} received it, with its resource and instrumentation scope.
 *
 * <p>Attribute values are JSON-like: {@link String}, {@link Boolean}, {@link Long}, {@link Double},
 * {@code List<Object>} (an OTLP array), {@code Map<String, Object>} (a key-value list), a
 * {@code bytes} value as its base64 text, and {@code null} for an empty value.
 *
 * @param traceId           the trace id, 32 lower-case hex digits
 * @param spanId            the span id, 16 lower-case hex digits
 * @param parentSpanId      the parent's span id, 16 lower-case hex digits, or null for a root span
 * @param name              the span's name; may be empty
 * @param kind              the span's kind
 * @param startTimeUnixNano the start, in nanoseconds since the epoch
 * @param endTimeUnixNano   the end, in nanoseconds since the epoch
 * @param attributes        the span's attributes in their order; never null
 * @param statusCode        the status code
 * @param statusMessage     the status message; empty when none
 * @param events            the span's events in their order; never null
 * @param resource          the attributes of the resource that produced the span (e.g. {@code service.name})
 * @param scopeName         the instrumentation scope's name; empty when none
 * @param scopeVersion      the instrumentation scope's version; empty when none
 */
@API(status = EXPERIMENTAL)
public record OtlpSpan(String traceId, String spanId, String parentSpanId, String name, Kind kind,
                       long startTimeUnixNano, long endTimeUnixNano, Map<String, Object> attributes,
                       StatusCode statusCode, String statusMessage, List<Event> events,
                       Map<String, Object> resource, String scopeName, String scopeVersion) {

    /** The span kinds of OTLP, in the order of their numbers (0 to 5). */
    @API(status = EXPERIMENTAL)
    public enum Kind { UNSPECIFIED, INTERNAL, SERVER, CLIENT, PRODUCER, CONSUMER }

    /** The status codes of OTLP, in the order of their numbers (0 to 2). */
    @API(status = EXPERIMENTAL)
    public enum StatusCode { UNSET, OK, ERROR }

    /**
     * A span event.
     *
     * @param timeUnixNano when it happened, in nanoseconds since the epoch
     * @param name         the event's name
     * @param attributes   its attributes in their order; never null
     */
    @API(status = EXPERIMENTAL)
    public record Event(long timeUnixNano, String name, Map<String, Object> attributes) {
        /** Copies. */
        public Event {
            name = Objects.requireNonNullElse(name, "");
            attributes = copy(attributes);
        }
    }

    /** Validates and copies. */
    public OtlpSpan {
        requireHex(traceId, 32, "trace id");
        requireHex(spanId, 16, "span id");
        if (parentSpanId != null && parentSpanId.isEmpty()) {
            parentSpanId = null;
        }
        if (parentSpanId != null) {
            requireHex(parentSpanId, 16, "parent span id");
        }
        name = Objects.requireNonNullElse(name, "");
        kind = Objects.requireNonNullElse(kind, Kind.UNSPECIFIED);
        attributes = copy(attributes);
        statusCode = Objects.requireNonNullElse(statusCode, StatusCode.UNSET);
        statusMessage = Objects.requireNonNullElse(statusMessage, "");
        events = events == null ? List.of() : List.copyOf(events);
        resource = copy(resource);
        scopeName = Objects.requireNonNullElse(scopeName, "");
        scopeVersion = Objects.requireNonNullElse(scopeVersion, "");
    }

    /** The attribute's value, or null when the span has none by that key. */
    public Object attribute(String key) {
        return attributes.get(key);
    }

    /** The attribute's value as text (a number or boolean as written), or null when absent or empty. */
    public String stringAttribute(String key) {
        Object v = attributes.get(key);
        return v == null || v instanceof Map || v instanceof List ? null : v.toString();
    }

    /** The resource's {@code service.name}, or null when it has none. */
    public String serviceName() {
        Object v = resource.get("service.name");
        return v == null ? null : v.toString();
    }

    /** True when the span's status is {@link StatusCode#ERROR}. */
    public boolean isError() {
        return statusCode == StatusCode.ERROR;
    }

    /** The span's duration in nanoseconds (0 when the end is before the start). */
    public long durationNanos() {
        return Math.max(0, endTimeUnixNano - startTimeUnixNano);
    }

    private static void requireHex(String id, int digits, String what) {
        if (id == null || id.length() != digits || !id.chars().allMatch(c -> c >= '0' && c <= '9' || c >= 'a' && c <= 'f')) {
            throw new IllegalArgumentException(what + " must be " + digits + " lower-case hex digits but was "
                    + (id == null ? "null" : "'" + id + "'"));
        }
    }

    /** An unmodifiable deep copy that keeps the order and null values. */
    private static Map<String, Object> copy(Map<String, Object> map) {
        if (map == null || map.isEmpty()) {
            return Map.of();
        }
        Map<String, Object> copy = new LinkedHashMap<>();
        map.forEach((k, v) -> copy.put(Objects.requireNonNull(k, "attribute key"), copyValue(v)));
        return Collections.unmodifiableMap(copy);
    }

    @SuppressWarnings("unchecked")
    private static Object copyValue(Object v) {
        if (v instanceof Map<?, ?> m) {
            return copy((Map<String, Object>) m);
        }
        if (v instanceof List<?> l) {
            List<Object> copy = new ArrayList<>(l.size());
            l.forEach(e -> copy.add(copyValue(e)));
            return Collections.unmodifiableList(copy);
        }
        return v;
    }
}
