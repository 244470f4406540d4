package dev.agenteval.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockResponse;

/** The responses the CLI tests' fake servers (OpenAI-compatible judges and simulators, JSON agents) answer with. */
final class FakeOpenAi {

    private static final ObjectMapper JSON = new ObjectMapper();

    private FakeOpenAi() {
    }

    /** 200 with {@code body} as JSON: a String is sent as it is, anything else serialised. */
    static MockResponse json(Object body) {
        try {
            return new MockResponse.Builder().code(200).addHeader("Content-Type", "application/json")
                    .body(body instanceof String s ? s : JSON.writeValueAsString(body)).build();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A chat completion whose one choice finished normally with {@code content}. */
    static MockResponse completion(String content) {
        return json(Map.of("choices", List.of(Map.of("index", 0, "finish_reason", "stop",
                "message", Map.of("role", "assistant", "content", content)))));
    }

    /** The model list ({@code GET /models}) offering {@code ids}. */
    static MockResponse models(String... ids) {
        return json(Map.of("object", "list", "data", java.util.Arrays.stream(ids).map(id -> Map.of("id", id)).toList()));
    }
}
