package dev.agenteval.results.internal;

import static dev.agenteval.results.stats.ExactBinomial.choose;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import org.junit.jupiter.api.Test;

class FisherExactTest {

    /**
     * An independent computation: every table with the observed margins enumerated with exact
     * integer binomials, summing those no more likely than the observed one, as an exact fraction.
     */
    private static BigDecimal bruteForce(int a, int b, int c, int d) {
        int row1 = a + b;
        int row2 = c + d;
        int col1 = a + c;
        BigInteger observed = choose(row1, a).multiply(choose(row2, c));
        BigInteger sum = BigInteger.ZERO;
        for (int x = 0; x <= Math.min(row1, col1); x++) {
            if (col1 - x > row2 || col1 - x < 0) {
                continue;
            }
            BigInteger ways = choose(row1, x).multiply(choose(row2, col1 - x));
            if (ways.compareTo(observed) <= 0) {
                sum = sum.add(ways);
            }
        }
        return new BigDecimal(sum).divide(new BigDecimal(choose(row1 + row2, col1)), MathContext.DECIMAL128);
    }


    @Test
    void should_give_the_known_two_sided_p_value_of_8_2_1_9() {
        double p = FisherExact.twoSided(8, 2, 1, 9);

        // (450 + 10 + 10 + 450) / C(20, 9) = 920 / 167960
        assertThat(bruteForce(8, 2, 1, 9)).isEqualByComparingTo(
                BigDecimal.valueOf(920).divide(BigDecimal.valueOf(167960), MathContext.DECIMAL128));
        assertThat(p).isCloseTo(bruteForce(8, 2, 1, 9).doubleValue(), within(1e-12));
        assertThat(p).isCloseTo(0.00548, within(0.000005));
    }

    @Test
    void should_agree_with_exact_enumeration_on_many_tables_including_ties_and_empty_rows() {
        int[][] tables = {{5, 0, 0, 5}, {3, 0, 0, 3}, {4, 0, 0, 4}, {1, 0, 0, 1}, {10, 0, 9, 1}, {0, 0, 3, 2},
                {2, 3, 3, 2}, {7, 3, 2, 8}, {0, 5, 5, 0}, {12, 8, 3, 17}, {1, 1, 1, 1}};
        for (int[] t : tables) {
            assertThat(FisherExact.twoSided(t[0], t[1], t[2], t[3]))
                    .as("[[%d, %d], [%d, %d]]", t[0], t[1], t[2], t[3])
                    .isCloseTo(bruteForce(t[0], t[1], t[2], t[3]).doubleValue(), within(1e-12));
        }
    }

    @Test
    void should_find_no_evidence_in_identical_rows_and_strong_evidence_in_opposite_ones() {
        assertThat(FisherExact.twoSided(5, 5, 5, 5)).isCloseTo(1.0, within(1e-12));
        assertThat(FisherExact.twoSided(3, 0, 0, 3)).isCloseTo(0.1, within(1e-12));
        assertThat(FisherExact.twoSided(5, 0, 0, 5)).isCloseTo(2.0 / 252, within(1e-12));
    }

    @Test
    void should_stay_finite_and_accurate_with_counts_whose_factorials_overflow_a_double() {
        double p = FisherExact.twoSided(220, 180, 170, 230);

        assertThat(p).isCloseTo(bruteForce(220, 180, 170, 230).doubleValue(), within(1e-10));
        assertThat(p).isBetween(0.0, 1.0);
    }

    @Test
    void should_refuse_negative_counts() {
        assertThatThrownBy(() -> FisherExact.twoSided(1, -1, 0, 0))
                .hasMessageContaining("counts must be >= 0 but were [[1, -1], [0, 0]]");
    }
}
