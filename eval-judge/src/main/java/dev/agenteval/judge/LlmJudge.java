package dev.agenteval.judge;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.JudgeException;
import dev.agenteval.judge.internal.CacheKey;
import dev.agenteval.judge.internal.MajorityVote;
import dev.agenteval.judge.internal.ModelCalls;
import dev.agenteval.judge.internal.ModelRole;
import dev.agenteval.judge.internal.Prompt;
import dev.agenteval.judge.internal.Sample;
import dev.agenteval.judge.internal.VerdictAsker;
import dev.agenteval.judge.internal.VerdictCache;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.JudgeRequest;
import dev.agenteval.spi.JudgeVerdict;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A judge on any chat model, reached through a {@link ChatBackend}: the same prompts, verdict
 * parsing, verdict retries, majority vote, cache and template versions as {@link OpenAiJudge}
 * (which is this judge over its own OpenAI-compatible backend), so a verdict depends on the
 * model's replies only, never on how the model is reached. The judge scorers' undecided band
 * ({@code undecidedBetween}) applies to its scores as to any judge's.
 *
 * <pre>{@code
 * ChatBackend backend = ...;          // eval-langchain4j, eval-spring-ai, or your own
 * Judge judge = LlmJudge.builder()
 *         .backend(backend)
 *         .samples(3)
 *         .cacheDirectory(Path.of("target/judge-cache"))
 *         .build();
 * }</pre>
 *
 * <p><b>Verdicts.</b> As {@link OpenAiJudge}'s: replies are read tolerantly but never guessed
 * at; a reply without a clear verdict (no content, cut off at the token limit, filtered) is asked
 * again with a reminder of the format up to {@link Builder#verdictRetries} times, then the call
 * fails with a {@link JudgeException}; {@link Builder#samples} (or a request's own) asks n times
 * and takes the majority, its usage the sum of every reply's.
 *
 * <p><b>Failures.</b> Whatever the backend throws besides a {@link JudgeException} (and a null
 * reply) becomes a {@link JudgeException} naming the model ({@code judge 'model' failed: ...}).
 * The backend's {@link ChatBackend#preflight()} is this judge's {@link #preflight()}. Usage a
 * backend reports without a model is the backend's model's. Concurrency, rate limits and
 * retries of failed calls are the backend's.
 *
 * <p>Thread-safe when the backend is.
 */
@API(status = EXPERIMENTAL)
public final class LlmJudge implements Judge {

    private static final Logger LOG = LoggerFactory.getLogger(LlmJudge.class);

    private final ModelCalls calls;
    private final String model;
    private final int samples;
    private final double threshold;
    private final PromptTemplates templates;
    private final VerdictCache cache;
    private final VerdictAsker asker;

    private LlmJudge(Builder b) {
        this.calls = new ModelCalls(b.backend, ModelRole.JUDGE);
        this.model = calls.model();
        this.samples = b.samples;
        this.threshold = b.threshold;
        this.templates = b.templates;
        this.cache = b.cacheDirectory == null ? null : new VerdictCache(b.cacheDirectory);
        this.asker = new VerdictAsker(calls, b.threshold, b.verdictRetries);
    }

    /** A new builder. */
    public static Builder builder() {
        return new Builder();
    }

    /** The samples per verdict unless a request says otherwise. */
    int samples() {
        return samples;
    }

    /** The backend asked for verdicts. */
    public ChatBackend backend() {
        return calls.backend();
    }

    /** The backend's model: shown in every score this judge gives. */
    @Override
    public String name() {
        return model;
    }

    /** The scorer's template from {@link PromptTemplates#forScorer}, as {@code name@version}. */
    @Override
    public Optional<String> templateVersion(String scorerType) {
        return Optional.of(templates.forScorer(scorerType).id());
    }

    @Override
    public JudgeVerdict judge(JudgeRequest request) throws InterruptedException {
        Objects.requireNonNull(request, "request");
        Prompt prompt = Prompt.render(templates.system(), templates.forScorer(request.scorerType()), request);
        int n = request.samples() > 0 ? request.samples() : samples;
        CacheKey key = null;
        if (cache != null && !request.bypassCache()) {
            key = CacheKey.of(model, prompt, n, threshold);
            Optional<JudgeVerdict> hit = cache.get(key.key());
            if (hit.isPresent()) {
                return hit.get();
            }
        }
        List<Sample> votes = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            votes.add(asker.ask(prompt, request.scorerType()));
        }
        JudgeVerdict verdict = MajorityVote.of(votes, model);
        LOG.debug("Judge {} on '{}': {} (score {}, agreement {})", model, request.scorerType(),
                verdict.passed() ? "pass" : "fail", verdict.score(), verdict.agreement());
        if (key != null) {
            cache.put(key.key(), verdict, key.about());
        }
        return verdict;
    }

    /** The backend's {@link ChatBackend#preflight()}; its failures are {@link JudgeException}s naming the model. */
    @Override
    public void preflight() throws InterruptedException {
        calls.preflight();
    }

    @Override
    public String toString() {
        return "LlmJudge[" + model + ", samples=" + samples + (cache == null ? "" : ", cache=" + cache.folder()) + "]";
    }

    /**
     * Builder of an {@link LlmJudge}; only the backend is required. {@link OpenAiJudge.Builder}
     * takes the same verdict settings.
     */
    public static final class Builder {
        private ChatBackend backend;
        private int verdictRetries = 2;
        private int samples = 1;
        private double threshold = 0.5;
        Path cacheDirectory;
        PromptTemplates templates = PromptTemplates.defaults();

        private Builder() {
        }

        /** The chat model asked for verdicts. Required. */
        public Builder backend(ChatBackend backend) {
            this.backend = Objects.requireNonNull(backend, "backend");
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

        /**
         * Builds the judge.
         *
         * @throws ConfigurationException when no backend was given
         * @throws IllegalArgumentException when the backend names no model
         */
        public LlmJudge build() {
            if (backend == null) {
                throw new ConfigurationException("the judge has no chat backend: give one with LlmJudge.builder()"
                        + ".backend(...)");
            }
            return new LlmJudge(this);
        }
    }
}
