package dev.agenteval.judge.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agenteval.api.Usage;
import dev.agenteval.judge.ChatBackend;

/**
 * One chat completion as the judge reads it: the reply's text (null when it had none), its
 * {@code finish_reason}, what was wrong with the response when it had no text, and its usage.
 */
public record Completion(String content, String finishReason, String problem, Usage usage) {

    /** Reads a chat completions response body. */
    public static Completion from(JsonNode body) {
        JsonNode choice = body.path("choices").path(0);
        JsonNode message = choice.path("message");
        String finishReason = choice.path("finish_reason").isTextual() ? choice.path("finish_reason").asText() : null;
        JsonNode content = message.path("content");
        String text = null;
        if (content.isTextual()) {
            text = content.asText();
        } else if (content.isArray()) {
            StringBuilder sb = new StringBuilder();
            content.forEach(part -> sb.append(part.path("text").asText("")));
            text = sb.toString();
        }
        String problem = null;
        // A cut-off or filtered reply says so itself (VerdictParser.unfinished), content or not.
        if (text == null && VerdictParser.unfinished(finishReason) == null) {
            problem = message.path("refusal").isTextual() ? "the judge refused: " + message.path("refusal").asText()
                    : body.path("choices").isArray() ? "the reply had no message content" : "the response had no choices";
        }
        return new Completion(text, finishReason, problem, usage(body.path("usage"), body.path("model")));
    }

    /**
     * A {@link ChatBackend}'s reply: a reply without text (and not cut off or filtered) has no
     * content; its usage, when it names no model, is {@code model}'s, so that the run's prices can
     * price it.
     */
    public static Completion of(ChatBackend.Reply reply, String model) {
        String problem = reply.content() == null && VerdictParser.unfinished(reply.finishReason()) == null
                ? "the reply had no content" : null;
        Usage usage = reply.usage() == null || reply.usage().isEmpty() ? null
                : reply.usage().model() == null ? reply.usage().withModel(model) : reply.usage();
        return new Completion(reply.content(), reply.finishReason(), problem, usage);
    }

    /** The reply's usage with the model that answered, so that the run's prices can price it. */
    private static Usage usage(JsonNode u, JsonNode model) {
        Long in = firstLong(u, "prompt_tokens", "input_tokens");
        Long out = firstLong(u, "completion_tokens", "output_tokens");
        Double cost = u.path("cost").isNumber() ? u.path("cost").asDouble() : null;
        Usage usage = new Usage(in, out, null, cost);
        return usage.isEmpty() ? null : model.isTextual() ? usage.withModel(model.asText()) : usage;
    }

    private static Long firstLong(JsonNode node, String... names) {
        for (String name : names) {
            if (node.path(name).isIntegralNumber()) {
                return node.path(name).asLong();
            }
        }
        return null;
    }
}
