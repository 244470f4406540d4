package dev.agenteval.core;

import static dev.agenteval.api.Scorers.contains;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Case;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.Check;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.JudgeException;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Simulation;
import dev.agenteval.api.StopCondition;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.TaskState;
import dev.agenteval.api.Turn;
import dev.agenteval.api.TurnResult;
import dev.agenteval.spi.Exchange;
import dev.agenteval.spi.SimulatedTurn;
import dev.agenteval.spi.SimulationRequest;
import dev.agenteval.spi.UserSimulator;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** Simulated cases run by the runner: the loop, its stop reasons, its bounds and its failures. */
class SimulationRunTest {

    /** Answers "Which order?" until it hears a number, then confirms the refund. */
    private static final InProcessAgent AGENT = InProcessAgent.of((c, m) -> m.text().matches(".*\\d.*")
            ? AgentResponse.builder().text("Refund issued for order 42").state(TaskState.COMPLETED).build()
            : AgentResponse.builder().text("Which order?").state(TaskState.INPUT_REQUIRED).build());

    /** Plays the lines in order, then says its goal is met; records what it was asked. */
    private static final class Scripted implements UserSimulator {
        final List<String> lines;
        final List<SimulationRequest> asked = new CopyOnWriteArrayList<>();

        Scripted(String... lines) {
            this.lines = List.of(lines);
        }

        @Override
        public SimulatedTurn next(SimulationRequest request) {
            asked.add(request);
            return request.transcript().size() < lines.size() ? SimulatedTurn.say(lines.get(request.transcript().size()))
                    : SimulatedTurn.goalMet("refund confirmed");
        }
    }

    /** A conversation scorer written in code: passes when the transcript has {@code n} exchanges. */
    private static ScorerSpec transcriptOf(int n) {
        return ScorerSpec.inline("transcript_size", ctx -> ScoreResult.ofChecks("transcript_size",
                ctx.transcript().size() == n ? Check.pass("turns " + n)
                        : Check.fail("turns " + n, "transcript " + ctx.transcript())));
    }

    private static Case refund(Simulation.Builder sim) {
        return Case.id("refund").simulate(sim.expectEachTurn(contains("order")))
                .expectConversation(transcriptOf(2)).build();
    }

    @Test
    void should_play_the_user_turn_by_turn_until_the_goal_is_met_and_score_the_conversation() {
        Scripted simulator = new Scripted("I want my money back", "It was order 42");
        Suite suite = Suite.named("s").add(refund(Simulation.goal("Get a refund").persona("Terse customer")
                .maxTurns(5))).build();

        SuiteResult result = EvalRunner.builder().agent(AGENT).simulator(simulator).environment(n -> null).build()
                .run(suite);

        CaseResult c = result.cases().get(0);
        assertThat(c.status()).isEqualTo(CaseStatus.PASSED);
        assertThat(c.turns()).extracting(TurnResult::input, TurnResult::answer).containsExactly(
                org.assertj.core.groups.Tuple.tuple("I want my money back", "Which order?"),
                org.assertj.core.groups.Tuple.tuple("It was order 42", "Refund issued for order 42"),
                org.assertj.core.groups.Tuple.tuple("(the whole conversation: 2 turns, stopped: goal_met)", null));
        assertThat(c.turns().get(0).scores()).extracting(ScoreResult::type).containsExactly("contains");
        TurnResult conversation = c.turns().get(2);
        assertThat(conversation.isConversation()).isTrue();
        assertThat(conversation.scores()).extracting(ScoreResult::type).containsExactly("transcript_size");
        assertThat(conversation.passed()).isTrue();
        assertThat(c.attempts().get(0).stopReason()).isEqualTo("goal_met");
        // The simulator saw the persona, the goal and the conversation so far, three times.
        assertThat(simulator.asked).extracting(SimulationRequest::turn).containsExactly(1, 2, 3);
        assertThat(simulator.asked.get(2).transcript()).containsExactly(
                new Exchange("I want my money back", "Which order?"),
                new Exchange("It was order 42", "Refund issued for order 42"));
        assertThat(simulator.asked.get(0)).extracting(SimulationRequest::persona, SimulationRequest::goal,
                SimulationRequest::mayEnd).containsExactly("Terse customer", "Get a refund", true);
    }

