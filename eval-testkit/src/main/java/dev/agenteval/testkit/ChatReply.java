package dev.agenteval.testkit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agenteval.testkit.internal.Delivery;
import dev.agenteval.testkit.internal.FakeHttpServer.Answer;
import dev.agenteval.testkit.internal.Json;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What a {@link FakeChatModel} answers to one chat completion request: a completion (plain text,
 * a judge's verdict, a simulated user's turn, tool calls, with or without usage), a body written
 * verbatim, or a fault (an HTTP status with or without {@code Retry-After}, malformed JSON, a
 * dropped connection, a slow answer or none, a wrong header such as a {@code Content-Type}). Immutable: every method returns a new reply.
 *
 * <pre>{@code
 * model.enqueue(ChatReply.verdict(true, 0.9, "Lists its capabilities.").usage(1000, 100));
 * model.enqueue(ChatReply.userTurn("And on Tuesday?"), ChatReply.goalMet("Thanks, that is all."));
 * model.enqueue(ChatReply.httpStatus(429, "{\"error\": \"slow down\"}").retryAfter(1));
 * model.enqueue(ChatReply.toolCall("find_assets", "{\"filter\": \"pump\"}"));
 * }</pre>
 */
@API(status = EXPERIMENTAL)
public final class ChatReply {

    private final String content;
    private final List<ObjectNode> toolCalls;
    private final long[] usage;
    private final String finishReason;
    private final Answer fault;
    private final Delivery delivery;
    private final String model;

    private ChatReply(String content, List<ObjectNode> toolCalls, long[] usage, String finishReason, Answer fault,
                      Delivery delivery, String model) {
        this.content = content;
        this.toolCalls = List.copyOf(toolCalls);
        this.usage = usage;
        this.finishReason = finishReason;
        this.fault = fault;
        this.delivery = delivery;
        this.model = model;
    }

    /** A completion whose one choice says {@code content}. */
    public static ChatReply text(String content) {
        return new ChatReply(Objects.requireNonNull(content, "content"), List.of(), null, "stop", null, Delivery.PROMPT, null);
    }

    /**
     * A judge's verdict in the JSON shape agent-eval's judge asks for:
     * {@code {"reason": ..., "verdict": "pass"|"fail", "score": ...}}.
     */
    public static ChatReply verdict(boolean pass, double score, String reason) {
        if (score < 0 || score > 1) {
            throw new IllegalArgumentException("score must be 0..1 but was " + score);
        }
        return text("{\"reason\": " + Json.quote(reason) + ", \"verdict\": \"" + (pass ? "pass" : "fail")
                + "\", \"score\": " + score + "}");
    }

    /** A passing verdict, score 1. */
    public static ChatReply pass(String reason) {
        return verdict(true, 1.0, reason);
    }

    /** A failing verdict, score 0. */
    public static ChatReply fail(String reason) {
        return verdict(false, 0.0, reason);
    }

    /** A simulated user's next message, goal not met yet: {@code {"message": ..., "goal_met": false}}. */
    public static ChatReply userTurn(String message) {
        return text("{\"message\": " + Json.quote(message) + ", \"goal_met\": false}");
    }

    /** A simulated user's last message, its goal met: {@code {"message": ..., "goal_met": true}}. */
    public static ChatReply goalMet(String message) {
        return text("{\"message\": " + Json.quote(message) + ", \"goal_met\": true}");
    }

    /**
     * A completion calling the tool {@code name} with {@code argumentsJson} (sent, as OpenAI does,
     * as a JSON string), finish reason {@code tool_calls}. Add more with {@link #andToolCall}.
     */
    public static ChatReply toolCall(String name, String argumentsJson) {
        return new ChatReply(null, List.of(), null, "tool_calls", null, Delivery.PROMPT, null).andToolCall(name, argumentsJson);
    }

    /** HTTP {@code status} with {@code body} instead of a completion. */
    public static ChatReply httpStatus(int status, String body) {
        if (status < 100 || status > 599) {
            throw new IllegalArgumentException("status must be 100..599 but was " + status);
        }
        return new ChatReply(null, List.of(), null, null, Answer.json(status, body), Delivery.PROMPT, null);
    }

    /** HTTP 200 with {@code json} as the body, verbatim (any shape, valid or not). */
    public static ChatReply body(String json) {
        return httpStatus(200, json);
    }

    /** HTTP 200 with a body that breaks off in the middle of the JSON. */
    public static ChatReply malformedJson() {
        return body("{\"choices\": [{\"message\": {\"content\": \"tru");
    }

