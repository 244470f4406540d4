package dev.agenteval.launch;

import static org.apiguardian.api.API.Status.INTERNAL;
import org.apiguardian.api.API;

import dev.agenteval.agents.AgentClients;
import dev.agenteval.agents.EnvironmentTargets;
import dev.agenteval.agents.PriceTables;
import dev.agenteval.agents.Target;
import dev.agenteval.agents.Targets;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Prices;
import dev.agenteval.api.Suite;
import dev.agenteval.core.Environment;
import dev.agenteval.core.Providers;
import dev.agenteval.http.Authentication;
import dev.agenteval.http.Urls;
import dev.agenteval.judge.Judges;
import dev.agenteval.results.stats.Confidence;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.EnvironmentVariable;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.ProviderConfig;
import dev.agenteval.spi.Provider;
import dev.agenteval.spi.Secrets;
import dev.agenteval.spi.UserSimulator;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * Turns {@link Settings} into what a run needs, the same way for every front end: the
 * environment (with its secrets registered), the agent client, the judge, whether a judge is
 * needed at all, the report folder, and the agent's and judge's descriptions for fingerprints.
 */
@API(status = INTERNAL)
public final class Wiring {

    private Wiring() {
    }

    /**
     * Every declared environment variable, by name: the settings' own ({@link Setting#environmentVariables()}),
     * then the judge selection's and the built-in agent clients', then those of every provider
     * found by {@code loader}.
     */
    public static Map<String, EnvironmentVariable> declaredVariables(ClassLoader loader) {
        return declaredVariables(Providers.discover(loader));
    }

    /** Like {@link #declaredVariables(ClassLoader)}, for the providers a run has discovered already. */
    public static Map<String, EnvironmentVariable> declaredVariables(Providers providers) {
        Map<String, EnvironmentVariable> vars = new TreeMap<>();
        Setting.environmentVariables().forEach(v -> vars.put(v.name(), v));
        Judges.environmentVariables().forEach(v -> vars.putIfAbsent(v.name(), v));
        AgentClients.environmentVariables().forEach(v -> vars.putIfAbsent(v.name(), v));
        vars.putIfAbsent(SIMULATOR, EnvironmentVariable.setting(SIMULATOR, "openai",
                "The user simulator provider of simulated cases, by id."));
        List<Provider> all = new ArrayList<>();
        providers.agentClientIds().forEach(id -> all.add(providers.agentClient(id)));
        providers.judgeIds().forEach(id -> all.add(providers.judge(id)));
        providers.userSimulatorIds().forEach(id -> all.add(providers.userSimulator(id)));
        for (Provider p : all) {
            p.environmentVariables().forEach(v -> vars.putIfAbsent(v.name(), v));
        }
        return vars;
    }

    /**
     * The environment of a run: {@code variables} (the process's), then the {@code .env} file
     * {@code dotEnv} when it exists. The values of variables declared secret
     * ({@link #declaredVariables}) or whose names look secret become secrets of the run
     * ({@link Secrets#shared()}, which output and reports are masked with).
     *
     * @throws ConfigurationException when the {@code .env} file cannot be read or parsed
     */
    public static Environment environment(Map<String, String> variables, Path dotEnv, ClassLoader loader) {
        return environment(variables, dotEnv, Providers.discover(loader));
    }

    /**
     * Like {@link #environment(Map, Path, ClassLoader)}, the declared variables those of
     * {@code providers} (the registry a run has discovered already).
     */
    public static Environment environment(Map<String, String> variables, Path dotEnv, Providers providers) {
        Environment env = Environment.of(variables).withDotEnv(dotEnv);
        Set<String> declared = new HashSet<>();
        declaredVariables(providers).forEach((name, v) -> {
            if (v.secret()) {
                declared.add(name);
            }
        });
        env.registerSecrets(variables.keySet(), declared, Secrets.shared());
        return env;
    }

    /** Whether any case of {@code suites} has a scorer that needs a judge ({@link Providers#needsJudge(Collection)}). */
    public static boolean needsJudge(Collection<Suite> suites, Providers providers) {
        return suites.stream().anyMatch(s -> providers.needsJudge(s.cases()));
    }

    /** The agent the settings name: a target, or a URL; empty when neither is given. */
    public record AgentChoice(Optional<Settings.Value> target, Optional<Settings.Value> url) {
    }

