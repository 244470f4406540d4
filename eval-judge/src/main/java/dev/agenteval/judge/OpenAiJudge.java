package dev.agenteval.judge;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.JudgeException;
import dev.agenteval.http.Authentication;
import dev.agenteval.http.HttpJson;
import dev.agenteval.http.RetryPolicy;
import dev.agenteval.judge.internal.JudgePreflight;
import dev.agenteval.judge.internal.JudgeTransport;
import dev.agenteval.judge.internal.ModelRole;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.JudgeRequest;
import dev.agenteval.spi.JudgeVerdict;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * A judge on any OpenAI-compatible chat completions endpoint: hosted services and local servers
 * (Ollama, vLLM, LM Studio) alike. It is an {@link LlmJudge} over this endpoint's
 * {@link ChatBackend}, so its prompts, verdicts, retries, majority vote and cache are the same as
 * any backend's.
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
@API(status = MAINTAINED)
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
        NONE
    }

    private final URI baseUrl;
    private final String model;
    private final int maxConcurrency;
    private final Path cacheDirectory;
    private final JudgePreflight preflight;
    private final LlmJudge verdicts;

    private OpenAiJudge(Builder b) {
        this.baseUrl = normalize(b.baseUrl);
        this.model = b.model;
        HttpJson http = http(baseUrl, b.requestTimeout, b.retryPolicy, b.apiKey);
        this.preflight = new JudgePreflight(http, baseUrl, model, b.apiKey != null, b.requireApiKey, b.keySource,
                ModelRole.JUDGE);
        this.maxConcurrency = b.maxConcurrency;
        this.cacheDirectory = b.verdicts.cacheDirectory;
        JudgeTransport transport = new JudgeTransport(http, baseUrl, model, ModelRole.JUDGE, b.maxConcurrency,
                b.requestsPerSecond, b.circuitWindow, b.circuitFailureRate, b.circuitOpenDuration, b.responseFormat,
                preflight);
        this.verdicts = b.verdicts.backend(transport).build();
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

    /** The scorer's template from {@link PromptTemplates#forScorer}, as {@code name@version}. */
    @Override
    public Optional<String> templateVersion(String scorerType) {
        return verdicts.templateVersion(scorerType);
    }

    /** The verdict of {@link LlmJudge} over this endpoint, after checking a key is present when it needs one. */
    @Override
    public JudgeVerdict judge(JudgeRequest request) throws InterruptedException {
        Objects.requireNonNull(request, "request");
        preflight.requireKey();
        return verdicts.judge(request);
    }

    /**
     * Checks that a key is present when the endpoint needs one, and that the endpoint answers:
     * {@code GET {baseUrl}/models} must list the model (a server without that endpoint is sent a
     * one-word completion instead).
     */
    @Override
    public void preflight() throws InterruptedException {
        verdicts.preflight();
    }

    /** The HTTP client of an endpoint: at most 10 s to connect, a bearer key when there is one. */
    static HttpJson http(URI baseUrl, Duration requestTimeout, RetryPolicy retryPolicy, String apiKey) {
        return HttpJson.builder(baseUrl)
                .connectTimeout(requestTimeout.compareTo(Duration.ofSeconds(10)) < 0 ? requestTimeout : Duration.ofSeconds(10))
                .requestTimeout(requestTimeout)
                .retryPolicy(retryPolicy)
                .authentication(apiKey == null ? Authentication.none() : Authentication.bearer(apiKey))
                .build();
    }

    /** {@code baseUrl} as an http or https URI; an {@link IllegalArgumentException} naming it otherwise. */
    static URI httpUrl(String baseUrl) {
        Objects.requireNonNull(baseUrl, "baseUrl");
        URI uri;
        try {
            uri = URI.create(baseUrl.strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("baseUrl must be an http or https URL but was '" + baseUrl + "'", e);
        }
        if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme())) {
            throw new IllegalArgumentException("baseUrl must be an http or https URL but was '" + baseUrl + "'");
        }
        return uri;
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
        return "OpenAiJudge[" + model + " @ " + baseUrl + ", samples=" + verdicts.samples() + ", maxConcurrency="
                + maxConcurrency + (cacheDirectory == null ? "" : ", cache=" + cacheDirectory) + "]";
    }

    /**
     * Builder of an {@link OpenAiJudge}; only the model is required. Its endpoint settings (base
     * URL, model, key, timeout, retries, concurrency, templates) also configure an
     * {@link OpenAiUserSimulator} on the same endpoint.
     */
    public static final class Builder {
        URI baseUrl = URI.create(DEFAULT_BASE_URL);
        String model;
        String apiKey;
        JudgePreflight.KeySource keySource = JudgePreflight.KeySource.CODE;
        Boolean requireApiKey;
        Duration requestTimeout = Duration.ofSeconds(60);
        RetryPolicy retryPolicy = RetryPolicy.defaults();
        private double requestsPerSecond;
        int maxConcurrency = 4;
        private int circuitWindow = 10;
        private double circuitFailureRate = 50;
        private Duration circuitOpenDuration = Duration.ofSeconds(30);
        final LlmJudge.Builder verdicts = LlmJudge.builder();
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
            return baseUrl(httpUrl(baseUrl));
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
            this.keySource = JudgePreflight.KeySource.CODE;
            return this;
        }

        /** Reads the API key from the environment variable {@code variable}; messages name the variable. */
        public Builder apiKeyFromEnvironment(String variable, Function<String, String> environment) {
            Objects.requireNonNull(variable, "variable");
            Objects.requireNonNull(environment, "environment");
            apiKey(environment.apply(variable));
            this.keySource = JudgePreflight.KeySource.variable(variable);
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

        /** Retries of one HTTP call on 429/5xx and network errors, honouring {@code Retry-After} (default {@link RetryPolicy#defaults()}). */
        public Builder retryPolicy(RetryPolicy retryPolicy) {
            this.retryPolicy = Objects.requireNonNull(retryPolicy, "retryPolicy");
            return this;
        }

        /** How many more times to ask after a reply without a clear verdict (default 2); then {@code judge_error}. */
        public Builder verdictRetries(int verdictRetries) {
            verdicts.verdictRetries(verdictRetries);
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
            verdicts.samples(samples);
            return this;
        }

        /** The score at or above which a reply with a score but no verdict passes (default 0.5). */
        public Builder threshold(double threshold) {
            verdicts.threshold(threshold);
            return this;
        }

        /** Caches verdicts in this folder (created when missing); null (the default) for no cache. */
        public Builder cacheDirectory(Path cacheDirectory) {
            verdicts.cacheDirectory(cacheDirectory);
            return this;
        }

        /** The prompt templates (default {@link PromptTemplates#defaults()}). */
        public Builder templates(PromptTemplates templates) {
            verdicts.templates(templates);
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
                throw new ConfigurationException("the judge has no model: give one with OpenAiJudge.builder().model(...),"
                        + " or take it from the settings (AGENT_EVAL_JUDGE_MODEL or -Dagent-eval.judge-model=MODEL)");
            }
            return new OpenAiJudge(this);
        }

        static Duration positive(Duration d, String name) {
            Objects.requireNonNull(d, name);
            if (d.isZero() || d.isNegative()) {
                throw new IllegalArgumentException(name + " must be > 0 but was " + d);
            }
            return d;
        }
    }
}