    @Test
    void should_stop_at_max_turns_when_the_goal_is_never_met() {
        UserSimulator insistent = request -> SimulatedTurn.say("Hello? (" + request.turn() + ")");
        Suite suite = Suite.named("s").add(Case.id("loop").simulate(Simulation.goal("Chat").maxTurns(3))).build();

        CaseResult c = EvalRunner.builder().agent(AGENT).simulator(insistent).environment(n -> null).build()
                .run(suite).cases().get(0);

        assertThat(c.turns()).extracting(TurnResult::input).containsExactly("Hello? (1)", "Hello? (2)", "Hello? (3)",
                "(the whole conversation: 3 turns, stopped: max_turns)");
        assertThat(c.attempts().get(0).stopReason()).isEqualTo("max_turns");
        // No scorer anywhere: every agent turn must have been answered.
        assertThat(c.turns().get(0).scores()).extracting(ScoreResult::type).containsExactly("answered");
        assertThat(c.status()).isEqualTo(CaseStatus.PASSED);
    }

    @Test
    void should_stop_when_the_agent_completes_the_task_or_says_the_text() {
        Scripted simulator = new Scripted("Refund please", "Order 42", "Thanks");
        Suite suite = Suite.named("s")
                .add(Case.id("task").simulate(Simulation.goal("Refund").maxTurns(5)
                        .stopWhen(StopCondition.taskCompleted())))
                .add(Case.id("text").simulate(Simulation.goal("Refund").maxTurns(5)
                        .stopWhen(StopCondition.contains("WHICH ORDER"))))
                .build();

        SuiteResult result = EvalRunner.builder().agent(AGENT).simulator(simulator).environment(n -> null).build()
                .run(suite);

        CaseResult task = result.find("task").orElseThrow();
        assertThat(task.attempts().get(0).stopReason()).isEqualTo("task_completed");
        assertThat(task.turns()).hasSize(3);
        CaseResult text = result.find("text").orElseThrow();
        assertThat(text.attempts().get(0).stopReason()).isEqualTo("contains");
        assertThat(text.turns()).extracting(TurnResult::input).startsWith("Refund please").hasSize(2);
    }

    @Test
    void should_end_a_case_whose_simulator_fails_as_a_judge_error_while_the_others_complete() {
        UserSimulator failing = request -> {
            if (request.caseId().equals("broken") && request.turn() == 2) {
                throw new JudgeException("user simulator 'fake' failed: HTTP 500");
            }
            return request.transcript().isEmpty() ? SimulatedTurn.say("Order 42") : SimulatedTurn.goalMet(null);
        };
        Suite suite = Suite.named("s")
                .add(Case.id("broken").simulate(Simulation.goal("Refund").maxTurns(4)))
                .add(Case.id("fine").simulate(Simulation.goal("Refund").maxTurns(4)))
                .build();

        SuiteResult result = EvalRunner.builder().agent(AGENT).simulator(failing).environment(n -> null).build()
                .run(suite);

        CaseResult broken = result.find("broken").orElseThrow();
        assertThat(broken.status()).isEqualTo(CaseStatus.ERRORED);
        assertThat(broken.turns()).hasSize(2);
        TurnResult failed = broken.turns().get(1);
        assertThat(failed.input()).isEqualTo("(the simulated user's next message)");
        assertThat(failed.harnessFailure().code()).isEqualTo(FailureCode.JUDGE_ERROR);
        assertThat(failed.harnessFailure().message()).contains("HTTP 500");
        assertThat(broken.attempts().get(0).stopReason()).isNull();
        assertThat(result.find("fine").orElseThrow().status()).isEqualTo(CaseStatus.PASSED);
    }

    @Test
    void should_fail_a_simulator_that_ends_before_the_first_message_or_without_goal_met_allowed() {
        UserSimulator done = request -> SimulatedTurn.goalMet("nothing to ask");
        Suite suite = Suite.named("s").add(Case.id("mute").simulate(Simulation.goal("Refund").maxTurns(2))).build();

        CaseResult c = EvalRunner.builder().agent(AGENT).simulator(done).environment(n -> null).build()
                .run(suite).cases().get(0);

        assertThat(c.status()).isEqualTo(CaseStatus.ERRORED);
        assertThat(c.turns().get(0).harnessFailure().message()).contains("before its first message");
    }