    /**
     * Which of {@link Setting#TARGET} and {@link Setting#AGENT_URL} names the agent: the one given
     * at the more specific level (an option over a parameter over a variable), so that an
     * {@code --env} on the command line overrides an {@code AGENT_EVAL_AGENT_URL} of the environment.
     *
     * @throws ConfigurationException when both are given at the same level
     */
    public static AgentChoice agentChoice(Settings settings) {
        AgentPlan.Choice choice = AgentPlan.choice(settings);
        return new AgentChoice(choice.target(), choice.url());
    }

    /** Whether the settings name an agent (a target or a URL, at any level, or a URL as a default written in code). */
    public static boolean agentNamed(Settings settings) {
        return settings.given(Setting.TARGET).isPresent() || settings.find(Setting.AGENT_URL).isPresent();
    }

    /**
     * The agent ({@link AgentPlan#create}): a named target ({@link #target}), or a protocol
     * (default {@code a2a}) at a URL, with the external id when one is set.
     *
     * @throws ConfigurationException when no agent or two are named, the URL is invalid, or the
     *                                client's configuration or credentials are
     */
    public static AgentClient agent(Settings settings, java.util.function.Function<String, String> environment,
                                    Path workDir) {
        return agent(settings, environment, workDir, Providers.discover(AgentClients.class.getClassLoader()));
    }

    /**
     * Like {@link #agent(Settings, java.util.function.Function, Path)}, the protocol found in
     * {@code providers} (the registry a run has discovered already).
     */
    public static AgentClient agent(Settings settings, java.util.function.Function<String, String> environment,
                                    Path workDir, Providers providers) {
        return agent(settings, environment, workDir, providers, null);
    }

    /**
     * Like {@link #agent(Settings, java.util.function.Function, Path, Providers)}, talking to
     * {@code defaultAgentId} (the {@code externalId} of the suite's {@code <name>.agent.yaml}) when
     * neither the settings ({@link #agentId}) nor the target name an agent; only for the
     * {@code platform-chat} protocol, the others ignore it.
     *
     * @param defaultAgentId the agent id used when none is configured, or null
     */
    public static AgentClient agent(Settings settings, java.util.function.Function<String, String> environment,
                                    Path workDir, Providers providers, String defaultAgentId) {
        return AgentPlan.resolve(settings, environment, workDir).create(providers, defaultAgentId);
    }

    /**
     * The authentication the agent of {@link #agent} sends (the same token, the same OAuth2
     * client credentials), for {@code agent-eval token}; nothing is fetched before its headers
     * are asked for.
     *
     * @throws ConfigurationException as {@link #agent} would
     */
    public static Authentication authentication(Settings settings, java.util.function.Function<String, String> environment,
                                                Path workDir) {
        return authentication(settings, environment, workDir, Providers.discover(AgentClients.class.getClassLoader()));
    }

    /**
     * Like {@link #authentication(Settings, java.util.function.Function, Path)}, the protocol found
     * in {@code providers} (the registry a run has discovered already).
     */
    public static Authentication authentication(Settings settings, java.util.function.Function<String, String> environment,
                                                Path workDir, Providers providers) {
        return AgentPlan.resolve(settings, environment, workDir).authentication(providers);
    }

    /**
     * The target {@link Setting#TARGET} names, if the settings choose one over a URL
     * ({@link #agentChoice}): the target of that name in {@code agent-eval.targets.yaml} in
     * {@code workDir}, else the environment of that name the harness's variables describe
     * ({@link EnvironmentTargets}: {@code AGENT_API_URL_<NAME>}, ...), whose protocol is the one
     * {@link Setting#PROTOCOL} gives, else {@code agent-service}.
     *
     * @throws ConfigurationException when the targets file is invalid, or naming every variable to set
     */
    public static Optional<Target> target(Settings settings, java.util.function.Function<String, String> environment,
                                          Path workDir) {
        return AgentPlan.resolve(settings, environment, workDir).target();
    }

    /** The provider id of the platform agent chat API, whose settings the platform options set. */
    public static final String PLATFORM_CHAT = AgentPlan.PLATFORM_CHAT;

    /**
     * The agent id the settings give: {@link Setting#EXTERNAL_ID} or {@link Setting#SYSTEM_AGENT}
     * (a deployed system agent, sent as {@code agentExternalId} too), the one given at the more
     * specific level; empty when neither is given.
     *
     * @throws ConfigurationException when both are given at the same level
     */
    public static Optional<Settings.Value> agentId(Settings settings) {
        return AgentPlan.agentId(settings);
    }

