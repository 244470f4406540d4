package dev.agenteval.judge.internal;

import dev.agenteval.http.settings.ProviderSettings;
import dev.agenteval.judge.OpenAiJudge;
import dev.agenteval.judge.OpenAiUserSimulator;
import dev.agenteval.spi.EnvironmentVariable;
import dev.agenteval.spi.ProviderConfig;
import dev.agenteval.spi.UserSimulator;
import dev.agenteval.spi.UserSimulatorProvider;
import java.util.List;
import java.util.Optional;

/**
 * User simulator provider {@code openai}: an {@link OpenAiUserSimulator}, on the judge's endpoint
 * and model unless it is given its own. Each value is the first of: the simulator's own setting
 * ({@code url} or {@code baseUrl}, {@code model}, {@code apiKeyEnv}), its own variable
 * ({@code AGENT_EVAL_SIMULATOR_BASE_URL}, {@code AGENT_EVAL_SIMULATOR_MODEL},
 * {@code AGENT_EVAL_SIMULATOR_API_KEY}), the judge's setting as the front end passes it
 * ({@code judgeUrl}, {@code judgeModel}), the judge's variable ({@code AGENT_EVAL_JUDGE_BASE_URL},
 * {@code AGENT_EVAL_JUDGE_MODEL}, {@code AGENT_EVAL_JUDGE_API_KEY}, else {@code JUDGE_API_KEY}).
 * Also {@code requireApiKey}, {@code timeoutSeconds}, {@code maxAttempts}, {@code replyRetries},
 * {@code maxConcurrency}, {@code templatesDir}; {@code simulator} (the selection) is accepted and
 * ignored.
 */
public final class OpenAiUserSimulatorProvider implements UserSimulatorProvider {

    /** The simulator's own model variable. */
    public static final String MODEL = "AGENT_EVAL_SIMULATOR_MODEL";
    /** The simulator's own base URL variable. */
    public static final String BASE_URL = "AGENT_EVAL_SIMULATOR_BASE_URL";
    /** The simulator's own API key variable. */
    public static final String API_KEY = "AGENT_EVAL_SIMULATOR_API_KEY";

    static final List<String> SETTINGS = List.of("simulator", "url", "baseUrl", "model", "judgeUrl", "judgeModel",
            "apiKeyEnv", "requireApiKey", "timeoutSeconds", "maxAttempts", "replyRetries", "maxConcurrency",
            "templatesDir");

    /** Used by {@link java.util.ServiceLoader}. */
    public OpenAiUserSimulatorProvider() {
    }

    @Override
    public String id() {
        return "openai";
    }

    @Override
    public String description() {
        return "Simulated user on an OpenAI-compatible chat completions endpoint (by default the judge's)";
    }

    @Override
    public List<EnvironmentVariable> environmentVariables() {
        return List.of(
                EnvironmentVariable.setting(MODEL, null, "The user simulator's model; unset: the judge's ("
                        + OpenAiJudgeProvider.MODEL + ")."),
                EnvironmentVariable.setting(BASE_URL, null, "The user simulator's API root; unset: the judge's ("
                        + OpenAiJudgeProvider.BASE_URL + ")."),
                EnvironmentVariable.secret(API_KEY, "The user simulator's API key; unset: the judge's ("
                        + OpenAiJudgeProvider.API_KEY + ")."));
    }

    @Override
    public UserSimulator create(ProviderConfig config) {
        ProviderSettings s = ProviderSettings.forJudge("user simulator " + id(), config, SETTINGS);
        OpenAiJudge.Builder b = OpenAiJudge.builder();
        Optional<String> model = s.stringOrEnv("model", MODEL).or(() -> s.stringOrEnv("judgeModel",
                OpenAiJudgeProvider.MODEL));
        if (model.isEmpty()) {
            s.problem("needs a model: set " + MODEL + " or " + OpenAiJudgeProvider.MODEL + " (the judge's), or the"
                    + " setting 'model'");
        } else {
            b.model(model.get());
        }
        Optional<String> url = s.string("url").or(() -> s.string("baseUrl")).or(() -> config.env(BASE_URL))
                .or(() -> s.stringOrEnv("judgeUrl", OpenAiJudgeProvider.BASE_URL));
        url.ifPresent(u -> {
            try {
                b.baseUrl(u);
            } catch (IllegalArgumentException e) {
                s.problem(e.getMessage());
            }
        });
        String keyVariable = s.string("apiKeyEnv").orElse(config.env(API_KEY).isPresent() ? API_KEY
                : config.env(OpenAiJudgeProvider.API_KEY).isEmpty() && config.env(OpenAiJudgeProvider.HARNESS_API_KEY)
                        .isPresent() ? OpenAiJudgeProvider.HARNESS_API_KEY : OpenAiJudgeProvider.API_KEY);
        b.apiKeyFromEnvironment(OpenAiJudgeProvider.registeredKey(config, keyVariable), config.environment());
        OpenAiJudgeProvider.Endpoint.read(s).applyTo(b);
        int replyRetries = s.integer("replyRetries", 0, 2, false);
        s.check();
        return OpenAiUserSimulator.builder(b).replyRetries(replyRetries).build();
    }
}
