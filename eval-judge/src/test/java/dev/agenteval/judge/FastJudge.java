package dev.agenteval.judge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.http.RetryPolicy;
import dev.agenteval.testkit.ChatRequest;
import dev.agenteval.testkit.FakeChatModel;
import java.io.UncheckedIOException;
import java.time.Duration;

/** A judge on the testkit's {@link FakeChatModel} with millisecond backoffs and a short timeout, and its requests as JSON. */
final class FastJudge {

    static final ObjectMapper JSON = new ObjectMapper();

    private FastJudge() {
    }

    /** A fake model offering the tests' models, {@code judge-model} and {@code m}. */
    static FakeChatModel model() {
        return FakeChatModel.start().models("judge-model", "m");
    }

    /** A judge of {@code judge-model} on {@code model}. */
    static OpenAiJudge.Builder on(FakeChatModel model) {
        return OpenAiJudge.builder()
                .baseUrl(model.url())
                .model("judge-model")
                .requestTimeout(Duration.ofSeconds(5))
                .retryPolicy(RetryPolicy.builder().initialBackoff(Duration.ofMillis(1)).maxBackoff(Duration.ofSeconds(2)).build());
    }

    /** The request's body as a JSON tree. */
    static JsonNode body(ChatRequest request) {
        try {
            return JSON.readTree(request.body());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new UncheckedIOException("the judge sent a body that is not JSON: " + request.body(), e);
        }
    }

    /** The content of the request's second message (the user's, after the system prompt). */
    static String user(ChatRequest request) {
        return body(request).path("messages").path(1).path("content").asText();
    }
}
