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
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.ToolCall;
import dev.agenteval.api.ToolMock;
import dev.agenteval.api.Turn;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.AgentSession;
import dev.agenteval.spi.SessionRequest;
import dev.agenteval.spi.ToolGate;
import dev.agenteval.spi.TurnContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Tool mocks in a run: the runner gives each turn its mocks (turn, then case, then suite), an
 * in-process handler's tools go through them, a suite that requires mocks fails an unmocked call,
 * and mocks for an agent that cannot honour them are refused before anything is sent.
 */
class ToolMocksRunTest {

    /** Real tool executions, which a mocked call must never reach. */
    private final AtomicInteger realBookings = new AtomicInteger();

    /** An agent that books through its tool, via the conversation's gate, and answers with the tool's answer. */
    private InProcessAgent booking() {
        return InProcessAgent.of((conversation, message) -> {
            Map<String, Object> args = Map.of("day", message.text());
            String answer;
            try {
                answer = String.valueOf(conversation.tool("book", args, () -> {
                    realBookings.incrementAndGet();
                    return Map.of("booked", message.text(), "real", true);
                }));
            } catch (ToolGate.ToolFailure e) {
                answer = "sorry: " + e.getMessage();
            }
            return AgentResponse.ofText(answer);
        });
    }

    private static EvalRunner.Builder runner(AgentClient agent) {
        return EvalRunner.builder().agent(agent).environment(name -> null);
    }

    @Test
    void should_answer_each_turn_with_its_most_specific_mock_and_never_run_a_mocked_tool() {
        Suite suite = Suite.named("s").mocks(ToolMock.returning("book", "suite says booked"))
                .add(Case.id("levels").mocks(ToolMock.returning("book", "monday is full").when(Map.of("day", "monday")))
                        .turn(Turn.of("monday").expect(contains("monday is full")))
                        .turn(Turn.of("tuesday").expect(contains("suite says booked")))
                        .turn(Turn.of("monday").mocks(ToolMock.throwing("book", "calendar down"))
                                .expect(contains("sorry: calendar down"))))
                .build();

        SuiteResult result = runner(booking()).build().run(suite);

        CaseResult c = result.cases().get(0);
        assertThat(c.status()).as(c.toString()).isEqualTo(CaseStatus.PASSED);
        assertThat(realBookings).hasValue(0);
        assertThat(c.turns().get(0).toolCalls()).containsExactly(
                new ToolCall("book", Map.of("day", "monday"), "monday is full", null, true));
        assertThat(c.turns().get(2).toolCalls()).containsExactly(
                new ToolCall("book", Map.of("day", "monday"), null, "calendar down", true));
    }

    @Test
    void should_run_an_unmocked_tool_for_real_and_record_it_unmocked() {
        Suite suite = Suite.named("s").add(Case.id("real").mocks(ToolMock.returning("cancel", "x"))
                .turn(Turn.of("friday").expect(contains("friday")))).build();

        CaseResult c = runner(booking()).build().run(suite).cases().get(0);

        assertThat(c.status()).isEqualTo(CaseStatus.PASSED);
        assertThat(realBookings).hasValue(1);
        assertThat(c.turns().get(0).toolCalls()).containsExactly(
                new ToolCall("book", Map.of("day", "friday"), Map.of("booked", "friday", "real", true), null, false));
    }

    @Test
    void should_fail_a_turn_with_an_unmocked_call_when_the_suite_requires_mocks_naming_the_tool() {
        Suite suite = Suite.named("s").requireToolMocks()
                .add(Case.id("strict").mocks(ToolMock.returning("cancel", "x")).turn(Turn.of("friday")))
                .add(Case.id("mocked").mocks(ToolMock.returning("book", "ok")).turn(Turn.of("friday")))
                .build();

        SuiteResult result = runner(booking()).build().run(suite);

        assertThat(realBookings).hasValue(0);
        CaseResult strict = result.find("strict").orElseThrow();
        assertThat(strict.status()).isEqualTo(CaseStatus.FAILED);
        ScoreResult check = strict.turns().get(0).scores().stream().filter(s -> s.type().equals("tools_mocked"))
                .findFirst().orElseThrow();
        assertThat(check.checks()).containsExactly(Check.fail("tools_mocked",
                "tool 'book' was called but is not mocked, and the suite requires every tool to be mocked"));
        assertThat(strict.turns().get(0).toolCalls().get(0).mocked()).isFalse();
        assertThat(strict.turns().get(0).toolCalls().get(0).error()).contains("is not mocked");
        CaseResult mocked = result.find("mocked").orElseThrow();
        assertThat(mocked.status()).isEqualTo(CaseStatus.PASSED);
        assertThat(mocked.turns().get(0).scores()).extracting(ScoreResult::type).contains("tools_mocked");
    }

