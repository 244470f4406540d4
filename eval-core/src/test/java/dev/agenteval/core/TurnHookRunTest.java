package dev.agenteval.core;

import static dev.agenteval.api.Scorers.contains;
import static dev.agenteval.api.Scorers.toolsInOrder;
import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Case;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.Message;
import dev.agenteval.api.Suite;
import dev.agenteval.api.ToolCall;
import dev.agenteval.api.Turn;
import dev.agenteval.api.TurnResult;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.AgentSession;
import dev.agenteval.spi.SessionRequest;
import dev.agenteval.spi.TurnContext;
import dev.agenteval.spi.TurnHook;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * Turn hooks in a run: their headers reach the agent's {@link TurnContext} (the first hook's value
 * wins), the response they complete is the one scored and recorded, a failing hook costs nothing,
 * each hook sees every turn's end, and the turn tells whether its scorers read tool calls.
 */
class TurnHookRunTest {

    private final List<Map<String, String>> sent = new CopyOnWriteArrayList<>();
    private final List<TurnHook.TurnInfo> seen = new CopyOnWriteArrayList<>();
    private final List<TurnResult> ended = new CopyOnWriteArrayList<>();

    /** An agent that records each turn's headers and reports no tool calls. */
    private AgentClient recording() {
        return new AgentClient() {
            @Override
            public AgentSession openSession(SessionRequest request) {
                return new AgentSession() {
                    @Override
                    public AgentResponse send(Message message) {
                        throw new AssertionError("the runner sends with a TurnContext");
                    }

                    @Override
                    public AgentResponse send(Message message, TurnContext context) {
                        sent.add(context.headers());
                        return AgentResponse.ofText("done " + message.text());
                    }

                    @Override
                    public void close() {
                    }
                };
            }
        };
    }

    /** Gives a traceparent, and the tool call a trace would hold when the turn reads tool calls. */
    private final TurnHook tracing = new TurnHook() {
        @Override
        public Map<String, String> beforeTurn(TurnInfo turn) {
            return Map.of("traceparent", "00-" + "1".repeat(32) + "-" + "%016d".formatted(turn.turn()) + "-01");
        }

        @Override
        public AgentResponse afterTurn(TurnInfo turn, AgentResponse response) {
            seen.add(turn);
            if (!turn.needsToolCalls()) {
                return response;
            }
            return response.toBuilder().toolCall(new ToolCall("lookup", Map.of(), "found")).traceId("1".repeat(32))
                    .toolCallsSource("trace").build();
        }

        @Override
        public void turnEnded(TurnInfo turn, TurnResult result) {
            ended.add(result);
        }
    };

    /** Fails everywhere, and loses to the first hook on a shared header. */
    private final TurnHook failing = new TurnHook() {
        @Override
        public Map<String, String> beforeTurn(TurnInfo turn) {
            throw new IllegalStateException("boom");
        }

        @Override
        public AgentResponse afterTurn(TurnInfo turn, AgentResponse response) {
            throw new IllegalStateException("boom");
        }

        @Override
        public void turnEnded(TurnInfo turn, TurnResult result) {
            throw new IllegalStateException("boom");
        }
    };

    private final TurnHook other = new TurnHook() {
        @Override
        public Map<String, String> beforeTurn(TurnInfo turn) {
            return Map.of("traceparent", "00-other", "tracestate", "vendor=1");
        }
    };

    @Test
    void should_send_the_hooks_headers_and_score_the_response_they_complete() {
        Suite suite = Suite.named("s")
                .add(Case.id("tools").turn(Turn.of("find it").expect(toolsInOrder("lookup")))
                        .turn(Turn.of("thanks").expect(contains("done"))))
                .build();

        CaseResult c = EvalRunner.builder().agent(recording()).environment(name -> null)
                .turnHook(failing, tracing, other).build().run(suite).cases().get(0);

        assertThat(c.status()).as(c.toString()).isEqualTo(CaseStatus.PASSED);
        assertThat(sent).containsExactly(
                Map.of("traceparent", "00-" + "1".repeat(32) + "-0000000000000001-01", "tracestate", "vendor=1"),
                Map.of("traceparent", "00-" + "1".repeat(32) + "-0000000000000002-01", "tracestate", "vendor=1"));
        assertThat(seen).extracting(TurnHook.TurnInfo::needsToolCalls).containsExactly(true, false);
        assertThat(seen.get(0).headers()).containsKey("traceparent");
        TurnResult first = c.turns().get(0);
        assertThat(first.toolCalls()).extracting(ToolCall::name).containsExactly("lookup");
        assertThat(first.traceId()).isEqualTo("1".repeat(32));
        assertThat(first.toolCallsSource()).isEqualTo("trace");
        assertThat(c.turns().get(1).toolCallsSource()).isNull();
        assertThat(ended).extracting(TurnResult::index).containsExactly(1, 2);
    }
}
