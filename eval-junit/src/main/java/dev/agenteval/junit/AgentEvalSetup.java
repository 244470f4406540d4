package dev.agenteval.junit;

import dev.agenteval.agents.AgentClients;
import dev.agenteval.agents.Targets;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Suite;
import dev.agenteval.core.Environment;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.core.Providers;
import dev.agenteval.report.Reports;
import dev.agenteval.judge.Judges;
import dev.agenteval.junit.internal.ClasspathSuites;
import dev.agenteval.junit.internal.Settings;
import dev.agenteval.junit.internal.Settings.Key;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.EnvironmentVariable;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.ProviderConfig;
import dev.agenteval.spi.ScorerFactory;
import dev.agenteval.spi.Secrets;
import dev.agenteval.yaml.SuiteLoader;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The suites named by {@link AgentEvalSuite} on a test class, and a runner for them whose agent
 * and judge come from configuration parameters or environment variables (see
 * {@link AgentEvalSuite} for the names). {@link AgentEvalExtension} hands it to test factories:
 *
 * <pre>{@code
 * @AgentEvalSuite("evals/hello.yaml")
 * class HelloEvalTest {
 *     @TestFactory
 *     Stream<DynamicNode> hello(AgentEvalSetup setup) {
 *         return setup.dynamicTests();
 *     }
 * }
 * }</pre>
 *
 * Suites are loaded and the agent client is created on first use, so a missing resource or
 * setting fails the factory with a message naming it. Closing it closes the agent client.
 */
