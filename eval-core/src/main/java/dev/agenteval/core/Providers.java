package dev.agenteval.core;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import dev.agenteval.api.Case;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.common.text.Suggestions;
import dev.agenteval.spi.AgentClientProvider;
import dev.agenteval.spi.JudgeProvider;
import dev.agenteval.spi.UserSimulatorProvider;
import dev.agenteval.spi.ReportFormat;
import dev.agenteval.spi.ScorerFactory;
import java.util.Collection;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The registry of scorer factories, agent client providers, judge providers and report formats, by id.
 * Immutable: {@code with*} methods return a new registry.
 *
 * <pre>{@code
 * Providers providers = Providers.discover(MyApp.class.getClassLoader())
 *         .withScorer(new MyScorerFactory());
 * }</pre>
 *
 * A duplicate id fails naming both classes; an unknown id fails listing the known ids and the closest one.
 */
@API(status = MAINTAINED)
public final class Providers {

    private static final Logger LOG = LoggerFactory.getLogger(Providers.class);
    private static final Pattern KEBAB = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");
    private static final Pattern SCORER_ID = Pattern.compile("[A-Za-z][A-Za-z0-9_-]*");

    private final Map<String, ScorerFactory> scorers;
    private final Map<String, AgentClientProvider> agentClients;
    private final Map<String, JudgeProvider> judges;
    private final Map<String, ReportFormat> reportFormats;
    private final Map<String, UserSimulatorProvider> simulators;

    private Providers(Map<String, ScorerFactory> scorers, Map<String, AgentClientProvider> agentClients,
                      Map<String, JudgeProvider> judges, Map<String, ReportFormat> reportFormats,
                      Map<String, UserSimulatorProvider> simulators) {
        this.scorers = Collections.unmodifiableMap(scorers);
        this.agentClients = Collections.unmodifiableMap(agentClients);
        this.judges = Collections.unmodifiableMap(judges);
        this.reportFormats = Collections.unmodifiableMap(reportFormats);
        this.simulators = Collections.unmodifiableMap(simulators);
    }

    /** A registry with nothing registered. */
    public static Providers empty() {
        return new Providers(new TreeMap<>(), new TreeMap<>(), new TreeMap<>(), new TreeMap<>(), new TreeMap<>());
    }

    /**
     * Everything {@link ServiceLoader} finds through {@code loader}: the core's built-in scorers,
     * the modules on the path (eval-report's report formats, eval-agents' protocols, eval-judge's
     * judges and judge scorers) and any plugin on the class path.
     *
     * @throws ConfigurationException when two providers share an id or an id is malformed
     */
    public static Providers discover(ClassLoader loader) {
        Providers p = empty();
        for (ScorerFactory f : ServiceLoader.load(ScorerFactory.class, loader)) {
            p = p.withScorer(f);
        }
        for (AgentClientProvider a : ServiceLoader.load(AgentClientProvider.class, loader)) {
            p = p.withAgentClient(a);
        }
        for (JudgeProvider j : ServiceLoader.load(JudgeProvider.class, loader)) {
            p = p.withJudge(j);
        }
        for (ReportFormat f : ServiceLoader.load(ReportFormat.class, loader)) {
            p = p.withReportFormat(f);
        }
        for (UserSimulatorProvider s : ServiceLoader.load(UserSimulatorProvider.class, loader)) {
            p = p.withUserSimulator(s);
        }
        LOG.debug("Discovered scorers {}, agent clients {}, judges {}, report formats {}, user simulators {}",
                p.scorers.keySet(), p.agentClients.keySet(), p.judges.keySet(), p.reportFormats.keySet(),
                p.simulators.keySet());
        return p;
    }

    /** Everything found through this library's own class loader. */
    public static Providers discover() {
        return discover(Providers.class.getClassLoader());
    }

    /** A copy with one more scorer factory. */
    public Providers withScorer(ScorerFactory factory) {
        String id = checkId(factory.id(), SCORER_ID, "scorer factory", factory);
        return new Providers(add(scorers, id, factory, "scorer"), agentClients, judges, reportFormats, simulators);
    }

    /** A copy with one more agent client provider. */
    public Providers withAgentClient(AgentClientProvider provider) {
        String id = checkId(provider.id(), KEBAB, "agent client provider", provider);
        return new Providers(scorers, add(agentClients, id, provider, "agent client"), judges, reportFormats, simulators);
    }

    /** A copy with one more judge provider. */
    public Providers withJudge(JudgeProvider provider) {
        String id = checkId(provider.id(), KEBAB, "judge provider", provider);
        return new Providers(scorers, agentClients, add(judges, id, provider, "judge"), reportFormats, simulators);
    }

    /** A copy with one more report format. */
    public Providers withReportFormat(ReportFormat format) {
        String id = checkId(format.id(), KEBAB, "report format", format);
        return new Providers(scorers, agentClients, judges, add(reportFormats, id, format, "report format"), simulators);
    }

