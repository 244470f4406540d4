package dev.agenteval.api;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.internal.Checks;
import dev.agenteval.api.internal.JsonValues;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What an agent answered to one message, in protocol-neutral form. Agent clients build it;
 * scorers read it.
 */
@API(status = STABLE)
public final class AgentResponse {

    private final String text;
    private final List<Part> parts;
    private final TaskState state;
    private final List<ToolCall> toolCalls;
    private final Usage usage;
    private final String agentId;
    private final String contextId;
    private final String taskId;
    private final Object raw;
    private final String traceUrl;
    private final String traceId;
    private final String toolCallsSource;
    private final List<Map<String, Object>> traceSpans;

    private AgentResponse(Builder b) {
        this.text = b.text == null ? joinText(b.parts) : b.text;
        this.parts = List.copyOf(b.parts);
        this.state = b.state;
        this.toolCalls = List.copyOf(b.toolCalls);
        this.usage = b.usage;
        this.agentId = b.agentId;
        this.contextId = b.contextId;
        this.taskId = b.taskId;
        this.raw = b.raw;
        this.traceUrl = b.traceUrl;
        this.traceId = b.traceId;
        this.toolCallsSource = b.toolCallsSource;
        this.traceSpans = b.traceSpans == null ? null : b.traceSpans.stream().map(Map::copyOf).toList();
    }

    /** A response with just this answer text (as one text part). */
    public static AgentResponse ofText(String text) {
        return builder().parts(List.of(Part.text(text))).build();
    }

    /** A new builder. */
    public static Builder builder() {
        return new Builder();
    }

    /** The final answer text; never null, empty when the agent said nothing. */
    public String text() {
        return text;
    }

    /** All parts of the answer (text and data); never null. */
    public List<Part> parts() {
        return parts;
    }

    /**
     * The data parts' payloads, in order; never null. A payload is usually a JSON object, but may
     * be any JSON value (a list, a string, a number, a boolean or {@code null}).
     */
    public List<Object> dataParts() {
        List<Object> data = new ArrayList<>();
        for (Part p : parts) {
            if (p instanceof Part.Data d) {
                data.add(d.data());
            }
        }
        return Collections.unmodifiableList(data);
    }

    /** The task state, normalised, if the protocol has one. */
    public Optional<TaskState> state() {
        return Optional.ofNullable(state);
    }

    /** The tool calls the agent reported, in call order; never null. */
    public List<ToolCall> toolCalls() {
        return toolCalls;
    }

    /** The agent's usage, if reported. */
    public Optional<Usage> usage() {
        return Optional.ofNullable(usage);
    }

    /** The agent's id, if known. */
    public Optional<String> agentId() {
        return Optional.ofNullable(agentId);
    }

    /** The conversation's context id, if any. */
    public Optional<String> contextId() {
        return Optional.ofNullable(contextId);
    }

    /** The task id, if any. */
    public Optional<String> taskId() {
        return Optional.ofNullable(taskId);
    }

    /**
     * The raw response as a JSON-like value (maps, lists, scalars) exactly as the agent sent it;
     * when the client has none, a JSON rendering of this response. Never null.
     */
    public Object raw() {
        if (raw != null) {
            return raw;
        }
        return syntheticRaw();
    }

    /** A link to the agent's trace of this exchange, if any. */
    public Optional<String> traceUrl() {
        return Optional.ofNullable(traceUrl);
    }

    /** The W3C trace id (32 hex digits) of this exchange's trace context, if one was sent. */
    public Optional<String> traceId() {
        return Optional.ofNullable(traceId);
    }

    /**
     * Where the tool calls came from when a hook looked beyond the response: {@code response},
     * {@code trace} (the agent's own spans) or {@code no_trace} (the trace was awaited and did not
     * arrive; the calls are the response's); empty when nothing looked.
     */
    public Optional<String> toolCallsSource() {
        return Optional.ofNullable(toolCallsSource);
    }

    /**
     * The agent's own spans of this turn, when a hook fetched them for a scorer that reads spans
     * ({@code ScorerFactory#readsSpans}), each a map with {@code name}, {@code spanId},
     * {@code parentSpanId} (absent for a root span), {@code startUnixNano}, {@code endUnixNano}
     * (longs), {@code status} ({@code ok}, {@code error} or {@code unset}), {@code statusMessage} and
     * {@code attributes} (a map); empty when no hook fetched them (no trace receiver), an empty list
     * when the receiver got no span of the turn.
     */
    public Optional<List<Map<String, Object>>> traceSpans() {
        return Optional.ofNullable(traceSpans);
    }

