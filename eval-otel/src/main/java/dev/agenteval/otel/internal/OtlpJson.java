package dev.agenteval.otel.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.otel.OtlpSpan;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Decodes an OTLP {@code ExportTraceServiceRequest} in the JSON encoding (OTLP/JSON, the protobuf
 * JSON mapping with OTLP's changes): keys in lowerCamelCase (the proto's snake_case names are
 * accepted too, as protobuf JSON parsers do), trace and span ids as hex text (not base64), enums as
 * numbers (their proto names are accepted too), 64-bit integers as numbers or decimal text, a
 * {@code bytesValue} in base64. Unknown keys are ignored. Not API.
 */
public final class OtlpJson {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private OtlpJson() {
    }

    /** The spans of one request, in their order; throws {@link MalformedOtlpException} naming the field. */
    public static List<OtlpSpan> decode(byte[] body) {
        JsonNode root;
        try {
            root = MAPPER.readTree(body);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw new MalformedOtlpException("malformed JSON" + (at == null ? "" : " at line " + at.getLineNr()
                    + ", column " + at.getColumnNr()) + ": " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new MalformedOtlpException("unreadable JSON: " + e.getMessage(), e);
        }
        if (root == null || root.isMissingNode()) {
            throw new MalformedOtlpException("empty JSON body: an ExportTraceServiceRequest object was expected");
        }
        requireObject(root, "ExportTraceServiceRequest");
        List<OtlpSpan> spans = new ArrayList<>();
        List<JsonNode> resourceSpans = array(root, "resourceSpans", "resourceSpans");
        for (int i = 0; i < resourceSpans.size(); i++) {
            String path = "resourceSpans[" + i + "]";
            JsonNode rs = requireObject(resourceSpans.get(i), path);
            JsonNode resource = field(rs, "resource");
            Map<String, Object> resourceAttributes = resource == null ? Map.of()
                    : attributes(requireObject(resource, path + ".resource"), path + ".resource");
            List<JsonNode> scopeSpans = array(rs, "scopeSpans", path + ".scopeSpans");
            for (int j = 0; j < scopeSpans.size(); j++) {
                String sp = path + ".scopeSpans[" + j + "]";
                JsonNode ss = requireObject(scopeSpans.get(j), sp);
                JsonNode scope = field(ss, "scope");
                String scopeName = scope == null ? "" : text(requireObject(scope, sp + ".scope"), "name", sp + ".scope");
                String scopeVersion = scope == null ? "" : text(scope, "version", sp + ".scope");
                List<JsonNode> list = array(ss, "spans", sp + ".spans");
                for (int k = 0; k < list.size(); k++) {
                    spans.add(span(requireObject(list.get(k), sp + ".spans[" + k + "]"), sp + ".spans[" + k + "]",
                            resourceAttributes, scopeName, scopeVersion));
                }
            }
        }
        return spans;
    }

    private static OtlpSpan span(JsonNode s, String path, Map<String, Object> resource, String scopeName,
                                 String scopeVersion) {
        String traceId = id(s, "traceId", 32, path);
        String spanId = id(s, "spanId", 16, path);
        if (traceId == null) {
            throw new MalformedOtlpException(path + ".traceId: missing (a span needs a trace id of 32 hex digits)");
        }
        if (spanId == null) {
            throw new MalformedOtlpException(path + ".spanId: missing (a span needs a span id of 16 hex digits)");
        }
        List<OtlpSpan.Event> events = new ArrayList<>();
        List<JsonNode> eventNodes = array(s, "events", path + ".events");
        for (int i = 0; i < eventNodes.size(); i++) {
            String ep = path + ".events[" + i + "]";
            JsonNode e = requireObject(eventNodes.get(i), ep);
            events.add(new OtlpSpan.Event(int64(e, "timeUnixNano", ep), text(e, "name", ep), attributes(e, ep)));
        }
        JsonNode status = field(s, "status");
        OtlpSpan.StatusCode code = OtlpSpan.StatusCode.UNSET;
        String message = "";
        if (status != null) {
            requireObject(status, path + ".status");
            JsonNode c = field(status, "code");
            if (c != null && !c.isNull()) {
                code = c.isTextual() && OtlpEnums.statusCodeNamed(c.asText()) != null
                        ? OtlpEnums.statusCodeNamed(c.asText())
                        : OtlpEnums.statusCode(int64(status, "code", path + ".status"));
            }
            message = text(status, "message", path + ".status");
        }
        JsonNode kindNode = field(s, "kind");
        OtlpSpan.Kind kind = kindNode != null && kindNode.isTextual() && OtlpEnums.kindNamed(kindNode.asText()) != null
                ? OtlpEnums.kindNamed(kindNode.asText()) : OtlpEnums.kind(int64(s, "kind", path));
        return new OtlpSpan(traceId, spanId, id(s, "parentSpanId", 16, path), text(s, "name", path), kind,
                int64(s, "startTimeUnixNano", path), int64(s, "endTimeUnixNano", path), attributes(s, path), code,
                message, events, resource, scopeName, scopeVersion);
    }

    /** The {@code attributes} array of key-values of an object; empty when absent. */
    private static Map<String, Object> attributes(JsonNode owner, String path) {
        Map<String, Object> out = new LinkedHashMap<>();
        keyValues(array(owner, "attributes", path + ".attributes"), path + ".attributes", out);
        return out;
    }

    private static void keyValues(List<JsonNode> list, String path, Map<String, Object> out) {
        for (int i = 0; i < list.size(); i++) {
            String p = path + "[" + i + "]";
            JsonNode kv = requireObject(list.get(i), p);
            JsonNode key = field(kv, "key");
            if (key == null || !key.isTextual()) {
                throw new MalformedOtlpException(p + ".key: a key-value needs a string key");
            }
            JsonNode value = field(kv, "value");
            out.put(key.asText(), value == null || value.isNull() ? null
                    : anyValue(requireObject(value, p + ".value"), path + "[" + key.asText() + "]"));
        }
    }

    /** AnyValue: the one of stringValue, boolValue, intValue, doubleValue, arrayValue, kvlistValue, bytesValue. */
    private static Object anyValue(JsonNode v, String path) {
        JsonNode n;
        if ((n = field(v, "stringValue")) != null) {
            if (!n.isTextual()) {
                throw new MalformedOtlpException(path + ".stringValue: a string was expected but was " + n);
            }
            return n.asText();
        }
        if ((n = field(v, "boolValue")) != null) {
            if (!n.isBoolean()) {
                throw new MalformedOtlpException(path + ".boolValue: true or false was expected but was " + n);
            }
            return n.asBoolean();
        }
        if (field(v, "intValue") != null) {
            return int64(v, "intValue", path);
        }
        if ((n = field(v, "doubleValue")) != null) {
            if (n.isNumber()) {
                return n.asDouble();
            }
            if (n.isTextual()) { // "NaN", "Infinity", "-Infinity" or a number as text
                try {
                    return Double.valueOf(n.asText());
                } catch (NumberFormatException e) {
                    // falls through to the error below
                }
            }
            throw new MalformedOtlpException(path + ".doubleValue: a number was expected but was " + n);
        }
        if ((n = field(v, "arrayValue")) != null) {
            List<Object> out = new ArrayList<>();
            List<JsonNode> values = array(requireObject(n, path + ".arrayValue"), "values", path + ".arrayValue.values");
            for (int i = 0; i < values.size(); i++) {
                JsonNode e = values.get(i);
                out.add(e.isNull() ? null : anyValue(requireObject(e, path + "[" + i + "]"), path + "[" + i + "]"));
            }
            return out;
        }
        if ((n = field(v, "kvlistValue")) != null) {
            Map<String, Object> out = new LinkedHashMap<>();
            keyValues(array(requireObject(n, path + ".kvlistValue"), "values", path + ".kvlistValue.values"),
                    path + ".kvlistValue.values", out);
            return out;
        }
        if ((n = field(v, "bytesValue")) != null) {
            return n.asText();
        }
        return null;
    }

    /** A hex id; null when absent or empty (a root span's parent). */
    private static String id(JsonNode owner, String name, int digits, String path) {
        JsonNode n = field(owner, name);
        if (n == null || n.isNull() || n.isTextual() && n.asText().isEmpty()) {
            return null;
        }
        String text = n.isTextual() ? n.asText().toLowerCase(Locale.ROOT) : null;
        if (text == null || text.length() != digits
                || !text.chars().allMatch(c -> c >= '0' && c <= '9' || c >= 'a' && c <= 'f')) {
            throw new MalformedOtlpException(path + "." + name + ": " + digits + " hex digits were expected but was "
                    + n + " (OTLP/JSON writes ids in hex, not base64)");
        }
        return text;
    }

    /** A 64-bit integer written as a number or as decimal text; 0 when absent. */
    private static long int64(JsonNode owner, String name, String path) {
        JsonNode n = field(owner, name);
        if (n == null || n.isNull()) {
            return 0;
        }
        if (n.isIntegralNumber() && n.canConvertToLong()) {
            return n.asLong();
        }
        if (n.isTextual()) {
            try {
                return Long.parseLong(n.asText());
            } catch (NumberFormatException e) {
                try {
                    return Long.parseUnsignedLong(n.asText()); // fixed64 times beyond Long.MAX_VALUE
                } catch (NumberFormatException e2) {
                    // falls through to the error below
                }
            }
        }
        throw new MalformedOtlpException(path + "." + name + ": an integer was expected but was " + n);
    }

    private static String text(JsonNode owner, String name, String path) {
        JsonNode n = field(owner, name);
        if (n == null || n.isNull()) {
            return "";
        }
        if (!n.isTextual()) {
            throw new MalformedOtlpException(path + "." + name + ": a string was expected but was " + n);
        }
        return n.asText();
    }

    private static List<JsonNode> array(JsonNode owner, String name, String path) {
        JsonNode n = field(owner, name);
        if (n == null || n.isNull()) {
            return List.of();
        }
        if (!n.isArray()) {
            throw new MalformedOtlpException(path + ": an array was expected but was " + abbreviate(n));
        }
        List<JsonNode> out = new ArrayList<>();
        n.forEach(out::add);
        return out;
    }

    private static JsonNode requireObject(JsonNode n, String path) {
        if (!n.isObject()) {
            throw new MalformedOtlpException(path + ": an object was expected but was " + abbreviate(n));
        }
        return n;
    }

    /** The field by its lowerCamelCase name, or by the proto's snake_case name; null when neither. */
    private static JsonNode field(JsonNode owner, String camel) {
        JsonNode n = owner.get(camel);
        if (n == null) {
            StringBuilder snake = new StringBuilder();
            for (char c : camel.toCharArray()) {
                if (Character.isUpperCase(c)) {
                    snake.append('_').append(Character.toLowerCase(c));
                } else {
                    snake.append(c);
                }
            }
            n = owner.get(snake.toString());
        }
        return n;
    }

    private static String abbreviate(JsonNode n) {
        String s = n.toString();
        return s.length() > 60 ? s.substring(0, 57) + "..." : s;
    }
}
