package dev.agenteval.judge.internal;

import dev.agenteval.api.AgentException;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.JudgeException;
import dev.agenteval.http.HttpJson;
import dev.agenteval.http.JsonResponse;
import dev.agenteval.judge.ChatBackend;
import dev.agenteval.judge.OpenAiJudge;
import dev.agenteval.judge.OpenAiJudge.ResponseFormat;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.ratelimiter.RateLimiter;
import io.github.resilience4j.ratelimiter.RateLimiterConfig;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link ChatBackend} of an {@link OpenAiJudge} and an {@link dev.agenteval.judge.OpenAiUserSimulator}:
 * chat completions calls, each going through, in order, a
 * semaphore bounding the judge's concurrent calls, a resilience4j rate limiter (when a rate is
 * set), a resilience4j circuit breaker (opened by {@linkplain #isEndpointFailure endpoint
 * failures}) and {@link HttpJson}. The {@code response_format} starts as configured; a 400 or
 * 422 answer to it falls back to the next ({@code json_schema}, {@code json_object}, none) for
 * the rest of the judge's lifetime, and the call is made again. Its preflight is the endpoint's
 * {@link JudgePreflight}.
 *
 * <p>Logs as {@link OpenAiJudge}. Thread-safe.
 */
public final class JudgeTransport implements ChatBackend {

    private static final Logger LOG = LoggerFactory.getLogger(OpenAiJudge.class);
    private static final AtomicInteger IDS = new AtomicInteger();

    private final HttpJson http;
    private final URI baseUrl;
    private final String model;
    private final ModelRole role;
    private final Semaphore permits;
    private final RateLimiter rateLimiter;
    private final CircuitBreaker circuitBreaker;
    private final Duration openDuration;
    private final AtomicReference<ResponseFormat> format;
    private final JudgePreflight preflight;

    /**
     * Calls through {@code http} to {@code baseUrl} for {@code model} in {@code role} (named in
     * messages and failure context); {@code requestsPerSecond}
     * 0 for no rate limit; the circuit breaker opens for {@code circuitOpenDuration} when
     * {@code circuitFailureRate} percent of the last {@code circuitWindow} calls failed; {@code preflight}
     * checks the endpoint.
     */
    public JudgeTransport(HttpJson http, URI baseUrl, String model, ModelRole role, int maxConcurrency,
                          double requestsPerSecond, int circuitWindow, double circuitFailureRate,
                          Duration circuitOpenDuration, ResponseFormat responseFormat, JudgePreflight preflight) {
        this.http = http;
        this.baseUrl = baseUrl;
        this.model = model;
        this.role = role;
        this.permits = new Semaphore(maxConcurrency, true);
        String id = "agent-eval-judge-" + IDS.incrementAndGet();
        this.rateLimiter = requestsPerSecond <= 0 ? null : RateLimiter.of(id, RateLimiterConfig.custom()
                .limitForPeriod(1)
                .limitRefreshPeriod(Duration.ofNanos(Math.max(1L, Math.round(1e9 / requestsPerSecond))))
                .timeoutDuration(Duration.ofMinutes(10))
                .build());
        this.openDuration = circuitOpenDuration;
        this.circuitBreaker = CircuitBreaker.of(id, CircuitBreakerConfig.custom()
                .slidingWindowType(CircuitBreakerConfig.SlidingWindowType.COUNT_BASED)
                .slidingWindowSize(circuitWindow)
                .minimumNumberOfCalls(circuitWindow)
                .failureRateThreshold((float) circuitFailureRate)
                .waitDurationInOpenState(circuitOpenDuration)
                .recordException(JudgeTransport::isEndpointFailure)
                .build());
        this.format = new AtomicReference<>(responseFormat);
        this.preflight = preflight;
    }

    @Override
    public String model() {
        return model;
    }

    @Override
    public Reply complete(List<Message> messages) throws InterruptedException {
        Completion c = completion(messages);
        return new Reply(c.content(), c.finishReason(), c.usage());
    }

    /** Checks the key and that the endpoint offers the model ({@link JudgePreflight#run()}). */
    @Override
    public void preflight() throws InterruptedException {
        preflight.run();
    }

