package dev.agenteval.core.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.agenteval.api.Case;
import dev.agenteval.api.DataModelRef;
import dev.agenteval.api.Fingerprint;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.SessionContext;
import dev.agenteval.api.Suite;
import dev.agenteval.api.ToolMock;
import dev.agenteval.api.ToolSpec;
import dev.agenteval.api.Turn;
import dev.agenteval.api.Variable;
import dev.agenteval.common.json.JsonTrees;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The canonical form of a suite and the fingerprint of a run. The canonical form is JSON with
 * keys sorted, holding everything that can change a verdict: every case (not only the selected
 * ones) with its effective repeat, pass threshold and timeout, whether it requires an answer,
 * turns, scorers, session context, tools and agent payload, and the variable definitions (the suite's, a case's, a turn's).
 * Environment variables appear by name, never by value, so no secret is hashed; random numbers
 * by their range, and placeholders unresolved, so {@code {{today}}} does not change it daily. Concurrency is left out: it changes how a run goes,
 * not what it evaluates. A scorer written in code is known only by its name.
 */
public final class Fingerprints {

    private Fingerprints() {
    }

    /** The fingerprint of running {@code suite} with these runner defaults, agent and judge descriptions. */
    public static Fingerprint of(Suite suite, Duration defaultTimeout, int defaultRepeat, String agent, String judge) {
        return Fingerprint.of(suiteHash(suite, defaultTimeout, defaultRepeat), suite.cases().size(), agent, judge);
    }

    /**
     * The first 16 hex digits of the SHA-256 of the agent's configuration (what the front end
     * gives, then what the agent reports, under {@code given} and {@code reported}), in
     * canonical form without the top-level {@code name} and {@code description}; null when both
     * are empty.
     */
    public static String configurationHash(Map<String, Object> given, Map<String, Object> reported) {
        Map<String, Object> root = new java.util.TreeMap<>();
        if (given != null && !given.isEmpty()) {
            root.put("given", withoutNaming(given));
        }
        if (reported != null && !reported.isEmpty()) {
            root.put("reported", withoutNaming(reported));
        }
        if (root.isEmpty()) {
            return null;
        }
        try {
            String canonical = JsonTrees.CANONICAL.writeValueAsString(JsonTrees.toValue(JsonTrees.toNode(root)));
            return Fingerprint.sha256(canonical).substring(0, 16);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the canonical form of the agent's configuration", e);
        }
    }

    private static Map<String, Object> withoutNaming(Map<String, Object> configuration) {
        Map<String, Object> out = new LinkedHashMap<>(configuration);
        out.remove("name");
        out.remove("description");
        return out;
    }

    /** SHA-256 of the suite's canonical form. */
    public static String suiteHash(Suite suite, Duration defaultTimeout, int defaultRepeat) {
        return Fingerprint.sha256(canonical(suite, defaultTimeout, defaultRepeat));
    }

    /** The canonical JSON text of the suite, as hashed. */
    static String canonical(Suite suite, Duration defaultTimeout, int defaultRepeat) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("name", suite.name());
        root.put("variables", variables(suite.variables()));
        List<Object> cases = new ArrayList<>();
        for (Case c : suite.cases()) {
            cases.add(caseValue(suite, c, defaultTimeout, defaultRepeat));
        }
        root.put("cases", cases);
        // Only when declared, so the canonical form of suites without mocks stays as it was.
        if (!suite.mocks().isEmpty() || suite.toolMocksRequired()) {
            root.put("mocks", mocks(suite.mocks()));
            root.put("mocksRequired", suite.toolMocksRequired());
        }
        try {
            return JsonTrees.CANONICAL.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the canonical form of suite '" + suite.name() + "'", e);
        }
    }

    private static Map<String, Object> caseValue(Suite suite, Case c, Duration defaultTimeout, int defaultRepeat) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", c.id());
        out.put("tags", c.tags());
        out.put("expectPass", c.expectPass());
        // Only when false (a harness eval without expectations), so other suites' canonical form stays.
        if (!c.answerRequired()) {
            out.put("answerRequired", false);
        }
        out.put("repeat", Preparation.repeat(suite, c, defaultRepeat));
        out.put("passThreshold", Preparation.passThreshold(suite, c));
        Duration timeout = Preparation.timeout(suite, c, defaultTimeout);
        out.put("timeout", timeout == null ? null : timeout.toString());
        out.put("sessionContext", sessionContext(c.sessionContext()));
        out.put("tools", c.tools().map(Fingerprints::tools).orElse(null));
        out.put("agent", c.agent());
        out.put("agentId", c.agentId().orElse(null));
        // Only when declared, so the canonical form of suites without them stays as it was.
        if (!c.variables().isEmpty()) {
            out.put("variables", variables(c.variables()));
        }
        List<Object> turns = new ArrayList<>();
        for (Turn t : c.turns()) {
            Map<String, Object> turn = new LinkedHashMap<>();
            turn.put("name", t.name().orElse(null));
            turn.put("input", Preparation.messageValue(t.input()));
            turn.put("delay", t.delay().toString());
            if (!t.variables().isEmpty()) {
                turn.put("variables", variables(t.variables()));
            }
            turn.put("scorers", scorers(t.scorers()));
            if (!t.mocks().isEmpty()) {
                turn.put("mocks", mocks(t.mocks()));
            }
            turns.add(turn);
        }
        out.put("turns", turns);
        // Only when declared, so the canonical form of scripted suites stays as it was.
        c.simulation().ifPresent(sim -> {
            Map<String, Object> simulate = new LinkedHashMap<>();
            simulate.put("persona", sim.persona().orElse(null));
            simulate.put("goal", sim.goal());
            simulate.put("maxTurns", sim.maxTurns());
            simulate.put("stopWhen", sim.stopWhen().stream().map(Object::toString).toList());
            simulate.put("scorers", scorers(sim.turnScorers()));
            out.put("simulate", simulate);
        });
        if (!c.conversationScorers().isEmpty()) {
            out.put("conversationScorers", scorers(c.conversationScorers()));
        }
        if (!c.mocks().isEmpty()) {
            out.put("mocks", mocks(c.mocks()));
        }
        return out;
    }

    private static List<Object> scorers(List<ScorerSpec> specs) {
        List<Object> scorers = new ArrayList<>();
        for (ScorerSpec s : specs) {
            Map<String, Object> scorer = new LinkedHashMap<>();
            scorer.put("type", s.type());
            scorer.put("params", s.params());
            scorer.put("tools", s.tools().map(Fingerprints::tools).orElse(null));
            scorer.put("inline", s.inline().isPresent());
            scorers.add(scorer);
        }
        return scorers;
    }

    /** Variable definitions: environment variables by name, random numbers by range; never a drawn or read value. */
    private static Map<String, Object> variables(Map<String, Variable> variables) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<String, Variable> e : variables.entrySet()) {
            Variable v = e.getValue();
            out.put(e.getKey(), Map.of("source", v.source().name(), "value", v.value(), "secret", v.secret()));
        }
        return out;
    }

    private static Map<String, Object> sessionContext(SessionContext s) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("dataModels", s.dataModels() == null ? null : s.dataModels().stream().map(Fingerprints::dataModel).toList());
        out.put("instanceSpaces", s.instanceSpaces());
        out.put("appContext", s.appContext());
        return out;
    }

    private static Map<String, Object> dataModel(DataModelRef d) {
        return Map.of("space", d.space(), "externalId", d.externalId(), "version", d.version());
    }

    private static List<Object> mocks(List<ToolMock> mocks) {
        return mocks.stream().<Object>map(m -> {
            Map<String, Object> mock = new LinkedHashMap<>();
            mock.put("tool", m.tool());
            mock.put("when", m.whenArgs());
            mock.put(m.fails() ? "throws" : "returns", m.fails() ? m.error() : m.returns());
            return mock;
        }).toList();
    }

    private static List<Object> tools(List<ToolSpec> tools) {
        return tools.stream().<Object>map(t -> Map.of("name", t.name(), "description", t.description())).toList();
    }
}
