package dev.agenteval.judge;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agenteval.api.AgentException;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.JudgeException;
import dev.agenteval.api.Usage;
import dev.agenteval.http.Authentication;
import dev.agenteval.http.HttpJson;
import dev.agenteval.http.JsonResponse;
import dev.agenteval.http.RetryPolicy;
import dev.agenteval.judge.internal.Prompt;
import dev.agenteval.judge.internal.VerdictCache;
import dev.agenteval.judge.internal.VerdictParser;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.JudgeRequest;
import dev.agenteval.spi.JudgeVerdict;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.ratelimiter.RateLimiter;
import io.github.resilience4j.ratelimiter.RateLimiterConfig;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A judge on any OpenAI-compatible chat completions endpoint: hosted services and local servers
 * (Ollama, vLLM, LM Studio) alike.
 *
 * <pre>{@code
 * Judge judge = OpenAiJudge.builder()
 *         .baseUrl("https://api.openai.com/v1")
 *         .model("gpt-4o-mini")
 *         .apiKeyFromEnvironment("AGENT_EVAL_JUDGE_API_KEY", System::getenv)
 *         .samples(3)
 *         .cacheDirectory(Path.of("target/judge-cache"))
 *         .build();
 * }</pre>
 *
 * <p><b>Requests.</b> {@code POST {baseUrl}/chat/completions} with the model, temperature 0,
 * a system and a user message rendered from {@link PromptTemplates} (the conversation's
 * material fenced as data, see {@link PromptTemplate}), a bearer key when one is set, and a
 * {@code response_format}: {@code json_schema} first; when the server rejects it with 400 or
 * 422, {@code json_object}, then none, remembered for the judge's lifetime. The base URL is the
 * API root as in OpenAI's SDKs ({@code .../v1}); a URL without a path gets {@code /v1}.
 *
 * <p><b>Verdicts.</b> Replies are read tolerantly (JSON in code fences or prose, {@code YES},
 * booleans as strings, a score alone compared with the {@link Builder#threshold threshold}) but
 * never guessed at: an explicit verdict (a JSON verdict field, a {@code Verdict: fail} line)
 * wins over a leading yes/no, and explicit verdicts that disagree are no verdict; a reply cut
 * off at the token limit ({@code finish_reason} {@code length}) or by the content filter, and
 * verdict words inside an unclosed {@code <think>} block, are no verdict either.
 * A reply without a clear verdict is asked again, up to {@link Builder#verdictRetries} times
 * with a reminder of the format; then the call fails with a {@link JudgeException}
 * ({@code judge_error}): a verdict is never invented. {@link Builder#samples} (or a request's
 * own {@link JudgeRequest#samples()}) asks n times (n odd) and takes the majority, recording
 * the agreement; its score is the mean score of the majority's samples, its reason the first
 * majority sample's, its usage the sum. One sample ending in an error fails the whole verdict.
 *
 * <p><b>Resilience.</b> Every HTTP call goes through, in order: a semaphore bounding the judge's
 * concurrent calls ({@link Builder#maxConcurrency}, separate from the runner's concurrency), a
 * resilience4j rate limiter ({@link Builder#requestsPerSecond}), a resilience4j circuit breaker
 * (opened by timeouts, network errors and 5xx/429 that outlived their retries; while open,
 * calls fail at once), and {@link HttpJson} with its per-call timeout and resilience4j retries on
 * 429/5xx honouring {@code Retry-After}. Failures end as {@link JudgeException}s naming the
 * model and the cause.
 *
 * <p><b>Cache.</b> Opt-in ({@link Builder#cacheDirectory}): verdicts on disk keyed by the model,
 * the template versions and the rendered inputs (plus samples and threshold). A request with
 * {@link JudgeRequest#bypassCache()} set (a repeated case) neither reads nor writes it.
 *
 * <p>Thread-safe.
 */
public final class OpenAiJudge implements Judge {

    /** The OpenAI API root, used when no base URL is given. */
    public static final String DEFAULT_BASE_URL = "https://api.openai.com/v1";

    /** What the judge asks the server to constrain replies to. */
    public enum ResponseFormat {
        /** {@code {"type": "json_schema", ...}} with the verdict schema (strict). */
        JSON_SCHEMA,
        /** {@code {"type": "json_object"}}. */
        JSON_OBJECT,
        /** No {@code response_format}. */
        NONE;

        ResponseFormat fallback() {
            return this == JSON_SCHEMA ? JSON_OBJECT : NONE;
        }

        Map<String, Object> body() {
            Map<String, Object> f = new LinkedHashMap<>();
            if (this == JSON_OBJECT) {
                f.put("type", "json_object");
                return f;
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
            f.put("type", "json_schema");
            f.put("json_schema", jsonSchema);
            return f;
        }
    }

    static final String CORRECTION = "Your reply did not contain a clear verdict. Reply with one JSON object and"
            + " nothing else: {\"reason\": \"<one or two sentences>\", \"verdict\": \"pass\" or \"fail\","
            + " \"score\": <a number from 0 to 1>}";

    private static final Logger LOG = LoggerFactory.getLogger(OpenAiJudge.class);
    private static final AtomicInteger IDS = new AtomicInteger();
    private static final Set<String> LOOPBACK = Set.of("localhost", "127.0.0.1", "::1", "[::1]");

    private final URI baseUrl;
    private final String model;
    private final boolean hasKey;
    private final boolean keyRequired;
    private final String keySource;
    private final HttpJson http;
    private final Semaphore permits;
    private final int maxConcurrency;
    private final RateLimiter rateLimiter;
    private final CircuitBreaker circuitBreaker;
    private final Duration openDuration;
    private final int samples;
    private final double threshold;
    private final int verdictRetries;
    private final PromptTemplates templates;
    private final VerdictCache cache;
    private final AtomicReference<ResponseFormat> format;

    private OpenAiJudge(Builder b) {
        this.baseUrl = normalize(b.baseUrl);
        this.model = b.model;
        this.hasKey = b.apiKey != null;
        this.keyRequired = b.requireApiKey != null ? b.requireApiKey : !LOOPBACK.contains(host(baseUrl));
        this.keySource = b.keySource;
        this.http = HttpJson.builder(baseUrl)
                .connectTimeout(b.requestTimeout.compareTo(Duration.ofSeconds(10)) < 0 ? b.requestTimeout : Duration.ofSeconds(10))
                .requestTimeout(b.requestTimeout)
                .retryPolicy(b.retryPolicy)
                .authentication(b.apiKey == null ? Authentication.none() : Authentication.bearer(b.apiKey))
                .build();
        this.maxConcurrency = b.maxConcurrency;
        this.permits = new Semaphore(b.maxConcurrency, true);
        String id = "agent-eval-judge-" + IDS.incrementAndGet();
        this.rateLimiter = b.requestsPerSecond <= 0 ? null : RateLimiter.of(id, RateLimiterConfig.custom()
                .limitForPeriod(1)
                .limitRefreshPeriod(Duration.ofNanos(Math.max(1L, Math.round(1e9 / b.requestsPerSecond))))
                .timeoutDuration(Duration.ofMinutes(10))
                .build());
        this.openDuration = b.circuitOpenDuration;
        this.circuitBreaker = CircuitBreaker.of(id, CircuitBreakerConfig.custom()
                .slidingWindowType(CircuitBreakerConfig.SlidingWindowType.COUNT_BASED)
                .slidingWindowSize(b.circuitWindow)
                .minimumNumberOfCalls(b.circuitWindow)
                .failureRateThreshold((float) b.circuitFailureRate)
                .waitDurationInOpenState(b.circuitOpenDuration)
                .recordException(OpenAiJudge::isEndpointFailure)
                .build());
        this.samples = b.samples;
        this.threshold = b.threshold;
        this.verdictRetries = b.verdictRetries;
        this.templates = b.templates;
        this.cache = b.cacheDirectory == null ? null : new VerdictCache(b.cacheDirectory);
        this.format = new AtomicReference<>(b.responseFormat);
    }

    /** A new builder. */
    public static Builder builder() {
        return new Builder();
    }

    /** The API root requests go to, ending in {@code /}. */
    public URI baseUrl() {
        return baseUrl;
    }

    /** The model. */
    public String model() {
        return model;
    }

    /** The model: shown in every score this judge gives. */
    @Override
    public String name() {
        return model;
    }

    @Override
    public JudgeVerdict judge(JudgeRequest request) throws InterruptedException {
        Objects.requireNonNull(request, "request");
        requireKey();
        Prompt prompt = Prompt.render(templates.system(), templates.forScorer(request.scorerType()), request);
        int n = request.samples() > 0 ? request.samples() : samples;
        String key = null;
        Map<String, Object> about = null;
        if (cache != null && !request.bypassCache()) {
            about = new LinkedHashMap<>();
            about.put("model", model);
            about.put("templates", prompt.versions());
            about.put("samples", n);
            about.put("threshold", threshold);
            Map<String, Object> inputs = new LinkedHashMap<>(about);
            inputs.put("messages", prompt.messages());
            key = VerdictCache.key(inputs);
            Optional<JudgeVerdict> hit = cache.get(key);
            if (hit.isPresent()) {
                return hit.get();
            }
        }
        List<Sample> votes = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            votes.add(ask(prompt, request.scorerType()));
        }
        JudgeVerdict verdict = majority(votes);
        LOG.debug("Judge {} on '{}': {} (score {}, agreement {})", model, request.scorerType(),
                verdict.passed() ? "pass" : "fail", verdict.score(), verdict.agreement());
        if (key != null) {
            cache.put(key, verdict, about);
        }
        return verdict;
    }

    /**
     * Checks that a key is present when the endpoint needs one, and that the endpoint answers:
     * {@code GET {baseUrl}/models} must list the model (a server without that endpoint is sent a
     * one-word completion instead).
     */
    @Override
    public void preflight() throws InterruptedException {
        requireKey();
        JsonResponse models;
        try {
            models = http.get("models", Map.of());
        } catch (AgentException e) {
            int status = status(e);
            if (status == 404 || status == 405 || status == 501) {
                tinyCompletion();
                return;
            }
            throw preflightFailure(e, status);
        }
        List<String> ids = new ArrayList<>();
        for (JsonNode m : models.body().path("data")) {
            if (m.path("id").isTextual()) {
                ids.add(m.path("id").asText());
            }
        }
        if (!ids.isEmpty() && !ids.contains(model) && !ids.contains(model + ":latest")) {
            throw new JudgeException("judge model '" + model + "' is not offered by " + baseUrl + "models; offered: "
                    + String.join(", ", ids.size() > 20 ? ids.subList(0, 20) : ids) + (ids.size() > 20 ? ", …" : ""),
                    Map.of("judge", model, "url", baseUrl + "models"), null);
        }
    }

    private void tinyCompletion() throws InterruptedException {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("model", model);
        body.put("temperature", 0);
        body.put("max_tokens", 5);
        body.put("messages", List.of(Prompt.message("user", "Reply with the word OK.")));
        try {
            http.post("chat/completions", body, Map.of());
        } catch (AgentException e) {
            throw preflightFailure(e, status(e));
        }
    }

    private JudgeException preflightFailure(AgentException e, int status) {
        Map<String, Object> context = new LinkedHashMap<>(e.context());
        context.put("judge", model);
        context.put("cause", e.code().wireName());
        if (status == 401 || status == 403) {
            return new JudgeException("judge endpoint " + baseUrl + " rejected the API key (" + status + "); check "
                    + keySource, context, e);
        }
        return new JudgeException("judge endpoint " + baseUrl + " does not answer: " + e.getMessage(), context, e);
    }

    private void requireKey() {
        if (!hasKey && keyRequired) {
            throw new JudgeException("judge '" + model + "' has no API key: " + keySource + " is not set ("
                    + baseUrl + " needs one; a server on localhost needs none)", Map.of("judge", model), null);
        }
    }

    private record Sample(VerdictParser.Parsed parsed, Usage usage) {
    }

    private Sample ask(Prompt prompt, String scorerType) throws InterruptedException {
        List<Map<String, Object>> messages = prompt.messages();
        Usage usage = null;
        String lastReply = null;
        String problem = null;
        int replies = verdictRetries + 1;
        for (int i = 1; i <= replies; i++) {
            Completion c = complete(messages);
            usage = c.usage() == null ? usage : usage == null ? c.usage() : usage.plus(c.usage());
            try {
                return new Sample(VerdictParser.parse(c.content(), c.finishReason(), threshold), usage);
            } catch (VerdictParser.Unclear e) {
                lastReply = c.content();
                problem = c.problem() != null ? c.problem() : e.getMessage();
                LOG.debug("Judge {} reply {} of {} on '{}' held no clear verdict: {}", model, i, replies, scorerType, problem);
                messages = new ArrayList<>(prompt.messages());
                messages.add(Prompt.message("assistant", lastReply == null ? "" : lastReply));
                messages.add(Prompt.message("user", CORRECTION));
            }
        }
        Map<String, Object> context = new LinkedHashMap<>();
        context.put("judge", model);
        context.put("replies", replies);
        context.put("lastReply", excerpt(lastReply));
        throw new JudgeException("judge '" + model + "' gave no clear verdict on '" + scorerType + "' in " + replies
                + (replies == 1 ? " reply" : " replies") + " (" + problem + "); last reply: " + excerpt(lastReply),
                context, null);
    }

    private JudgeVerdict majority(List<Sample> votes) {
        int n = votes.size();
        long passes = votes.stream().filter(s -> s.parsed().passed()).count();
        boolean passed = passes * 2 > n;
        List<Sample> side = votes.stream().filter(s -> s.parsed().passed() == passed).toList();
        double score = side.stream().mapToDouble(s -> s.parsed().score()).average().orElse(passed ? 1.0 : 0.0);
        String reason = side.get(0).parsed().reason().isBlank() ? "(the judge gave no reason)" : side.get(0).parsed().reason();
        if (n > 1) {
            reason += " (" + side.size() + " of " + n + " samples " + (passed ? "passed" : "failed") + ")";
        }
        Usage usage = Usage.sum(votes.stream().map(Sample::usage).toList());
        return new JudgeVerdict(passed, Math.max(0.0, Math.min(1.0, score)), reason, usage,
                n > 1 ? side.size() / (double) n : null, model);
    }

    private record Completion(String content, String finishReason, String problem, Usage usage) {
    }

    private Completion complete(List<Map<String, Object>> messages) throws InterruptedException {
        while (true) {
            ResponseFormat f = format.get();
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("model", model);
            body.put("temperature", 0);
            body.put("messages", messages);
            if (f != ResponseFormat.NONE) {
                body.put("response_format", f.body());
            }
            JsonResponse response;
            try {
                response = call(body);
            } catch (JudgeException e) {
                throw e;
            } catch (AgentException e) {
                int status = status(e);
                if (f != ResponseFormat.NONE && (status == 400 || status == 422)) {
                    if (format.compareAndSet(f, f.fallback())) {
                        LOG.info("Judge endpoint {} rejected response_format {} ({}); using {} from now on", baseUrl,
                                f.name().toLowerCase(Locale.ROOT), status, f.fallback().name().toLowerCase(Locale.ROOT));
                    }
                    continue;
                }
                Map<String, Object> context = new LinkedHashMap<>(e.context());
                context.put("judge", model);
                context.put("cause", e.code().wireName());
                throw new JudgeException("judge '" + model + "' failed: " + e.getMessage(), context, e);
            }
            return completion(response.body());
        }
    }

    private JsonResponse call(Map<String, Object> body) throws InterruptedException {
        permits.acquire();
        try {
            if (rateLimiter != null && !rateLimiter.acquirePermission()) {
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
                throw new JudgeException("judge '" + model + "' got no rate-limit permit within 10 minutes",
                        Map.of("judge", model), null);
            }
            if (!circuitBreaker.tryAcquirePermission()) {
                throw new JudgeException("judge '" + model + "' is not called: its circuit breaker is open after"
                        + " repeated failures of " + baseUrl + "; calls are tried again " + openDuration.toMillis() / 1000.0
                        + " s after it opened", Map.of("judge", model, "circuitBreaker", "open"), null);
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

    private static Completion completion(JsonNode body) {
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
        return new Completion(text, finishReason, problem, usage(body.path("usage")));
    }

    private static Usage usage(JsonNode u) {
        Long in = firstLong(u, "prompt_tokens", "input_tokens");
        Long out = firstLong(u, "completion_tokens", "output_tokens");
        Double cost = u.path("cost").isNumber() ? u.path("cost").asDouble() : null;
        Usage usage = new Usage(in, out, null, cost);
        return usage.isEmpty() ? null : usage;
    }

    private static Long firstLong(JsonNode node, String... names) {
        for (String name : names) {
            if (node.path(name).isIntegralNumber()) {
                return node.path(name).asLong();
            }
        }
        return null;
    }

    /** Failures that say the endpoint is unwell; client errors such as 400 say nothing about its health. */
    private static boolean isEndpointFailure(Throwable t) {
        if (!(t instanceof AgentException e) || e instanceof JudgeException) {
            return false;
        }
        if (e.code() != FailureCode.HTTP_ERROR) {
            return true;
        }
        int status = status(e);
        return status >= 500 || status == 429 || status == 408;
    }

    private static int status(AgentException e) {
        Object s = e.context().get("status");
        return e.code() == FailureCode.HTTP_ERROR && s instanceof Number n ? n.intValue() : -1;
    }

    private static String excerpt(String reply) {
        if (reply == null) {
            return "(none)";
        }
        String s = reply.strip();
        return "\"" + (s.length() > 200 ? s.substring(0, 200) + "…" : s) + "\"";
    }

    private static String host(URI uri) {
        return uri.getHost() == null ? "" : uri.getHost().toLowerCase(Locale.ROOT);
    }

    static URI normalize(URI uri) {
        String s = uri.toString();
        String path = uri.getPath();
        if (path == null || path.isEmpty() || path.equals("/")) {
            return URI.create((s.endsWith("/") ? s : s + "/") + "v1/");
        }
        return URI.create(s.endsWith("/") ? s : s + "/");
    }

    @Override
    public String toString() {
        return "OpenAiJudge[" + model + " @ " + baseUrl + ", samples=" + samples + ", maxConcurrency=" + maxConcurrency
                + (cache == null ? "" : ", cache=" + cache.folder()) + "]";
    }

    /** Builder of an {@link OpenAiJudge}; only the model is required. */
    public static final class Builder {
        private URI baseUrl = URI.create(DEFAULT_BASE_URL);
        private String model;
        private String apiKey;
        private String keySource = "no API key was given";
        private Boolean requireApiKey;
        private Duration requestTimeout = Duration.ofSeconds(60);
        private RetryPolicy retryPolicy = RetryPolicy.ofDefaults();
        private int verdictRetries = 2;
        private double requestsPerSecond;
        private int maxConcurrency = 4;
        private int circuitWindow = 10;
        private double circuitFailureRate = 50;
        private Duration circuitOpenDuration = Duration.ofSeconds(30);
        private int samples = 1;
        private double threshold = 0.5;
        private Path cacheDirectory;
        private PromptTemplates templates = PromptTemplates.defaults();
        private ResponseFormat responseFormat = ResponseFormat.JSON_SCHEMA;

        private Builder() {
        }

        /** The API root, e.g. {@code https://api.openai.com/v1} or {@code http://localhost:11434/v1} (the default is OpenAI's). */
        public Builder baseUrl(URI baseUrl) {
            Objects.requireNonNull(baseUrl, "baseUrl");
            if (!"http".equals(baseUrl.getScheme()) && !"https".equals(baseUrl.getScheme())) {
                throw new IllegalArgumentException("baseUrl must be an http or https URL but was '" + baseUrl + "'");
            }
            this.baseUrl = baseUrl;
            return this;
        }

        /** The API root as text. */
        public Builder baseUrl(String baseUrl) {
            Objects.requireNonNull(baseUrl, "baseUrl");
            try {
                return baseUrl(URI.create(baseUrl.strip()));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("baseUrl must be an http or https URL but was '" + baseUrl + "'", e);
            }
        }

        /** The model, e.g. {@code gpt-4o-mini} or {@code llama3.1}. Required. */
        public Builder model(String model) {
            Objects.requireNonNull(model, "model");
            if (model.isBlank()) {
                throw new IllegalArgumentException("model must not be blank");
            }
            this.model = model.strip();
            return this;
        }

        /** The API key, sent as a bearer token; null for none. Never logged. */
        public Builder apiKey(String apiKey) {
            this.apiKey = apiKey == null || apiKey.isBlank() ? null : apiKey.strip();
            this.keySource = "no API key was given";
            return this;
        }

        /** Reads the API key from the environment variable {@code variable}; messages name the variable. */
        public Builder apiKeyFromEnvironment(String variable, Function<String, String> environment) {
            Objects.requireNonNull(variable, "variable");
            Objects.requireNonNull(environment, "environment");
            apiKey(environment.apply(variable));
            this.keySource = "environment variable " + variable;
            return this;
        }

        /**
         * Whether a missing key fails the preflight and every call. By default a key is required
         * unless the base URL's host is {@code localhost}, {@code 127.0.0.1} or {@code ::1}.
         */
        public Builder requireApiKey(boolean requireApiKey) {
            this.requireApiKey = requireApiKey;
            return this;
        }

        /** The timeout of one HTTP call (default 60 s). */
        public Builder requestTimeout(Duration requestTimeout) {
            this.requestTimeout = positive(requestTimeout, "requestTimeout");
            return this;
        }

        /** Retries of one HTTP call on 429/5xx and network errors, honouring {@code Retry-After} (default {@link RetryPolicy#ofDefaults()}). */
        public Builder retryPolicy(RetryPolicy retryPolicy) {
            this.retryPolicy = Objects.requireNonNull(retryPolicy, "retryPolicy");
            return this;
        }

        /** How many more times to ask after a reply without a clear verdict (default 2); then {@code judge_error}. */
        public Builder verdictRetries(int verdictRetries) {
            if (verdictRetries < 0) {
                throw new IllegalArgumentException("verdictRetries must be >= 0 but was " + verdictRetries);
            }
            this.verdictRetries = verdictRetries;
            return this;
        }

        /** The most calls per second to the endpoint; 0 (the default) for no limit. */
        public Builder requestsPerSecond(double requestsPerSecond) {
            if (!(requestsPerSecond >= 0) || Double.isInfinite(requestsPerSecond)) {
                throw new IllegalArgumentException("requestsPerSecond must be >= 0 but was " + requestsPerSecond);
            }
            this.requestsPerSecond = requestsPerSecond;
            return this;
        }

        /** The most concurrent calls to the endpoint (default 4), whatever the runner's concurrency. */
        public Builder maxConcurrency(int maxConcurrency) {
            if (maxConcurrency < 1) {
                throw new IllegalArgumentException("maxConcurrency must be >= 1 but was " + maxConcurrency);
            }
            this.maxConcurrency = maxConcurrency;
            return this;
        }

        /**
         * The circuit breaker: over the last {@code window} calls (at least that many made), a
         * failure rate of {@code failureRatePercent} or more opens it for {@code openDuration}.
         * Defaults: 10 calls, 50 %, 30 s.
         */
        public Builder circuitBreaker(int window, double failureRatePercent, Duration openDuration) {
            if (window < 1) {
                throw new IllegalArgumentException("circuit breaker window must be >= 1 but was " + window);
            }
            if (!(failureRatePercent > 0 && failureRatePercent <= 100)) {
                throw new IllegalArgumentException("circuit breaker failureRatePercent must be in (0, 100] but was "
                        + failureRatePercent);
            }
            this.circuitWindow = window;
            this.circuitFailureRate = failureRatePercent;
            this.circuitOpenDuration = positive(openDuration, "openDuration");
            return this;
        }

        /** How many times to ask for each verdict, taking the majority; odd, default 1. A scorer's {@code samples} wins. */
        public Builder samples(int samples) {
            if (samples < 1 || samples % 2 == 0) {
                throw new IllegalArgumentException("samples must be an odd number >= 1 but was " + samples);
            }
            this.samples = samples;
            return this;
        }

        /** The score at or above which a reply with a score but no verdict passes (default 0.5). */
        public Builder threshold(double threshold) {
            if (!(threshold >= 0.0 && threshold <= 1.0)) {
                throw new IllegalArgumentException("threshold must be in 0..1 but was " + threshold);
            }
            this.threshold = threshold;
            return this;
        }

        /** Caches verdicts in this folder (created when missing); null (the default) for no cache. */
        public Builder cacheDirectory(Path cacheDirectory) {
            this.cacheDirectory = cacheDirectory;
            return this;
        }

        /** The prompt templates (default {@link PromptTemplates#defaults()}). */
        public Builder templates(PromptTemplates templates) {
            this.templates = Objects.requireNonNull(templates, "templates");
            return this;
        }

        /** The first response format tried (default {@link ResponseFormat#JSON_SCHEMA}). */
        public Builder responseFormat(ResponseFormat responseFormat) {
            this.responseFormat = Objects.requireNonNull(responseFormat, "responseFormat");
            return this;
        }

        /** Builds the judge. */
        public OpenAiJudge build() {
            if (model == null) {
                throw new IllegalStateException("model must be set");
            }
            return new OpenAiJudge(this);
        }

        private static Duration positive(Duration d, String name) {
            Objects.requireNonNull(d, name);
            if (d.isZero() || d.isNegative()) {
                throw new IllegalArgumentException(name + " must be > 0 but was " + d);
            }
            return d;
        }
    }
}
