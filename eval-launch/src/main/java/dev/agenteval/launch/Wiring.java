package dev.agenteval.launch;

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
import dev.agenteval.judge.Judges;
import dev.agenteval.judge.OpenAiJudge;
import dev.agenteval.judge.OverlapJudge;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.EnvironmentVariable;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.ProviderConfig;
import dev.agenteval.spi.Provider;
import dev.agenteval.spi.Secrets;
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
        List<Provider> all = new ArrayList<>();
        providers.agentClientIds().forEach(id -> all.add(providers.agentClient(id)));
        providers.judgeIds().forEach(id -> all.add(providers.judge(id)));
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
        Optional<Settings.Value> target = settings.given(Setting.TARGET);
        Optional<Settings.Value> url = settings.given(Setting.AGENT_URL);
        if (target.isPresent() && url.isPresent()) {
            int t = target.get().source().ordinal();
            int u = url.get().source().ordinal();
            if (t == u) {
                throw new ConfigurationException(settings.isCommandLine()
                        ? target.get().origin() + " and " + url.get().origin() + " are alternatives: give one"
                        : "both " + settings.describe(Setting.TARGET) + " and " + settings.describe(Setting.AGENT_URL)
                        + " are set: give one");
            }
            return t < u ? new AgentChoice(target, Optional.empty()) : new AgentChoice(Optional.empty(), url);
        }
        return new AgentChoice(target, url);
    }

    /** Whether the settings name an agent (a target or a URL, at any level). */
    public static boolean agentNamed(Settings settings) {
        return settings.given(Setting.TARGET).isPresent() || settings.given(Setting.AGENT_URL).isPresent();
    }

    /**
     * The agent: a named target ({@link #target}), or a protocol (default {@code a2a}) at a URL,
     * with the external id when one is set.
     *
     * @throws ConfigurationException when no agent or two are named, the URL is invalid, or the
     *                                client's configuration or credentials are
     */
    public static AgentClient agent(Settings settings, java.util.function.Function<String, String> environment,
                                    Path workDir) {
        return agent(settings, environment, workDir, () -> Providers.discover(AgentClients.class.getClassLoader()));
    }

    /**
     * Like {@link #agent(Settings, java.util.function.Function, Path)}, the protocol found in
     * {@code providers} (the registry a run has discovered already).
     */
    public static AgentClient agent(Settings settings, java.util.function.Function<String, String> environment,
                                    Path workDir, Providers providers) {
        Objects.requireNonNull(providers, "providers");
        return agent(settings, environment, workDir, () -> providers);
    }

    private static AgentClient agent(Settings settings, java.util.function.Function<String, String> environment,
                                     Path workDir, Supplier<Providers> providers) {
        Optional<Target> target = target(settings, environment, workDir);
        if (target.isPresent()) {
            return AgentClients.create(target.get(), environment, providers.get());
        }
        return AgentClients.create(protocol(settings), url(settings), urlAgentSettings(settings), environment,
                providers.get());
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
        return authentication(settings, environment, workDir,
                () -> Providers.discover(AgentClients.class.getClassLoader()));
    }

    /**
     * Like {@link #authentication(Settings, java.util.function.Function, Path)}, the protocol found
     * in {@code providers} (the registry a run has discovered already).
     */
    public static Authentication authentication(Settings settings, java.util.function.Function<String, String> environment,
                                                Path workDir, Providers providers) {
        Objects.requireNonNull(providers, "providers");
        return authentication(settings, environment, workDir, () -> providers);
    }

    private static Authentication authentication(Settings settings,
                                                 java.util.function.Function<String, String> environment,
                                                 Path workDir, Supplier<Providers> providers) {
        Optional<Target> target = target(settings, environment, workDir);
        if (target.isPresent()) {
            return AgentClients.authentication(target.get(), environment, providers.get());
        }
        return AgentClients.authentication(protocol(settings), url(settings), urlAgentSettings(settings), environment,
                providers.get());
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
        AgentChoice choice = agentChoice(settings);
        if (choice.target().isEmpty()) {
            return Optional.empty();
        }
        String protocol = settings.given(Setting.PROTOCOL).map(Settings.Value::value).orElse(null);
        return Optional.of(EnvironmentTargets.resolve(choice.target().get().value(), workDir.resolve(Targets.FILE_NAME),
                protocol, environment));
    }

    private static String protocol(Settings settings) {
        return settings.get(Setting.PROTOCOL).orElse("a2a");
    }

    private static URI url(Settings settings) {
        AgentChoice choice = agentChoice(settings);
        if (choice.url().isEmpty()) {
            throw new ConfigurationException("no agent: set " + settings.describe(Setting.AGENT_URL) + " or "
                    + settings.describe(Setting.TARGET));
        }
        Settings.Value url = choice.url().get();
        try {
            return URI.create(url.value());
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException(url.origin() + " is not a URL: " + url.value());
        }
    }

    private static Map<String, String> urlAgentSettings(Settings settings) {
        Map<String, String> agentSettings = new LinkedHashMap<>();
        settings.get(Setting.EXTERNAL_ID).ifPresent(id -> agentSettings.put("agentExternalId", id));
        return agentSettings;
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
        Optional<Target.Opik> fromTarget;
        try {
            fromTarget = target(settings, environment, workDir).map(Target::opik);
        } catch (ConfigurationException e) {
            fromTarget = Optional.empty(); // reported where the agent is created
        }
        Optional<Settings.Value> url = settings.given(Setting.OPIK_URL);
        URI uri = null;
        if (url.isPresent()) {
            try {
                uri = new URI(url.get().value());
            } catch (URISyntaxException e) {
                problems.add(url.get().origin() + " must be an http(s) URL but was '" + withoutSecrets(url.get().value())
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
                    + " URL but was '" + withoutSecrets(uri.toString()) + "'");
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

    /**
     * The prices of the run: those of the {@link Setting#TARGET} target's {@code prices:} block in
     * the targets file, then {@code priceFile}'s (when not null; {@link PriceTables}), which win for
     * a model priced in both. Empty when neither gives any. Nothing is sent.
     *
     * @throws ConfigurationException naming the file, line, column and field of every problem
     */
    public static Prices prices(Settings settings, java.util.function.Function<String, String> environment,
                                Path workDir, Path priceFile) {
        Prices fromTarget;
        try {
            fromTarget = target(settings, environment, workDir).map(Target::prices).orElse(Prices.none());
        } catch (ConfigurationException e) {
            fromTarget = Prices.none(); // reported where the agent is created
        }
        return priceFile == null ? fromTarget : fromTarget.with(PriceTables.load(workDir.resolve(priceFile)));
    }

    /**
     * The judge chosen by {@link Judges#select}: {@link Setting#JUDGE} (or {@code AGENT_EVAL_JUDGE})
     * names a provider; a model ({@link Setting#JUDGE_MODEL} or {@code AGENT_EVAL_JUDGE_MODEL}) or
     * a {@link Setting#JUDGE_URL} selects the OpenAI-compatible judge; otherwise there is none
     * (null). The offline {@code overlap} judge is used only when named.
     */
    public static Judge judge(Settings settings, Providers providers, java.util.function.Function<String, String> environment) {
        Map<String, String> judgeSettings = new LinkedHashMap<>();
        Optional<String> judgeId = settings.get(Setting.JUDGE);
        Optional<String> judgeUrl = settings.get(Setting.JUDGE_URL);
        judgeId.or(() -> judgeUrl.map(u -> "openai")).ifPresent(id -> judgeSettings.put("judge", id));
        judgeUrl.ifPresent(u -> judgeSettings.put("url", u));
        settings.get(Setting.JUDGE_MODEL).ifPresent(m -> judgeSettings.put("model", m));
        return Judges.select(providers, ProviderConfig.of(judgeSettings, environment)).orElse(null);
    }

    /** Whether secrets are masked in what the judge is sent ({@link Setting#JUDGE_REDACT_SECRETS}, default true). */
    public static boolean redactJudgeInput(Settings settings) {
        return settings.flag(Setting.JUDGE_REDACT_SECRETS);
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

    /** The agent for the fingerprint: protocol and URL without credentials or query, or the target's name. */
    public static String describeAgent(Settings settings) {
        AgentChoice choice;
        try {
            choice = agentChoice(settings);
        } catch (ConfigurationException e) {
            choice = new AgentChoice(settings.given(Setting.TARGET), Optional.empty());
        }
        return describeAgent(settings.get(Setting.PROTOCOL).orElse(null), choice.url().map(Settings.Value::value).orElse(null),
                choice.target().map(Settings.Value::value).orElse(null), settings.get(Setting.EXTERNAL_ID).orElse(null));
    }

    /** The agent for the fingerprint: protocol and URL without credentials or query, or the target's name. */
    public static String describeAgent(String protocol, String agentUrl, String target, String externalId) {
        String named = target != null ? "target '" + target + "'"
                : (protocol == null ? "a2a" : protocol) + " " + withoutSecrets(agentUrl);
        return externalId == null ? named : named + " externalId=" + externalId;
    }

    /** The judge for the fingerprint: model and endpoint, or the judge's settings; null when none. */
    public static String describeJudge(Judge judge) {
        if (judge == null) {
            return null;
        }
        if (judge instanceof OpenAiJudge openAi) {
            return "openai " + openAi.model() + " at " + withoutSecrets(openAi.baseUrl().toString());
        }
        if (judge instanceof OverlapJudge overlap) {
            return overlap.toString();
        }
        return judge.name();
    }

    /** A URL without user info, query or fragment, where credentials may hide. */
    public static String withoutSecrets(String url) {
        if (url == null) {
            return "(not a URL)";
        }
        try {
            URI u = new URI(url);
            if (u.getScheme() == null || u.getHost() == null) {
                return u.getScheme() == null ? "(not a URL)" : u.getScheme() + ":…";
            }
            return new URI(u.getScheme(), null, u.getHost(), u.getPort(), u.getPath(), null, null).toString();
        } catch (URISyntaxException e) {
            return "(not a URL)";
        }
    }
}
