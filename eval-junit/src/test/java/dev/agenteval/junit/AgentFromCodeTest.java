package dev.agenteval.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.core.InProcessAgent;
import dev.agenteval.junit.Launch.Outcome;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.AgentSession;
import dev.agenteval.spi.SessionRequest;
import dev.agenteval.testkit.ChatReply;
import dev.agenteval.testkit.FakeChatModel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult.Status;
import org.opentest4j.AssertionFailedError;

/**
 * YAML suites on the test class path run against an agent (and a judge) supplied from code with
 * {@link AgentEvalAgent} and {@link AgentEvalJudge}.
 */
class AgentFromCodeTest {

    @TempDir
    Path dir;

    @Test
    void should_run_a_yaml_suite_against_an_in_process_agent_with_a_judge_from_code() throws Exception {
        int judged = BookingAgent.JUDGE_CALLS.get();
        Path reports = dir.resolve("reports");

        Launch launch = Launch.run(BookingYamlEvals.class, dir, Map.of("agent-eval.report-dir", reports.toString(),
                "agent-eval.threshold", "100"));

        assertThat(launch.tests).containsOnlyKeys("books-a-check-up", "only-looks", "confirms-politely",
                AgentEvalSetup.GATE_TEST);
        launch.tests.forEach((name, outcome) -> assertThat(outcome.status()).as(name + ": " + outcome.message())
                .isEqualTo(Status.SUCCESSFUL));
        assertThat(BookingAgent.JUDGE_CALLS.get() - judged).isEqualTo(1);
        assertThat(reports.resolve("booking/results.json")).content(StandardCharsets.UTF_8)
                .contains("code dev.agenteval.junit.BookingYamlEvals.agent()", "code-judge", "book_slot");
    }

    @Test
    void should_run_yaml_suites_against_a_framework_agent_instead_of_the_agent_the_settings_and_the_suite_name() {
        int bookings = BookingAgent.BOOKINGS.get();

        // A dead agent URL and an unknown judge in the settings: the agent and the judge from code win,
        // and the settings' judge is not even built.
        Launch launch = Launch.run(BookingFrameworkEvals.class, dir, Map.of("agent-eval.agent-url", "http://127.0.0.1:9/",
                "agent-eval.judge", "no-such-judge"));

        assertThat(launch.tests).containsOnlyKeys("booking › books-a-check-up", "booking › only-looks",
                "booking › confirms-politely", "deployed › books-on-friday");
        launch.tests.forEach((name, outcome) -> assertThat(outcome.status()).as(name + ": " + outcome.message())
                .isEqualTo(Status.SUCCESSFUL));
        assertThat(BookingAgent.BOOKINGS.get() - bookings).as("book_slot ran for real in three cases").isEqualTo(3);
    }

    @Test
    void should_simulate_the_user_with_the_simulator_from_code() {
        Launch launch = Launch.run(BookingSimulationEvals.class, dir, Map.of("agent-eval.simulator", "no-such-simulator"));

        Outcome chat = launch.test("books-by-chat");
        assertThat(chat.status()).as(chat.message()).isEqualTo(Status.SUCCESSFUL);
    }

    @Test
    void should_simulate_the_user_with_the_simulator_of_the_settings_when_the_class_gives_none() {
        try (FakeChatModel model = FakeChatModel.start().models("sim-model")) {
            model.enqueue(ChatReply.userTurn("Book me a check-up on Friday"), ChatReply.goalMet("Thanks"));

            Launch launch = Launch.run(SimulatedBookingEvals.class, dir, Map.of("agent-eval.judge-url",
                    model.url().toString(), "agent-eval.judge-model", "sim-model"));

            Outcome chat = launch.test("books-by-chat");
            assertThat(chat.status()).as(chat.message()).isEqualTo(Status.SUCCESSFUL);
            assertThat(model.requestCount()).isEqualTo(2);
        }
    }

    @Test
    void should_fail_a_trajectory_on_the_calls_the_agent_from_code_made() {
        Launch launch = Launch.run(CarelessBookingEvals.class, dir, Map.of());

        Outcome booked = launch.test("books-a-check-up");
        assertThat(booked.throwable()).isInstanceOf(AssertionFailedError.class);
        assertThat(booked.message()).contains("trajectory", "find_slots");
        assertThat(launch.test("confirms-politely").status()).isEqualTo(Status.SUCCESSFUL);
    }