    /**
     * Whether the suites' local {@code <name>.agent.yaml} is read (for the agent id and as the
     * tool scorers' fallback): not when {@link Setting#EXTERNAL_ID} or {@link Setting#SYSTEM_AGENT}
     * names the agent, as in the platform's own CLI.
     */
    public static boolean readsAgentFile(Settings settings) {
        return AgentPlan.readsAgentFile(settings);
    }

    /**
     * Whether the agent the settings name needs an agent id from the suite's {@code <name>.agent.yaml}
     * ({@link AgentPlan#needsAgentId}); false when the agent's configuration is invalid (creating
     * it reports why).
     */
    public static boolean needsAgentId(Settings settings, java.util.function.Function<String, String> environment,
                                       Path workDir) {
        try {
            return AgentPlan.resolve(settings, environment, workDir).needsAgentId();
        } catch (ConfigurationException e) {
            return false;
        }
    }

    /**
     * The Opik sink the settings describe, or empty when no Opik is configured: recording the run
     * when {@link Setting#OPIK} is on, else only putting links to the agent's own traces on the
     * results. Its URL is {@link Setting#OPIK_URL} ({@code OPIK_URL_OVERRIDE}), else the
     * {@code opik: url} of the {@link Setting#TARGET} target in the targets file, else, for an
     * environment of the harness's variables, {@code AGENT_API_OPIK_URL_<NAME>}; the project and
     * workspace likewise (the variables win); the trace-id keys are the target's. Nothing is sent.
     *
     * @throws ConfigurationException when recording is on without a URL, a dataset or experiment
     *                                name is given without it, or a value is invalid
     */
    public static Optional<dev.agenteval.opik.OpikSink> opik(Settings settings,
            java.util.function.Function<String, String> environment, Path workDir) {
        Optional<Target.Opik> fromTarget;
        try {
            fromTarget = target(settings, environment, workDir).map(Target::opik);
        } catch (ConfigurationException e) {
            fromTarget = Optional.empty(); // reported where the agent is created
        }
        return opik(settings, fromTarget);
    }

    /** {@link #opik(Settings, java.util.function.Function, Path)} with the chosen target's {@code opik:} block. */
    static Optional<dev.agenteval.opik.OpikSink> opik(Settings settings, Optional<Target.Opik> fromTarget) {
        boolean record = settings.flag(Setting.OPIK);
        List<String> problems = new ArrayList<>();
        String on = settings.isCommandLine() ? Setting.OPIK.option() : Setting.OPIK.parameter() + "=true";
        for (Setting name : List.of(Setting.OPIK_DATASET, Setting.OPIK_EXPERIMENT)) {
            Optional<Settings.Value> given = settings.given(name);
            if (!record && given.isPresent()) {
                problems.add(given.get().origin() + " names the Opik " + (name == Setting.OPIK_DATASET ? "dataset"
                        : "experiment") + ": it needs " + on);
            }
        }
        Optional<Settings.Value> url = settings.given(Setting.OPIK_URL);
        URI uri = null;
        if (url.isPresent()) {
            try {
                uri = new URI(url.get().value());
            } catch (URISyntaxException e) {
                problems.add(url.get().origin() + " must be an http(s) URL but was '" + Urls.withoutSecrets(url.get().value())
                        + "'");
            }
        } else if (fromTarget.isPresent() && fromTarget.get().url() != null) {
            uri = fromTarget.get().url();
        }
        if (uri == null) {
            if (record && url.isEmpty()) {
                problems.add(on + " needs " + Setting.OPIK_URL.variable() + " (or an opik: url in the "
                        + settings.describe(Setting.TARGET) + " target of " + Targets.FILE_NAME + ", or "
                        + EnvironmentTargets.Variable.OPIK_URL.pattern() + "): the Opik API base, e.g."
                        + " http://localhost:5173/api");
            }
            if (!problems.isEmpty()) {
                throw new ConfigurationException(problems);
            }
            return Optional.empty();
        }
        dev.agenteval.opik.OpikSink.Builder b = dev.agenteval.opik.OpikSink.builder().recording(record);
        try {
            b.url(uri);
        } catch (IllegalArgumentException e) {
            problems.add((url.isPresent() ? url.get().origin() : "the opik: url of the target") + " must be an http(s)"
                    + " URL but was '" + Urls.withoutSecrets(uri.toString()) + "'");
        }
        Optional<Target.Opik> t = fromTarget;
        settings.given(Setting.OPIK_PROJECT).map(Settings.Value::value)
                .or(() -> t.map(Target.Opik::project))
                .or(() -> Setting.OPIK_PROJECT.defaultValue())
                .ifPresent(b::project);
        settings.given(Setting.OPIK_WORKSPACE).map(Settings.Value::value)
                .or(() -> t.map(Target.Opik::workspace)).ifPresent(b::workspace);
        settings.given(Setting.OPIK_API_KEY).map(Settings.Value::value).ifPresent(b::apiKey);
        t.map(Target.Opik::traceIdKeys).filter(k -> !k.isEmpty()).ifPresent(b::traceIdKeys);
        settings.given(Setting.OPIK_DATASET).filter(v -> record).map(Settings.Value::value).ifPresent(b::datasetName);
        settings.given(Setting.OPIK_EXPERIMENT).filter(v -> record).map(Settings.Value::value).ifPresent(b::experimentName);
        if (!problems.isEmpty()) {
            throw new ConfigurationException(problems);
        }
        return Optional.of(b.build());
    }