    /** The connection closed before any byte of an answer. */
    public static ChatReply dropConnection() {
        return new ChatReply(null, List.of(), null, null, Answer.dropped(), Delivery.PROMPT, null);
    }

    /** No answer until the model closes: for timeouts, without a test that waits on a clock. */
    public static ChatReply hang() {
        return new ChatReply(null, List.of(), null, null, Answer.hanging(), Delivery.PROMPT, null);
    }

    /** One more tool call in the same completion. */
    public ChatReply andToolCall(String name, String argumentsJson) {
        requireCompletion("tool calls");
        Json.parse("the arguments of tool call " + name, argumentsJson);
        List<ObjectNode> more = new ArrayList<>(toolCalls);
        ObjectNode call = Json.object().put("id", "call_" + (more.size() + 1)).put("type", "function");
        call.putObject("function").put("name", Objects.requireNonNull(name, "name")).put("arguments", argumentsJson);
        more.add(call);
        return new ChatReply(content, more, usage, "tool_calls", fault, delivery, model);
    }

    /** The usage: {@code usage: {prompt_tokens, completion_tokens, total_tokens}}. */
    public ChatReply usage(long promptTokens, long completionTokens) {
        requireCompletion("usage");
        return new ChatReply(content, toolCalls, new long[] {promptTokens, completionTokens}, finishReason, fault,
                delivery, model);
    }

    /** The choice's {@code finish_reason} ({@code stop} for text, {@code tool_calls} for tool calls), e.g. {@code length}. */
    public ChatReply finishReason(String finishReason) {
        requireCompletion("a finish reason");
        return new ChatReply(content, toolCalls, usage, Objects.requireNonNull(finishReason, "finishReason"), fault,
                delivery, model);
    }

    /**
     * The model the completion says answered, instead of the one asked for: a server that resolves
     * an alias ({@code gpt-4o-mini} answered by {@code gpt-4o-mini-2024-07-18}) or ignores the name.
     */
    public ChatReply model(String model) {
        requireCompletion("a model");
        return new ChatReply(content, toolCalls, usage, finishReason, fault, delivery, Objects.requireNonNull(model, "model"));
    }

    /** The same reply with {@code Retry-After: seconds}, as a 429 or 503 carries it. */
    public ChatReply retryAfter(long seconds) {
        if (fault == null) {
            throw new IllegalStateException("Retry-After goes with an HTTP status reply (httpStatus), not a completion");
        }
        return header("Retry-After", Long.toString(seconds));
    }

    /**
     * The same reply with the response header {@code name: value}, replacing one of that name: a
     * {@code Content-Type} a broken server gets wrong, a fractional {@code Retry-After}, ...
     */
    public ChatReply header(String name, String value) {
        return new ChatReply(content, toolCalls, usage, finishReason, fault, delivery.header(name, value), model);
    }

    /** The same reply, sent {@code delay} after the request arrived: a slow model. */
    public ChatReply delayed(Duration delay) {
        return new ChatReply(content, toolCalls, usage, finishReason, fault, delivery.delayed(delay), model);
    }

    @Override
    public String toString() {
        return fault != null ? "ChatReply[HTTP " + fault.status() + "]"
                : "ChatReply[" + (content != null ? content : toolCalls.size() + " tool call(s)") + "]";
    }

    private void requireCompletion(String what) {
        if (fault != null) {
            throw new IllegalStateException(what + " go(es) with a completion, not with " + this);
        }
    }

    /** The HTTP answer to a request for the model {@code asked}. */
    Answer answer(String asked, int number) {
        if (fault != null) {
            return delivery.apply(fault);
        }
        ObjectNode body = Json.object().put("id", "chatcmpl-" + number).put("object", "chat.completion")
                .put("created", 0).put("model", model != null ? model : asked);
        ObjectNode choice = body.putArray("choices").addObject().put("index", 0);
        ObjectNode message = choice.putObject("message").put("role", "assistant");
        if (content != null) {
            message.put("content", content);
        } else {
            message.putNull("content");
        }
        if (!toolCalls.isEmpty()) {
            ArrayNode calls = message.putArray("tool_calls");
            toolCalls.forEach(c -> calls.add(c.deepCopy()));
        }
        choice.put("finish_reason", finishReason);
        if (usage != null) {
            body.putObject("usage").put("prompt_tokens", usage[0]).put("completion_tokens", usage[1])
                    .put("total_tokens", usage[0] + usage[1]);
        }
        return delivery.apply(Answer.json(200, Json.write(body)));
    }
}
