package dev.agenteval.examples.faults;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockResponseBody;
import mockwebserver3.RecordedRequest;
import mockwebserver3.SocketEffect;
import okio.BufferedSink;

/**
 * The fault-injecting agent (A2A 0.3 JSON-RPC) and judge (OpenAI chat completions) of the fault
 * corpus. Each reads the {@link Fault#marker()} of the request it serves (the agent from the
 * message text, the judge from the scorer's criteria, neither of which any other turn carries),
 * counts the requests per turn, and applies the fault: on every request, or on the
 * first only for the {@code *_ONCE} faults. The judge also answers the run's preflight
 * ({@code GET /v1/models}).
 */
final class FaultyServers {

    static final ObjectMapper JSON = new ObjectMapper();
    static final long HUGE_BODY_BYTES = 50L * 1024 * 1024;
    /** In a judge scorer's criteria: {@code judge-key=case-7/2} names the case and turn. */
    static final java.util.regex.Pattern JUDGE_KEY = java.util.regex.Pattern.compile("judge-key=([\\w-]+/\\d+)");

    private FaultyServers() {
    }

    /** Requests seen per key (the turn's input text for the agent, the criteria for the judge). */
    static final class Calls {
        private final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();

        int increment(String key) {
            return counts.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
        }

        int get(String key) {
            AtomicInteger n = counts.get(key);
            return n == null ? 0 : n.get();
        }
    }

    static Fault faultIn(String text) {
        int at = text.indexOf("fault=");
        if (at < 0) {
            return Fault.NONE;
        }
        int end = at + 6;
        while (end < text.length() && (Character.isLetterOrDigit(text.charAt(end)) || text.charAt(end) == '_')) {
            end++;
        }
        return Fault.valueOf(text.substring(at + 6, end));
    }

