package dev.agenteval.otel.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.otel.OtlpSpan;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What the SDKs do not send but protobuf allows, with requests encoded by hand (the SDK contract
 * tests cover what they do send): unknown fields, fields in another order, and the limits.
 */
class OtlpProtobufTest {

    private static final byte[] TRACE_ID = bytes(16, 0x11);
    private static final byte[] SPAN_ID = bytes(8, 0x22);

    @Test
    void unknown_fields_of_every_wire_type_are_skipped_and_the_resource_may_follow_its_scopes() {
        byte[] span = concat(len(1, TRACE_ID), len(2, SPAN_ID), len(5, text("s")),
                varint(99, 7), fixed64(98, 1), fixed32(97, 2), len(96, text("future")),
                len(9, keyValue("k", len(1, text("v")))));
        byte[] resource = len(1, keyValue("service.name", len(1, text("agent"))));
        byte[] request = len(1, concat(len(2, len(2, span)), len(1, resource), varint(42, 1)));

        List<OtlpSpan> spans = OtlpProtobuf.decode(request);

        assertThat(spans).singleElement().satisfies(s -> {
            assertThat(s.traceId()).isEqualTo("11".repeat(16));
            assertThat(s.spanId()).isEqualTo("22".repeat(8));
            assertThat(s.attributes()).isEqualTo(Map.of("k", "v"));
            assertThat(s.serviceName()).isEqualTo("agent");
        });
    }

    @Test
    void values_nested_deeper_than_the_limit_are_refused_with_their_path() {
        byte[] value = len(1, text("leaf"));
        for (int i = 0; i <= OtlpProtobuf.MAX_VALUE_DEPTH; i++) {
            value = len(5, len(1, value)); // array_value { values = [ value ] }
        }
        byte[] request = len(1, len(2, len(2, concat(len(1, TRACE_ID), len(2, SPAN_ID),
                len(9, keyValue("deep", value))))));

        assertThatThrownBy(() -> OtlpProtobuf.decode(request)).isInstanceOf(MalformedOtlpException.class)
                .hasMessageStartingWith("resource_spans[0].scope_spans[0].spans[0].attributes[deep][0][0]")
                .hasMessageEndingWith(": values nested more than 64 deep");
    }

    @Test
    void an_id_of_the_wrong_length_and_a_missing_span_id_are_refused() {
        byte[] shortTrace = len(1, len(2, len(2, concat(len(1, bytes(8, 1)), len(2, SPAN_ID)))));
        byte[] noSpanId = len(1, len(2, len(2, len(1, TRACE_ID))));

        assertThatThrownBy(() -> OtlpProtobuf.decode(shortTrace))
                .hasMessage("resource_spans[0].scope_spans[0].spans[0].trace_id: 8 bytes where 16 were expected");
        assertThatThrownBy(() -> OtlpProtobuf.decode(noSpanId))
                .hasMessage("resource_spans[0].scope_spans[0].spans[0].span_id: missing (a span needs an 8-byte span id)");
    }

    // ------------------------------------------------------------ a protobuf writer for the tests

    private static byte[] keyValue(String key, byte[] anyValue) {
        return concat(len(1, text(key)), len(2, anyValue));
    }

    private static byte[] len(int field, byte[] content) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        OtlpProtobuf.writeVarint(out, (long) field << 3 | 2);
        OtlpProtobuf.writeVarint(out, content.length);
        out.writeBytes(content);
        return out.toByteArray();
    }

    private static byte[] varint(int field, long value) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        OtlpProtobuf.writeVarint(out, (long) field << 3);
        OtlpProtobuf.writeVarint(out, value);
        return out.toByteArray();
    }

    private static byte[] fixed64(int field, long value) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        OtlpProtobuf.writeVarint(out, (long) field << 3 | 1);
        for (int i = 0; i < 8; i++) {
            out.write((int) (value >>> 8 * i));
        }
        return out.toByteArray();
    }

    private static byte[] fixed32(int field, int value) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        OtlpProtobuf.writeVarint(out, (long) field << 3 | 5);
        for (int i = 0; i < 4; i++) {
            out.write(value >>> 8 * i);
        }
        return out.toByteArray();
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    private static byte[] text(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] bytes(int n, int value) {
        byte[] b = new byte[n];
        java.util.Arrays.fill(b, (byte) value);
        return b;
    }
}
