package dev.agenteval.scorers.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Numbers compare by exact value whatever their Java types, on the fast (double) path and off it. */
class JsonEqualityTest {

    private static final long TWO_53 = 1L << 53;

    private static BigDecimal exact(Number n) {
        if (n instanceof BigDecimal d) {
            return d;
        }
        if (n instanceof BigInteger i) {
            return new BigDecimal(i);
        }
        if (n instanceof Double || n instanceof Float) {
            return new BigDecimal(n.doubleValue());
        }
        return BigDecimal.valueOf(n.longValue());
    }

    @Test
    void should_compare_every_pair_as_their_exact_values_do() {
        List<Number> numbers = List.of(0L, -0.0, 0.0, 1, 1L, 1.0, 1.5f, 1.5, 38.5, 120L, 120.0, -7, -7.0,
                TWO_53, TWO_53 + 1, -TWO_53 - 1, (double) TWO_53, Math.nextUp((double) TWO_53), Long.MAX_VALUE,
                (double) Long.MAX_VALUE, 0.1, 0.1f, Double.MAX_VALUE, Double.MIN_VALUE, (short) 3, (byte) -2,
                new BigInteger("123456789012345678901234567890"), 1.2345678901234568e29);
        for (Number a : numbers) {
            for (Number b : numbers) {
                assertThat(Integer.signum(JsonEquality.compare(a, b)))
                        .as("compare(%s %s, %s %s)", a.getClass().getSimpleName(), a, b.getClass().getSimpleName(), b)
                        .isEqualTo(Integer.signum(exact(a).compareTo(exact(b))));
            }
        }
    }

    @Test
    void should_tell_apart_a_long_just_past_two_to_the_53_from_the_nearest_double() {
        assertThat(JsonEquality.equal(TWO_53 + 1, (double) (TWO_53 + 1))).isFalse();
        assertThat(JsonEquality.equal(TWO_53, (double) TWO_53)).isTrue();
        assertThat(JsonEquality.equal(120L, 120.0)).isTrue();
        assertThat(JsonEquality.equal(-0.0, 0L)).isTrue();
    }
}
