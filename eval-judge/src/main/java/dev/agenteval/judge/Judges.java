package dev.agenteval.judge;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.core.Providers;
import dev.agenteval.spi.EnvironmentVariable;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.ProviderConfig;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Chooses the judge of a run from settings and the environment, in this order:
 * <ol>
 * <li>the setting {@code judge}, else the variable {@code AGENT_EVAL_JUDGE}, names a judge
 *     provider by id ({@code openai}, {@code overlap} or a plugin's): that one is used;</li>
 * <li>otherwise, when a model is configured (the setting {@code model} or the variable
 *     {@code AGENT_EVAL_JUDGE_MODEL}), the model judge {@code openai} is used;</li>
 * <li>otherwise there is no judge, and a suite with judge scorers is rejected by the runner.</li>
 * </ol>
 * The offline {@code overlap} judge is never chosen automatically, and never when a model is
 * configured: naming it while a model is configured is a {@link ConfigurationException}, so a
 * token count is never mistaken for a model's verdict.
 *
 * <pre>{@code
 * Optional<Judge> judge = Judges.select(Providers.discover(), ProviderConfig.of(Map.of()));
 * EvalRunner.builder().agent(agent).judge(judge.orElse(null)).build();
 * }</pre>
 */
@API(status = MAINTAINED)
public final class Judges {

    /** The variable naming the judge provider. */
    public static final String JUDGE = "AGENT_EVAL_JUDGE";

    private static final String MODEL = "AGENT_EVAL_JUDGE_MODEL";

    private Judges() {
    }

    /** The variable {@link #select} reads besides the providers' own. */
    public static List<EnvironmentVariable> environmentVariables() {
        return List.of(EnvironmentVariable.setting(JUDGE, null,
                "The judge provider by id, e.g. openai or overlap; unset: openai when a judge model is set, else none."));
    }

    /**
     * The judge these settings choose, created by its provider with the same settings; empty
     * when none is configured.
     *
     * @throws ConfigurationException for an unknown provider id (listing the known ones), the
     *                                overlap judge named while a model is configured, or invalid
     *                                settings
     */
    public static Optional<Judge> select(Providers providers, ProviderConfig config) {
        Objects.requireNonNull(providers, "providers");
        Objects.requireNonNull(config, "config");
        String chosen = config.get("judge").filter(s -> !s.isBlank()).map(String::strip)
                .or(() -> config.env(JUDGE).map(String::strip)).orElse(null);
        String model = config.get("model").filter(s -> !s.isBlank()).or(() -> config.env(MODEL)).orElse(null);
        if (chosen == null) {
            return model == null ? Optional.empty() : Optional.of(providers.judge("openai").create(config));
        }
        if (chosen.equals("overlap") && model != null) {
            throw new ConfigurationException("judge 'overlap' was chosen but a judge model is configured ('" + model
                    + "'): the overlap judge is never used in place of a model; choose 'openai', or unset the model"
                    + " (" + MODEL + " or the setting 'model') to use the overlap judge");
        }
        return Optional.of(providers.judge(chosen).create(config));
    }
}
