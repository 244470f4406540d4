package dev.agenteval.results.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class SampleSizeTest {

    @Test
    void should_match_r_power_prop_test_for_two_runs_on_separate_cases() {
        // R: power.prop.test(p1 = 0.5, p2 = 0.6, sig.level = 0.05, power = 0.8) gives n = 387.3385 per group.
        // By hand: p̄ = 0.55, √(2·0.55·0.45) = 0.703562, ×1.959964 = 1.378955; √(0.25 + 0.24) = 0.7,
        // ×0.841621 = 0.589135; (1.968090)² = 3.873378, / 0.1² = 387.34 → 388.
        SampleSize s = SampleSize.unpaired(0.5, 0.6, 0.05, 0.8);
        assertThat(s.exact()).isCloseTo(387.3385, within(1e-3));
        assertThat(s.cases()).isEqualTo(388);
        assertThat(s.comparison()).isEqualTo(SampleSize.Comparison.UNPAIRED);
        assertThat(s.approximation()).contains("two-proportion z-test", "pooled");
        assertThat(s.discordant()).isEmpty();
        // power.prop.test(p1 = 0.5, p2 = 0.6, power = 0.9): n = 518.0372.
        assertThat(SampleSize.unpaired(0.5, 0.6, 0.05, 0.9).exact()).isCloseTo(518.0372, within(1e-3));
        // power.prop.test(p1 = 0.8, p2 = 0.9, power = 0.8): n = 198.9634 (p̄ = 0.85: √0.255·1.959964 = 0.989733,
        // √0.25·0.841621 = 0.420811, 1.410544² / 0.01 = 198.96).
        assertThat(SampleSize.unpaired(0.8, 0.9, 0.05, 0.8).cases()).isEqualTo(199);
        // power.prop.test(p1 = 0.2, p2 = 0.3, sig.level = 0.01, power = 0.9): n = 555.4998.
        assertThat(SampleSize.unpaired(0.2, 0.3, 0.01, 0.9).exact()).isCloseTo(555.4998, within(1e-3));
    }

    @Test
    void should_need_more_cases_for_a_change_towards_one_half() {
        // 80% → 70%: p̄ = 0.75, (√0.375·1.959964 + √0.37·0.841621)² / 0.01 = 1.712166² / 0.01 = 293.15.
        assertThat(SampleSize.unpaired(0.8, 0.7, 0.05, 0.8).cases()).isEqualTo(294);
        assertThat(SampleSize.unpaired(0.7, 0.8, 0.05, 0.8).cases()).as("symmetric in the two rates").isEqualTo(294);
    }

    @Test
    void should_match_connors_paired_example() {
        // Connor (1987), Biometrics 43:209: p01 = 0.45, p10 = 0.05, α = 0.05 two-sided, power 0.8:
        // ψ = 0.5, δ = 0.4: (1.959964·√0.5 + 0.841621·√0.34)² / 0.16 = 1.876649² / 0.16 = 22.01 → 23 pairs.
        SampleSize s = SampleSize.paired(0.5, 0.1, 0.5, 0.05, 0.8);
        assertThat(s.exact()).isCloseTo(22.0113, within(1e-3));
        assertThat(s.cases()).isEqualTo(23);
        assertThat(s.discordant()).hasValue(0.5);
        assertThat(s.approximation()).contains("McNemar", "Connor (1987)", "discordant");
        // By hand: ψ = 0.2, δ = 0.1: (1.959964·0.447214 + 0.841621·0.435890)² / 0.01 = 1.243378² / 0.01 = 154.60 → 155.
        assertThat(SampleSize.paired(0.8, 0.7, 0.2, 0.05, 0.8).cases()).isEqualTo(155);
    }

    @Test
    void should_give_about_the_power_asked_to_the_exact_mcnemar_test_the_comparison_uses() {
        // 155 pairs (ψ = 0.2, δ = 0.1): each case regresses with probability 0.15 and improves with 0.05.
        // The exact test is a little conservative beside the normal approximation (a simulation apart,
        // 4,000 runs: 0.776); half the cases have far less power.
        int cases = SampleSize.paired(0.8, 0.7, 0.2, 0.05, 0.8).cases();
        assertThat(simulatedPower(cases, 2000)).isBetween(0.74, 0.84);
        assertThat(simulatedPower(cases / 2, 2000)).isLessThan(0.6);
    }

    /** The share of seeded simulated comparisons of {@code cases} pairs where McNemar's exact test gives p < 0.05. */
    private static double simulatedPower(int cases, int runs) {
        java.util.SplittableRandom random = new java.util.SplittableRandom(29);
        int rejected = 0;
        for (int r = 0; r < runs; r++) {
            int regressed = 0;
            int improved = 0;
            for (int i = 0; i < cases; i++) {
                double u = random.nextDouble();
                regressed += u < 0.15 ? 1 : 0;
                improved += u >= 0.15 && u < 0.2 ? 1 : 0;
            }
            rejected += PairedTests.mcnemar(regressed, improved).p() < 0.05 ? 1 : 0;
        }
        return (double) rejected / runs;
    }

    @Test
    void should_gain_nothing_from_pairing_runs_whose_verdicts_are_independent() {
        // ψ = 0.8·0.3 + 0.7·0.2 = 0.38: (1.959964·√0.38 + 0.841621·√0.37)² / 0.01 = 295.89, about the unpaired 293.15.
        double independent = SampleSize.independentDiscordance(0.8, 0.7);
        assertThat(independent).isCloseTo(0.38, within(1e-12));
        assertThat(SampleSize.paired(0.8, 0.7, independent, 0.05, 0.8).cases()).isEqualTo(296);
    }

    @Test
    void should_divide_the_cases_by_the_design_effect_of_repeats() {
        // 388 cases with one attempt; 4 attempts with ρ = 0.5 are worth 4 / (1 + 3·0.5) = 1.6 attempts:
        // 387.3385 / 1.6 = 242.09 → 243 cases, 972 attempts.
        SampleSize s = SampleSize.unpaired(0.5, 0.6, 0.05, 0.8).withRepeats(4, 0.5);
        assertThat(s.exact()).isCloseTo(387.3385 / 1.6, within(1e-3));
        assertThat(s.cases()).isEqualTo(243);
        assertThat(s.attempts()).isEqualTo(972);
        assertThat(SampleSize.unpaired(0.5, 0.6, 0.05, 0.8).withRepeats(5, 1).cases()).as("ρ = 1: repeats do not help")
                .isEqualTo(388);
        assertThat(SampleSize.unpaired(0.5, 0.6, 0.05, 0.8).withRepeats(4, 0).cases()).as("ρ = 0: 387.34 / 4 = 96.8")
                .isEqualTo(97);
        assertThat(s.withRepeats(1, 0.5).cases()).as("back to one attempt").isEqualTo(388);
    }

    @Test
    void should_refuse_impossible_inputs_naming_them() {
        assertThatThrownBy(() -> SampleSize.unpaired(0.8, 0.8, 0.05, 0.8)).hasMessageContaining("must differ");
        assertThatThrownBy(() -> SampleSize.unpaired(0.8, 1.1, 0.05, 0.8)).hasMessageContaining("between 0 and 1");
        assertThatThrownBy(() -> SampleSize.unpaired(0.8, 0.7, 0, 0.8)).hasMessageContaining("significance must be > 0");
        assertThatThrownBy(() -> SampleSize.unpaired(0.8, 0.7, 0.05, 1)).hasMessageContaining("power must be > 0 and < 1");
        assertThatThrownBy(() -> SampleSize.paired(0.8, 0.7, 0.05, 0.05, 0.8))
                .hasMessageContaining("discordant must be between 0.1 (the change itself) and 0.5");
        assertThatThrownBy(() -> SampleSize.paired(0.8, 0.7, 0.6, 0.05, 0.8)).hasMessageContaining("but was 0.6");
        assertThatThrownBy(() -> SampleSize.unpaired(0.5, 0.6, 0.05, 0.8).withRepeats(0, 0.5))
                .hasMessageContaining("repeats must be >= 1 but was 0");
        assertThatThrownBy(() -> SampleSize.unpaired(0.5, 0.6, 0.05, 0.8).withRepeats(2, 1.5))
                .hasMessageContaining("icc must be between 0 and 1 but was 1.5");
    }
}
