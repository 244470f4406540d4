package dev.agenteval.otel.internal;

import dev.agenteval.otel.OtlpSpan;
import java.util.Locale;

/** The enum numbers and names of OTLP, and ids as hex, shared by both encodings. Not API. */
final class OtlpEnums {

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private OtlpEnums() {
    }

    /** SpanKind: 0 unspecified to 5 consumer; an unknown number is unspecified, as protobuf keeps it open. */
    static OtlpSpan.Kind kind(long number) {
        OtlpSpan.Kind[] kinds = OtlpSpan.Kind.values();
        return number >= 0 && number < kinds.length ? kinds[(int) number] : OtlpSpan.Kind.UNSPECIFIED;
    }

    /** StatusCode: 0 unset, 1 ok, 2 error; an unknown number is unset. */
    static OtlpSpan.StatusCode statusCode(long number) {
        OtlpSpan.StatusCode[] codes = OtlpSpan.StatusCode.values();
        return number >= 0 && number < codes.length ? codes[(int) number] : OtlpSpan.StatusCode.UNSET;
    }

    /** A kind by its proto name ({@code SPAN_KIND_CLIENT}); null when it is none. */
    static OtlpSpan.Kind kindNamed(String name) {
        String n = name.toUpperCase(Locale.ROOT);
        for (OtlpSpan.Kind k : OtlpSpan.Kind.values()) {
            if (n.equals("SPAN_KIND_" + k.name())) {
                return k;
            }
        }
        return null;
    }

    /** A status code by its proto name ({@code STATUS_CODE_ERROR}); null when it is none. */
    static OtlpSpan.StatusCode statusCodeNamed(String name) {
        String n = name.toUpperCase(Locale.ROOT);
        for (OtlpSpan.StatusCode c : OtlpSpan.StatusCode.values()) {
            if (n.equals("STATUS_CODE_" + c.name())) {
                return c;
            }
        }
        return null;
    }

    static String hex(byte[] bytes) {
        char[] out = new char[bytes.length * 2];
        for (int i = 0; i < bytes.length; i++) {
            out[2 * i] = HEX[bytes[i] >> 4 & 0xf];
            out[2 * i + 1] = HEX[bytes[i] & 0xf];
        }
        return new String(out);
    }
}
