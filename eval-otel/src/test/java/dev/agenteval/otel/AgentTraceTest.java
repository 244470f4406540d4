package dev.agenteval.otel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.ToolCall;
import dev.agenteval.api.Usage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AgentTraceTest {

    private static final String TRACE = "0af7651916cd43dd8448eb211c80319c";
    private static final String TURN = "b7ad6b7169203331";

    private final List<OtlpSpan> spans = new ArrayList<>();

    @Test
    void openinference_tool_spans_give_calls_and_llm_spans_give_usage() {
        span("1000000000000001", TURN, "agent", 0, Map.of("openinference.span.kind", "AGENT"));
        span("1000000000000002", "1000000000000001", "ChatOpenAI", 1, Map.of("openinference.span.kind", "LLM",
                "llm.model_name", "gpt-4o-mini", "llm.token_count.prompt", 10L, "llm.token_count.completion", 5L));
        span("1000000000000003", "1000000000000001", "search", 2, Map.of("openinference.span.kind", "TOOL",
                "tool.name", "web_search", "tool.parameters", "{\"q\":\"otel\"}", "input.value", "ignored",
                "output.value", "[\"a\",\"b\"]"));
        span("1000000000000004", "1000000000000001", "calculator", 3, Map.of("openinference.span.kind", "tool",
                "input.value", "{\"expr\":\"1+1\"}", "output.value", "2"));

        AgentTrace turn = AgentTrace.of(spans).under(TURN);

        assertThat(turn.toolCalls()).containsExactly(
                new ToolCall("web_search", Map.of("q", "otel"), List.of("a", "b")),
                new ToolCall("calculator", Map.of("expr", "1+1"), "2"));
        assertThat(turn.usage()).isEqualTo(Usage.tokens(10, 5).withModel("gpt-4o-mini"));
    }

    @Test
    void an_agent_span_repeating_its_model_calls_totals_is_not_counted_twice() {
        span("2000000000000001", TURN, "invoke_agent", 0, Map.of("gen_ai.operation.name", "invoke_agent",
                "gen_ai.usage.input_tokens", 150L, "gen_ai.usage.output_tokens", 40L));
        span("2000000000000002", "2000000000000001", "chat", 1, Map.of("gen_ai.operation.name", "chat",
                "gen_ai.request.model", "gpt-4o", "gen_ai.usage.input_tokens", 100L, "gen_ai.usage.output_tokens", 30L));
        span("2000000000000003", "2000000000000001", "chat", 2, Map.of("gen_ai.operation.name", "chat",
                "gen_ai.request.model", "gpt-4o-mini", "gen_ai.usage.input_tokens", "50",
                "gen_ai.usage.output_tokens", 10L));

        assertThat(AgentTrace.of(spans).usage()).as("the two model calls, models differing")
                .isEqualTo(Usage.tokens(150, 40));
    }

    @Test
    void an_agent_span_that_alone_reports_tokens_is_counted() {
        span("3000000000000001", TURN, "invoke_agent", 0, Map.of("gen_ai.operation.name", "invoke_agent",
                "gen_ai.response.model", "m", "gen_ai.usage.input_tokens", 7L));
        span("3000000000000002", "3000000000000001", "work", 1, Map.of());

        assertThat(AgentTrace.of(spans).usage()).isEqualTo(new Usage(7L, null, null, null).withModel("m"));
    }

    @Test
    void no_token_counts_is_no_usage_and_no_tool_span_is_no_call() {
        span("4000000000000001", TURN, "invoke_agent", 0, Map.of("gen_ai.operation.name", "invoke_agent"));

        assertThat(AgentTrace.of(spans).usage()).isNull();
        assertThat(AgentTrace.of(spans).toolCalls()).isEmpty();
    }

    @Test
    void under_keeps_the_subtree_of_the_turns_span_only() {
        span("5000000000000001", TURN, "execute_tool a", 5, Map.of("gen_ai.operation.name", "execute_tool"));
        span("5000000000000002", "5000000000000001", "nested", 6, Map.of());
        span("5000000000000003", "5000000000000002", "execute_tool b", 7, Map.of("gen_ai.operation.name",
                "execute_tool", "gen_ai.tool.name", "b"));
        span("5000000000000004", "ffffffffffffffff", "execute_tool other_turn", 1,
                Map.of("gen_ai.operation.name", "execute_tool"));
        span("5000000000000005", null, "execute_tool root", 0, Map.of("gen_ai.operation.name", "execute_tool"));

        assertThat(AgentTrace.of(spans).under(TURN.toUpperCase()).toolCalls()).extracting(ToolCall::name)
                .containsExactly("a", "b");
        assertThat(AgentTrace.of(spans).under("5000000000000002").spans()).extracting(OtlpSpan::name)
                .containsExactly("execute_tool b");
        assertThat(AgentTrace.of(spans).under(null).toolCalls()).extracting(ToolCall::name)
                .containsExactly("root", "other_turn", "a", "b");
    }

    @Test
    void arguments_that_are_not_a_json_object_are_kept_as_input_and_a_failed_span_is_a_failed_call() {
        span("6000000000000001", TURN, "execute_tool shell", 0, Map.of("gen_ai.operation.name", "execute_tool",
                "gen_ai.tool.call.arguments", "ls -la", "gen_ai.tool.call.result", "{not json}"));
        span("6000000000000002", TURN, "execute_tool fetch", 1, Map.of("gen_ai.operation.name", "execute_tool",
                "gen_ai.tool.call.arguments", Map.of("url", "https://example.org"), "error.type", "timeout"),
                OtlpSpan.StatusCode.ERROR, "");
        span("6000000000000003", TURN, "execute_tool list", 2, Map.of("gen_ai.operation.name", "execute_tool",
                "gen_ai.tool.call.arguments", "[1,2]"));

        assertThat(AgentTrace.of(spans).toolCalls()).containsExactly(
                new ToolCall("shell", Map.of("input", "ls -la"), "{not json}"),
                new ToolCall("fetch", Map.of("url", "https://example.org"), null).withError("timeout"),
                new ToolCall("list", Map.of("input", List.of(1, 2)), null));
    }

    private void span(String id, String parent, String name, long startMillis, Map<String, Object> attributes) {
        span(id, parent, name, startMillis, attributes, OtlpSpan.StatusCode.UNSET, "");
    }

    private void span(String id, String parent, String name, long startMillis, Map<String, Object> attributes,
                      OtlpSpan.StatusCode status, String message) {
        spans.add(new OtlpSpan(TRACE, id, parent, name, OtlpSpan.Kind.INTERNAL, startMillis * 1_000_000,
                startMillis * 1_000_000 + 1, new LinkedHashMap<>(attributes), status, message, List.of(), Map.of(),
                "", ""));
    }
}
