package dev.agenteval.core.internal;

import dev.agenteval.api.Case;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Message;
import dev.agenteval.api.Part;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Suite;
import dev.agenteval.api.Turn;
import dev.agenteval.api.Variable;
import dev.agenteval.core.Providers;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.Secrets;
import dev.agenteval.spi.SessionRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Everything checked and resolved before the first request: scorer specs against their
 * factories, placeholders against variables and the environment. Problems are collected and
 * thrown together as one {@link ConfigurationException}, so nothing is sent for an invalid suite.
 */
public final class Preparation {

    private final List<PreparedCase> cases;
    private final Map<ScorerSpec, Scorer> scorers;
    private final Redactor redactor;
    private final boolean needsJudge;
    private final boolean suiteNeedsJudge;

    private Preparation(List<PreparedCase> cases, Map<ScorerSpec, Scorer> scorers, Redactor redactor,
                        boolean needsJudge, boolean suiteNeedsJudge) {
        this.cases = cases;
        this.scorers = scorers;
        this.redactor = redactor;
        this.needsJudge = needsJudge;
        this.suiteNeedsJudge = suiteNeedsJudge;
    }

    /** True when a selected scorer asks the judge ({@link Providers#needsJudge(java.util.Collection)} of the selected cases). */
    public boolean needsJudge() {
        return needsJudge;
    }

    /**
     * True when a scorer of any case of the suite, selected or not, asks the judge: what the
     * result's fingerprint records ({@link Providers#needsJudge(java.util.Collection)} of every case).
     */
    public boolean suiteNeedsJudge() {
        return suiteNeedsJudge;
    }

    /**
     * Validates and resolves the selected cases; {@code defaultTimeout} (nullable) and
     * {@code defaultRepeat} apply to cases for which neither the case nor the suite sets one.
     */
    public static Preparation prepare(Suite suite, List<Case> selected, Providers providers, Judge judge,
                                      Function<String, String> environment, Duration defaultTimeout,
                                      int defaultRepeat) {
        return prepare(suite, selected, providers, judge, environment, defaultTimeout, defaultRepeat, Secrets.create());
    }

    /**
     * Validates and resolves the selected cases, adding the values of secret variables
     * ({@code env:}) to {@code runSecrets}, which the preparation's {@link #redactor()} masks.
     */
    public static Preparation prepare(Suite suite, List<Case> selected, Providers providers, Judge judge,
                                      Function<String, String> environment, Duration defaultTimeout,
                                      int defaultRepeat, Secrets runSecrets) {
        return prepare(suite, selected, ResolvedScorers.over(providers), judge, environment, defaultTimeout,
                defaultRepeat, runSecrets);
    }

    /**
     * Validates and resolves the selected cases, each distinct scorer spec once through
     * {@code resolved} (which keeps what it resolves, for a later run to reuse), adding the values
     * of secret variables ({@code env:}) to {@code runSecrets}, which the preparation's
     * {@link #redactor()} masks.
     */
    public static Preparation prepare(Suite suite, List<Case> selected, ResolvedScorers resolved, Judge judge,
                                      Function<String, String> environment, Duration defaultTimeout,
                                      int defaultRepeat, Secrets runSecrets) {
        List<String> problems = new ArrayList<>();
        Map<ScorerSpec, Scorer> scorers = createScorers(selected, resolved, judge, problems);

        Set<String> used = new HashSet<>();
        for (Case c : selected) {
            for (Turn t : c.turns()) {
                used.addAll(Placeholders.namesIn(messageValue(t.input())));
            }
            used.addAll(Placeholders.namesIn(c.agent()));
            c.agentId().ifPresent(id -> used.addAll(Placeholders.namesIn(id)));
        }
        Map<String, String> values = new LinkedHashMap<>();
        Set<String> secrets = new HashSet<>();
        for (Map.Entry<String, Variable> e : suite.variables().entrySet()) {
            Variable v = e.getValue();
            String value = v.source() == Variable.Source.ENV ? environment.apply(v.value()) : v.value();
            if (value == null) {
                if (used.contains(e.getKey())) {
                    problems.add("variable '" + e.getKey() + "': environment variable " + v.value() + " is not set");
                }
                continue;
            }
            values.put(e.getKey(), value);
            if (v.secret()) {
                secrets.add(value);
            }
        }

        List<PreparedCase> prepared = new ArrayList<>();
        for (Case c : selected) {
            prepared.add(prepareCase(suite, c, values, problems, defaultTimeout, defaultRepeat));
        }
        if (!problems.isEmpty()) {
            throw new ConfigurationException(problems);
        }
        boolean needsJudge = needsJudge(selected, resolved);
        boolean suiteNeedsJudge = needsJudge || needsJudge(suite.cases(), resolved);
        runSecrets.addAll(secrets);
        return new Preparation(prepared, scorers, Redactor.of(runSecrets), needsJudge, suiteNeedsJudge);
    }

    /** {@link Providers#needsJudge(java.util.Collection)}, each scorer type's factory asked once a run. */
    private static boolean needsJudge(List<Case> cases, ResolvedScorers resolved) {
        return cases.stream().flatMap(c -> c.turns().stream()).flatMap(t -> t.scorers().stream())
                .anyMatch(resolved::needsJudge);
    }