    @Test
    void should_give_every_session_the_turn_context_with_its_mocks() throws Exception {
        List<TurnContext> seen = new ArrayList<>();
        AgentClient recording = new AgentClient() {
            @Override
            public boolean honoursToolMocks() {
                return true;
            }

            @Override
            public AgentSession openSession(SessionRequest request) {
                return new AgentSession() {
                    @Override
                    public AgentResponse send(dev.agenteval.api.Message message) {
                        throw new AssertionError("the runner sends with the turn's context");
                    }

                    @Override
                    public AgentResponse send(dev.agenteval.api.Message message, TurnContext context) {
                        synchronized (seen) {
                            seen.add(context);
                        }
                        return AgentResponse.ofText("ok");
                    }
                };
            }
        };
        ToolMock suiteMock = ToolMock.returning("a", 1);
        ToolMock turnMock = ToolMock.returning("a", 2);
        Suite suite = Suite.named("s").mocks(suiteMock).requireToolMocks()
                .add(Case.id("c").turn(Turn.of("one")).turn(Turn.of("two").mocks(turnMock))).build();

        runner(recording).build().run(suite);

        assertThat(seen).containsExactly(new TurnContext(1, List.of(suiteMock), true, Map.of()),
                new TurnContext(2, List.of(turnMock, suiteMock), true, Map.of()));
    }

    @Test
    void should_refuse_mocks_for_an_agent_that_runs_its_tools_remotely_before_sending_anything() {
        AtomicInteger opened = new AtomicInteger();
        AgentClient remote = new AgentClient() {
            @Override
            public AgentSession openSession(SessionRequest request) {
                opened.incrementAndGet();
                return InProcessAgent.replying(t -> "ok").openSession(request);
            }

            @Override
            public String description() {
                return "a2a http://127.0.0.1:1/";
            }
        };
        Suite suite = Suite.named("s")
                .add(Case.id("plain").turn(Turn.of("hi")))
                .add(Case.id("x").mocks(ToolMock.returning("book", "ok")).turn(Turn.of("hi")))
                .add(Case.id("y").turn(Turn.of("hi").mocks(ToolMock.throwing("cancel", "no"))))
                .build();

        assertThatThrownBy(() -> runner(remote).build().run(suite)).isInstanceOf(ConfigurationException.class)
                .satisfies(e -> assertThat(((ConfigurationException) e).problems()).containsExactly(
                        "case 'x' mocks tool 'book' but the agent (a2a http://127.0.0.1:1/) runs its tools remotely"
                                + " and cannot honour mocks",
                        "case 'y' mocks tool 'cancel' but the agent (a2a http://127.0.0.1:1/) runs its tools remotely"
                                + " and cannot honour mocks"));
        Suite required = Suite.named("r").requireToolMocks().mocks(ToolMock.returning("book", "ok"))
                .add(Case.id("plain").turn(Turn.of("hi"))).build();
        assertThatThrownBy(() -> runner(remote).check(required)).isInstanceOf(ConfigurationException.class)
                .satisfies(e -> assertThat(((ConfigurationException) e).problems()).containsExactly(
                        "suite 'r' mocks tool 'book' but the agent (a2a http://127.0.0.1:1/) runs its tools remotely"
                                + " and cannot honour mocks",
                        "suite 'r' requires every tool to be mocked but the agent (a2a http://127.0.0.1:1/) runs its"
                                + " tools remotely and cannot honour mocks"));
        assertThat(opened).hasValue(0);
        assertThat(runner(remote).build().run(Suite.named("s").add(Case.id("plain").turn(Turn.of("hi"))).build())
                .cases()).hasSize(1);
    }

    @Test
    void should_change_the_suite_fingerprint_when_a_mock_changes() {
        Suite plain = Suite.named("s").add(Case.id("c").turn(Turn.of("hi"))).build();
        Suite mocked = Suite.named("s").add(Case.id("c").turn(Turn.of("hi").mocks(ToolMock.returning("a", 1)))).build();
        Suite other = Suite.named("s").add(Case.id("c").turn(Turn.of("hi").mocks(ToolMock.returning("a", 2)))).build();
        Suite required = plain.toBuilder().requireToolMocks().build();

        List<String> hashes = List.of(plain, mocked, other, required).stream()
                .map(s -> dev.agenteval.core.internal.Fingerprints.suiteHash(s, null, 1)).toList();

        assertThat(hashes).doesNotHaveDuplicates();
    }
}
