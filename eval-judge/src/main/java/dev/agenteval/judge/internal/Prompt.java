package dev.agenteval.judge.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.agenteval.api.ToolCall;
import dev.agenteval.api.ToolSpec;
import dev.agenteval.common.json.JsonTrees;
import dev.agenteval.judge.ChatBackend.Message;
import dev.agenteval.judge.PromptTemplate;
import dev.agenteval.spi.Exchange;
import dev.agenteval.spi.JudgeRequest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The chat messages for one judge request: the system template and the scorer's template with
 * the request's values. What came from the conversation (the question, the answer, the tool
 * calls and their outputs) is fenced between tags ending in an id derived from that material,
 * e.g. {@code <answer-3f2a9c1b04de>}: an answer cannot close its fence early because it cannot
 * contain the hash of itself, and the id is deterministic, so the same inputs give the same
 * prompt (and cache key).
 *
 * @param system   the rendered system message
 * @param user     the rendered user message
 * @param fence    the fence id
 * @param versions the template ids, e.g. {@code system@1+correctness@1}
 */
public record Prompt(String system, String user, String fence, String versions) {

    /** Longest tool output shown to the judge, in characters; longer ones are cut. */
    static final int MAX_TOOL_OUTPUT = 4000;

    /** Renders {@code request} with the two templates. */
    public static Prompt render(PromptTemplate system, PromptTemplate template, JudgeRequest request) {
        String calls = toolCalls(request.toolCalls());
        String transcript = transcript(request.transcript());
        // Only a conversation scorer's transcript takes part, so the fences of one-turn prompts (and
        // so their cache keys) stay as they were.
        String fence = request.transcript().isEmpty() ? fenceId(request.question(), request.answer(), calls)
                : fenceId(request.question(), request.answer(), calls, transcript);
        Map<String, String> values = new LinkedHashMap<>();
        values.put("fence", fence);
        values.put("question", fenced("question", fence, request.question()));
        values.put("answer", fenced("answer", fence, request.answer()));
        values.put("tool_calls", fenced("tool_calls", fence, calls));
        values.put("criteria", blankToNull(request.criteria()));
        values.put("reference", blankToNull(request.reference()));
        values.put("tools", tools(request.tools()));
        values.put("transcript", fenced("transcript", fence, transcript));
        return new Prompt(system.render(values), template.render(values), fence, system.id() + "+" + template.id());
    }

    /** The messages as sent: system, then user. */
    public List<Message> messages() {
        return List.of(new Message("system", system), new Message("user", user));
    }

    /**
     * {@code messages} asked again after {@code reply}, which was not what they asked for: the
     * messages, the reply as the assistant's, and {@code correction} as the user's.
     */
    public static List<Message> again(List<Message> messages, String reply, String correction) {
        List<Message> again = new ArrayList<>(messages);
        again.add(new Message("assistant", reply == null ? "" : reply));
        again.add(new Message("user", correction));
        return again;
    }

    /** {@code messages} as the chat completions API (and the cache key) writes them: {@code {"role", "content"}} objects. */
    public static List<Map<String, Object>> wire(List<Message> messages) {
        return messages.stream().map(Prompt::wire).toList();
    }

    /** One chat message as the chat completions API writes it. */
    public static Map<String, Object> wire(Message message) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("role", message.role());
        m.put("content", message.content());
        return m;
    }

    static String fenced(String tag, String fence, String content) {
        return "<" + tag + "-" + fence + ">\n" + content + "\n</" + tag + "-" + fence + ">";
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }

    static String tools(List<ToolSpec> tools) {
        if (tools.isEmpty()) {
            return "(none declared)";
        }
        StringBuilder out = new StringBuilder();
        for (ToolSpec t : tools) {
            if (out.length() > 0) {
                out.append('\n');
            }
            out.append("- ").append(t.name()).append(": ").append(t.description().strip().replace("\n", "\n  "));
        }
        return out.toString();
    }

    /** The conversation as {@code User: ...} and {@code Agent: ...} lines, numbered by turn. */
    static String transcript(List<Exchange> transcript) {
        if (transcript.isEmpty()) {
            return "(no conversation)";
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < transcript.size(); i++) {
            Exchange e = transcript.get(i);
            if (i > 0) {
                out.append("\n\n");
            }
            out.append("Turn ").append(i + 1).append("\nUser: ").append(e.input()).append("\nAgent: ").append(e.answer());
        }
        return out.toString();
    }

    static String toolCalls(List<ToolCall> calls) {
        if (calls.isEmpty()) {
            return "(the agent made no tool calls)";
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < calls.size(); i++) {
            ToolCall c = calls.get(i);
            if (i > 0) {
                out.append('\n');
            }
            out.append(i + 1).append(". ").append(c.name())
                    .append("\n   arguments: ").append(json(c.arguments()))
                    .append("\n   output: ").append(c.result() == null ? "(not reported)" : cut(json(c.result())));
        }
        return out.toString();
    }

    private static String cut(String s) {
        return s.length() <= MAX_TOOL_OUTPUT ? s
                : s.substring(0, MAX_TOOL_OUTPUT) + "… (cut, " + s.length() + " characters in all)";
    }

    private static String json(Object value) {
        try {
            return JsonTrees.MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            return String.valueOf(value);
        }
    }

    static String fenceId(String... parts) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (String p : parts) {
                sha.update(p.getBytes(StandardCharsets.UTF_8));
                sha.update((byte) 0);
            }
            return HexFormat.of().formatHex(sha.digest()).substring(0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