public final class AgentEvalSetup implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(AgentEvalSetup.class);

    private final Class<?> testClass;
    private final List<String> resources;
    private final Settings settings;
    private final Function<String, String> environment;
    private List<Suite> suites;
    private AgentClient agent;
    private EvalRunner runner;
    private Providers providers;

    AgentEvalSetup(Class<?> testClass, String[] resources, Function<String, Optional<String>> parameters) {
        this(testClass, resources, parameters, null);
    }

    /** With {@code environment} null, the process environment and {@code ./.env} are read on first use. */
    AgentEvalSetup(Class<?> testClass, String[] resources, Function<String, Optional<String>> parameters,
                   Function<String, String> environment) {
        this.testClass = Objects.requireNonNull(testClass, "testClass");
        this.resources = resources == null ? null : List.of(resources);
        this.environment = environment != null ? environment : new LazyEnvironment();
        this.settings = new Settings(Objects.requireNonNull(parameters, "parameters"), this.environment);
    }

    /**
     * The suites, loaded from the class path on the first call.
     *
     * @throws ConfigurationException when the class has no {@link AgentEvalSuite}, a resource is
     *                                missing or a suite is invalid
     */
    public synchronized List<Suite> suites() {
        if (suites == null) {
            if (resources == null) {
                throw new ConfigurationException(testClass.getName() + " has no @AgentEvalSuite: name the suites to run,"
                        + " e.g. @AgentEvalSuite(\"evals/hello.yaml\")");
            }
            if (resources.isEmpty()) {
                throw new ConfigurationException("@AgentEvalSuite on " + testClass.getName() + " names no suite");
            }
            SuiteLoader loader = SuiteLoader.builder().providers(providers()).build();
            List<Suite> loaded = new ArrayList<>();
            for (String resource : resources) {
                loaded.add(ClasspathSuites.load(testClass.getClassLoader(), resource, loader));
            }
            suites = List.copyOf(loaded);
        }
        return suites;
    }

    /**
     * The runner: the configured agent, a judge when a suite has a judge scorer, and report sinks
     * when a report folder is configured. Created on the first call.
     *
     * @throws ConfigurationException when no agent is configured or a setting is invalid
     */
    public synchronized EvalRunner runner() {
        if (runner == null) {
            List<Suite> all = suites();
            AgentClient client = agent();
            Judge judge = needsJudge(all) ? judge() : null;
            runner = EvalRunner.builder().agent(client).judge(judge).providers(providers())
                    .environment(environment).redactJudgeInput(redactJudgeInput()).build();
        }
        return runner;
    }

    /**
     * One dynamic test per case, named by the case id; with several suites, one container per
     * suite. See {@link AgentEvalTests} for what each test reports.
     */
    public Stream<DynamicNode> dynamicTests() {
        List<Suite> all = suites();
        EvalRunner base = runner();
        Optional<Path> reportDir = settings.get(Key.REPORT_DIR).map(Path::of);
        if (all.size() == 1) {
            EvalRunner r = reportDir.map(dir -> base.toBuilder().sink(Reports.all(dir)).build()).orElse(base);
            return AgentEvalTests.dynamicTests(all.get(0), r).map(DynamicNode.class::cast);
        }
        return all.stream().map(suite -> {
            EvalRunner r = reportDir.map(dir -> base.toBuilder().sink(Reports.all(dir.resolve(fileName(suite.name()))))
                    .build()).orElse(base);
            return AgentEvalTests.dynamicContainer(suite, r);
        });
    }

    /** Closes the agent client, if one was created. */
    @Override
    public synchronized void close() {
        if (agent != null) {
            try {
                agent.close();
            } catch (Exception e) {
                // The tests have their verdicts; a client that does not close cleanly changes none.
                LOG.warn("Could not close the agent client of {}", testClass.getName(), e);
            }
            agent = null;
        }
    }

    private AgentClient agent() {
        Optional<String> target = settings.get(Key.TARGET);
        Optional<String> url = settings.get(Key.AGENT_URL);
        if (target.isPresent() && url.isPresent()) {
            throw new ConfigurationException("both " + Key.TARGET.describe() + " and " + Key.AGENT_URL.describe()
                    + " are set: give one");
        }
        if (target.isPresent()) {
            agent = AgentClients.target(target.get(), Path.of(Targets.FILE_NAME), environment);
            return agent;
        }
        if (url.isEmpty()) {
            throw new ConfigurationException("no agent for " + testClass.getName() + ": set " + Key.AGENT_URL.describe()
                    + " to the agent's URL (with " + Key.PROTOCOL.describe() + ", default a2a), or "
                    + Key.TARGET.describe() + " to a target of " + Targets.FILE_NAME
                    + "; parameters are system properties (-D" + Key.AGENT_URL.parameter()
                    + "=...) or lines of junit-platform.properties");
        }
        URI uri;
        try {
            uri = URI.create(url.get());
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException(Key.AGENT_URL.describe() + " is not a URL: " + url.get());
        }
        Map<String, String> agentSettings = new LinkedHashMap<>();
        settings.get(Key.EXTERNAL_ID).ifPresent(id -> agentSettings.put("agentExternalId", id));
        agent = AgentClients.create(settings.get(Key.PROTOCOL).orElse("a2a"), uri, agentSettings, environment);
        return agent;
    }

    private Judge judge() {
        Map<String, String> judgeSettings = new LinkedHashMap<>();
        Optional<String> judgeId = settings.get(Key.JUDGE);
        Optional<String> judgeUrl = settings.get(Key.JUDGE_URL);
        judgeId.or(() -> judgeUrl.map(u -> "openai")).ifPresent(id -> judgeSettings.put("judge", id));
        judgeUrl.ifPresent(u -> judgeSettings.put("url", u));
        settings.get(Key.JUDGE_MODEL).ifPresent(m -> judgeSettings.put("model", m));
        return Judges.select(providers(), ProviderConfig.of(judgeSettings, environment)).orElse(null);
    }

    private boolean redactJudgeInput() {
        Optional<String> v = settings.get(Key.JUDGE_REDACT_SECRETS).map(x -> x.toLowerCase(java.util.Locale.ROOT));
        if (v.isEmpty() || v.get().equals("true")) {
            return true;
        }
        if (v.get().equals("false")) {
            return false;
        }
        throw new ConfigurationException(Key.JUDGE_REDACT_SECRETS.describe() + " must be true or false but is '"
                + v.get() + "'");
    }

    private boolean needsJudge(List<Suite> all) {
        return all.stream().flatMap(s -> s.cases().stream()).flatMap(c -> c.turns().stream())
                .flatMap(t -> t.scorers().stream())
                .anyMatch(spec -> providers().findScorer(spec.type()).map(ScorerFactory::needsJudge).orElse(false));
    }

    private Providers providers() {
        if (providers == null) {
            providers = Providers.discover(testClass.getClassLoader());
        }
        return providers;
    }

    private static String fileName(String suiteName) {
        return suiteName.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    /** The process environment and {@code ./.env}, read when first asked. */
    private static final class LazyEnvironment implements Function<String, String> {
        private Environment loaded;

        @Override
        public synchronized String apply(String name) {
            if (loaded == null) {
                loaded = Environment.load();
                Set<String> declared = new java.util.HashSet<>();
                java.util.stream.Stream.concat(AgentClients.environmentVariables().stream(),
                                Judges.environmentVariables().stream())
                        .filter(EnvironmentVariable::secret).forEach(v -> declared.add(v.name()));
                loaded.registerSecrets(System.getenv().keySet(), declared, Secrets.shared());
            }
            return loaded.apply(name);
        }
    }
}