    @Test
    void should_name_the_file_and_line_of_a_bad_suite_and_a_suite_not_on_the_class_path() {
        assertThatThrownBy(() -> setup(BookingYamlEvals.class, "suites/bad.yaml").dynamicTests())
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("suites/bad.yaml:7:13: cases[0].turns[0].scorers[0].vals (case 'no-turns'):"
                        + " scorer 'must_include': unknown parameter 'vals'");
        assertThatThrownBy(() -> setup(BookingYamlEvals.class, "suites/none.yaml").dynamicTests())
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("suite 'suites/none.yaml' is not on the class path");
    }

    static class TwoAgents {
        @AgentEvalAgent
        static AgentClient one() {
            return BookingAgent.inProcess(false);
        }

        @AgentEvalAgent
        static final AgentClient TWO = BookingAgent.inProcess(false);
    }

    static class NotAnAgent {
        @AgentEvalAgent
        static String agent() {
            return "http://localhost:8080";
        }
    }

    static class NullAgent {
        @AgentEvalAgent
        static AgentClient agent;
    }

    static class BrokenAgent {
        @AgentEvalAgent
        static AgentClient agent() {
            throw new IllegalStateException("no model key");
        }
    }

    static class InstanceAgent {
        @AgentEvalAgent
        AgentClient agent() {
            return BookingAgent.inProcess(false);
        }
    }

    static class AgentWithParameters {
        @AgentEvalAgent
        static AgentClient agent(String name) {
            return BookingAgent.inProcess(false);
        }
    }

    @Test
    void should_name_the_member_that_does_not_supply_an_agent() {
        String prefix = AgentFromCodeTest.class.getName() + "$";
        assertThatThrownBy(() -> setup(TwoAgents.class, "suites/booking.yaml").dynamicTests())
                .isInstanceOf(ConfigurationException.class)
                .hasMessage(prefix + "TwoAgents has 2 @AgentEvalAgent members (" + prefix + "TwoAgents.one(), " + prefix
                        + "TwoAgents.TWO): keep one");
        assertThatThrownBy(() -> setup(NotAnAgent.class, "suites/booking.yaml").dynamicTests())
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("@AgentEvalAgent " + prefix + "NotAnAgent.agent() gave a java.lang.String: it must give an"
                        + " AgentClient or FrameworkAgent");
        assertThatThrownBy(() -> setup(NullAgent.class, "suites/booking.yaml").dynamicTests())
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("@AgentEvalAgent " + prefix + "NullAgent.agent is null: it must give an AgentClient or"
                        + " FrameworkAgent");
        assertThatThrownBy(() -> setup(BrokenAgent.class, "suites/booking.yaml").dynamicTests())
                .isInstanceOf(ConfigurationException.class)
                .hasMessageStartingWith("@AgentEvalAgent method " + prefix + "BrokenAgent.agent() failed:")
                .hasMessageContaining("no model key");
        assertThatThrownBy(() -> setup(InstanceAgent.class, "suites/booking.yaml").dynamicTests())
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("is not static and there is no test instance");
        assertThatThrownBy(() -> setup(AgentWithParameters.class, "suites/booking.yaml").dynamicTests())
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("AgentWithParameters.agent() takes parameters");
    }

    static class FieldAgent {
        static final AtomicBoolean CLOSED = new AtomicBoolean();

        @AgentEvalAgent
        static final AgentClient AGENT = new AgentClient() {
            private final InProcessAgent agent = InProcessAgent.of((conversation, message) -> AgentResponse.ofText("hi"));

            @Override
            public AgentSession openSession(SessionRequest request) {
                return agent.openSession(request);
            }

            @Override
            public void close() {
                CLOSED.set(true);
            }
        };
    }

    @Test
    void should_read_an_instance_member_from_the_test_instance_and_leave_a_fields_agent_open() {
        try (AgentEvalSetup setup = setup(InstanceAgent.class, "evals/greeting.yaml").testInstance(new InstanceAgent())) {
            assertThat(setup.dynamicTests()).extracting(n -> n.getDisplayName()).containsExactly("says-hello");
        }
        try (AgentEvalSetup setup = setup(FieldAgent.class, "evals/greeting.yaml")) {
            setup.dynamicTests();
        }
        assertThat(FieldAgent.CLOSED).as("a field's agent is its owner's to close").isFalse();
    }

    private static AgentEvalSetup setup(Class<?> testClass, String suite) {
        return new AgentEvalSetup(testClass, new String[] {suite}, name -> Optional.empty(), name -> null);
    }
}
