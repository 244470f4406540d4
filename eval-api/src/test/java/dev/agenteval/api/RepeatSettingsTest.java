package dev.agenteval.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class RepeatSettingsTest {

    private static CaseAttempt attempt(int n, CaseStatus status) {
        return new CaseAttempt(n, status, "", Duration.ZERO, null, List.of());
    }

    @Test
    void should_refuse_a_repeat_below_1_and_a_threshold_outside_0_to_1_naming_the_case() {
        Case.Builder c = Case.id("lookup").turn("x");

        assertThatThrownBy(() -> c.repeat(0)).hasMessage("case 'lookup': repeat must be >= 1 but was 0");
        assertThatThrownBy(() -> c.passThreshold(0)).hasMessage("case 'lookup': passThreshold must be > 0 and <= 1 but was 0.0");
        assertThatThrownBy(() -> c.passThreshold(1.5)).hasMessage("case 'lookup': passThreshold must be > 0 and <= 1 but was 1.5");
        assertThatThrownBy(() -> c.passThreshold(Double.NaN)).hasMessageContaining("but was NaN");
        assertThatThrownBy(() -> Suite.named("s").repeat(-2)).hasMessage("repeat must be >= 1 but was -2");
        assertThatThrownBy(() -> Suite.named("s").passThreshold(0)).hasMessage("passThreshold must be > 0 and <= 1 but was 0.0");
    }

    @Test
    void should_keep_repeat_settings_through_to_builder_and_leave_them_empty_by_default() {
        Case plain = Case.id("c").turn("x").build();
        Case repeated = Case.id("c").turn("x").repeat(5).passThreshold(0.8).build();

        assertThat(plain.repeat()).isEmpty();
        assertThat(plain.passThreshold()).isEmpty();
        assertThat(repeated.toBuilder().build()).isEqualTo(repeated).isNotEqualTo(plain);
        assertThat(repeated.repeat()).contains(5);
        assertThat(Suite.named("s").repeat(3).build().toBuilder().build().repeat()).contains(3);
    }

    @Test
    void should_derive_pass_at_k_pass_hat_k_and_flakiness_from_the_attempts() {
        CaseResult mixed = new CaseResult("c", List.of(), true, CaseStatus.FAILED, "x", Duration.ZERO, null,
                List.of(attempt(1, CaseStatus.PASSED), attempt(2, CaseStatus.ERRORED), attempt(3, CaseStatus.PASSED)));
        CaseResult allFailed = new CaseResult("c", List.of(), true, CaseStatus.FAILED, "x", Duration.ZERO, null,
                List.of(attempt(1, CaseStatus.FAILED), attempt(2, CaseStatus.FAILED)));
        CaseResult skipped = CaseResult.skipped(Case.id("c").turn("x").build(), "not run");

        assertThat(mixed.passedAttempts()).isEqualTo(2);
        assertThat(mixed.passAtK()).isTrue();
        assertThat(mixed.passHatK()).isFalse();
        assertThat(mixed.flaky()).isTrue();
        assertThat(mixed.passThreshold()).as("the old constructor means every attempt had to pass").isEqualTo(1.0);
        assertThat(allFailed.passAtK()).isFalse();
        assertThat(allFailed.flaky()).isFalse();
        assertThat(skipped.passHatK()).as("no attempt is not every attempt passing").isFalse();
        assertThat(skipped.passAtK()).isFalse();
        assertThatThrownBy(() -> new CaseResult("c", List.of(), true, CaseStatus.PASSED, "", Duration.ZERO, null,
                List.of(), 0.0)).hasMessage("case 'c': passThreshold must be > 0 and <= 1 but was 0.0");
    }

    @Test
    void should_compute_the_fingerprint_value_from_its_parts() {
        Fingerprint a = Fingerprint.of("s".repeat(64), 3, "a2a http://x/", Fingerprint.NO_JUDGE);

        assertThat(a).isEqualTo(Fingerprint.of("s".repeat(64), 3, "a2a http://x/", Fingerprint.NO_JUDGE));
        assertThat(a.value()).isNotEqualTo(Fingerprint.of("s".repeat(64), 3, "a2a http://y/", Fingerprint.NO_JUDGE).value());
        assertThat(Fingerprint.sha256("abc"))
                .isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        SuiteResult r = new SuiteResult("s", Instant.EPOCH, Duration.ZERO, true, List.of()).withFingerprint(a);
        assertThat(r.fingerprint()).isEqualTo(a);
        assertThat(r.withShard(Shard.of(1, 2)).fingerprint()).as("kept by withShard").isEqualTo(a);
        assertThatThrownBy(() -> Fingerprint.of(" ", 1, "a", "b")).hasMessageContaining("fingerprint suite");
    }
}
