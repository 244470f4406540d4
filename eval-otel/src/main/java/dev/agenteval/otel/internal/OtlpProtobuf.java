package dev.agenteval.otel.internal;

import static dev.agenteval.otel.internal.ProtoReader.FIXED32;
import static dev.agenteval.otel.internal.ProtoReader.FIXED64;
import static dev.agenteval.otel.internal.ProtoReader.LENGTH_DELIMITED;
import static dev.agenteval.otel.internal.ProtoReader.VARINT;
import static dev.agenteval.otel.internal.ProtoReader.fieldNumber;

import dev.agenteval.otel.OtlpSpan;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Decodes an OTLP {@code ExportTraceServiceRequest} in the protobuf encoding: the fields a reader
 * of spans needs; every other field is skipped, as protobuf allows. The field numbers are those
 * of open-telemetry/opentelemetry-proto at commit ac2c4b5d1f3a6079de62f9afec860158ecc8af09:
 * {@code collector/trace/v1/trace_service.proto} (ExportTraceServiceRequest, its response),
 * {@code trace/v1/trace.proto} (ResourceSpans, ScopeSpans, Span, Span.Event, Status),
 * {@code common/v1/common.proto} (AnyValue, ArrayValue, KeyValueList, KeyValue,
 * InstrumentationScope) and {@code resource/v1/resource.proto} (Resource). Not API.
 */
public final class OtlpProtobuf {

    /** How deep array and key-value list values may nest: deeper is refused, not a stack overflow. */
    static final int MAX_VALUE_DEPTH = 64;

    private OtlpProtobuf() {
    }

    /** The spans of one request, in their order; throws {@link MalformedOtlpException} naming the field. */
    public static List<OtlpSpan> decode(byte[] body) {
        List<OtlpSpan> spans = new ArrayList<>();
        ProtoReader r = new ProtoReader(body);
        int rs = 0;
        while (r.hasMore()) {
            int tag = r.readTag("ExportTraceServiceRequest");
            if (fieldNumber(tag) == 1) { // repeated ResourceSpans resource_spans = 1
                String path = "resource_spans[" + rs++ + "]";
                r.expect(tag, LENGTH_DELIMITED, path);
                resourceSpans(r.readMessage(path), path, spans);
            } else {
                r.skip(tag, "ExportTraceServiceRequest");
            }
        }
        return spans;
    }

