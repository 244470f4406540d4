package dev.agenteval.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.Case;
import dev.agenteval.api.Check;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.Turn;
import dev.agenteval.api.Variable;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerFactory;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The work a run does once however many cases, turns and attempts there are: each distinct scorer
 * spec validated and created once (the pre-run check included), each scorer type asked once
 * whether it needs a judge, the providers discovered once.
 */
class WorkDoneOnceTest {

    /** A scorer type counting what the runner asks of it: passes when the answer holds {@code word}. */
    private static final class Counting implements ScorerFactory {
        final AtomicInteger validated = new AtomicInteger();
        final AtomicInteger created = new AtomicInteger();
        final AtomicInteger judgeAsked = new AtomicInteger();
        final AtomicInteger scored = new AtomicInteger();
        private final boolean judged;

        Counting(boolean judged) {
            this.judged = judged;
        }

        @Override
        public String id() {
            return "counting";
        }

        @Override
        public List<String> validate(ScorerSpec spec) {
            validated.incrementAndGet();
            return spec.param("word").isPresent() ? List.of() : List.of("needs a word");
        }

        @Override
        public Scorer create(ScorerSpec spec) {
            created.incrementAndGet();
            String word = (String) spec.params().get("word");
            return ctx -> {
                scored.incrementAndGet();
                return ScoreResult.ofChecks(id(), ctx.response().text().contains(word) ? Check.pass(word)
                        : Check.fail(word, "missing"));
            };
        }

        @Override
        public boolean needsJudge() {
            judgeAsked.incrementAndGet();
            return judged;
        }
    }

    private static final Judge JUDGE = request -> {
        throw new AssertionError("the counting scorer never asks the judge");
    };

    /** {@code cases} cases of {@code turns} turns each, every turn scored with {@code spec}. */
    private static Suite suite(int cases, int turns, int repeat, ScorerSpec spec) {
        Suite.Builder s = Suite.named("once").repeat(repeat);
        for (int c = 1; c <= cases; c++) {
            Case.Builder b = Case.id("c" + c);
            for (int t = 1; t <= turns; t++) {
                b.turn(Turn.of("say ok " + t).expect(spec));
            }
            s.add(b);
        }
        return s.build();
    }

    private static EvalRunner.Builder runner(Counting factory) {
        return EvalRunner.builder().agent(InProcessAgent.replying(text -> "ok: " + text)).environment(name -> null)
                .providers(Providers.discover().withScorer(factory));
    }

    @Test
    void should_validate_and_create_a_spec_shared_by_every_case_turn_and_attempt_once() {
        Counting factory = new Counting(false);
        Suite suite = suite(3, 2, 4, ScorerSpec.of("counting", Map.of("word", "ok")));

        SuiteResult result = runner(factory).build().run(suite);

        assertThat(result.summary().passed()).isEqualTo(3);
        assertThat(factory.scored.get()).isEqualTo(3 * 2 * 4);
        assertThat(factory.validated.get()).isEqualTo(1);
        assertThat(factory.created.get()).isEqualTo(1);
    }

    @Test
    void should_share_the_scorers_of_the_pre_run_check_with_the_run() {
        Counting factory = new Counting(false);
        Suite suite = suite(3, 2, 2, ScorerSpec.of("counting", Map.of("word", "ok")));
        EvalRunner.Builder builder = runner(factory);

        builder.check(suite);
        SuiteResult result = builder.build().run(suite);

        assertThat(result.summary().passed()).isEqualTo(3);
        assertThat(factory.validated.get()).isEqualTo(1);
        assertThat(factory.created.get()).isEqualTo(1);
    }

    @Test
    void should_resolve_each_distinct_spec_once_and_score_each_turn_with_its_own() {
        Counting factory = new Counting(false);
        ScorerSpec ok = ScorerSpec.of("counting", Map.of("word", "ok"));
        ScorerSpec absent = ScorerSpec.of("counting", Map.of("word", "absent"));
        Suite suite = Suite.named("two").add(Case.id("a").turn(Turn.of("x").expect(ok)).turn(Turn.of("y").expect(absent)))
                .add(Case.id("b").turn(Turn.of("x").expect(ScorerSpec.of("counting", Map.of("word", "ok")))))
                .add(Case.id("c").turn(Turn.of("x").expect(absent)))
                .build();

        SuiteResult result = runner(factory).build().run(suite);

        assertThat(result.cases()).extracting(c -> c.id() + " " + c.status().wireName())
                .containsExactly("a failed", "b passed", "c failed");
        assertThat(factory.validated.get()).isEqualTo(2);
        assertThat(factory.created.get()).isEqualTo(2);
    }

