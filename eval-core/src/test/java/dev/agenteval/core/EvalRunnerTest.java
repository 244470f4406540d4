package dev.agenteval.core;

import static dev.agenteval.api.Scorers.contains;
import static dev.agenteval.api.Scorers.expectedState;
import static dev.agenteval.api.Scorers.jsonPath;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.AgentException;
import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Case;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.Check;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.JsonPathCheck;
import dev.agenteval.api.Message;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.TaskState;
import dev.agenteval.api.Turn;
import dev.agenteval.api.TurnResult;
import dev.agenteval.api.Usage;
import dev.agenteval.api.Variable;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.AgentSession;
import dev.agenteval.spi.RunListener;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class EvalRunnerTest {

    private static EvalRunner.Builder runner(AgentClient agent) {
        return EvalRunner.builder().agent(agent).environment(name -> null);
    }

    private static Suite suiteOf(Case.Builder... cases) {
        Suite.Builder b = Suite.named("s");
        for (Case.Builder c : cases) {
            b.add(c);
        }
        return b.build();
    }

    /** The built-ins plus a stand-in {@code correctness} scorer that needs a judge. */
    private static Providers withJudgeScorer() {
        return Providers.discover().withScorer(new dev.agenteval.spi.ScorerFactory() {
            @Override
            public String id() {
                return "correctness";
            }

            @Override
            public dev.agenteval.spi.Scorer create(ScorerSpec spec) {
                return ctx -> ScoreResult.ofChecks("correctness", Check.pass("judge"));
            }

            @Override
            public boolean needsJudge() {
                return true;
            }
        });
    }

    @Test
    void should_say_how_to_give_an_agent_when_none_was_given() {
        assertThatThrownBy(() -> EvalRunner.builder().build()).isInstanceOf(dev.agenteval.api.ConfigurationException.class)
                .hasMessageContaining("EvalRunner.builder().agent(...)").hasMessageContaining("AGENT_EVAL_AGENT_URL");
    }

    @Test
    void should_never_exceed_the_concurrency_limit_and_reach_it_when_there_are_enough_cases() {
        int limit = 3;
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger max = new AtomicInteger();
        CountDownLatch firstWave = new CountDownLatch(limit);
        InProcessAgent agent = InProcessAgent.of((conversation, message) -> {
            max.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            try {
                // The first `limit` calls wait for each other: proves `limit` calls can be in flight
                // at once, and any call beyond the limit arriving meanwhile would raise `max`.
                firstWave.countDown();
                firstWave.await(10, TimeUnit.SECONDS);
                return AgentResponse.ofText("ok");
            } finally {
                inFlight.decrementAndGet();
            }
        });
        Suite.Builder suite = Suite.named("load");
        for (int i = 0; i < 12; i++) {
            suite.add(Case.id("c" + i).turn(Turn.of("hi").expect(contains("ok"))));
        }

        SuiteResult result = runner(agent).concurrency(limit).build().run(suite.build());

        assertThat(result.summary().passed()).isEqualTo(12);
        assertThat(max.get()).isEqualTo(limit);
    }

    @Test
    void should_cut_off_a_hanging_case_with_eval_timeout_while_other_cases_finish() {
        CountDownLatch never = new CountDownLatch(1);
        AtomicInteger cancelled = new AtomicInteger();
        AgentClient agent = request -> new AgentSession() {
            @Override
            public AgentResponse send(Message message) throws InterruptedException {
                if (request.caseId().equals("hang")) {
                    // Ignores interruption on purpose: the runner must free the slot anyway.
                    while (never.getCount() > 0) {
                        try {
                            never.await();
                        } catch (InterruptedException ignored) {
                            // keep hanging
                        }
                    }
                }
                return AgentResponse.ofText("fine");
            }

            @Override
            public void cancel() {
                cancelled.incrementAndGet();
            }
        };
        Suite suite = suiteOf(
                Case.id("hang").timeout(Duration.ofMillis(300)).turn(Turn.of("first").expect(contains("fine")))
                        .turn(Turn.of("second").expect(contains("fine"))),
                Case.id("a").turn(Turn.of("x").expect(contains("fine"))),
                Case.id("b").turn(Turn.of("y").expect(contains("fine"))));

        try {
            SuiteResult result = runner(agent).concurrency(1).build().run(suite);

            CaseResult hang = result.find("hang").orElseThrow();
            assertThat(hang.status()).isEqualTo(CaseStatus.ERRORED);
            assertThat(hang.turns()).hasSize(1);
            assertThat(hang.turns().get(0).harnessFailure().code()).isEqualTo(FailureCode.EVAL_TIMEOUT);
            assertThat(hang.turns().get(0).harnessFailure().context()).containsEntry("timeoutSeconds", 0.3);
            assertThat(hang.reason()).contains("eval_timeout");
            assertThat(cancelled.get()).isEqualTo(1);
            assertThat(result.find("a").orElseThrow().passed()).isTrue();
            assertThat(result.find("b").orElseThrow().passed()).isTrue();
            assertThat(result.complete()).isTrue();
        } finally {
            never.countDown();
        }
    }

    @Test
    void should_skip_remaining_cases_after_the_first_failure_when_stopping_on_failure() {
        InProcessAgent agent = InProcessAgent.replying(text -> text.equals("bad") ? "nope" : "ok");
        Suite suite = suiteOf(
                Case.id("first").turn("good", contains("ok")),
                Case.id("second").turn("bad", contains("ok")),
                Case.id("third").turn("good", contains("ok")));

        SuiteResult result = runner(agent).concurrency(1).stopOnFailure(true).build().run(suite);

        assertThat(result.cases()).extracting(CaseResult::id, CaseResult::status).containsExactly(
                org.assertj.core.groups.Tuple.tuple("first", CaseStatus.PASSED),
                org.assertj.core.groups.Tuple.tuple("second", CaseStatus.FAILED),
                org.assertj.core.groups.Tuple.tuple("third", CaseStatus.SKIPPED));
        assertThat(result.find("third").orElseThrow().reason()).isEqualTo("not run: stop-on-failure after case 'second' failed");
        assertThat(result.complete()).isFalse();
    }

    @Test
    void should_run_every_case_without_stop_on_failure() {
        InProcessAgent agent = InProcessAgent.replying(text -> text.equals("bad") ? "nope" : "ok");
        Suite suite = suiteOf(Case.id("first").turn("bad", contains("ok")), Case.id("second").turn("good", contains("ok")));

        SuiteResult result = runner(agent).concurrency(1).build().run(suite);

        assertThat(result.summary().failed()).isEqualTo(1);
        assertThat(result.summary().passed()).isEqualTo(1);
        assertThat(result.complete()).isTrue();
    }

    @Test
    void should_invert_the_scorers_verdict_when_expect_pass_is_false_but_never_a_harness_failure() {
        AgentClient agent = InProcessAgent.of((conversation, message) -> {
            if (message.text().equals("boom")) {
                throw new AgentException(FailureCode.HTTP_ERROR, "503 from agent", Map.of("status", 503), null);
            }
            return AgentResponse.ofText("I cannot help with that");
        });
        Suite suite = suiteOf(
                Case.id("negative-fails-as-expected").expectPass(false).turn("x", contains("Sure")),
                Case.id("negative-but-passes").expectPass(false).turn("x", contains("cannot")),
                Case.id("negative-harness-failure").expectPass(false).turn("boom", contains("Sure")));

        SuiteResult result = runner(agent).build().run(suite);

        assertThat(result.find("negative-fails-as-expected").orElseThrow().status()).isEqualTo(CaseStatus.PASSED);
        CaseResult passes = result.find("negative-but-passes").orElseThrow();
        assertThat(passes.status()).isEqualTo(CaseStatus.FAILED);
        assertThat(passes.reason()).contains("expectPass: false");
        CaseResult harness = result.find("negative-harness-failure").orElseThrow();
        assertThat(harness.status()).isEqualTo(CaseStatus.ERRORED);
        assertThat(harness.turns().get(0).harnessFailure().code()).isEqualTo(FailureCode.HTTP_ERROR);
        assertThat(harness.turns().get(0).harnessFailure().context()).containsEntry("status", 503L);
    }

    @Test
    void should_only_check_that_the_agent_answers_when_a_case_has_no_scorers() {
        AgentClient agent = InProcessAgent.replying(text -> text.equals("silent") ? "" : "hello");
        Suite suite = suiteOf(Case.id("answers").turn(Turn.of("hi")), Case.id("silent").turn(Turn.of("silent")));

        SuiteResult result = runner(agent).build().run(suite);

        CaseResult answers = result.find("answers").orElseThrow();
        assertThat(answers.passed()).isTrue();
        assertThat(answers.turns().get(0).scores()).extracting(ScoreResult::type).containsExactly("answered");
        CaseResult silent = result.find("silent").orElseThrow();
        assertThat(silent.status()).isEqualTo(CaseStatus.FAILED);
        assertThat(silent.reason()).contains("the agent's answer was empty");
    }

    /** A harness eval without expectations: no "agent answered" rule, only the state guard. */
    @Test
    void should_hold_a_case_without_scorers_that_requires_no_answer_to_the_state_guard_alone() {
        AgentClient agent = InProcessAgent.of((c, m) -> AgentResponse.builder().text("")
                .state(TaskState.parse(m.text().startsWith("fail") ? "failed" : "completed")).build());
        Suite suite = suiteOf(Case.id("quiet").answerRequired(false).turn(Turn.of("hi")).turn(Turn.of("again")),
                Case.id("guarded").answerRequired(false).turn(Turn.of("hi")).turn(Turn.of("fail now")),
                Case.id("dsl").turn(Turn.of("hi")));

        SuiteResult result = runner(agent).build().run(suite);

        CaseResult quiet = result.find("quiet").orElseThrow();
        assertThat(quiet.status()).as(quiet.reason()).isEqualTo(CaseStatus.PASSED);
        assertThat(quiet.turns()).allSatisfy(t -> assertThat(t.scores()).isEmpty());
        CaseResult guarded = result.find("guarded").orElseThrow();
        assertThat(guarded.status()).isEqualTo(CaseStatus.FAILED);
        assertThat(guarded.reason()).contains("turn 2 ").contains("task ended in 'failed'");
        assertThat(guarded.turns().get(1).scores()).extracting(ScoreResult::type).containsExactly("task_state");
        CaseResult dsl = result.find("dsl").orElseThrow();
        assertThat(dsl.status()).as("a case built in Java still needs an answer").isEqualTo(CaseStatus.FAILED);
        assertThat(dsl.reason()).contains("the agent's answer was empty");
    }

    /** The rule changes verdicts, so results of a case that requires an answer never merge with one that does not. */
    @Test
    void should_give_a_case_that_requires_no_answer_another_fingerprint() {
        EvalRunner runner = runner(InProcessAgent.replying(t -> "")).build();

        assertThat(runner.fingerprint(suiteOf(Case.id("c").answerRequired(false).turn(Turn.of("hi")))).suite())
                .isNotEqualTo(runner.fingerprint(suiteOf(Case.id("c").turn(Turn.of("hi")))).suite());
    }

    @ParameterizedTest
    @ValueSource(strings = {"failed", "TASK_STATE_FAILED", "rejected", "TASK_STATE_REJECTED"})
    void should_fail_a_case_without_scorers_whose_task_ended_unsuccessfully(String state) {
        AgentClient agent = InProcessAgent.of((c, m) -> AgentResponse.builder().text("hello").state(TaskState.parse(state)).build());
        Suite suite = suiteOf(Case.id("no-checks").turn(Turn.of("hi")).turn(Turn.of("again")));

        CaseResult c = runner(agent).build().run(suite).cases().get(0);

        assertThat(c.status()).isEqualTo(CaseStatus.FAILED);
        assertThat(c.turns().get(0).scores()).extracting(ScoreResult::type).containsExactly("answered", "task_state");
        assertThat(c.turns().get(0).scores().get(1).checks().get(0).detail())
                .isEqualTo("task ended in '" + TaskState.parse(state).wireName() + "'");
        assertThat(c.reason()).contains("turn 1 ").contains("task ended in");
    }

    /** The harness's guard fails {@code failed} and {@code rejected} only: a canceled task is not a failure. */
    @ParameterizedTest
    @ValueSource(strings = {"canceled", "cancelled", "TASK_STATE_CANCELED", "Cancelled"})
    void should_pass_a_case_without_scorers_whose_task_was_canceled(String state) {
        AgentClient agent = InProcessAgent.of((c, m) -> AgentResponse.builder().text("hello").state(TaskState.parse(state)).build());
        Suite suite = suiteOf(Case.id("canceled").turn(Turn.of("hi")));

        CaseResult c = runner(agent).build().run(suite).cases().get(0);

        assertThat(c.status()).as(c.reason()).isEqualTo(CaseStatus.PASSED);
        assertThat(c.turns().get(0).scores()).extracting(ScoreResult::type).containsExactly("answered");
    }

    @Test
    void should_suggest_a_known_scorer_type_for_a_typo_and_say_how_plugins_add_types() {
        Suite suite = suiteOf(Case.id("typo").turn(Turn.of("hi").expect(ScorerSpec.of("containz"))));

        assertThatThrownBy(() -> runner(InProcessAgent.replying(t -> "ok")).build().run(suite))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("case 'typo' turn 1: unknown scorer type 'containz' — did you mean 'contains'?"
                        + " (known: ")
                .hasMessageContaining("a plugin's scorer types come from its jar: give agent-eval --plugin-path DIR");
    }

    /** What a client says it cannot open a session for is refused before the first request, naming each case. */
    @Test
    void should_refuse_the_cases_the_agent_cannot_open_a_session_for_before_sending_anything() {
        AtomicInteger opened = new AtomicInteger();
        AgentClient delegate = InProcessAgent.replying(t -> "ok");
        AgentClient agent = new AgentClient() {
            @Override
            public AgentSession openSession(dev.agenteval.spi.SessionRequest request) {
                opened.incrementAndGet();
                return delegate.openSession(request);
            }

            @Override
            public Optional<String> sessionProblem(dev.agenteval.spi.SessionRequest request) {
                return request.agent().isEmpty() && request.agentIdIfSet().isEmpty()
                        ? Optional.of("needs an agent payload or an agent id") : Optional.empty();
            }
        };
        Suite suite = suiteOf(Case.id("bare").turn(Turn.of("hi")),
                Case.id("with-id").agentId("agent-1").turn(Turn.of("hi")),
                Case.id("also-bare").turn(Turn.of("hi")));

        assertThatThrownBy(() -> runner(agent).build().run(suite)).isInstanceOf(ConfigurationException.class)
                .satisfies(e -> assertThat(((ConfigurationException) e).problems()).containsExactly(
                        "case 'bare': needs an agent payload or an agent id",
                        "case 'also-bare': needs an agent payload or an agent id"));
        assertThatThrownBy(() -> runner(agent).check(suite)).isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("case 'also-bare': needs an agent payload or an agent id");
        assertThat(opened.get()).isZero();
    }

    @Test
    void should_fail_a_case_whose_only_scorers_were_skipped() {
        ScorerSpec skipping = ScorerSpec.inline("toolish", ctx -> ScoreResult.skipped("toolish", "no tools resolved"));
        Suite suite = suiteOf(Case.id("only-skipped").turn(Turn.of("hi").expect(skipping)),
                Case.id("skipped-and-passed").turn(Turn.of("hi").expect(skipping, contains("ok"))));

        SuiteResult result = runner(InProcessAgent.replying(t -> "ok")).build().run(suite);

        CaseResult onlySkipped = result.find("only-skipped").orElseThrow();
        assertThat(onlySkipped.status()).isEqualTo(CaseStatus.FAILED);
        assertThat(onlySkipped.reason()).contains("every scorer was skipped").contains("no tools resolved");
        assertThat(result.find("skipped-and-passed").orElseThrow().passed()).isTrue();
    }

    @Test
    void should_fail_a_turn_whose_task_failed_unless_the_state_is_expected() {
        AgentClient agent = InProcessAgent.of((c, m) -> AgentResponse.builder().text("ok").state(TaskState.parse("TASK_STATE_FAILED")).build());
        Suite suite = suiteOf(Case.id("unexpected").turn("x", contains("ok")),
                Case.id("expected").turn("x", contains("ok"), expectedState("failed")));

        SuiteResult result = runner(agent).build().run(suite);

        CaseResult unexpected = result.find("unexpected").orElseThrow();
        assertThat(unexpected.status()).isEqualTo(CaseStatus.FAILED);
        assertThat(unexpected.reason()).contains("task ended in 'failed'");
        assertThat(result.find("expected").orElseThrow().passed()).isTrue();
    }

    @Test
    void should_record_a_scorer_exception_as_an_errored_score_and_an_errored_case() {
        ScorerSpec throwing = ScorerSpec.inline("broken", ctx -> {
            throw new IllegalStateException("bug in scorer");
        });
        Suite suite = suiteOf(Case.id("c").turn(Turn.of("hi").expect(throwing, contains("ok"))));

        CaseResult c = runner(InProcessAgent.replying(t -> "ok")).build().run(suite).cases().get(0);

        assertThat(c.status()).isEqualTo(CaseStatus.ERRORED);
        ScoreResult broken = c.turns().get(0).scores().get(0);
        assertThat(broken.status()).isEqualTo(ScoreStatus.ERRORED);
        assertThat(broken.failure().code()).isEqualTo(FailureCode.INTERNAL);
        assertThat(broken.reason()).contains("bug in scorer");
        assertThat(c.turns().get(0).scores().get(1).passed()).isTrue();
    }

    @Test
    void should_sum_usage_field_wise_from_turns_to_cases_to_suite_keeping_missing_fields_null() {
        AgentClient agent = InProcessAgent.of((c, m) -> AgentResponse.builder().text("ok").usage(switch (m.text()) {
            case "tokens" -> Usage.tokens(10, 5);
            case "credits" -> new Usage(null, null, 0.25, null);
            default -> null;
        }).build());
        Suite suite = suiteOf(
                Case.id("mixed").turn("tokens", contains("ok")).turn("credits", contains("ok")).turn("none", contains("ok")),
                Case.id("none").turn("none", contains("ok")),
                Case.id("more").turn("tokens", contains("ok")));

        SuiteResult result = runner(agent).build().run(suite);

        CaseResult mixed = result.find("mixed").orElseThrow();
        assertThat(mixed.turns()).extracting(TurnResult::usage)
                .containsExactly(Usage.tokens(10, 5), new Usage(null, null, 0.25, null), null);
        assertThat(mixed.usage()).isEqualTo(new Usage(10L, 5L, 0.25, null));
        assertThat(result.find("none").orElseThrow().usage()).isNull();
        assertThat(result.usage()).isEqualTo(new Usage(20L, 10L, 0.25, null));
    }

    @Test
    void should_carry_the_session_across_the_turns_of_a_case() {
        AgentClient agent = InProcessAgent.of((conversation, message) -> conversation.turn() == 1
                ? AgentResponse.builder().text("Which date?").state(TaskState.INPUT_REQUIRED).build()
                : AgentResponse.ofText("Booked for " + message.text() + " after " + conversation.history().get(0).text()));
        Suite suite = suiteOf(Case.id("booking")
                .turn(Turn.of("Book a table").expect(expectedState("TASK_STATE_INPUT_REQUIRED")))
                .turn(Turn.of("Friday").expect(contains("Booked for Friday after Book a table"))));

        SuiteResult result = runner(agent).build().run(suite);

        assertThat(result.cases().get(0).passed()).isTrue();
        assertThat(result.cases().get(0).turns()).extracting(TurnResult::state)
                .containsExactly(TaskState.INPUT_REQUIRED, null);
    }

    @Test
    void should_record_the_agent_context_and_trace_of_each_turn_and_the_named_agent_of_a_failed_one() {
        AgentClient agent = InProcessAgent.of((conversation, message) -> {
            if (message.text().equals("crash")) {
                throw new AgentException(FailureCode.HTTP_ERROR, "answered 500");
            }
            return AgentResponse.builder().text("ok").agentId("created-7").contextId("ctx-" + conversation.turn())
                    .traceUrl("https://trace.example/ctx-" + conversation.turn()).build();
        });
        Suite suite = suiteOf(Case.id("answered").turn("hello", contains("ok")).turn("again", contains("ok")),
                Case.id("broken").agentId("named-agent").turn("crash", contains("ok")));

        SuiteResult result = runner(agent).build().run(suite);

        assertThat(result.find("answered").orElseThrow().turns())
                .extracting(TurnResult::agentId, TurnResult::contextId, TurnResult::traceUrl)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("created-7", "ctx-1", "https://trace.example/ctx-1"),
                        org.assertj.core.groups.Tuple.tuple("created-7", "ctx-2", "https://trace.example/ctx-2"));
        TurnResult failed = result.find("broken").orElseThrow().turns().get(0);
        assertThat(failed.harnessFailure().code()).isEqualTo(FailureCode.HTTP_ERROR);
        assertThat(failed.agentId()).as("the agent the case names").isEqualTo("named-agent");
        assertThat(failed.contextId()).isNull();
        assertThat(failed.traceUrl()).isNull();
    }

    @Test
    void should_resolve_placeholders_from_literals_and_environment_and_redact_secrets() {
        List<String> received = Collections.synchronizedList(new ArrayList<>());
        AgentClient agent = InProcessAgent.of((c, m) -> {
            received.add(m.text() + " | agent=" + c.request().agentId());
            return AgentResponse.ofText("echo " + m.text());
        });
        Suite suite = Suite.named("s")
                .variable("who", Variable.literal("Ada"))
                .variable("token", Variable.env("API_TOKEN"))
                .add(Case.id("c").agentId("{{ who }}-agent").turn(Turn.of("Hi {{who}}, key {{token}}").expect(contains("Ada"))))
                .build();

        SuiteResult result = runner(agent).environment(Map.of("API_TOKEN", "s3cr3t-value")::get).build().run(suite);

        assertThat(received).containsExactly("Hi Ada, key s3cr3t-value | agent=Ada-agent");
        TurnResult turn = result.cases().get(0).turns().get(0);
        assertThat(turn.input()).isEqualTo("Hi Ada, key ***");
        assertThat(turn.answer()).isEqualTo("echo Hi Ada, key ***");
        assertThat(String.valueOf(turn.request())).doesNotContain("s3cr3t-value").contains("***");
        assertThat(String.valueOf(turn.response())).doesNotContain("s3cr3t-value");
    }

    @Test
    void should_reject_unresolved_placeholders_and_missing_environment_variables_before_sending_anything() {
        AtomicInteger calls = new AtomicInteger();
        AgentClient agent = InProcessAgent.of((c, m) -> {
            calls.incrementAndGet();
            return AgentResponse.ofText("x");
        });
        Suite suite = Suite.named("s")
                .variable("token", Variable.env("MISSING_TOKEN"))
                .add(Case.id("c").turn(Turn.of("key {{token}} and {{nobody}}").expect(contains("x"))))
                .build();

        assertThatThrownBy(() -> runner(agent).build().run(suite))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("variable 'token': environment variable MISSING_TOKEN is not set")
                .hasMessageContaining("case 'c' turn 1: unresolved placeholder '{{nobody}}'");
        assertThat(calls.get()).isZero();
    }

    @Test
    void should_reject_invalid_scorer_specs_with_the_case_and_turn_before_sending_anything() {
        AtomicInteger calls = new AtomicInteger();
        AgentClient agent = InProcessAgent.of((c, m) -> {
            calls.incrementAndGet();
            return AgentResponse.ofText("x");
        });
        Suite suite = suiteOf(Case.id("vitals")
                .turn("one", contains("x"))
                .turn(Turn.of("two").expect(ScorerSpec.of("jsonpath", Map.of("assertions", List.of(Map.of("length", 4))))))
                .turn(Turn.of("three").expect(ScorerSpec.of("no_such_scorer"))));

        assertThatThrownBy(() -> runner(agent).build().run(suite))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("case 'vitals' turn 2: scorer 'jsonpath' ")
                .hasMessageContaining("path")
                .hasMessageContaining("case 'vitals' turn 3: unknown scorer type 'no_such_scorer' (known: ")
                .hasMessageContaining("must_include");
        assertThat(calls.get()).isZero();
    }

    @Test
    void should_reject_judge_scorers_when_no_judge_is_configured() {
        Providers providers = withJudgeScorer();
        Suite suite = suiteOf(Case.id("c").turn(Turn.of("hi").expect(dev.agenteval.api.Scorers.correctness("Greets"))));

        assertThatThrownBy(() -> runner(InProcessAgent.replying(t -> "hi")).providers(providers).build().run(suite))
                .hasMessageContaining("case 'c' turn 1: scorer 'correctness' needs a judge, but none is configured");
    }

    @Test
    void should_stop_before_any_agent_call_when_the_judge_preflight_fails() {
        AtomicInteger calls = new AtomicInteger();
        AgentClient agent = InProcessAgent.of((c, m) -> {
            calls.incrementAndGet();
            return AgentResponse.ofText("x");
        });
        dev.agenteval.spi.Judge judge = new dev.agenteval.spi.Judge() {
            @Override
            public dev.agenteval.spi.JudgeVerdict judge(dev.agenteval.spi.JudgeRequest request) {
                throw new AssertionError("not called");
            }

            @Override
            public void preflight() {
                throw new dev.agenteval.api.JudgeException("judge at http://127.0.0.1:9/v1 is not reachable");
            }
        };
        Providers providers = withJudgeScorer();
        Suite suite = suiteOf(Case.id("c").turn(Turn.of("hi").expect(dev.agenteval.api.Scorers.correctness("Greets"))));

        assertThatThrownBy(() -> runner(agent).judge(judge).providers(providers).build().run(suite))
                .isInstanceOf(dev.agenteval.api.JudgeException.class)
                .hasMessage("judge at http://127.0.0.1:9/v1 is not reachable");
        assertThat(calls.get()).isZero();
        // A suite without judge scorers does not need the judge at all.
        assertThat(runner(agent).judge(judge).providers(providers).build()
                .run(suiteOf(Case.id("d").turn("hi", contains("x")))).allPassed()).isTrue();
    }

    @Test
    void should_filter_cases_by_id_and_by_tag() {
        Suite suite = suiteOf(Case.id("a").tag("ci").turn("x", contains("ok")),
                Case.id("b").tag("slow").turn("x", contains("ok")),
                Case.id("c").tag("ci", "slow").turn("x", contains("ok")));
        EvalRunner.Builder base = runner(InProcessAgent.replying(t -> "ok"));

        assertThat(base.build().toBuilder().tag("ci").build().run(suite).cases()).extracting(CaseResult::id).containsExactly("a", "c");
        assertThat(base.build().toBuilder().caseId("b").build().run(suite).cases()).extracting(CaseResult::id).containsExactly("b");
        assertThatThrownBy(() -> base.build().toBuilder().caseId("zzz").build().run(suite))
                .hasMessageContaining("unknown case id 'zzz'").hasMessageContaining("known: a, b, c");
    }

    @Test
    void should_run_each_case_repeatedly_on_fresh_sessions_and_report_the_pass_rate() {
        AtomicInteger calls = new AtomicInteger();
        Map<String, Boolean> contexts = new ConcurrentHashMap<>();
        AgentClient agent = InProcessAgent.of((c, m) -> {
            contexts.put(c.contextId(), true);
            return AgentResponse.ofText(calls.incrementAndGet() % 2 == 0 ? "ok" : "flaky");
        });
        Suite suite = suiteOf(Case.id("flaky").turn("x", contains("ok")));

        CaseResult result = runner(agent).concurrency(1).repeat(4).build().run(suite).cases().get(0);

        assertThat(result.attempts()).hasSize(4).extracting(a -> a.attempt()).containsExactly(1, 2, 3, 4);
        assertThat(result.passRate()).isEqualTo(0.5);
        assertThat(result.status()).isEqualTo(CaseStatus.FAILED);
        assertThat(result.reason()).startsWith("turn 1 ").endsWith(" (2 of 4 attempts)");
        assertThat(contexts).hasSize(4);
    }

    @Test
    void should_use_a_plugin_scorer_found_through_service_loader() {
        Suite suite = suiteOf(Case.id("loud").turn(Turn.of("x").expect(ScorerSpec.of("shouting"))),
                Case.id("quiet").turn(Turn.of("y").expect(ScorerSpec.of("shouting"))));
        AgentClient agent = InProcessAgent.replying(t -> t.equals("x") ? "HELLO" : "hello");

        SuiteResult result = runner(agent).build().run(suite);

        assertThat(result.find("loud").orElseThrow().passed()).isTrue();
        assertThat(result.find("quiet").orElseThrow().reason()).contains("not shouting: hello");
    }

    @Test
    void should_report_progress_events_to_listeners_and_survive_a_throwing_listener() {
        List<String> events = Collections.synchronizedList(new ArrayList<>());
        RunListener recording = new RunListener() {
            @Override
            public void runStarted(Suite suite, int selectedCases) {
                events.add("run " + selectedCases);
            }

            @Override
            public void turnFinished(Case testCase, TurnResult turn) {
                events.add("turn " + testCase.id() + "/" + turn.index());
            }

            @Override
            public void caseFinished(CaseResult result) {
                events.add("case " + result.id());
            }

            @Override
            public void runFinished(SuiteResult result) {
                events.add("done " + result.summary().passed());
            }
        };
        RunListener throwing = new RunListener() {
            @Override
            public void caseFinished(CaseResult result) {
                throw new IllegalStateException("listener bug");
            }
        };
        Suite suite = suiteOf(Case.id("a").turn("x", contains("ok")).turn("y", contains("ok")));

        runner(InProcessAgent.replying(t -> "ok")).listener(throwing).listener(recording).build().run(suite);

        assertThat(events).containsExactly("run 1", "turn a/1", "turn a/2", "case a", "done 1");
    }

    @Test
    void should_record_a_failure_opening_the_session_on_the_first_turn() {
        AgentClient agent = request -> {
            throw new AgentException(FailureCode.NETWORK_ERROR, "connection refused");
        };
        Suite suite = suiteOf(Case.id("c").turn("x", contains("ok")).turn("y", contains("ok")));

        CaseResult c = runner(agent).build().run(suite).cases().get(0);

        assertThat(c.status()).isEqualTo(CaseStatus.ERRORED);
        assertThat(c.turns()).hasSize(1);
        assertThat(c.turns().get(0).harnessFailure().code()).isEqualTo(FailureCode.NETWORK_ERROR);
        assertThat(c.turns().get(0).input()).isEqualTo("x");
    }

    @Test
    void should_run_jsonpath_scorers_from_the_dsl_against_data_parts() {
        AgentClient agent = InProcessAgent.of((c, m) -> AgentResponse.builder()
                .part(dev.agenteval.api.Part.text("Vitals"))
                .part(dev.agenteval.api.Part.data(Map.of("items", List.of(Map.of("type", "TEMP"), Map.of("type", "SYS")))))
                .build());
        Suite suite = suiteOf(Case.id("vitals").turn(Turn.of("vitals").expect(
                jsonPath(JsonPathCheck.at("$.items").length(2), JsonPathCheck.at("$.items[*].type").contains("TEMP")))));

        assertThat(runner(agent).build().run(suite).cases().get(0).passed()).isTrue();
    }
}
