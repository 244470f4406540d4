package dev.agenteval.otel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Case;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.ToolCall;
import dev.agenteval.api.Usage;
import dev.agenteval.spi.TurnHook.TurnInfo;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The OpenTelemetry turn hooks: {@link TraceContextHook}'s W3C trace context (a trace per case
 * attempt, a span per turn, tracestate passed through, the trace id and link on the response) and
 * {@link AgentTraceHook}'s tool calls and usage from the agent's spans of the turn, waited for only
 * when a scorer needs them, with the source recorded.
 */
class TurnHooksTest {

    private static final Case CASE = Case.id("weather").turn("What's the weather in Paris?").build();
    private final OtlpReceiver receiver = OtlpReceiver.start();

    @AfterEach
    void close() {
        receiver.close();
    }

    private static TurnInfo turn(int attempt, int turn, boolean needsToolCalls, boolean needsUsage) {
        return new TurnInfo(CASE, attempt, turn, Map.of(), needsToolCalls, needsUsage);
    }

    private static TurnInfo sent(TraceContextHook hook, TurnInfo turn) {
        return turn.withHeaders(hook.beforeTurn(turn));
    }

    @Test
    void should_give_each_attempt_a_trace_and_each_turn_a_span() {
        TraceContextHook hook = TraceContextHook.create().withRandom(new SplittableRandom(7)).withTracestate("vendor=1");

        Traceparent first = Traceparent.in(sent(hook, turn(1, 1, false, false)).headers()).orElseThrow();
        Traceparent second = Traceparent.in(sent(hook, turn(1, 2, false, false)).headers()).orElseThrow();
        Traceparent retried = Traceparent.in(sent(hook, turn(2, 1, false, false)).headers()).orElseThrow();

        assertThat(first.header()).matches("00-[0-9a-f]{32}-[0-9a-f]{16}-01");
        assertThat(second.traceId()).isEqualTo(first.traceId());
        assertThat(second.spanId()).isNotEqualTo(first.spanId());
        assertThat(retried.traceId()).isNotEqualTo(first.traceId());
        assertThat(hook.beforeTurn(turn(1, 1, false, false))).containsEntry("tracestate", "vendor=1");
    }

    @Test
    void should_record_the_trace_id_and_link_on_the_response() {
        TraceContextHook hook = TraceContextHook.create().withLinkTemplate("http://jaeger:16686/trace/{traceId}");
        TurnInfo info = sent(hook, turn(1, 1, false, false));
        String traceId = Traceparent.in(info.headers()).orElseThrow().traceId();

        AgentResponse r = hook.afterTurn(info, AgentResponse.ofText("sunny"));
        AgentResponse linked = hook.afterTurn(info, AgentResponse.builder().text("x").traceUrl("http://opik/t").build());

        assertThat(r.traceId()).contains(traceId);
        assertThat(r.traceUrl()).contains("http://jaeger:16686/trace/" + traceId);
        assertThat(linked.traceUrl()).contains("http://opik/t");
        assertThatThrownBy(() -> TraceContextHook.create().withLinkTemplate("http://jaeger/trace/"))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("{traceId}");
    }

    @Test
    void should_read_malformed_traceparents_as_none() {
        assertThat(Traceparent.parse("00-" + "0".repeat(32) + "-" + "1".repeat(16) + "-01")).isEmpty();
        assertThat(Traceparent.parse("01-" + "a".repeat(32) + "-" + "1".repeat(16) + "-01")).isEmpty();
        assertThat(Traceparent.parse(null)).isEmpty();
        assertThat(Traceparent.parse("00-" + "A".repeat(32) + "-" + "1".repeat(16) + "-00"))
                .hasValueSatisfying(p -> assertThat(p.sampled()).isFalse());
    }

    /** The agent's spans of a turn: its root under the turn's span, a model call and a tool call below it. */
    private void agentSpans(Traceparent turn) {
        String root = "a".repeat(16);
        receiver.add(List.of(
                span(turn, "b".repeat(16), root, 2, Map.of("gen_ai.operation.name", "execute_tool",
                        "gen_ai.tool.name", "get_weather", "gen_ai.tool.call.arguments", "{\"city\":\"Paris\"}")),
                span(turn, "c".repeat(16), root, 1, Map.of("gen_ai.operation.name", "chat",
                        "gen_ai.usage.input_tokens", 120L, "gen_ai.usage.output_tokens", 30L)),
                span(turn, root, turn.spanId(), 0, Map.of("gen_ai.operation.name", "invoke_agent"))));
    }

    private static OtlpSpan span(Traceparent turn, String id, String parent, long start, Map<String, Object> attributes) {
        return new OtlpSpan(turn.traceId(), id, parent, id, OtlpSpan.Kind.INTERNAL, start, start + 1, attributes,
                OtlpSpan.StatusCode.UNSET, null, List.of(), Map.of(), "", "");
    }

