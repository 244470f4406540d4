package dev.agenteval.judge.internal;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.http.settings.ProviderSettings;
import dev.agenteval.http.RetryPolicy;
import dev.agenteval.judge.OpenAiJudge;
import dev.agenteval.judge.PromptTemplates;
import dev.agenteval.spi.EnvironmentVariable;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.JudgeProvider;
import dev.agenteval.spi.ProviderConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Judge provider {@code openai}: an {@link OpenAiJudge}. Settings (each optional but the model):
 * {@code url} (the API root, as for agent clients; {@code baseUrl} is an alias), {@code model}, {@code apiKeyEnv} (the variable holding the key;
 * unset: {@code AGENT_EVAL_JUDGE_API_KEY}, else the harness's {@code JUDGE_API_KEY}),
 * {@code requireApiKey}, {@code timeoutSeconds}, {@code maxAttempts} (HTTP attempts),
 * {@code verdictRetries}, {@code requestsPerSecond}, {@code maxConcurrency}, {@code samples},
 * {@code threshold}, {@code cacheDir}, {@code templatesDir}, {@code responseFormat}
 * ({@code json_schema}, {@code json_object} or {@code none}); {@code judge} (the selection) is
 * accepted and ignored.
 */
public final class OpenAiJudgeProvider implements JudgeProvider {

    /** The key's default variable. */
    public static final String API_KEY = "AGENT_EVAL_JUDGE_API_KEY";
    /** The Python harness's name for the key, read when {@link #API_KEY} is unset. */
    public static final String HARNESS_API_KEY = "JUDGE_API_KEY";
    /** The base URL's variable. */
    public static final String BASE_URL = "AGENT_EVAL_JUDGE_BASE_URL";
    /** The model's variable. */
    public static final String MODEL = "AGENT_EVAL_JUDGE_MODEL";

    static final List<String> SETTINGS = List.of("judge", "url", "baseUrl", "model", "apiKeyEnv", "requireApiKey",
            "timeoutSeconds", "maxAttempts", "verdictRetries", "requestsPerSecond", "maxConcurrency", "samples",
            "threshold", "cacheDir", "templatesDir", "responseFormat");

    /** Used by {@link java.util.ServiceLoader}. */
    public OpenAiJudgeProvider() {
    }

    @Override
    public String id() {
        return "openai";
    }

    @Override
    public String description() {
        return "LLM judge on an OpenAI-compatible chat completions endpoint (hosted or local)";
    }

    @Override
    public List<EnvironmentVariable> environmentVariables() {
        return List.of(
                EnvironmentVariable.secret(API_KEY, "The judge endpoint's API key, sent as a bearer token"
                        + " (not needed for a server on localhost); when it is unset, " + HARNESS_API_KEY
                        + " (the harness's name) is read."),
                EnvironmentVariable.secret(HARNESS_API_KEY, "The judge endpoint's API key when " + API_KEY
                        + " is not set (the harness's name)."),
                EnvironmentVariable.setting(BASE_URL, OpenAiJudge.DEFAULT_BASE_URL,
                        "The judge endpoint's API root, e.g. http://localhost:11434/v1 for Ollama."),
                EnvironmentVariable.setting(MODEL, null, "The judge model; setting it selects the model judge."));
    }

    /**
     * The settings the judge and the user simulator read alike: {@code requireApiKey} (null when
     * unset), {@code timeoutSeconds}, {@code maxAttempts}, {@code maxConcurrency} and
     * {@code templatesDir} (null templates when unset or invalid; the problem is reported).
     */
    record Endpoint(Boolean requireApiKey, Duration timeout, RetryPolicy retryPolicy, int maxConcurrency,
                    PromptTemplates templates) {

        static Endpoint read(ProviderSettings s) {
            double timeout = s.numberIn("timeoutSeconds", 0.001, 3600, 60);
            PromptTemplates templates = null;
            String dir = s.string("templatesDir").orElse(null);
            if (dir != null) {
                try {
                    templates = PromptTemplates.defaults().withOverrides(Path.of(dir));
                } catch (ConfigurationException e) {
                    e.problems().forEach(s::problem);
                }
            }
            return new Endpoint(s.flag("requireApiKey"), Duration.ofMillis(Math.round(timeout * 1000)),
                    RetryPolicy.builder().maxAttempts(s.integer("maxAttempts", 1, 3, false)).build(),
                    s.integer("maxConcurrency", 1, 4, false), templates);
        }

        /** Sets these values on {@code b}, leaving its defaults where a value is unset. */
        void applyTo(OpenAiJudge.Builder b) {
            if (requireApiKey != null) {
                b.requireApiKey(requireApiKey);
            }
            b.requestTimeout(timeout).retryPolicy(retryPolicy).maxConcurrency(maxConcurrency);
            if (templates != null) {
                b.templates(templates);
            }
        }
    }

    /** {@code variable}, its value registered as a secret of the run when it is set. */
    static String registeredKey(ProviderConfig config, String variable) {
        config.env(variable).ifPresent(key -> config.secrets().add(key).add(key.strip()));
        return variable;
    }

    @Override
    public Judge create(ProviderConfig config) {
        ProviderSettings s = ProviderSettings.forJudge(id(), config, SETTINGS);
        OpenAiJudge.Builder b = OpenAiJudge.builder();
        String model = s.stringOrEnv("model", MODEL).orElse(null);
        if (model == null) {
            s.problem("needs a model: set " + MODEL + " or the setting 'model'");
        } else {
            b.model(model);
        }
        String url = s.string("url").orElse(null);
        String alias = s.string("baseUrl").orElse(null);
        if (url != null && alias != null && !url.equals(alias)) {
            s.problem("settings 'url' and 'baseUrl' differ ('" + url + "', '" + alias + "'); set one");
        }
        Optional.ofNullable(url != null ? url : alias).or(() -> s.stringOrEnv("url", BASE_URL)).ifPresent(u -> {
            try {
                b.baseUrl(u);
            } catch (IllegalArgumentException e) {
                s.problem(e.getMessage());
            }
        });
        String keyVariable = s.string("apiKeyEnv")
                .orElse(config.env(API_KEY).isEmpty() && config.env(HARNESS_API_KEY).isPresent() ? HARNESS_API_KEY : API_KEY);
        b.apiKeyFromEnvironment(registeredKey(config, keyVariable), config.environment());
        Endpoint.read(s).applyTo(b);
        b.verdictRetries(s.integer("verdictRetries", 0, 2, false));
        b.requestsPerSecond(s.numberIn("requestsPerSecond", 0, 10_000, 0));
        b.samples(s.integer("samples", 1, 1, true));
        b.threshold(s.numberIn("threshold", 0, 1, 0.5));
        s.string("cacheDir").ifPresent(dir -> b.cacheDirectory(Path.of(dir)));
        s.string("responseFormat").ifPresent(f -> {
            try {
                b.responseFormat(OpenAiJudge.ResponseFormat.valueOf(f.toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                s.problem("responseFormat", "must be json_schema, json_object or none but was '" + f + "'");
            }
        });
        s.check();
        return b.build();
    }
}
