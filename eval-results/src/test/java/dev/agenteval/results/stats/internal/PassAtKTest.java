package dev.agenteval.results.stats.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import dev.agenteval.results.stats.ExactBinomial;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.List;
import org.junit.jupiter.api.Test;

class PassAtKTest {

    /** An independent computation: exact integer binomials, divided once. */
    private static double ratio(int top, int bottom, int k) {
        BigInteger num = ExactBinomial.choose(top, k);
        return new BigDecimal(num).divide(new BigDecimal(ExactBinomial.choose(bottom, k)), MathContext.DECIMAL128).doubleValue();
    }


    @Test
    void should_give_the_hand_computed_values() {
        // n = 5, c = 2, k = 2: pass@2 = 1 - C(3,2)/C(5,2) = 1 - 3/10; pass^2 = C(2,2)/C(5,2) = 1/10.
        assertThat(PassAtK.passAtK(5, 2, 2)).isCloseTo(0.7, within(1e-15));
        assertThat(PassAtK.passHatK(5, 2, 2)).isCloseTo(0.1, within(1e-15));
        // k = 1 is the share of passed attempts for both.
        assertThat(PassAtK.passAtK(10, 3, 1)).isCloseTo(0.3, within(1e-15));
        assertThat(PassAtK.passHatK(10, 3, 1)).isCloseTo(0.3, within(1e-15));
        // Fewer failures than k: every draw of k holds a pass. Fewer passes than k: no draw is all passes.
        assertThat(PassAtK.passAtK(3, 1, 3)).isEqualTo(1.0);
        assertThat(PassAtK.passHatK(3, 1, 3)).isEqualTo(0.0);
        assertThat(PassAtK.passAtK(4, 0, 2)).isEqualTo(0.0);
        assertThat(PassAtK.passHatK(4, 4, 4)).isEqualTo(1.0);
    }

    @Test
    void should_agree_with_exact_binomials_up_to_chen_et_al_sample_sizes() {
        // Chen et al. (2021) estimate pass@k for k <= 100 from n = 200 samples per problem, where
        // factorials overflow a double; exact big-integer binomials are the reference.
        int[][] grid = {{200, 10, 100}, {200, 1, 1}, {200, 1, 100}, {200, 150, 10}, {200, 199, 100}, {17, 5, 7}, {7, 6, 3}};
        for (int[] g : grid) {
            int n = g[0];
            int c = g[1];
            int k = g[2];
            assertThat(PassAtK.passAtK(n, c, k)).as("pass@%d n=%d c=%d", k, n, c)
                    .isCloseTo(1 - ratio(n - c, n, k), within(1e-12));
            assertThat(PassAtK.passHatK(n, c, k)).as("pass^%d n=%d c=%d", k, n, c)
                    .isCloseTo(ratio(c, n, k), within(1e-12));
        }
    }

    @Test
    void should_average_over_cases_leaving_out_and_counting_those_with_fewer_than_k_attempts() {
        // Cases (n, c): (2, 1), (3, 3), (1, 0).
        // k=1: pass@1 = pass^1 = (1/2 + 1 + 0)/3 = 0.5 over 3 cases.
        // k=2: (2,1): pass@2 = 1 - C(1,2)/C(2,2) = 1, pass^2 = 0; (3,3): 1 and 1 -> 1 and 0.5; (1,0) left out.
        // k=3: only (3,3): 1 and 1; two left out.
        List<PassAtK> estimates = PassAtK.over(List.of(new AttemptCounts(2, 1), new AttemptCounts(3, 3),
                new AttemptCounts(1, 0)));
        assertThat(estimates).extracting(PassAtK::k, PassAtK::passAtK, PassAtK::passHatK, PassAtK::cases, PassAtK::leftOut)
                .containsExactly(tuple(1, 0.5, 0.5, 3, 0), tuple(2, 1.0, 0.5, 2, 1), tuple(3, 1.0, 1.0, 1, 2));
    }

    @Test
    void should_count_a_case_without_attempts_as_left_out_and_give_nothing_without_attempts() {
        assertThat(PassAtK.over(List.of(new AttemptCounts(2, 2), new AttemptCounts(0, 0))))
                .extracting(PassAtK::k, PassAtK::cases, PassAtK::leftOut).containsExactly(tuple(1, 1, 1), tuple(2, 1, 1));
        assertThat(PassAtK.over(List.of(new AttemptCounts(0, 0)))).isEmpty();
    }

    @Test
    void should_reject_impossible_arguments() {
        assertThatThrownBy(() -> PassAtK.passAtK(3, 1, 4))
                .hasMessage("need 0 <= c <= n and 1 <= k <= n but n was 3, c 1 and k 4");
        assertThatThrownBy(() -> PassAtK.passHatK(3, 4, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new AttemptCounts(2, 3))
                .hasMessage("need 0 <= passed <= attempts but passed was 3 and attempts 2");
    }
}
