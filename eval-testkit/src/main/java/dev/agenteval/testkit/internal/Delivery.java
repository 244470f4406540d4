package dev.agenteval.testkit.internal;

import dev.agenteval.testkit.internal.FakeHttpServer.Answer;
import dev.agenteval.testkit.internal.FakeHttpServer.Mode;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * How a reply of a fake reaches the client, whatever it says: after a delay, with extra headers,
 * and whole or cut off or stalled after some bytes of its body. Immutable. Not API.
 *
 * @param delayMillis how long after the request the answer starts
 * @param headers     headers added to (or replacing those of) the answer
 * @param mode        {@link Mode#WHOLE}, {@link Mode#CUT} or {@link Mode#STALL}
 * @param partBytes   the bytes of the body a cut or stalled answer sends
 */
public record Delivery(long delayMillis, Map<String, String> headers, Mode mode, long partBytes) {

    /** At once, whole, no extra header. */
    public static final Delivery PROMPT = new Delivery(0, Map.of(), Mode.WHOLE, 0);

    /** Copies. */
    public Delivery {
        headers = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(headers));
        Objects.requireNonNull(mode, "mode");
    }

    /** The same, {@code delay} after the request. */
    public Delivery delayed(Duration delay) {
        if (delay.isNegative()) {
            throw new IllegalArgumentException("delay must be >= 0 but was " + delay);
        }
        return new Delivery(delay.toMillis(), headers, mode, partBytes);
    }

    /** The same with the header {@code name: value}. */
    public Delivery header(String name, String value) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
        Map<String, String> more = new LinkedHashMap<>(headers);
        more.put(name, value);
        return new Delivery(delayMillis, more, mode, partBytes);
    }

    /** The same, ended as {@code mode} ({@link Mode#CUT} or {@link Mode#STALL}) after {@code bytes} of the body. */
    public Delivery endedAfter(Mode mode, long bytes) {
        if (mode != Mode.CUT && mode != Mode.STALL) {
            throw new IllegalArgumentException("a body ends cut or stalled, not " + mode);
        }
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes must be >= 0 but was " + bytes);
        }
        return new Delivery(delayMillis, headers, mode, bytes);
    }

    /**
     * {@code answer} as delivered: delayed, with the headers, and cut or stalled (a dropped or
     * hanging answer stays so; a body shorter than {@code partBytes} is refused, as it could not
     * be cut there).
     */
    public Answer apply(Answer answer) {
        Answer a = answer.delayedBy(delayMillis);
        for (Map.Entry<String, String> h : headers.entrySet()) {
            a = a.withHeader(h.getKey(), h.getValue());
        }
        if (mode == Mode.WHOLE || a.mode() == Mode.DROP || a.mode() == Mode.HANG) {
            return a;
        }
        if (partBytes >= a.body().length()) {
            throw new IllegalStateException("cannot end the body after " + partBytes + " bytes: it has only "
                    + a.body().length());
        }
        return a.endedAs(mode, partBytes);
    }
}