    /** The agent: answers "ok: {text}" as a completed task unless the text names an agent fault. */
    static Dispatcher agent(Calls calls) {
        return new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                JsonNode body = tree(request.getBody().utf8());
                String text = body.path("params").path("message").path("parts").path(0).path("text").asText();
                int n = calls.increment(text);
                String ok = task(body.path("id").asLong(), "ok: " + text);
                Fault fault = faultIn(text);
                return switch (fault) {
                    case RATE_LIMITED_ONCE -> n == 1 ? rateLimited() : json(200, ok);
                    case RATE_LIMITED -> rateLimited();
                    case SERVER_ERROR -> json(500, "{\"error\":\"agent crashed\"}");
                    case BAD_GATEWAY_ONCE -> n == 1 ? json(502, "bad gateway") : json(200, ok);
                    case BAD_GATEWAY -> json(502, "bad gateway");
                    case UNAVAILABLE_ONCE -> n == 1 ? json(503, "unavailable") : json(200, ok);
                    case UNAVAILABLE -> json(503, "unavailable");
                    case RESET_ONCE -> n == 1 ? reset() : json(200, ok);
                    case RESET -> reset();
                    case CUT_MID_BODY -> new MockResponse.Builder().code(200).addHeader("Content-Type", "application/json")
                            .body(ok).onResponseBody(new SocketEffect.CloseSocket(true, false, false)).build();
                    case SLOW_HEADERS -> new MockResponse.Builder().code(200).addHeader("Content-Type", "application/json")
                            .body(ok).headersDelay(10, TimeUnit.SECONDS).build();
                    // Headers and 64 bytes now, the next 64 after 10 s: past the 2 x 3 s bound on the body.
                    case STALLED_BODY -> new MockResponse.Builder().code(200).addHeader("Content-Type", "application/json")
                            .body(ok).throttleBody(64, 10, TimeUnit.SECONDS).build();
                    case MALFORMED_JSON -> json(200, "{\"jsonrpc\":\"2.0\",\"result\":{\"kind\":\"task\",\"status\":{not json");
                    case HUGE_BODY -> new MockResponse.Builder().code(200).addHeader("Content-Type", "application/json")
                            .body(new HugeTask()).build();
                    case RPC_ERROR -> json(200, "{\"jsonrpc\":\"2.0\",\"id\":" + body.path("id").asLong()
                            + ",\"error\":{\"code\":-32603,\"message\":\"Internal error\"}}");
                    default -> json(200, ok);
                };
            }
        };
    }

    /** The judge: a passing verdict unless the criteria in the prompt name a judge fault. */
    static Dispatcher judge(Calls calls) {
        return new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                if (request.getTarget().endsWith("/models")) {
                    return json(200, "{\"object\":\"list\",\"data\":[{\"id\":\"judge-model\"}]}");
                }
                String body = request.getBody().utf8();
                java.util.regex.Matcher key = JUDGE_KEY.matcher(body);
                if (!key.find()) {
                    throw new IllegalStateException("the judge prompt holds no judge-key: " + body);
                }
                int n = calls.increment(key.group(1));
                return switch (faultIn(body)) {
                    case JUDGE_GARBAGE_ONCE -> n == 1 ? completion("Well, it depends on many things.") : verdict();
                    case JUDGE_GARBAGE -> completion("Well, it depends on many things.");
                    case JUDGE_EMPTY -> completion("");
                    case JUDGE_NOT_JSON -> new MockResponse.Builder().code(200).addHeader("Content-Type", "text/html")
                            .body("<html><body>502 Bad Gateway</body></html>").build();
                    case JUDGE_EMPTY_BODY -> new MockResponse.Builder().code(200)
                            .addHeader("Content-Type", "application/json").body("").build();
                    default -> verdict();
                };
            }
        };
    }

    static String task(long id, String text) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":{\"kind\":\"task\",\"id\":\"t-" + id + "\",\"contextId\":\"c\","
                + "\"status\":{\"state\":\"completed\",\"message\":{\"kind\":\"message\",\"role\":\"agent\","
                + "\"messageId\":\"m-" + id + "\",\"parts\":[{\"kind\":\"text\",\"text\":" + quote(text) + "}]}}}}";
    }

    private static MockResponse rateLimited() {
        return new MockResponse.Builder().code(429).addHeader("Retry-After", "1").body("slow down").build();
    }

    private static MockResponse reset() {
        return new MockResponse.Builder().onResponseStart(new SocketEffect.CloseSocket(true, false, false)).build();
    }

    static MockResponse json(int code, String body) {
        return new MockResponse.Builder().code(code).addHeader("Content-Type", "application/json").body(body).build();
    }

    private static MockResponse verdict() {
        return completion("{\"reason\": \"Meets the criteria.\", \"verdict\": \"pass\", \"score\": 1.0}");
    }

    private static MockResponse completion(String content) {
        try {
            return json(200, JSON.writeValueAsString(Map.of("id", "chatcmpl-1", "object", "chat.completion",
                    "model", "judge-model", "choices", List.of(Map.of("index", 0, "finish_reason", "stop",
                            "message", Map.of("role", "assistant", "content", content))),
                    "usage", Map.of("prompt_tokens", 100, "completion_tokens", 20, "total_tokens", 120))));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static JsonNode tree(String json) {
        try {
            return JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the test agent got a request that is not JSON: " + json, e);
        }
    }

    static String quote(String s) {
        try {
            return JSON.writeValueAsString(s);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A 50 MB JSON-RPC task streamed in 64 KB chunks, never held in memory. */
    private static final class HugeTask implements MockResponseBody {
        private static final byte[] HEAD = "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"kind\":\"task\",\"status\":{\"state\":\"completed\",\"message\":{\"kind\":\"message\",\"role\":\"agent\",\"parts\":[{\"kind\":\"text\",\"text\":\""
                .getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        private static final byte[] TAIL = "\"}]}}}}".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        private static final byte[] CHUNK = "x".repeat(64 * 1024).getBytes(java.nio.charset.StandardCharsets.US_ASCII);

        @Override
        public long getContentLength() {
            return HUGE_BODY_BYTES;
        }

        @Override
        public void writeTo(BufferedSink sink) throws IOException {
            long left = HUGE_BODY_BYTES - HEAD.length - TAIL.length;
            sink.write(HEAD);
            while (left > 0) {
                int n = (int) Math.min(CHUNK.length, left);
                sink.write(CHUNK, 0, n);
                left -= n;
            }
            sink.write(TAIL);
            sink.flush();
        }
    }
}
