package dev.agenteval.otel;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.api.ToolCall;
import dev.agenteval.api.Usage;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What an agent's own spans say about a turn: the tool calls it made and the tokens its models
 * used. Reads two conventions:
 * <ul>
 * <li>the OpenTelemetry GenAI semantic conventions: a tool call is a span with
 *     {@code gen_ai.operation.name = execute_tool}, named by {@code gen_ai.tool.name} (else by
 *     its span name less the {@code execute_tool } prefix), with {@code gen_ai.tool.call.arguments}
 *     and {@code gen_ai.tool.call.result}; tokens are {@code gen_ai.usage.input_tokens} and
 *     {@code gen_ai.usage.output_tokens}, the model {@code gen_ai.response.model}, else
 *     {@code gen_ai.request.model};</li>
 * <li>OpenInference: a tool call is a span with {@code openinference.span.kind = TOOL}, named by
 *     {@code tool.name}, with {@code tool.parameters} (else {@code input.value}) and
 *     {@code output.value}; tokens are {@code llm.token_count.prompt} and
 *     {@code llm.token_count.completion}, the model {@code llm.model_name}.</li>
 * </ul>
 * Arguments and results written as JSON text are parsed; arguments that are not a JSON object are
 * kept as {@code {"input": <value>}}. A tool span with an error status is a failed call, its error
 * the status message (else its {@code error.type}, else {@code "error"}).
 *
 * <p>Usage sums the spans that carry token counts and have no descendant that does: an agent span
 * that repeats its model calls' totals is not counted twice, and one that alone reports them is.
 *
 * @param spans the spans read, in the order given
 */
@API(status = EXPERIMENTAL)
public record AgentTrace(List<OtlpSpan> spans) {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** Copies. */
    public AgentTrace {
        spans = List.copyOf(spans);
    }

    /** The trace of these spans (of one trace, as {@link OtlpReceiver#spans} gives them). */
    public static AgentTrace of(Collection<OtlpSpan> spans) {
        return new AgentTrace(List.copyOf(spans));
    }

    /**
     * The spans below {@code spanId}: its children, their children and so on, not the span itself
     * (which need not be among the spans: the turn's span is the evaluation's, the agent's root
     * span its child). A null {@code spanId} is every span.
     */
    public AgentTrace under(String spanId) {
        if (spanId == null) {
            return this;
        }
        Map<String, List<OtlpSpan>> children = new HashMap<>();
        for (OtlpSpan s : spans) {
            if (s.parentSpanId() != null) {
                children.computeIfAbsent(s.parentSpanId(), k -> new ArrayList<>()).add(s);
            }
        }
        Set<OtlpSpan> below = new HashSet<>();
        Deque<String> todo = new ArrayDeque<>(List.of(spanId.strip().toLowerCase(java.util.Locale.ROOT)));
        while (!todo.isEmpty()) {
            for (OtlpSpan child : children.getOrDefault(todo.pop(), List.of())) {
                if (below.add(child)) {
                    todo.push(child.spanId());
                }
            }
        }
        return new AgentTrace(spans.stream().filter(below::contains).toList());
    }

    /** The tool calls, ordered by start time (spans that start together: in the order given). */
    public List<ToolCall> toolCalls() {
        List<ToolCall> calls = new ArrayList<>();
        spans.stream().sorted(Comparator.comparingLong(OtlpSpan::startTimeUnixNano)).forEach(s -> {
            ToolCall call = toolCall(s);
            if (call != null) {
                calls.add(call);
            }
        });
        return List.copyOf(calls);
    }

    /** The tokens the model spans report, summed, with the model when all name the same; null when none does. */
    public Usage usage() {
        Map<String, OtlpSpan> byId = new HashMap<>();
        spans.forEach(s -> byId.put(s.spanId(), s));
        Set<String> aboveUsage = new HashSet<>();
        for (OtlpSpan s : spans) {
            if (tokens(s) != null) {
                Set<String> seen = new HashSet<>();
                for (OtlpSpan p = byId.get(s.parentSpanId()); p != null && seen.add(p.spanId());
                     p = byId.get(p.parentSpanId())) {
                    aboveUsage.add(p.spanId());
                }
            }
        }
        List<Usage> usages = new ArrayList<>();
        for (OtlpSpan s : spans) {
            Usage u = tokens(s);
            if (u != null && !aboveUsage.contains(s.spanId())) {
                usages.add(u);
            }
        }
        return Usage.sum(usages);
    }

    /** The call a span records, or null when it is not a tool span of either convention. */
    private static ToolCall toolCall(OtlpSpan s) {
        String name;
        Object arguments;
        Object result;
        if ("execute_tool".equals(s.stringAttribute("gen_ai.operation.name"))) {
            name = first(s.stringAttribute("gen_ai.tool.name"), s.name().replaceFirst("^execute_tool\\s+", ""));
            arguments = s.attribute("gen_ai.tool.call.arguments");
            result = s.attribute("gen_ai.tool.call.result");
        } else if ("TOOL".equalsIgnoreCase(s.stringAttribute("openinference.span.kind"))) {
            name = first(s.stringAttribute("tool.name"), s.name());
            arguments = s.attributes().containsKey("tool.parameters") ? s.attribute("tool.parameters")
                    : s.attribute("input.value");
            result = s.attribute("output.value");
        } else {
            return null;
        }
        if (name == null) {
            return null; // a tool span without any name: nothing to score it by
        }
        ToolCall call = new ToolCall(name, arguments(arguments), json(result));
        if (s.isError()) {
            call = call.withError(first(s.statusMessage(), s.stringAttribute("error.type"), "error"));
        }
        return call;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> arguments(Object value) {
        Object parsed = json(value);
        if (parsed == null) {
            return Map.of();
        }
        if (parsed instanceof Map<?, ?> map) {
            return (Map<String, Object>) map;
        }
        Map<String, Object> wrapped = new LinkedHashMap<>();
        wrapped.put("input", parsed);
        return wrapped;
    }

    /** A JSON object or array written as text, parsed; any other value as it is. */
    private static Object json(Object value) {
        if (value instanceof String text) {
            String t = text.strip();
            if (t.startsWith("{") && t.endsWith("}") || t.startsWith("[") && t.endsWith("]")) {
                try {
                    return MAPPER.readValue(t, Object.class);
                } catch (JsonProcessingException e) {
                    return text;
                }
            }
        }
        return value;
    }

    /** The span's token counts and model, or null when it reports no tokens. */
    private static Usage tokens(OtlpSpan s) {
        Long input = first(number(s, "gen_ai.usage.input_tokens"), number(s, "llm.token_count.prompt"),
                number(s, "gen_ai.usage.prompt_tokens"));
        Long output = first(number(s, "gen_ai.usage.output_tokens"), number(s, "llm.token_count.completion"),
                number(s, "gen_ai.usage.completion_tokens"));
        if (input == null && output == null) {
            return null;
        }
        return new Usage(input, output, null, null).withModel(first(s.stringAttribute("gen_ai.response.model"),
                s.stringAttribute("gen_ai.request.model"), s.stringAttribute("llm.model_name")));
    }

    /** A whole number attribute, written as a number or as text; null when absent or not a number. */
    private static Long number(OtlpSpan s, String key) {
        Object v = s.attribute(key);
        if (v instanceof Number n) {
            return n.longValue();
        }
        if (v instanceof String text) {
            try {
                return Long.valueOf(text.strip());
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return null;
    }

    @SafeVarargs
    private static <T> T first(T... values) {
        for (T v : values) {
            if (v != null && !(v instanceof String s && s.isBlank())) {
                return v;
            }
        }
        return null;
    }
}
