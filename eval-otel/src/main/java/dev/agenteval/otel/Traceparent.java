package dev.agenteval.otel;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.random.RandomGenerator;
import java.util.regex.Pattern;

/**
 * A W3C Trace Context {@code traceparent} of version {@code 00}: the trace id (32 lower-case hex
 * digits, not all zero), the parent span id (16, not all zero) and the sampled flag.
 *
 * @param traceId the trace id
 * @param spanId  the span id of the caller's span, the parent of the callee's spans
 * @param sampled the sampled flag
 */
@API(status = EXPERIMENTAL)
public record Traceparent(String traceId, String spanId, boolean sampled) {

    /** The header's name. */
    public static final String HEADER = "traceparent";
    /** The name of the vendor-specific companion header, passed through as it is. */
    public static final String STATE_HEADER = "tracestate";

    private static final Pattern FORMAT = Pattern.compile("00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})");
    private static final HexFormat HEX = HexFormat.of();

    /** Validates. */
    public Traceparent {
        traceId = hex(traceId, 32, "traceId");
        spanId = hex(spanId, 16, "spanId");
    }

    /** A sampled context with a random trace id and span id from {@code random}. */
    public static Traceparent random(RandomGenerator random) {
        return new Traceparent(randomHex(random, 16), randomHex(random, 8), true);
    }

    /** A sampled context in trace {@code traceId} with a random span id: the next call's parent in that trace. */
    public static Traceparent inTrace(String traceId, RandomGenerator random) {
        return new Traceparent(traceId, randomHex(random, 8), true);
    }

    /** The header's value, {@code 00-<trace id>-<span id>-<flags>}. */
    public String header() {
        return "00-" + traceId + "-" + spanId + (sampled ? "-01" : "-00");
    }

    /** Parses a {@code traceparent} value of version 00; empty when it is absent or malformed. */
    public static Optional<Traceparent> parse(String value) {
        if (value == null) {
            return Optional.empty();
        }
        var m = FORMAT.matcher(value.strip().toLowerCase(Locale.ROOT));
        if (!m.matches() || zero(m.group(1)) || zero(m.group(2))) {
            return Optional.empty();
        }
        return Optional.of(new Traceparent(m.group(1), m.group(2), (HEX.fromHexDigits(m.group(3)) & 1) == 1));
    }

    /** The {@code traceparent} among request headers (name in any case); empty when none parses. */
    public static Optional<Traceparent> in(Map<String, String> headers) {
        return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(HEADER)).findFirst()
                .flatMap(e -> parse(e.getValue()));
    }

    private static String randomHex(RandomGenerator random, int bytes) {
        byte[] b = new byte[bytes];
        do {
            for (int i = 0; i < bytes; i++) {
                b[i] = (byte) random.nextInt(256);
            }
        } while (zero(HEX.formatHex(b)));
        return HEX.formatHex(b);
    }

    private static boolean zero(String hex) {
        return hex.chars().allMatch(c -> c == '0');
    }

    private static String hex(String value, int digits, String field) {
        if (value == null || !value.matches("[0-9a-fA-F]{" + digits + "}") || zero(value)) {
            throw new IllegalArgumentException(field + " must be " + digits + " hex digits, not all zero, but was "
                    + value);
        }
        return value.toLowerCase(Locale.ROOT);
    }
}