    /** A copy with one more user simulator provider. */
    public Providers withUserSimulator(UserSimulatorProvider provider) {
        String id = checkId(provider.id(), KEBAB, "user simulator provider", provider);
        return new Providers(scorers, agentClients, judges, reportFormats,
                add(simulators, id, provider, "user simulator"));
    }

    /** The user simulator provider for an id; fails listing the known ids and the closest one. */
    public UserSimulatorProvider userSimulator(String id) {
        return require(simulators, id, "user simulator");
    }

    /** Registered user simulator ids, sorted. */
    public Set<String> userSimulatorIds() {
        return simulators.keySet();
    }

    /** The scorer factory for a type id, if registered. */
    public Optional<ScorerFactory> findScorer(String id) {
        return Optional.ofNullable(scorers.get(id));
    }

    /**
     * Whether {@code spec} needs a judge: it is not written in code ({@link ScorerSpec#inline()})
     * and its type's factory says so. Unknown types need none (they are reported elsewhere).
     */
    public boolean needsJudge(ScorerSpec spec) {
        return spec.inline().isEmpty() && findScorer(spec.type()).map(ScorerFactory::needsJudge).orElse(false);
    }

    /**
     * Whether any turn of {@code cases} has a scorer that needs a judge ({@link #needsJudge(ScorerSpec)}):
     * the one answer to "does this run need a judge", used by the runner, its preparation and the
     * front ends.
     */
    public boolean needsJudge(Collection<Case> cases) {
        return cases.stream().flatMap(c -> c.allScorers().stream())
                .anyMatch(this::needsJudge);
    }

    /** The scorer factory for a type id; fails listing the known ids and the closest one. */
    public ScorerFactory scorer(String id) {
        return require(scorers, id, "scorer type");
    }

    /** The agent client provider for an id; fails listing the known ids and the closest one. */
    public AgentClientProvider agentClient(String id) {
        return require(agentClients, id, "agent client");
    }

    /** The judge provider for an id; fails listing the known ids and the closest one. */
    public JudgeProvider judge(String id) {
        return require(judges, id, "judge");
    }

    /** The report format for an id; fails listing the known ids and the closest one. */
    public ReportFormat reportFormat(String id) {
        return require(reportFormats, id, "report format");
    }

    /** Registered scorer type ids, sorted. */
    public Set<String> scorerIds() {
        return scorers.keySet();
    }

    /**
     * What follows {@code unknown scorer type 'x'} in a message: the known type closest to
     * {@code type} if one is close, the known types, and how a plugin's scorer types are added.
     * For example {@code " — did you mean 'contains'? (known: contains, ...); a plugin's scorer
     * types come from its jar: ..."}; never null.
     */
    public String unknownScorerTypeHint(String type) {
        return Suggestions.didYouMean(type, scorers.keySet()) + " (known: " + String.join(", ", scorers.keySet())
                + "); a plugin's scorer types come from its jar: give agent-eval --plugin-path DIR (or"
                + " AGENT_EVAL_PLUGIN_PATH), or put the jar on the class path of an embedded run";
    }

    /** Registered agent client ids, sorted. */
    public Set<String> agentClientIds() {
        return agentClients.keySet();
    }

    /** Registered judge ids, sorted. */
    public Set<String> judgeIds() {
        return judges.keySet();
    }

    /** Registered report format ids, sorted. */
    public Set<String> reportFormatIds() {
        return reportFormats.keySet();
    }

    private static String checkId(String id, Pattern pattern, String kind, Object provider) {
        if (id == null || !pattern.matcher(id).matches()) {
            throw new ConfigurationException(kind + " " + provider.getClass().getName() + " has an invalid id '" + id
                    + "' (must match " + pattern + ")");
        }
        return id;
    }

    private static <T> Map<String, T> add(Map<String, T> existing, String id, T provider, String kind) {
        T previous = existing.get(id);
        if (previous != null) {
            throw new ConfigurationException("duplicate " + kind + " id '" + id + "': "
                    + previous.getClass().getName() + " and " + provider.getClass().getName());
        }
        Map<String, T> copy = new TreeMap<>(existing);
        copy.put(id, provider);
        return copy;
    }

    private static <T> T require(Map<String, T> map, String id, String kind) {
        T provider = map.get(id);
        if (provider == null) {
            throw new ConfigurationException("unknown " + kind + " '" + id + "'; known: "
                    + (map.isEmpty() ? "(none)" : String.join(", ", map.keySet()))
                    + Suggestions.didYouMean(id, map.keySet()));
        }
        return provider;
    }

    @Override
    public String toString() {
        return "Providers[scorers=" + scorers.keySet() + ", agentClients=" + agentClients.keySet()
                + ", judges=" + judges.keySet() + ", reportFormats=" + reportFormats.keySet()
                + ", userSimulators=" + simulators.keySet() + "]";
    }
}