    /** google.rpc.Status {code = 1, message = 2}: the body of an OTLP error answer in protobuf. */
    public static byte[] status(int code, String message) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(1 << 3 | VARINT);
        writeVarint(out, code);
        byte[] text = message.getBytes(StandardCharsets.UTF_8);
        out.write(2 << 3 | LENGTH_DELIMITED);
        writeVarint(out, text.length);
        out.writeBytes(text);
        return out.toByteArray();
    }

    static void writeVarint(ByteArrayOutputStream out, long v) {
        while ((v & ~0x7fL) != 0) {
            out.write((int) (v & 0x7f | 0x80));
            v >>>= 7;
        }
        out.write((int) v);
    }

    private static void resourceSpans(ProtoReader r, String path, List<OtlpSpan> out) {
        Map<String, Object> resource = Map.of();
        List<ProtoReader> scopes = new ArrayList<>();
        while (r.hasMore()) {
            int tag = r.readTag(path);
            switch (fieldNumber(tag)) {
                case 1 -> { // Resource resource = 1 { repeated KeyValue attributes = 1 }
                    String p = path + ".resource";
                    r.expect(tag, LENGTH_DELIMITED, p);
                    resource = attributesOf(r.readMessage(p), 1, p, 0);
                }
                case 2 -> { // repeated ScopeSpans scope_spans = 2
                    r.expect(tag, LENGTH_DELIMITED, path + ".scope_spans");
                    scopes.add(r.readMessage(path + ".scope_spans"));
                }
                default -> r.skip(tag, path);
            }
        }
        // The resource may come after the scopes on the wire: read the scopes once it is known.
        for (int i = 0; i < scopes.size(); i++) {
            scopeSpans(scopes.get(i), path + ".scope_spans[" + i + "]", resource, out);
        }
    }

    private static void scopeSpans(ProtoReader r, String path, Map<String, Object> resource, List<OtlpSpan> out) {
        String scopeName = "";
        String scopeVersion = "";
        List<ProtoReader> spans = new ArrayList<>();
        while (r.hasMore()) {
            int tag = r.readTag(path);
            switch (fieldNumber(tag)) {
                case 1 -> { // InstrumentationScope scope = 1 { string name = 1; string version = 2 }
                    String p = path + ".scope";
                    r.expect(tag, LENGTH_DELIMITED, p);
                    ProtoReader s = r.readMessage(p);
                    while (s.hasMore()) {
                        int t = s.readTag(p);
                        switch (fieldNumber(t)) {
                            case 1 -> {
                                s.expect(t, LENGTH_DELIMITED, p + ".name");
                                scopeName = s.readString(p + ".name");
                            }
                            case 2 -> {
                                s.expect(t, LENGTH_DELIMITED, p + ".version");
                                scopeVersion = s.readString(p + ".version");
                            }
                            default -> s.skip(t, p);
                        }
                    }
                }
                case 2 -> { // repeated Span spans = 2
                    r.expect(tag, LENGTH_DELIMITED, path + ".spans");
                    spans.add(r.readMessage(path + ".spans"));
                }
                default -> r.skip(tag, path);
            }
        }
        for (int i = 0; i < spans.size(); i++) {
            out.add(span(spans.get(i), path + ".spans[" + i + "]", resource, scopeName, scopeVersion));
        }
    }

    private static OtlpSpan span(ProtoReader r, String path, Map<String, Object> resource, String scopeName,
                                 String scopeVersion) {
        String traceId = null;
        String spanId = null;
        String parentSpanId = null;
        String name = "";
        int kind = 0;
        long start = 0;
        long end = 0;
        Map<String, Object> attributes = new LinkedHashMap<>();
        List<OtlpSpan.Event> events = new ArrayList<>();
        int statusCode = 0;
        String statusMessage = "";
        while (r.hasMore()) {
            int tag = r.readTag(path);
            int field = fieldNumber(tag);
            switch (field) {
                case 1 -> traceId = id(r, tag, 16, path + ".trace_id"); // bytes trace_id = 1
                case 2 -> spanId = id(r, tag, 8, path + ".span_id"); // bytes span_id = 2
                case 4 -> parentSpanId = id(r, tag, 8, path + ".parent_span_id"); // bytes parent_span_id = 4
                case 5 -> { // string name = 5
                    r.expect(tag, LENGTH_DELIMITED, path + ".name");
                    name = r.readString(path + ".name");
                }
                case 6 -> { // SpanKind kind = 6
                    r.expect(tag, VARINT, path + ".kind");
                    kind = (int) r.readVarint(path + ".kind");
                }
                case 7 -> { // fixed64 start_time_unix_nano = 7
                    r.expect(tag, FIXED64, path + ".start_time_unix_nano");
                    start = r.readFixed64(path + ".start_time_unix_nano");
                }
                case 8 -> { // fixed64 end_time_unix_nano = 8
                    r.expect(tag, FIXED64, path + ".end_time_unix_nano");
                    end = r.readFixed64(path + ".end_time_unix_nano");
                }
                case 9 -> { // repeated KeyValue attributes = 9
                    r.expect(tag, LENGTH_DELIMITED, path + ".attributes");
                    keyValue(r.readMessage(path + ".attributes"), path + ".attributes", attributes, 0);
                }
                case 11 -> { // repeated Event events = 11
                    String p = path + ".events[" + events.size() + "]";
                    r.expect(tag, LENGTH_DELIMITED, p);
                    events.add(event(r.readMessage(p), p));
                }
                case 15 -> { // Status status = 15 { string message = 2; StatusCode code = 3 }
                    String p = path + ".status";
                    r.expect(tag, LENGTH_DELIMITED, p);
                    ProtoReader s = r.readMessage(p);
                    while (s.hasMore()) {
                        int t = s.readTag(p);
                        if (fieldNumber(t) == 2) {
                            s.expect(t, LENGTH_DELIMITED, p + ".message");
                            statusMessage = s.readString(p + ".message");
                        } else if (fieldNumber(t) == 3) {
                            s.expect(t, VARINT, p + ".code");
                            statusCode = (int) s.readVarint(p + ".code");
                        } else {
                            s.skip(t, p);
                        }
                    }
                }
                case 16 -> { // fixed32 flags = 16
                    r.expect(tag, FIXED32, path + ".flags");
                    r.readFixed32(path + ".flags");
                }
                default -> r.skip(tag, path);
            }
        }
        if (traceId == null) {
            throw new MalformedOtlpException(path + ".trace_id: missing (a span needs a 16-byte trace id)");
        }
        if (spanId == null) {
            throw new MalformedOtlpException(path + ".span_id: missing (a span needs an 8-byte span id)");
        }
        return new OtlpSpan(traceId, spanId, parentSpanId, name, OtlpEnums.kind(kind), start, end,
                attributes, OtlpEnums.statusCode(statusCode), statusMessage, events, resource,
                scopeName, scopeVersion);
    }

    private static OtlpSpan.Event event(ProtoReader r, String path) {
        long time = 0;
        String name = "";
        Map<String, Object> attributes = new LinkedHashMap<>();
        while (r.hasMore()) {
            int tag = r.readTag(path);
            switch (fieldNumber(tag)) {
                case 1 -> { // fixed64 time_unix_nano = 1
                    r.expect(tag, FIXED64, path + ".time_unix_nano");
                    time = r.readFixed64(path + ".time_unix_nano");
                }
                case 2 -> { // string name = 2
                    r.expect(tag, LENGTH_DELIMITED, path + ".name");
                    name = r.readString(path + ".name");
                }
                case 3 -> { // repeated KeyValue attributes = 3
                    r.expect(tag, LENGTH_DELIMITED, path + ".attributes");
                    keyValue(r.readMessage(path + ".attributes"), path + ".attributes", attributes, 0);
                }
                default -> r.skip(tag, path);
            }
        }
        return new OtlpSpan.Event(time, name, attributes);
    }

    /** An id of {@code length} bytes as lower-case hex; an empty id is none (null). */
    private static String id(ProtoReader r, int tag, int length, String path) {
        r.expect(tag, LENGTH_DELIMITED, path);
        byte[] id = r.readBytes(path);
        if (id.length == 0) {
            return null;
        }
        if (id.length != length) {
            throw new MalformedOtlpException(path + ": " + id.length + " bytes where " + length + " were expected");
        }
        return OtlpEnums.hex(id);
    }

    /** The repeated KeyValue field {@code field} of a message (Resource, InstrumentationScope). */
    private static Map<String, Object> attributesOf(ProtoReader r, int field, String path, int depth) {
        Map<String, Object> attributes = new LinkedHashMap<>();
        while (r.hasMore()) {
            int tag = r.readTag(path);
            if (fieldNumber(tag) == field) {
                r.expect(tag, LENGTH_DELIMITED, path + ".attributes");
                keyValue(r.readMessage(path + ".attributes"), path + ".attributes", attributes, depth);
            } else {
                r.skip(tag, path);
            }
        }
        return attributes;
    }

    /** KeyValue { string key = 1; AnyValue value = 2 }, put into {@code into}. */
    private static void keyValue(ProtoReader r, String path, Map<String, Object> into, int depth) {
        String key = null;
        Object value = null;
        while (r.hasMore()) {
            int tag = r.readTag(path);
            switch (fieldNumber(tag)) {
                case 1 -> {
                    r.expect(tag, LENGTH_DELIMITED, path + ".key");
                    key = r.readString(path + ".key");
                }
                case 2 -> {
                    r.expect(tag, LENGTH_DELIMITED, path + ".value");
                    value = anyValue(r.readMessage(path + ".value"), path + "[" + key + "]", depth);
                }
                default -> r.skip(tag, path);
            }
        }
        if (key == null) {
            throw new MalformedOtlpException(path + ": a key-value without a key");
        }
        into.put(key, value);
    }

    /**
     * AnyValue, a oneof: string_value = 1, bool_value = 2, int_value = 3 (int64), double_value = 4,
     * array_value = 5 (ArrayValue { repeated AnyValue values = 1 }), kvlist_value = 6
     * (KeyValueList { repeated KeyValue values = 1 }), bytes_value = 7 (as base64 text). Empty: null.
     */
    private static Object anyValue(ProtoReader r, String path, int depth) {
        if (depth > MAX_VALUE_DEPTH) {
            throw new MalformedOtlpException(path + ": values nested more than " + MAX_VALUE_DEPTH + " deep");
        }
        Object value = null;
        while (r.hasMore()) {
            int tag = r.readTag(path);
            switch (fieldNumber(tag)) {
                case 1 -> {
                    r.expect(tag, LENGTH_DELIMITED, path + ".string_value");
                    value = r.readString(path + ".string_value");
                }
                case 2 -> {
                    r.expect(tag, VARINT, path + ".bool_value");
                    value = r.readVarint(path + ".bool_value") != 0;
                }
                case 3 -> {
                    r.expect(tag, VARINT, path + ".int_value");
                    value = r.readVarint(path + ".int_value");
                }
                case 4 -> {
                    r.expect(tag, FIXED64, path + ".double_value");
                    value = Double.longBitsToDouble(r.readFixed64(path + ".double_value"));
                }
                case 5 -> {
                    r.expect(tag, LENGTH_DELIMITED, path + ".array_value");
                    ProtoReader a = r.readMessage(path + ".array_value");
                    List<Object> values = new ArrayList<>();
                    while (a.hasMore()) {
                        int t = a.readTag(path);
                        if (fieldNumber(t) == 1) {
                            String p = path + "[" + values.size() + "]";
                            a.expect(t, LENGTH_DELIMITED, p);
                            values.add(anyValue(a.readMessage(p), p, depth + 1));
                        } else {
                            a.skip(t, path);
                        }
                    }
                    value = values;
                }
                case 6 -> {
                    r.expect(tag, LENGTH_DELIMITED, path + ".kvlist_value");
                    value = attributesOf(r.readMessage(path + ".kvlist_value"), 1, path + ".kvlist_value", depth + 1);
                }
                case 7 -> {
                    r.expect(tag, LENGTH_DELIMITED, path + ".bytes_value");
                    value = Base64.getEncoder().encodeToString(r.readBytes(path + ".bytes_value"));
                }
                default -> r.skip(tag, path);
            }
        }
        return value;
    }
}
