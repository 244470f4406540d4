package dev.agenteval.core.internal;

import dev.agenteval.api.Case;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Message;
import dev.agenteval.api.Part;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Simulation;
import dev.agenteval.api.Suite;
import dev.agenteval.api.Turn;
import dev.agenteval.core.Providers;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.Secrets;
import dev.agenteval.spi.SessionRequest;
import dev.agenteval.spi.UserSimulator;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import java.util.random.RandomGenerator;

/**
 * Everything checked and resolved before the first request: scorer specs against their
 * factories, placeholders (in messages, agent payloads and ids, and scorer parameters) against
 * the variables in scope and the environment. Problems are collected and
 * thrown together as one {@link ConfigurationException}, so nothing is sent for an invalid suite.
 */
public final class Preparation {

    private final List<PreparedCase> cases;
    private final Map<ScorerSpec, Scorer> scorers;
    private final Redactor redactor;
    private final boolean needsJudge;
    private final boolean suiteNeedsJudge;
    private final UserSimulator simulator;

    private Preparation(List<PreparedCase> cases, Map<ScorerSpec, Scorer> scorers, Redactor redactor,
                        boolean needsJudge, boolean suiteNeedsJudge, UserSimulator simulator) {
        this.simulator = simulator;
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
     * Validates and resolves the selected cases, adding the values of secret variables
     * ({@code env:}) to {@code runSecrets}, which the preparation's {@link #redactor()} masks.
     * {@code defaultTimeout} (nullable) and {@code defaultRepeat} apply to cases for which neither
     * the case nor the suite sets one; {@code clock} gives {@code today} and {@code yesterday}, and
     * {@code random} the draws of random whole numbers (once per case).
     */
    public static Preparation prepare(Suite suite, List<Case> selected, Providers providers, Judge judge,
                                      UserSimulator simulator, Function<String, String> environment,
                                      Duration defaultTimeout, int defaultRepeat, Secrets runSecrets, Clock clock,
                                      RandomGenerator random) {
        return prepare(suite, selected, ResolvedScorers.over(providers), judge, simulator, environment, defaultTimeout,
                defaultRepeat, runSecrets, clock, random);
    }

    /**
     * Validates and resolves the selected cases as {@link #prepare(Suite, List, Providers, Judge,
     * UserSimulator, Function, Duration, int, Secrets, Clock, RandomGenerator)} does, each distinct resolved scorer spec once
     * through {@code resolved} (which keeps what it resolves, for a later run to reuse). Placeholders
     * in scorer parameters are resolved per case and turn first, so specs that resolve to the same
     * value share one scorer and specs that resolve to different values each get their own.
     */
    public static Preparation prepare(Suite suite, List<Case> selected, ResolvedScorers resolved, Judge judge,
                                      UserSimulator simulator, Function<String, String> environment,
                                      Duration defaultTimeout, int defaultRepeat, Secrets runSecrets, Clock clock,
                                      RandomGenerator random) {
        Set<String> variableProblems = new LinkedHashSet<>();
        CaseVariables.Run run = new CaseVariables.Run(environment, clock, random, variableProblems);
        run.readSecrets(suite.variables().values());
        CaseVariables suiteScope = run.suite(suite.variables());
        List<String> caseProblems = new ArrayList<>();
        List<PreparedCase> prepared = new ArrayList<>();
        for (Case c : selected) {
            prepared.add(prepareCase(suite, c, run, suiteScope.forNewCase(), caseProblems, defaultTimeout,
                    defaultRepeat));
        }
        // Scorers are made from the resolved specs, so their parameters are checked as they will run.
        List<String> problems = new ArrayList<>();
        Map<ScorerSpec, Scorer> scorers = createScorers(prepared, resolved, judge, problems);
        problems.addAll(variableProblems);
        problems.addAll(caseProblems);
        if (simulator == null) {
            selected.stream().filter(c -> c.simulation().isPresent()).forEach(c -> problems.add("case '" + c.id()
                    + "': simulates a user, but no user simulator is configured (give the runner one, or configure"
                    + " the judge model it uses by default)"));
        }
        if (!problems.isEmpty()) {
            throw new ConfigurationException(problems);
        }
        boolean needsJudge = needsJudge(selected, resolved);
        boolean suiteNeedsJudge = needsJudge || needsJudge(suite.cases(), resolved);
        runSecrets.addAll(run.secrets());
        return new Preparation(prepared, scorers, Redactor.of(runSecrets), needsJudge, suiteNeedsJudge, simulator);
    }

    /**
     * {@link Providers#needsJudge(java.util.Collection)}, each scorer type's factory asked once a run.
     * Whether a scorer needs a judge depends on its type alone, which placeholders never change, so
     * the specs as written are asked.
     */
    private static boolean needsJudge(List<Case> cases, ResolvedScorers resolved) {
        return cases.stream().flatMap(c -> c.allScorers().stream())
                .anyMatch(resolved::needsJudge);
    }

    /**
     * The scorer of every distinct resolved spec of the prepared cases, each resolved spec resolved
     * once; its problems are reported wherever it is written, the failure of creating its scorer
     * where it is first written.
     */
    private static Map<ScorerSpec, Scorer> createScorers(List<PreparedCase> prepared, ResolvedScorers resolved,
                                                         Judge judge,
                                                         List<String> problems) {
        Map<ScorerSpec, Scorer> scorers = new HashMap<>();
        for (PreparedCase pc : prepared) {
            Case c = pc.testCase();
            for (int i = 0; i < c.turns().size(); i++) {
                for (ScorerSpec spec : pc.scorers().get(i)) {
                    addScorer(spec, "case '" + c.id() + "' turn " + (i + 1), resolved, judge, scorers, problems);
                }
            }
            if (pc.simulation() != null) {
                for (ScorerSpec spec : pc.simulation().turnScorers()) {
                    addScorer(spec, "case '" + c.id() + "' simulate", resolved, judge, scorers, problems);
                }
            }
            for (ScorerSpec spec : pc.conversationScorers()) {
                addScorer(spec, "case '" + c.id() + "' conversation", resolved, judge, scorers, problems);
            }
        }
        return scorers;
    }

    /** What a scorer that needs a judge says when the run has none. */
    public static final String NO_JUDGE = "needs a judge, but none is configured";

    /**
     * How a judge is chosen, in every front end's words (eval-launch's {@code Setting} declares
     * them; a test there checks this text names each one).
     */
    public static final String HOW_TO_CHOOSE_A_JUDGE = "choose one with --judge-model MODEL (or AGENT_EVAL_JUDGE_MODEL,"
            + " or -Dagent-eval.judge-model=MODEL) for a model's verdicts, or --judge overlap (or AGENT_EVAL_JUDGE=overlap,"
            + " or -Dagent-eval.judge=overlap) for the offline judge; in code, EvalRunner.builder().judge(...)";

    /** Resolves one spec written at {@code at} into {@code scorers}, or adds its problems. */
    private static void addScorer(ScorerSpec spec, String at, ResolvedScorers resolved, Judge judge,
                                  Map<ScorerSpec, Scorer> scorers, List<String> problems) {
        String where = at + ": scorer '" + spec.type() + "' ";
        ResolvedScorers.Resolution r = resolved.resolve(spec);
        if (spec.inline().isPresent()) {
            scorers.put(spec, r.scorer());
            return;
        }
        if (r.factory() == null) {
            problems.add(at + ": unknown scorer type '" + spec.type() + "'"
                    + resolved.providers().unknownScorerTypeHint(spec.type()));
            return;
        }
        r.problems().forEach(p -> problems.add(where + p));
        if (resolved.needsJudge(spec) && judge == null) {
            // How to choose one, said once: the first scorer that needs a judge carries it.
            boolean said = problems.stream().anyMatch(p -> p.endsWith(HOW_TO_CHOOSE_A_JUDGE));
            problems.add(where + NO_JUDGE + (said ? "" : ": " + HOW_TO_CHOOSE_A_JUDGE));
        }
        if (r.problems().isEmpty() && !scorers.containsKey(spec)) {
            if (r.failure() != null) {
                problems.add(where + r.failure());
            }
            scorers.put(spec, r.scorer());
        }
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

    /**
     * Prepares as {@code prepare} does, adding what {@code agent} (nullable: not asked) says would
     * keep it from opening each case's session ({@link AgentClient#sessionProblem}) and the tool
     * mocks of the suite and each case it cannot honour ({@link AgentClient#honoursToolMocks}), so
     * one exception lists every problem of the suite before anything is sent.
     *
     * @throws ConfigurationException listing the preparation's problems, then the sessions'
     */
    public static Preparation withSessions(AgentClient agent, Suite suite, List<Case> cases,
                                           Supplier<Preparation> prepare) {
        List<String> problems = new ArrayList<>();
        Preparation preparation = null;
        try {
            preparation = prepare.get();
        } catch (ConfigurationException e) {
            problems.addAll(e.problems());
        }
        if (agent != null && !agent.honoursToolMocks()) {
            String cannot = " but the agent (" + agent.description() + ") runs its tools remotely and cannot honour mocks";
            suite.mocks().stream().findFirst().ifPresent(m -> problems.add("suite '" + suite.name() + "' mocks tool '"
                    + m.tool() + "'" + cannot));
            if (suite.toolMocksRequired()) {
                problems.add("suite '" + suite.name() + "' requires every tool to be mocked" + cannot);
            }
            for (Case c : cases) {
                Stream.concat(c.mocks().stream(), c.turns().stream().flatMap(t -> t.mocks().stream())).findFirst()
                        .ifPresent(m -> problems.add("case '" + c.id() + "' mocks tool '" + m.tool() + "'" + cannot));
            }
        }
        if (agent != null) {
            for (Case c : cases) {
                agent.sessionProblem(new SessionRequest(c.id(), 1, c.sessionContext(), c.agent(),
                        c.agentId().orElse(null), c.tools().orElse(null)))
                        .ifPresent(p -> problems.add("case '" + c.id() + "': " + p));
            }
        }
        if (!problems.isEmpty()) {
            throw new ConfigurationException(problems);
        }
        return preparation;
    }

    private static PreparedCase prepareCase(Suite suite, Case c, CaseVariables.Run run, CaseVariables suiteScope,
                                            List<String> problems, Duration defaultTimeout, int defaultRepeat) {
        run.readSecrets(c.variables().values());
        CaseVariables caseScope = suiteScope.with(c.variables(), "case '" + c.id() + "': ", "case");
        List<Message> inputs = new ArrayList<>();
        List<List<ScorerSpec>> scorers = new ArrayList<>();
        for (int i = 0; i < c.turns().size(); i++) {
            Turn turn = c.turns().get(i);
            String where = "case '" + c.id() + "' turn " + (i + 1);
            run.readSecrets(turn.variables().values());
            CaseVariables scope = caseScope.with(turn.variables(), where + ": ", "turn" + (i + 1));
            inputs.add(resolve(turn.input(), scope, where, problems));
            List<ScorerSpec> specs = new ArrayList<>();
            for (ScorerSpec spec : turn.scorers()) {
                specs.add(resolve(spec, scope, where + ": scorer '" + spec.type() + "'", problems));
            }
            scorers.add(List.copyOf(specs));
        }
        Map<String, Object> agent = castMap(resolveValue(c.agent(), caseScope, "case '" + c.id() + "' agent", problems));
        String agentId = c.agentId().orElse(null);
        if (agentId != null) {
            agentId = (String) resolveValue(agentId, caseScope, "case '" + c.id() + "' agentId", problems);
        }
        SessionRequest session = new SessionRequest(c.id(), 1, c.sessionContext(), agent, agentId,
                c.tools().orElse(null));
        Simulation simulation = c.simulation().map(sim -> resolve(c, sim, caseScope, problems)).orElse(null);
        List<ScorerSpec> conversation = new ArrayList<>();
        for (ScorerSpec spec : c.conversationScorers()) {
            conversation.add(resolve(spec, caseScope, "case '" + c.id() + "' conversation: scorer '" + spec.type() + "'",
                    problems));
        }
        return new PreparedCase(c, List.copyOf(inputs), List.copyOf(scorers), session, timeout(suite, c, defaultTimeout),
                repeat(suite, c, defaultRepeat), passThreshold(suite, c), simulation, List.copyOf(conversation),
                suite.mocks(), suite.toolMocksRequired());
    }

    /** The simulation with placeholders resolved in its persona, goal and per-turn scorers. */
    private static Simulation resolve(Case c, Simulation sim, CaseVariables scope, List<String> problems) {
        String where = "case '" + c.id() + "' simulate";
        Simulation.Builder b = Simulation.goal((String) resolveValue(sim.goal(), scope, where + " goal", problems))
                .maxTurns(sim.maxTurns()).stopWhen(sim.stopWhen());
        sim.persona().ifPresent(p -> b.persona((String) resolveValue(p, scope, where + " persona", problems)));
        for (ScorerSpec spec : sim.turnScorers()) {
            b.expectEachTurn(resolve(spec, scope, where + ": scorer '" + spec.type() + "'", problems));
        }
        return b.build();
    }

    private static Message resolve(Message m, CaseVariables scope, String where, List<String> problems) {
        if (Placeholders.namesIn(messageValue(m)).isEmpty()) {
            return m;
        }
        List<Part> parts = new ArrayList<>();
        for (Part p : m.parts()) {
            if (p instanceof Part.Text t) {
                parts.add(Part.text((String) resolveValue(t.text(), scope, where, problems)));
            } else if (p instanceof Part.Data d) {
                parts.add(Part.data(resolveValue(d.data(), scope, where, problems)));
            }
        }
        return new Message(m.role(), parts, castMap(resolveValue(m.metadata(), scope, where, problems)));
    }

    /** A scorer spec whose parameters have their placeholders resolved (the spec itself when it has none). */
    private static ScorerSpec resolve(ScorerSpec spec, CaseVariables scope, String where, List<String> problems) {
        ScorerSpec resolved = spec;
        for (Map.Entry<String, Object> e : spec.params().entrySet()) {
            if (!Placeholders.namesIn(e.getValue()).isEmpty()) {
                resolved = resolved.with(e.getKey(), resolveValue(e.getValue(), scope, where, problems));
            }
        }
        return resolved;
    }

    private static Object resolveValue(Object value, CaseVariables scope, String where, List<String> problems) {
        Set<String> used = Placeholders.namesIn(value);
        if (used.isEmpty()) {
            return value;
        }
        Map<String, String> values = scope.values(used);
        Set<String> missing = new LinkedHashSet<>(used);
        missing.removeAll(values.keySet());
        if (!missing.isEmpty()) {
            // A declared name without a value is an unset environment variable: CaseVariables
            // reported it as unset already, once, at its declaration.
            missing.removeAll(scope.names());
            for (String name : missing) {
                problems.add(where + ": unresolved placeholder '{{" + name + "}}' (variables: "
                        + String.join(", ", scope.names()) + ")");
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

    /** The user simulator of simulated cases, or null when none is configured (then no case is simulated). */
    public UserSimulator simulator() {
        return simulator;
    }

    /** Masks the secret variable values. */
    public Redactor redactor() {
        return redactor;
    }
}