    @Test
    void should_create_a_spec_whose_placeholder_resolves_to_the_same_value_in_two_cases_once() {
        Counting factory = new Counting(false);
        ScorerSpec templated = ScorerSpec.of("counting", Map.of("word", "{{word}}"));
        // The suite's variable in one case, the case's own variable of the same value in the other.
        Suite suite = Suite.named("same").repeat(2).variable("word", Variable.literal("ok"))
                .add(Case.id("a").turn(Turn.of("x").expect(templated)).turn(Turn.of("y").expect(templated)))
                .add(Case.id("b").variable("word", Variable.literal("ok")).turn(Turn.of("x").expect(templated)))
                .build();
        EvalRunner.Builder builder = runner(factory);

        builder.check(suite);
        SuiteResult result = builder.build().run(suite);

        assertThat(result.cases()).extracting(c -> c.id() + " " + c.status().wireName())
                .containsExactly("a passed", "b passed");
        assertThat(factory.validated.get()).isEqualTo(1);
        assertThat(factory.created.get()).isEqualTo(1);
        assertThat(factory.scored.get()).isEqualTo((2 + 1) * 2);
    }

    @Test
    void should_create_a_spec_whose_placeholder_resolves_to_different_values_in_two_cases_twice() {
        Counting factory = new Counting(false);
        ScorerSpec templated = ScorerSpec.of("counting", Map.of("word", "{{word}}"));
        Suite suite = Suite.named("different").repeat(2).variable("word", Variable.literal("ok"))
                .add(Case.id("a").turn(Turn.of("x").expect(templated)))
                .add(Case.id("b").variable("word", Variable.literal("absent")).turn(Turn.of("x").expect(templated)))
                .build();
        EvalRunner.Builder builder = runner(factory);

        builder.check(suite);
        SuiteResult result = builder.build().run(suite);

        // Each case scored with its own resolved spec: "ok" is in the answer, "absent" is not.
        assertThat(result.cases()).extracting(c -> c.id() + " " + c.status().wireName())
                .containsExactly("a passed", "b failed");
        assertThat(factory.validated.get()).isEqualTo(2);
        assertThat(factory.created.get()).isEqualTo(2);
    }

    @Test
    void should_report_the_problem_of_a_shared_invalid_spec_wherever_it_is_written_having_validated_it_once() {
        Counting factory = new Counting(false);
        Suite suite = suite(2, 2, 1, ScorerSpec.of("counting", Map.of()));

        assertThatThrownBy(() -> runner(factory).build().run(suite))
                .isInstanceOfSatisfying(ConfigurationException.class, e -> assertThat(e.problems()).containsExactly(
                        "case 'c1' turn 1: scorer 'counting' needs a word",
                        "case 'c1' turn 2: scorer 'counting' needs a word",
                        "case 'c2' turn 1: scorer 'counting' needs a word",
                        "case 'c2' turn 2: scorer 'counting' needs a word"));
        assertThat(factory.validated.get()).isEqualTo(1);
        assertThat(factory.created.get()).isZero();
    }

    @Test
    void should_ask_whether_a_scorer_type_needs_a_judge_once_for_the_check_the_run_and_its_fingerprint() {
        Counting factory = new Counting(true);
        Suite suite = suite(3, 2, 2, ScorerSpec.of("counting", Map.of("word", "ok")));
        EvalRunner.Builder builder = runner(factory).judge(JUDGE).judgeDescription("stand-in judge");

        builder.check(suite);
        SuiteResult result = builder.build().run(suite);

        assertThat(result.summary().passed()).isEqualTo(3);
        assertThat(result.fingerprint().judge()).isEqualTo("stand-in judge");
        assertThat(factory.judgeAsked.get()).isEqualTo(1);
    }

    @Test
    void should_record_the_judge_in_the_fingerprint_when_only_an_unselected_case_needs_it() {
        Counting factory = new Counting(true);
        Suite suite = Suite.named("mixed")
                .add(Case.id("plain").turn(Turn.of("x").expect(dev.agenteval.api.Scorers.contains("ok"))))
                .add(Case.id("judged").turn(Turn.of("x").expect(ScorerSpec.of("counting", Map.of("word", "ok")))))
                .build();
        EvalRunner runner = runner(factory).judge(JUDGE).judgeDescription("stand-in judge").caseId("plain").build();

        SuiteResult result = runner.run(suite);

        assertThat(result.fingerprint()).isEqualTo(runner.fingerprint(suite));
        assertThat(result.fingerprint().judge()).isEqualTo("stand-in judge");
    }

    @Test
    void should_discover_the_providers_once_for_the_check_and_every_runner_a_builder_builds() {
        Suite suite = Suite.named("hello").add(Case.id("a").turn(Turn.of("hi").expect(
                dev.agenteval.api.Scorers.contains("ok")))).build();
        EvalRunner.Builder builder = EvalRunner.builder().agent(InProcessAgent.replying(text -> "ok"))
                .environment(name -> null);

        builder.check(suite);

        assertThat(builder.build().providers()).isSameAs(builder.build().providers());
    }
}
