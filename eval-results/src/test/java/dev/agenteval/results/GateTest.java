package dev.agenteval.results;

import dev.agenteval.core.EvalRunner;
import dev.agenteval.core.InProcessAgent;
import dev.agenteval.core.Providers;
import static dev.agenteval.api.Scorers.contains;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.Case;
import dev.agenteval.api.Check;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Scorers;
import dev.agenteval.api.Fingerprint;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.Variable;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.JudgeVerdict;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerFactory;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class GateTest {

    /** Answers "ok" except to the message "fail". */
    private static final AgentClient AGENT = InProcessAgent.replying(text -> text.equals("fail") ? "nope" : "ok");

    private static EvalRunner.Builder runner() {
        return EvalRunner.builder().agent(AGENT).environment(name -> null).concurrency(1)
                .agentDescription("in-process test agent");
    }

    /** Four passing cases and one failing: 80%. */
    private static Suite fourOfFive() {
        Suite.Builder b = Suite.named("gate");
        for (int i = 1; i <= 4; i++) {
            b.add(Case.id("ok-" + i).tag(i == 1 ? "first" : "rest").turn("hello", contains("ok")));
        }
        return b.add(Case.id("bad").tag("rest").turn("fail", contains("ok"))).build();
    }

    @Test
    void should_be_met_when_the_pass_rate_reaches_the_threshold() {
        SuiteResult result = runner().build().run(fourOfFive());

        GateVerdict verdict = Gate.atLeast(80).evaluate(result);

        assertThat(verdict.met()).isTrue();
        assertThat(verdict.covered()).isTrue();
        assertThat(verdict.passRate()).isEqualTo(0.8);
        assertThat(verdict.reason()).isEqualTo("gate met: pass rate 80% (4 of 5 cases passed) meets the threshold 80%");
    }

    @Test
    void should_not_be_met_when_the_pass_rate_is_below_the_threshold() {
        SuiteResult result = runner().build().run(fourOfFive());

        GateVerdict verdict = Gate.atLeast(80.1).evaluate(result);

        assertThat(verdict.met()).isFalse();
        assertThat(verdict.covered()).isTrue();
        assertThat(verdict.reason())
                .isEqualTo("gate not met: pass rate 80% (4 of 5 cases passed) is below the threshold 80.1%");
    }

    @Test
    void a_lower_bound_gate_should_compare_the_wilson_lower_bound_not_the_pass_rate() {
        // 4 of 5 at 95%: the Wilson interval is 0.3755 to 0.9638 (Newcombe 1998's method 3).
        SuiteResult result = runner().build().run(fourOfFive());

        GateVerdict met = Gate.lowerBoundAtLeast(37.5).evaluate(result);
        GateVerdict notMet = Gate.lowerBoundAtLeast(37.6).evaluate(result);

        assertThat(met.met()).isTrue();
        assertThat(met.reason()).isEqualTo("gate met: pass rate 80% (4 of 5 cases passed; 95% CI lower bound 37.6%)"
                + " meets the lower-bound threshold 37.5%");
        assertThat(notMet.met()).isFalse();
        assertThat(notMet.covered()).isTrue();
        assertThat(notMet.passRate()).isEqualTo(0.8);
        assertThat(notMet.reason()).isEqualTo("gate not met: pass rate 80% (4 of 5 cases passed; 95% CI lower bound"
                + " 37.6%) is below the lower-bound threshold 37.6%");
        assertThat(Gate.atLeast(37.6).evaluate(result).met()).isTrue();
        assertThat(Gate.lowerBoundAtLeast(80)).hasToString("Gate[lower bound at least 80%]");
        // At 90% (--confidence 0.9): z = 1.644854, the lower bound 0.43529 (computed by hand with Wilson's formula).
        GateVerdict at90 = Gate.lowerBoundAtLeast(43.5, 0.9).evaluate(result);
        assertThat(at90.met()).isTrue();
        assertThat(at90.reason()).contains("90% CI lower bound 43.5%");
        assertThat(Gate.lowerBoundAtLeast(43.6, 0.9).evaluate(result).met()).isFalse();
        assertThatThrownBy(() -> Gate.lowerBoundAtLeast(50, 1.0)).hasMessage("level must be > 0 and < 1 but was 1.0");
        assertThatThrownBy(() -> Gate.lowerBoundAtLeast(100.5))
                .hasMessage("threshold-lower-bound must be between 0 and 100 (percent) but was 100.5");
    }

    @Test
    void should_not_be_met_by_a_run_that_selected_only_some_cases_even_when_all_of_them_passed() {
        SuiteResult filtered = runner().tag("first").build().run(fourOfFive());

        GateVerdict verdict = Gate.atLeast(50).evaluate(filtered);

        assertThat(filtered.allPassed()).isTrue();
        assertThat(verdict.met()).isFalse();
        assertThat(verdict.covered()).isFalse();
        assertThat(verdict.reason()).contains("pass rate 100% (1 of 1 cases passed)")
                .contains("does not cover every current case")
                .contains("the run covered 1 of the suite's 5 cases");
    }

    @Test
    void should_not_be_met_by_a_run_stopped_early() {
        Suite suite = Suite.named("stop")
                .add(Case.id("bad").turn("fail", contains("ok")))
                .add(Case.id("later").turn("hello", contains("ok")))
                .build();

        SuiteResult result = runner().stopOnFailure(true).build().run(suite);

        GateVerdict verdict = Gate.atLeast(0).evaluate(result);
        assertThat(verdict.met()).isFalse();
        assertThat(verdict.reason()).contains("the run was interrupted or stopped early").contains("1 case was skipped");
    }

    @Test
    void should_not_be_met_by_a_result_without_a_fingerprint() {
        SuiteResult result = runner().build().run(fourOfFive()).withFingerprint(null);

        GateVerdict verdict = Gate.atLeast(0).evaluate(result);

        assertThat(verdict.met()).isFalse();
        assertThat(verdict.reason()).contains("the result records no fingerprint");
    }

    @Test
    void should_not_be_met_by_a_result_of_another_configuration_such_as_before_a_case_was_added() {
        Suite before = fourOfFive();
        Suite after = before.toBuilder().add(Case.id("new").turn("hello", contains("ok"))).build();
        EvalRunner runner = runner().build();
        SuiteResult old = runner.run(before);

        GateVerdict stale = Gate.atLeast(50).evaluate(old, runner.fingerprint(after));
        GateVerdict current = Gate.atLeast(50).evaluate(old, runner.fingerprint(before));
        GateVerdict otherAgent = Gate.atLeast(50).evaluate(old,
                runner.toBuilder().agentDescription("a2a http://other/").build().fingerprint(before));

        assertThat(stale.met()).isFalse();
        assertThat(stale.reason()).contains("the result is of another configuration (the suite changed)");
        assertThat(current.met()).isTrue();
        assertThat(otherAgent.reason())
                .contains("agent 'in-process test agent' is now 'a2a http://other/'");
    }

    @Test
    void should_refuse_a_threshold_outside_0_to_100() {
        assertThatThrownBy(() -> Gate.atLeast(101)).hasMessage("threshold must be between 0 and 100 (percent) but was 101.0");
        assertThatThrownBy(() -> Gate.atLeast(-1)).hasMessageContaining("but was -1.0");
    }

    @Test
    void should_record_a_fingerprint_that_changes_with_what_is_evaluated_but_not_with_secrets_or_concurrency() {
        Suite suite = fourOfFive().toBuilder().variable("token", Variable.env("TOKEN")).build();
        EvalRunner runner = runner().build();

        Fingerprint fp = runner.run(suite).fingerprint();
        Fingerprint withOtherSecret = runner.toBuilder().environment(name -> "s3cr3t").concurrency(4).build()
                .fingerprint(suite);
        Fingerprint moreRepeats = runner.toBuilder().repeat(3).build().fingerprint(suite);
        Fingerprint longerTimeout = runner.toBuilder().caseTimeout(Duration.ofMinutes(9)).build().fingerprint(suite);
        Fingerprint otherAgent = runner.toBuilder().agentDescription("a2a http://x/").build().fingerprint(suite);
        Fingerprint oneInput = runner.fingerprint(Suite.named("g").add(Case.id("a").turn("hello", contains("ok"))).build());
        Fingerprint otherInput = runner.fingerprint(Suite.named("g").add(Case.id("a").turn("hello!", contains("ok"))).build());

        assertThat(fp).isEqualTo(runner.fingerprint(suite));
        assertThat(fp.suiteCases()).isEqualTo(5);
        assertThat(fp.agent()).isEqualTo("in-process test agent");
        assertThat(fp.judge()).as("no case needs a judge").isEqualTo(Fingerprint.NO_JUDGE);
        assertThat(fp.suite()).matches("[0-9a-f]{64}");
        assertThat(fp.value()).matches("[0-9a-f]{64}").isNotEqualTo(fp.suite());
        assertThat(withOtherSecret.value()).isEqualTo(fp.value());
        assertThat(moreRepeats.suite()).isNotEqualTo(fp.suite());
        assertThat(longerTimeout.suite()).isNotEqualTo(fp.suite());
        assertThat(otherAgent.suite()).isEqualTo(fp.suite());
        assertThat(otherAgent.value()).isNotEqualTo(fp.value());
        assertThat(otherInput.suite()).isNotEqualTo(oneInput.suite());
    }

    @Test
    void should_describe_the_judge_in_the_fingerprint_only_when_a_case_needs_one() {
        Providers providers = Providers.discover().withScorer(new ScorerFactory() {
            @Override
            public String id() {
                return "correctness";
            }

            @Override
            public Scorer create(ScorerSpec spec) {
                return ctx -> ScoreResult.ofChecks("correctness", Check.pass("judge"));
            }

            @Override
            public boolean needsJudge() {
                return true;
            }
        });
        Suite judged = Suite.named("j").add(Case.id("c").turn("hello", Scorers.correctness("Greets"))).build();
        Judge judge = request -> new JudgeVerdict(true, 1.0, "fine", null);
        EvalRunner.Builder b = EvalRunner.builder().agent(AGENT).providers(providers).judge(judge);

        assertThat(b.judgeDescription("gpt-4o-mini, samples 3").build().fingerprint(judged).judge())
                .isEqualTo("gpt-4o-mini, samples 3");
        assertThat(b.build().fingerprint(fourOfFive()).judge()).isEqualTo(Fingerprint.NO_JUDGE);
        assertThat(EvalRunner.builder().agent(AGENT).providers(providers).judge(judge).build().fingerprint(judged).judge())
                .as("a lambda's per-JVM class-name suffix is dropped, so the default is stable")
                .doesNotContain("/").endsWith("$$Lambda");
    }
}