    /**
     * One completion of {@code messages} at temperature 0, with what was wrong with a reply
     * without text (a refusal, no choices).
     *
     * @throws JudgeException when the call fails (naming the model and the cause), no rate-limit
     *         permit comes within 10 minutes, or the circuit breaker is open
     */
    public Completion completion(List<Message> messages) throws InterruptedException {
        while (true) {
            ResponseFormat f = format.get();
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("model", model);
            body.put("temperature", 0);
            body.put("messages", Prompt.wire(messages));
            if (f != ResponseFormat.NONE) {
                body.put("response_format", body(f));
            }
            JsonResponse response;
            try {
                response = call(body);
            } catch (JudgeException e) {
                throw e;
            } catch (AgentException e) {
                int status = status(e);
                if (f != ResponseFormat.NONE && (status == 400 || status == 422)) {
                    if (format.compareAndSet(f, fallback(f))) {
                        LOG.info("{} endpoint {} rejected response_format {} ({}); using {} from now on",
                                role.label(), baseUrl, f.name().toLowerCase(Locale.ROOT), status, fallback(f).name().toLowerCase(Locale.ROOT));
                    }
                    continue;
                }
                Map<String, Object> context = new LinkedHashMap<>(e.context());
                context.put(role.contextKey(), model);
                context.put("cause", e.code().wireName());
                throw new JudgeException(role.named(model) + " failed: " + e.getMessage(), context, e);
            }
            return Completion.from(response.body());
        }
    }

    private JsonResponse call(Map<String, Object> body) throws InterruptedException {
        permits.acquire();
        try {
            if (rateLimiter != null && !rateLimiter.acquirePermission()) {
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
                throw new JudgeException(role.named(model) + " got no rate-limit permit within 10 minutes",
                        Map.of(role.contextKey(), model), null);
            }
            if (!circuitBreaker.tryAcquirePermission()) {
                throw new JudgeException(role.named(model) + " is not called: its circuit breaker is open after"
                        + " repeated failures of " + baseUrl + "; calls are tried again " + openDuration.toMillis() / 1000.0
                        + " s after it opened", Map.of(role.contextKey(), model, "circuitBreaker", "open"), null);
            }
            long start = System.nanoTime();
            try {
                JsonResponse r = http.post("chat/completions", body, Map.of());
                circuitBreaker.onSuccess(System.nanoTime() - start, TimeUnit.NANOSECONDS);
                return r;
            } catch (AgentException e) {
                circuitBreaker.onError(System.nanoTime() - start, TimeUnit.NANOSECONDS, e);
                throw e;
            } catch (InterruptedException | RuntimeException e) {
                circuitBreaker.releasePermission();
                throw e;
            }
        } finally {
            permits.release();
        }
    }

    /** The format tried after {@code f} was rejected. */
    static ResponseFormat fallback(ResponseFormat f) {
        return f == ResponseFormat.JSON_SCHEMA ? ResponseFormat.JSON_OBJECT : ResponseFormat.NONE;
    }

    /** The {@code response_format} body of {@code f} (not {@code NONE}). */
    static Map<String, Object> body(ResponseFormat f) {
        Map<String, Object> body = new LinkedHashMap<>();
        if (f == ResponseFormat.JSON_OBJECT) {
            body.put("type", "json_object");
            return body;
        }
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put("reason", Map.of("type", "string"));
        properties.put("verdict", Map.of("type", "string", "enum", List.of("pass", "fail")));
        properties.put("score", Map.of("type", "number"));
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        schema.put("properties", properties);
        schema.put("required", List.of("reason", "verdict", "score"));
        schema.put("additionalProperties", false);
        Map<String, Object> jsonSchema = new LinkedHashMap<>();
        jsonSchema.put("name", "verdict");
        jsonSchema.put("strict", true);
        jsonSchema.put("schema", schema);
        body.put("type", "json_schema");
        body.put("json_schema", jsonSchema);
        return body;
    }

    /** Failures that say the endpoint is unwell; client errors such as 400 say nothing about its health. */
    static boolean isEndpointFailure(Throwable t) {
        if (!(t instanceof AgentException e) || e instanceof JudgeException) {
            return false;
        }
        if (e.code() != FailureCode.HTTP_ERROR) {
            return true;
        }
        int status = status(e);
        return status >= 500 || status == 429 || status == 408;
    }

    /** The HTTP status of an {@code http_error}; -1 for any other failure. */
    public static int status(AgentException e) {
        Object s = e.context().get("status");
        return e.code() == FailureCode.HTTP_ERROR && s instanceof Number n ? n.intValue() : -1;
    }
}