    /** The target's prices, then {@code priceFile}'s (when not null), which win for a model priced in both. */
    static Prices prices(Prices fromTarget, Path workDir, Path priceFile) {
        return priceFile == null ? fromTarget : fromTarget.with(PriceTables.load(workDir.resolve(priceFile)));
    }

    /**
     * The judge chosen by {@link Judges#select}: {@link Setting#JUDGE} (or {@code AGENT_EVAL_JUDGE})
     * names a provider; a model ({@link Setting#JUDGE_MODEL} or {@code AGENT_EVAL_JUDGE_MODEL}) or
     * a {@link Setting#JUDGE_URL} selects the OpenAI-compatible judge; otherwise there is none
     * (null). The offline {@code overlap} judge is used only when named. Defaults written in code
     * ({@link Settings#withDefault}) for the judge's settings apply only when no judge is chosen
     * otherwise, so that {@code AGENT_EVAL_JUDGE=overlap} wins over a model given in code.
     */
    public static Judge judge(Settings settings, Providers providers, java.util.function.Function<String, String> environment) {
        Judge chosen = selectJudge(settings::given, providers, environment);
        if (chosen != null || JUDGE_SETTINGS.stream().noneMatch(settings::hasCodeDefault)) {
            return chosen;
        }
        return selectJudge(settings::find, providers, environment);
    }

    private static final List<Setting> JUDGE_SETTINGS = List.of(Setting.JUDGE, Setting.JUDGE_URL, Setting.JUDGE_MODEL);

    private static Judge selectJudge(java.util.function.Function<Setting, Optional<Settings.Value>> values,
                                     Providers providers, java.util.function.Function<String, String> environment) {
        Map<String, String> judgeSettings = new LinkedHashMap<>();
        Optional<String> judgeId = values.apply(Setting.JUDGE).map(Settings.Value::value);
        Optional<String> judgeUrl = values.apply(Setting.JUDGE_URL).map(Settings.Value::value);
        judgeId.or(() -> judgeUrl.map(u -> "openai")).ifPresent(id -> judgeSettings.put("judge", id));
        judgeUrl.ifPresent(u -> judgeSettings.put("url", u));
        values.apply(Setting.JUDGE_MODEL).map(Settings.Value::value).ifPresent(m -> judgeSettings.put("model", m));
        return Judges.select(providers, ProviderConfig.of(judgeSettings, environment)).orElse(null);
    }

    /**
     * How a judge is chosen, as the settings' messages name it: {@code set agent-eval.judge-model (or
     * AGENT_EVAL_JUDGE_MODEL) to the judge's model, or agent-eval.judge=overlap (or
     * AGENT_EVAL_JUDGE=overlap) for the offline judge}; on the command line with the options.
     */
    public static String howToChooseJudge(Settings settings) {
        String overlap = settings.isCommandLine() ? Setting.JUDGE.option() + " overlap (or " + Setting.JUDGE.variable()
                + "=overlap)" : Setting.JUDGE.parameter() + "=overlap (or " + Setting.JUDGE.variable() + "=overlap)";
        return "set " + settings.describe(Setting.JUDGE_MODEL) + " to the judge's model (an OpenAI-compatible endpoint: "
                + settings.describe(Setting.JUDGE_URL) + ", default OpenAI's), or " + overlap
                + " for the offline judge";
    }

    /**
     * How an agent is named, as the settings' messages name it: {@code set agent-eval.agent-url (or
     * AGENT_EVAL_AGENT_URL) to the agent's URL ...}; on the command line with the options.
     */
    public static String howToNameAgent(Settings settings) {
        return "set " + settings.describe(Setting.AGENT_URL) + " to the agent's URL (with "
                + settings.describe(Setting.PROTOCOL) + ", default a2a), or " + settings.describe(Setting.TARGET)
                + " to a target of " + Targets.FILE_NAME + " or an environment of the harness's variables"
                + " (AGENT_API_URL_<NAME>, ...)" + (settings.isCommandLine() ? "" : "; parameters are system properties (-D"
                + Setting.AGENT_URL.parameter() + "=...), in eval-junit also lines of junit-platform.properties");
    }