    @Test
    void should_cut_off_a_simulated_case_at_its_timeout() {
        CountDownLatch never = new CountDownLatch(1);
        UserSimulator stuck = request -> {
            if (request.turn() == 2) {
                never.await();
            }
            return SimulatedTurn.say("Order 42");
        };
        Suite suite = Suite.named("s").add(Case.id("slow").timeout(Duration.ofMillis(300))
                .simulate(Simulation.goal("Refund").maxTurns(3))).build();

        CaseResult c = EvalRunner.builder().agent(AGENT).simulator(stuck).environment(n -> null).build()
                .run(suite).cases().get(0);

        assertThat(c.status()).isEqualTo(CaseStatus.ERRORED);
        assertThat(c.turns()).hasSize(2);
        assertThat(c.turns().get(1).input()).isEqualTo("(the simulated user's next message)");
        assertThat(c.turns().get(1).harnessFailure().code()).isEqualTo(FailureCode.EVAL_TIMEOUT);
    }

    @Test
    void should_record_a_timeout_during_the_conversation_scorers_on_the_conversation_turn() {
        CountDownLatch never = new CountDownLatch(1);
        ScorerSpec stuck = ScorerSpec.inline("stuck", ctx -> {
            never.await();
            return ScoreResult.ofChecks("stuck", Check.pass("never"));
        });
        Suite suite = Suite.named("s").add(Case.id("slow").timeout(Duration.ofMillis(300))
                .simulate(Simulation.goal("Refund").maxTurns(2)).expectConversation(stuck)).build();
        UserSimulator insistent = request -> SimulatedTurn.say("Order 42");

        CaseResult c = EvalRunner.builder().agent(AGENT).simulator(insistent).environment(n -> null).build()
                .run(suite).cases().get(0);

        assertThat(c.turns()).extracting(TurnResult::input).containsExactly("Order 42", "Order 42",
                "(the whole conversation: 2 turns, stopped: max_turns)");
        assertThat(c.turns().get(2).name()).isEqualTo("conversation");
        assertThat(c.turns().get(2).harnessFailure().code()).isEqualTo(FailureCode.EVAL_TIMEOUT);
        assertThat(c.status()).isEqualTo(CaseStatus.ERRORED);
    }

    @Test
    void should_refuse_a_simulated_case_without_a_simulator_naming_the_case() {
        Suite suite = Suite.named("s").add(Case.id("sim").simulate(Simulation.goal("Refund").maxTurns(2))).build();

        assertThatThrownBy(() -> EvalRunner.builder().agent(AGENT).environment(n -> null).build().run(suite))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("case 'sim': simulates a user, but no user simulator is configured");
    }

    @Test
    void should_score_a_scripted_case_conversation_once_after_its_last_turn() {
        Suite suite = Suite.named("s").add(Case.id("scripted").turn(Turn.of("Refund please"))
                .turn(Turn.of("Order 42")).expectConversation(transcriptOf(2))).build();

        CaseResult c = EvalRunner.builder().agent(AGENT).environment(n -> null).build().run(suite).cases().get(0);

        assertThat(c.turns()).extracting(TurnResult::input).containsExactly("Refund please", "Order 42",
                "(the whole conversation: 2 turns)");
        assertThat(c.turns().get(2).request()).isEqualTo(Map.of("conversation", Map.of("turns", 2L)));
        assertThat(c.status()).isEqualTo(CaseStatus.PASSED);
    }

    @Test
    void should_reject_a_case_with_both_turns_and_a_simulation_naming_it() {
        assertThatThrownBy(() -> Case.id("both").turn("Hi").simulate(Simulation.goal("Refund").maxTurns(2)).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("case 'both': has both scripted turns and simulate; a simulated user replaces the turns:"
                        + " give one");
        assertThatThrownBy(() -> Case.id("nomax").simulate(Simulation.goal("Refund")))
                .hasMessage("case 'nomax': simulate needs maxTurns (>= 1)");
        assertThatThrownBy(() -> Simulation.goal("Refund").maxTurns(0))
                .hasMessage("simulate maxTurns must be >= 1 but was 0");
    }

    @Test
    void should_compare_simulated_cases_by_every_field() {
        Case a = Case.id("c").simulate(Simulation.goal("g").persona("p").maxTurns(2)).expectConversation(contains("x"))
                .build();
        Case same = Case.id("c").simulate(Simulation.goal("g").persona("p").maxTurns(2)).expectConversation(contains("x"))
                .build();
        assertThat(a).isEqualTo(same).hasSameHashCodeAs(same).isEqualTo(a.toBuilder().build());
        assertThat(a).isNotEqualTo(Case.id("c").simulate(Simulation.goal("g").persona("p").maxTurns(3))
                .expectConversation(contains("x")).build());
        assertThat(a).isNotEqualTo(Case.id("c").simulate(Simulation.goal("g").persona("p").maxTurns(2)).build());
        assertThat(a.simulation().orElseThrow().stopWhen()).containsExactly(StopCondition.goalMet());
    }
}
