package dev.agenteval.results.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class PairedTestsTest {

    /** Darwin's Zea mays data: cross- minus self-fertilised height, in eighths of an inch (Fisher 1935, §17). */
    private static final double[] DARWIN = {49, -67, 8, 16, 6, 23, 28, 41, 14, 29, 56, 24, 75, 60, -48};

    /** An independent two-sided binomial(n, 1/2) test: exact integers, divided once. */
    private static double binomialTest(int b, int c) {
        int n = b + c;
        BigInteger tail = BigInteger.ZERO;
        BigInteger term = BigInteger.ONE; // C(n, 0)
        for (int i = 0; i <= Math.min(b, c); i++) {
            tail = tail.add(term);
            term = term.multiply(BigInteger.valueOf(n - i)).divide(BigInteger.valueOf(i + 1));
        }
        BigDecimal p = new BigDecimal(tail.shiftLeft(1)).divide(new BigDecimal(BigInteger.ONE.shiftLeft(n)),
                MathContext.DECIMAL128);
        return Math.min(1.0, p.doubleValue());
    }

    @Test
    void mcnemar_should_be_the_two_sided_binomial_test_on_the_discordant_pairs() {
        // b = 1, c = 9: 2 * (C(10,0) + C(10,1)) / 2^10 = 22/1024 = 0.021484375.
        assertThat(PairedTests.mcnemar(1, 9).p()).isCloseTo(0.021484375, within(1e-15));
        // b = 17, c = 3: 2 * (1 + 20 + 190 + 1140) / 2^20 = 2702/1048576 = 0.00257683.
        assertThat(PairedTests.mcnemar(17, 3).p()).isCloseTo(2702.0 / 1048576, within(1e-15));
        assertThat(PairedTests.mcnemar(17, 3)).extracting(PairedTests.McNemar::regressed, PairedTests.McNemar::improved)
                .containsExactly(17, 3);
        for (int[] bc : new int[][] {{0, 1}, {2, 5}, {9, 5}, {30, 12}, {118, 90}, {2000, 2100}}) {
            assertThat(PairedTests.mcnemar(bc[0], bc[1]).p()).as("b=%d c=%d", bc[0], bc[1])
                    .isCloseTo(binomialTest(bc[0], bc[1]), within(1e-10));
        }
    }

    @Test
    void mcnemar_should_give_one_without_a_difference_and_reject_negative_counts() {
        assertThat(PairedTests.mcnemar(0, 0).p()).isEqualTo(1.0);
        assertThat(PairedTests.mcnemar(6, 6).p()).isEqualTo(1.0);
        assertThatThrownBy(() -> PairedTests.mcnemar(-1, 2)).hasMessage("counts must be >= 0 but regressed was -1 and improved 2");
    }

    @Test
    void sign_flip_should_reproduce_fishers_exact_test_on_darwins_data() {
        // Fisher (1935), The Design of Experiments, §21: 1726 of the 2^15 = 32768 sign assignments
        // give a sum at least as far from 0 as the observed 314: p = 0.05267.
        PairedTests.SignFlip t = PairedTests.signFlip(DARWIN);
        assertThat(t.exact()).isTrue();
        assertThat(t.n()).isEqualTo(15);
        assertThat(t.p()).isEqualTo(1726.0 / 32768);
        assertThat(t.meanDifference()).isCloseTo(314.0 / 15, within(1e-12));
    }

    @Test
    void sign_flip_should_count_ties_and_give_one_without_a_difference() {
        // 1, 2, 3: of 8 assignments only +1+2+3 and -1-2-3 reach |6|: p = 2/8.
        assertThat(PairedTests.signFlip(new double[] {1, 2, 3}).p()).isEqualTo(0.25);
        // 0.1, 0.2, 0.3: the same, although 0.1 + 0.2 != 0.3 in binary floating point.
        assertThat(PairedTests.signFlip(new double[] {0.1, 0.2, -0.3}).p()).isEqualTo(1.0);
        assertThat(PairedTests.signFlip(new double[] {0.1, 0.2, 0.3}).p()).isEqualTo(0.25);
        assertThat(PairedTests.signFlip(new double[] {0, 0}).p()).isEqualTo(1.0);
    }

    @Test
    void sign_flip_should_sample_seeded_flips_above_twenty_pairs_close_to_the_exact_p() {
        // Darwin's 15 differences and six zeros: zeros do not change any sum, so the exact p is still
        // 1726/32768 = 0.05267; 10,000 flips have a standard error of about 0.0022.
        double[] padded = Arrays.copyOf(DARWIN, 21);
        PairedTests.SignFlip t = PairedTests.signFlip(padded);
        assertThat(t.exact()).isFalse();
        assertThat(t.p()).isCloseTo(1726.0 / 32768, within(0.008));
        assertThat(PairedTests.signFlip(padded)).isEqualTo(t);
        // 30 equal positive differences: only 2 of 2^30 assignments reach the observed sum, so the
        // flips find none and p = (1 + 0)/(1 + 10,000), never 0.
        double[] ones = new double[30];
        Arrays.fill(ones, 1.0);
        assertThat(PairedTests.signFlip(ones).p()).isEqualTo(1.0 / 10_001);
    }

    @Test
    void holm_should_adjust_the_textbook_example() {
        // Wikipedia, "Holm–Bonferroni method", example: p = 0.01, 0.04, 0.03, 0.005 (H1..H4).
        // Sorted 0.005 (H4), 0.01 (H1), 0.03 (H3), 0.04 (H2), times 4, 3, 2, 1: 0.02, 0.03, 0.06,
        // 0.04 -> running maximum 0.02, 0.03, 0.06, 0.06. At 0.05, H4 and H1 are rejected.
        assertThat(PairedTests.holm(0.01, 0.04, 0.03, 0.005))
                .containsExactly(new double[] {0.03, 0.06, 0.06, 0.02}, within(1e-15));
        // Capped at 1: 0.5 * 2 = 1; 0.6 * 1 = 0.6, raised to the running 1.
        assertThat(PairedTests.holm(0.6, 0.5)).containsExactly(1.0, 1.0);
        assertThat(PairedTests.holm()).isEmpty();
        assertThatThrownBy(() -> PairedTests.holm(0.2, 1.5)).hasMessage("p-values must be in [0, 1] but one was 1.5");
    }
}