    /**
     * The scorer of every distinct spec of the selected cases, each spec resolved once; its
     * problems are reported wherever it is written, the failure of creating its scorer where it
     * is first written.
     */
    private static Map<ScorerSpec, Scorer> createScorers(List<Case> selected, ResolvedScorers resolved, Judge judge,
                                                         List<String> problems) {
        Providers providers = resolved.providers();
        Map<ScorerSpec, Scorer> scorers = new HashMap<>();
        for (Case c : selected) {
            for (int i = 0; i < c.turns().size(); i++) {
                for (ScorerSpec spec : c.turns().get(i).scorers()) {
                    String where = "case '" + c.id() + "' turn " + (i + 1) + ": scorer '" + spec.type() + "' ";
                    ResolvedScorers.Resolution r = resolved.resolve(spec);
                    if (spec.inline().isPresent()) {
                        scorers.put(spec, r.scorer());
                        continue;
                    }
                    if (r.factory() == null) {
                        problems.add("case '" + c.id() + "' turn " + (i + 1) + ": unknown scorer type '"
                                + spec.type() + "'; known: " + String.join(", ", providers.scorerIds()));
                        continue;
                    }
                    r.problems().forEach(p -> problems.add(where + p));
                    if (resolved.needsJudge(spec) && judge == null) {
                        problems.add(where + "needs a judge, but none is configured");
                    }
                    if (r.problems().isEmpty() && !scorers.containsKey(spec)) {
                        if (r.failure() != null) {
                            problems.add(where + r.failure());
                        }
                        scorers.put(spec, r.scorer());
                    }
                }
            }
        }
        return scorers;
    }

    /** The case's timeout, else the suite's, else {@code defaultTimeout} (may be null: none). */
    public static Duration timeout(Suite suite, Case c, Duration defaultTimeout) {
        return c.timeout().orElse(suite.timeout().orElse(defaultTimeout));
    }

    /** The case's repeat, else the suite's, else {@code defaultRepeat}. */
    public static int repeat(Suite suite, Case c, int defaultRepeat) {
        return c.repeat().orElse(suite.repeat().orElse(defaultRepeat));
    }

    /** The case's pass threshold, else the suite's, else 1 (every attempt must pass). */
    public static double passThreshold(Suite suite, Case c) {
        return c.passThreshold().orElse(suite.passThreshold().orElse(1.0));
    }

    private static PreparedCase prepareCase(Suite suite, Case c, Map<String, String> values, List<String> problems,
                                            Duration defaultTimeout, int defaultRepeat) {
        List<Message> inputs = new ArrayList<>();
        for (int i = 0; i < c.turns().size(); i++) {
            Message m = c.turns().get(i).input();
            inputs.add(resolve(m, values, "case '" + c.id() + "' turn " + (i + 1), problems));
        }
        Map<String, Object> agent = c.agent();
        String agentId = c.agentId().orElse(null);
        agent = castMap(resolveValue(agent, values, "case '" + c.id() + "' agent", problems));
        if (agentId != null) {
            agentId = (String) resolveValue(agentId, values, "case '" + c.id() + "' agentId", problems);
        }
        SessionRequest session = new SessionRequest(c.id(), 1, c.sessionContext(), agent, agentId,
                c.tools().orElse(null));
        return new PreparedCase(c, List.copyOf(inputs), session, timeout(suite, c, defaultTimeout),
                repeat(suite, c, defaultRepeat), passThreshold(suite, c));
    }

    private static Message resolve(Message m, Map<String, String> values, String where, List<String> problems) {
        if (Placeholders.namesIn(messageValue(m)).isEmpty()) {
            return m;
        }
        List<Part> parts = new ArrayList<>();
        for (Part p : m.parts()) {
            if (p instanceof Part.Text t) {
                parts.add(Part.text((String) resolveValue(t.text(), values, where, problems)));
            } else if (p instanceof Part.Data d) {
                parts.add(Part.data(resolveValue(d.data(), values, where, problems)));
            }
        }
        return new Message(m.role(), parts, castMap(resolveValue(m.metadata(), values, where, problems)));
    }

    private static Object resolveValue(Object value, Map<String, String> values, String where, List<String> problems) {
        Set<String> missing = new java.util.LinkedHashSet<>(Placeholders.namesIn(value));
        missing.removeAll(values.keySet());
        if (!missing.isEmpty()) {
            for (String name : missing) {
                problems.add(where + ": unresolved placeholder '{{" + name + "}}'"
                        + (values.isEmpty() ? " (no variables declared)" : " (variables: " + String.join(", ", values.keySet()) + ")"));
            }
            return value;
        }
        return Placeholders.resolve(value, values);
    }

    /** A message as a JSON-like value (for placeholder scans and default request rendering). */
    public static Map<String, Object> messageValue(Message m) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("role", m.role());
        List<Object> parts = new ArrayList<>();
        for (Part p : m.parts()) {
            Map<String, Object> part = new LinkedHashMap<>();
            if (p instanceof Part.Text t) {
                part.put("kind", "text");
                part.put("text", t.text());
            } else if (p instanceof Part.Data d) {
                part.put("kind", "data");
                part.put("data", d.data());
            }
            parts.add(part);
        }
        out.put("parts", parts);
        if (!m.metadata().isEmpty()) {
            out.put("metadata", m.metadata());
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> castMap(Object o) {
        return (Map<String, Object>) o;
    }

    /** The prepared cases, in selection order. */
    public List<PreparedCase> cases() {
        return cases;
    }

    /** The scorer for a spec of a prepared case. */
    public Scorer scorer(ScorerSpec spec) {
        return scorers.get(spec);
    }

    /** Masks the secret variable values. */
    public Redactor redactor() {
        return redactor;
    }
}
