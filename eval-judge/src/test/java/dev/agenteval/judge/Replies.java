package dev.agenteval.judge;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.http.RetryPolicy;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;

/** Canned chat completions answers and a fast judge for MockWebServer tests. */
final class Replies {

    static final ObjectMapper JSON = new ObjectMapper();

    private Replies() {
    }

    /** A 200 chat completion whose message content is {@code content}, with usage 100/20 tokens. */
    static MockResponse completion(String content) {
        return completion(content, "stop");
    }

    /** A 200 chat completion whose message content is {@code content}, ended for {@code finishReason}. */
    static MockResponse completion(String content, String finishReason) {
        return json(200, Map.of(
                "id", "chatcmpl-1", "object", "chat.completion", "model", "judge-model",
                "choices", List.of(Map.of("index", 0, "finish_reason", finishReason,
                        "message", Map.of("role", "assistant", "content", content))),
                "usage", Map.of("prompt_tokens", 100, "completion_tokens", 20, "total_tokens", 120)));
    }

    /** A verdict reply in the requested JSON shape. */
    static MockResponse verdict(boolean pass, double score, String reason) {
        return completion("{\"reason\": " + quote(reason) + ", \"verdict\": \"" + (pass ? "pass" : "fail")
                + "\", \"score\": " + score + "}");
    }

    static MockResponse json(int code, Object body) {
        try {
            return new MockResponse.Builder().code(code).addHeader("Content-Type", "application/json")
                    .body(JSON.writeValueAsString(body)).build();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static String quote(String s) {
        try {
            return JSON.writeValueAsString(s);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A dispatcher answering {@code GET /v1/models} with the test models and chat completions with {@code chat}. */
    static mockwebserver3.Dispatcher dispatcher(java.util.function.Function<mockwebserver3.RecordedRequest, MockResponse> chat) {
        return new mockwebserver3.Dispatcher() {
            @Override
            public MockResponse dispatch(mockwebserver3.RecordedRequest request) {
                if (request.getTarget().endsWith("/models")) {
                    return json(200, Map.of("object", "list", "data", List.of(Map.of("id", "judge-model"), Map.of("id", "m"))));
                }
                return chat.apply(request);
            }
        };
    }

    /** The server's API root on 127.0.0.1. */
    static String baseUrl(MockWebServer server) {
        return "http://127.0.0.1:" + server.getPort() + "/v1";
    }

    /** A judge on the server with millisecond backoffs and a short timeout. */
    static OpenAiJudge.Builder judge(MockWebServer server) {
        return OpenAiJudge.builder()
                .baseUrl(baseUrl(server))
                .model("judge-model")
                .requestTimeout(Duration.ofSeconds(5))
                .retryPolicy(RetryPolicy.builder().initialBackoff(Duration.ofMillis(1)).maxBackoff(Duration.ofSeconds(2)).build());
    }
}