    /** A builder holding this response's values. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.text = text;
        b.parts.addAll(parts);
        b.state = state;
        b.toolCalls.addAll(toolCalls);
        b.usage = usage;
        b.agentId = agentId;
        b.contextId = contextId;
        b.taskId = taskId;
        b.raw = raw;
        b.traceUrl = traceUrl;
        b.traceId = traceId;
        b.toolCallsSource = toolCallsSource;
        b.traceSpans = traceSpans;
        return b;
    }

    private Object syntheticRaw() {
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        if (contextId != null) {
            m.put("contextId", contextId);
        }
        if (taskId != null) {
            m.put("id", taskId);
        }
        if (state != null) {
            Map<String, Object> status = new java.util.LinkedHashMap<>();
            status.put("state", state.wireName());
            m.put("status", status);
        }
        List<Object> ps = new ArrayList<>();
        for (Part p : parts) {
            Map<String, Object> part = new java.util.LinkedHashMap<>();
            if (p instanceof Part.Text t) {
                part.put("kind", "text");
                part.put("text", t.text());
            } else if (p instanceof Part.Data d) {
                part.put("kind", "data");
                part.put("data", d.data());
            }
            ps.add(part);
        }
        m.put("parts", ps);
        return JsonValues.copyMap(m, "response");
    }

    private static String joinText(List<Part> parts) {
        StringBuilder sb = new StringBuilder();
        for (Part p : parts) {
            if (p instanceof Part.Text t) {
                if (sb.length() > 0) {
                    sb.append('\n');
                }
                sb.append(t.text());
            }
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        return "AgentResponse[" + (state == null ? "" : state + " ") + text + "]";
    }

    /** Builder of an {@link AgentResponse}. */
    public static final class Builder {
        private String text;
        private final List<Part> parts = new ArrayList<>();
        private TaskState state;
        private final List<ToolCall> toolCalls = new ArrayList<>();
        private Usage usage;
        private String agentId;
        private String contextId;
        private String taskId;
        private Object raw;
        private String traceUrl;
        private String traceId;
        private String toolCallsSource;
        private List<Map<String, Object>> traceSpans;

        private Builder() {
        }

        /** The answer text; defaults to the text parts joined by newlines. */
        public Builder text(String text) {
            this.text = text;
            return this;
        }

        /** Appends parts. */
        public Builder parts(List<? extends Part> parts) {
            parts.forEach(p -> this.parts.add(Checks.requireNonNull(p, "part")));
            return this;
        }

        /** Appends a part. */
        public Builder part(Part part) {
            this.parts.add(Checks.requireNonNull(part, "part"));
            return this;
        }

        /** The task state. */
        public Builder state(TaskState state) {
            this.state = state;
            return this;
        }

        /** Appends tool calls. */
        public Builder toolCalls(List<ToolCall> toolCalls) {
            toolCalls.forEach(c -> this.toolCalls.add(Checks.requireNonNull(c, "tool call")));
            return this;
        }

        /** Removes the tool calls given so far (e.g. of {@link AgentResponse#toBuilder()}), to give others. */
        public Builder clearToolCalls() {
            this.toolCalls.clear();
            return this;
        }

        /** Appends a tool call. */
        public Builder toolCall(ToolCall toolCall) {
            this.toolCalls.add(Checks.requireNonNull(toolCall, "tool call"));
            return this;
        }

        /** The agent's usage; null when not reported. */
        public Builder usage(Usage usage) {
            this.usage = usage;
            return this;
        }

        /** The agent id. */
        public Builder agentId(String agentId) {
            this.agentId = agentId;
            return this;
        }

        /** The context id. */
        public Builder contextId(String contextId) {
            this.contextId = contextId;
            return this;
        }

        /** The task id. */
        public Builder taskId(String taskId) {
            this.taskId = taskId;
            return this;
        }

        /** The raw response as a JSON-like value; copied deeply. */
        public Builder raw(Object raw) {
            this.raw = JsonValues.copy(raw, "raw response");
            return this;
        }

        /** The raw response, already immutable and JSON-like; not copied (for clients that parsed it). */
        public Builder rawUnchecked(Object raw) {
            this.raw = raw;
            return this;
        }

        /** A trace link. */
        public Builder traceUrl(String traceUrl) {
            this.traceUrl = traceUrl;
            return this;
        }

        /** The W3C trace id of the exchange's trace context. */
        public Builder traceId(String traceId) {
            this.traceId = traceId;
            return this;
        }

        /** Where the tool calls came from: {@code response}, {@code trace} or {@code no_trace}. */
        public Builder toolCallsSource(String toolCallsSource) {
            this.toolCallsSource = toolCallsSource;
            return this;
        }

        /** The agent's own spans of the turn (see {@link AgentResponse#traceSpans()}); null for none fetched. */
        public Builder traceSpans(List<Map<String, Object>> traceSpans) {
            this.traceSpans = traceSpans;
            return this;
        }

        /** Builds the response. */
        public AgentResponse build() {
            return new AgentResponse(this);
        }
    }
}