    @Test
    void should_take_tool_calls_and_usage_from_the_trace_when_the_response_has_none() throws Exception {
        TurnInfo info = sent(TraceContextHook.create(), turn(1, 1, true, true));
        agentSpans(Traceparent.in(info.headers()).orElseThrow());

        AgentResponse r = new AgentTraceHook(receiver, Duration.ofSeconds(5), ToolCallsFrom.RESPONSE_FIRST)
                .afterTurn(info, AgentResponse.ofText("sunny"));

        assertThat(r.toolCalls()).containsExactly(new ToolCall("get_weather", Map.of("city", "Paris"), null));
        assertThat(r.toolCallsSource()).contains("trace");
        assertThat(r.usage()).hasValueSatisfying(u -> assertThat(u.inputTokens()).isEqualTo(120));
    }

    @Test
    void should_keep_the_responses_calls_unless_traces_win() throws Exception {
        TurnInfo info = sent(TraceContextHook.create(), turn(1, 1, true, false));
        agentSpans(Traceparent.in(info.headers()).orElseThrow());
        AgentResponse reported = AgentResponse.builder().text("sunny").toolCall(new ToolCall("lookup", Map.of(), null))
                .usage(new Usage(1L, 2L, null, null)).build();

        AgentResponse kept = new AgentTraceHook(receiver, Duration.ZERO, ToolCallsFrom.RESPONSE_FIRST)
                .afterTurn(info, reported);
        AgentResponse traced = new AgentTraceHook(receiver, Duration.ofSeconds(5), ToolCallsFrom.TRACES_FIRST)
                .afterTurn(info, reported);

        assertThat(kept.toolCalls()).extracting(ToolCall::name).containsExactly("lookup");
        assertThat(kept.toolCallsSource()).contains("response");
        assertThat(traced.toolCalls()).extracting(ToolCall::name).containsExactly("get_weather");
        assertThat(traced.toolCallsSource()).contains("trace");
        assertThat(traced.usage()).contains(new Usage(1L, 2L, null, null));
    }

    @Test
    void should_give_the_turns_spans_to_a_scorer_that_reads_them_and_an_empty_list_when_none_arrive()
            throws Exception {
        TurnInfo info = sent(TraceContextHook.create(), new TurnInfo(CASE, 1, 1, Map.of(), false, false, true));
        Traceparent turn = Traceparent.in(info.headers()).orElseThrow();
        agentSpans(turn);
        TurnInfo other = sent(TraceContextHook.create(), new TurnInfo(CASE, 1, 1, Map.of(), false, false, true));

        AgentResponse r = new AgentTraceHook(receiver, Duration.ofSeconds(5), ToolCallsFrom.RESPONSE_FIRST)
                .afterTurn(info, AgentResponse.ofText("sunny"));
        AgentResponse none = new AgentTraceHook(receiver, Duration.ZERO, ToolCallsFrom.RESPONSE_FIRST)
                .afterTurn(other, AgentResponse.ofText("sunny"));

        assertThat(r.traceSpans().orElseThrow()).hasSize(3).anySatisfy(s -> assertThat(s)
                .containsEntry("name", "a".repeat(16)).containsEntry("spanId", "a".repeat(16))
                .containsEntry("parentSpanId", turn.spanId()).containsEntry("startUnixNano", 0L)
                .containsEntry("endUnixNano", 1L).containsEntry("status", "unset").containsEntry("statusMessage", "")
                .containsEntry("attributes", Map.of("gen_ai.operation.name", "invoke_agent")));
        assertThat(r.toolCallsSource()).isEmpty();
        assertThat(none.traceSpans()).contains(List.of());
        assertThat(AgentResponse.ofText("sunny").traceSpans()).isEmpty();
    }

    @Test
    void should_score_on_the_response_when_no_trace_arrives_within_the_wait() throws Exception {
        TurnInfo info = sent(TraceContextHook.create(), turn(1, 1, true, false));

        AgentResponse r = new AgentTraceHook(receiver, Duration.ZERO, ToolCallsFrom.RESPONSE_FIRST)
                .afterTurn(info, AgentResponse.ofText("sunny"));

        assertThat(r.toolCalls()).isEmpty();
        assertThat(r.toolCallsSource()).contains("no_trace");
    }

    @Test
    void should_not_wait_when_no_scorer_reads_tool_calls_or_usage() throws Exception {
        TurnInfo info = sent(TraceContextHook.create(), turn(1, 1, false, false));
        AgentResponse response = AgentResponse.ofText("sunny");

        // A wait would be a day: the test ends at once only because the hook does not wait.
        assertThat(new AgentTraceHook(receiver, Duration.ofDays(1), ToolCallsFrom.TRACES_FIRST).afterTurn(info, response))
                .isSameAs(response);
    }
}