    /** The variable naming the user simulator provider; unset: {@code openai}. */
    public static final String SIMULATOR = "AGENT_EVAL_SIMULATOR";

    /** Whether a case of {@code suites} is simulated ({@link dev.agenteval.api.Case#simulation()}). */
    public static boolean simulates(Collection<Suite> suites) {
        return suites.stream().flatMap(s -> s.cases().stream()).anyMatch(c -> c.simulation().isPresent());
    }

    /**
     * The user simulator of simulated cases: the provider {@code AGENT_EVAL_SIMULATOR} names, else
     * {@code openai}, given the judge's URL and model settings ({@link Setting#JUDGE_URL},
     * {@link Setting#JUDGE_MODEL}) as its defaults; eval-judge's {@code openai} simulator reads its
     * own {@code AGENT_EVAL_SIMULATOR_*} variables first, then the judge's.
     *
     * @throws dev.agenteval.api.ConfigurationException when no model is configured, the provider is
     *                                                  unknown or a setting is invalid
     */
    public static UserSimulator simulator(Settings settings, Providers providers,
                                          java.util.function.Function<String, String> environment) {
        Map<String, String> simulatorSettings = new LinkedHashMap<>();
        settings.get(Setting.JUDGE_URL).ifPresent(u -> simulatorSettings.put("judgeUrl", u));
        settings.get(Setting.JUDGE_MODEL).ifPresent(m -> simulatorSettings.put("judgeModel", m));
        String id = Optional.ofNullable(environment.apply(SIMULATOR)).map(String::strip).filter(v -> !v.isEmpty())
                .orElse("openai");
        return providers.userSimulator(id).create(ProviderConfig.of(simulatorSettings, environment));
    }

    /** Whether secrets are masked in what the judge is sent ({@link Setting#JUDGE_REDACT_SECRETS}, default true). */
    public static boolean redactJudgeInput(Settings settings) {
        return settings.flag(Setting.JUDGE_REDACT_SECRETS);
    }

    /**
     * The confidence level and bootstrap seed of the reports' error bars ({@link Setting#CONFIDENCE},
     * {@link Setting#SEED}; 95% and a fixed seed by default). The level is a share ({@code 0.9}) or,
     * as {@code calibrate --confidence} takes it, a percentage ({@code 90%}).
     *
     * @throws ConfigurationException naming the option, parameter or variable that gave a level not
     *                                strictly between 0 and 1, or a seed that is not an integer
     */
    public static Confidence confidence(Settings settings) {
        Settings.Value level = settings.find(Setting.CONFIDENCE).orElseThrow();
        Settings.Value seed = settings.find(Setting.SEED).orElseThrow();
        String text = level.value().strip();
        boolean percent = text.endsWith("%");
        double l;
        try {
            l = Double.parseDouble(percent ? text.substring(0, text.length() - 1).strip() : text) / (percent ? 100 : 1);
        } catch (NumberFormatException e) {
            l = Double.NaN;
        }
        if (!(l > 0 && l < 1)) {
            throw new ConfigurationException(level.origin() + " must be a confidence level between 0 and 1 exclusive"
                    + " (e.g. 0.95, or 95%) but is '" + level.value() + "'");
        }
        try {
            return new Confidence(l, Long.parseLong(seed.value()));
        } catch (NumberFormatException e) {
            throw new ConfigurationException(seed.origin() + " must be an integer (the bootstrap's seed) but is '"
                    + seed.value() + "'");
        }
    }

    /** The report folder ({@link Setting#REPORT_DIR}) resolved against {@code workDir}, if one is set. */
    public static Optional<Path> reportDir(Settings settings, Path workDir) {
        return settings.path(Setting.REPORT_DIR, workDir);
    }

    /** The folder of {@code suite}'s reports in {@code reportDir}: the folder itself, or with several suites a subfolder per suite. */
    public static Path reportDir(Path reportDir, Suite suite, boolean several) {
        return several ? reportDir.resolve(fileName(suite.name())) : reportDir;
    }

    /** A suite name as a file name (the subfolder of its reports when several suites run). */
    public static String fileName(String suiteName) {
        return suiteName.replaceAll("[^A-Za-z0-9._-]", "_");
    }
}
