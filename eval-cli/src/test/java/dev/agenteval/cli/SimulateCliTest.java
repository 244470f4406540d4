package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.api.Case;
import dev.agenteval.api.Scorers;
import dev.agenteval.api.Suite;
import dev.agenteval.api.Turn;
import dev.agenteval.testkit.ChatReply;
import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import dev.agenteval.testkit.FakeChatModel;
import dev.agenteval.yaml.SuiteLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code agent-eval run} on simulated cases, the user played and the conversation judged by a fake
 * OpenAI-compatible model on 127.0.0.1 configured as the judge; {@code record --from} freezing the
 * simulated conversation into a scripted case; and the preflight refusing a simulated suite
 * without a model.
 */
class SimulateCliTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> SCRIPT = List.of("I want a refund", "It is order 42");

    private static final String SUITE = """
            cases:
              - id: refund-sim
                simulate:
                  persona: A terse customer
                  goal: Get a refund for order 42
                  maxTurns: 5
                  scorers:
                    - type: contains
                      values: ["you said"]
                conversationScorers:
                  - type: goal_completion
            """;

    private static final String HARNESS_SUITE = """
            evals:
              - name: refund-sim
                simulate:
                  goal: Get a refund for order 42
                  max_turns: 1
                  stop_when: [goal_met]
                conversation_expectations:
                  goal_completion: true
            """;

    private final FakeChatModel model = FakeChatModel.start().models("m");

    @TempDir
    Path work;

    private final List<String> asked = new CopyOnWriteArrayList<>();
    private String out;
    private String err;

    /** The fake model: the user says the script's lines then that its goal is met; the judge passes on "42". */
    private void fakeModel() {
        model.otherwise(request -> {
            String system = request.systemMessage();
            asked.add(system.startsWith("You play a user") ? "simulator" : "judge");
            if (system.startsWith("You play a user")) {
                int done = system.split("\nUser: ", -1).length - 1;
                return done < SCRIPT.size() ? ChatReply.userTurn(SCRIPT.get(done)) : ChatReply.goalMet("");
            }
            return request.lastUserMessage().contains("you said: It is order 42") ? ChatReply.pass("checked")
                    : ChatReply.fail("checked");
        });
    }

    @AfterEach
    void stopModel() {
        model.close();
    }

    private int run(String... args) {
        CommandResult r = CommandRunner.in(work).run(args);
        out = r.out();
        err = r.err();
        return r.exitCode();
    }

    private String[] runArgs(String suite, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("run", suite, "--protocol", "test-echo", "--agent-url",
                "http://127.0.0.1:1", "--judge-url", model.url().toString(), "--judge-model", "m"));
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    @Test
    void should_run_a_simulated_case_with_the_judges_model_and_freeze_it_into_a_scripted_case() throws Exception {
        fakeModel();
        Files.writeString(work.resolve("eval.yaml"), SUITE);

        assertThat(run("show", "eval.yaml")).as(err).isZero();
        assertThat(out).contains("  refund-sim\n    simulated user, up to 5 turns, stops when goal_met: Get a refund for"
                + " order 42\n      scorers of each turn: contains\n    conversation scorers: goal_completion\n");

        int code = run(runArgs("eval.yaml", "--report-dir", "reports", "-v"));

        assertThat(code).as(out + err).isZero();
        assertThat(err).contains("turn 1 input: I want a refund", "turn 1 answer (completed): hello, you said: I want a"
                        + " refund", "turn 2 input: It is order 42",
                "turn 3 (conversation): (the whole conversation: 2 turns, stopped: goal_met)",
                "turn 3 (conversation) goal_completion: passed");
        assertThat(asked).containsExactly("simulator", "simulator", "simulator", "judge");
        JsonNode c = JSON.readTree(work.resolve("reports/results.json").toFile()).path("cases").get(0);
        assertThat(c.path("stopReason").asText()).isEqualTo("goal_met");
        assertThat(c.path("turns").findValuesAsText("input")).startsWith(SCRIPT.get(0), SCRIPT.get(1));

        // Freezing: the generated messages become the turns of a scripted case.
        assertThat(run("record", "--from", "reports/results.json", "--case", "refund-sim", "--id", "refund-frozen",
                "--to", "frozen.yaml")).as(out + err).isZero();
        Suite frozen = SuiteLoader.defaults().load(work.resolve("frozen.yaml"));
        assertThat(frozen.cases()).containsExactly(Case.id("refund-frozen")
                .turn(Turn.of(SCRIPT.get(0)))
                .turn(Turn.of(SCRIPT.get(1)).expect(Scorers.regex("\\S")))
                .build());
        assertThat(run("run", "frozen.yaml", "--protocol", "test-echo", "--agent-url", "http://127.0.0.1:1"))
                .as(out + err).isZero();
    }

    @Test
    void should_run_a_harness_dialect_simulation_bounded_by_its_max_turns() throws Exception {
        fakeModel();
        Files.writeString(work.resolve("eval.yaml"), HARNESS_SUITE);

        int code = run(runArgs("eval.yaml", "--report-dir", "reports"));

        // One turn only: the user never reached "order 42", so the judge fails the goal.
        assertThat(code).as(out + err).isEqualTo(1);
        JsonNode c = JSON.readTree(work.resolve("reports/results.json").toFile()).path("cases").get(0);
        assertThat(c.path("stopReason").asText()).isEqualTo("max_turns");
        assertThat(c.path("turns")).hasSize(2);
        assertThat(c.path("turns").get(1).path("scores").get(0).path("status").asText()).isEqualTo("failed");
        assertThat(asked).containsExactly("simulator", "judge");
    }

    @Test
    void should_refuse_a_simulated_suite_when_no_model_can_play_the_user() throws Exception {
        Files.writeString(work.resolve("eval.yaml"), SUITE.replace("""
                conversationScorers:
                  - type: goal_completion
            """, ""));

        int code = run("run", "eval.yaml", "--protocol", "test-echo", "--agent-url", "http://127.0.0.1:1");

        assertThat(code).isEqualTo(2);
        assertThat(err).contains("simulated cases need a user simulator:", "needs a model: set AGENT_EVAL_SIMULATOR_MODEL"
                + " or AGENT_EVAL_JUDGE_MODEL");
        assertThat(model.requestCount()).isZero();
    }
}
