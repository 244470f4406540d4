package dev.agenteval.yaml.internal;

import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Simulation;
import dev.agenteval.api.StopCondition;
import dev.agenteval.common.text.Suggestions;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Reads a case's {@code simulate} mapping, the same in both dialects but for the spelling of its
 * keys: {@code persona}, {@code goal}, {@code maxTurns}/{@code max_turns}, {@code stopWhen}/
 * {@code stop_when} (a list of {@code goal_met}, {@code task_completed} and {@code {contains: "..."}})
 * and the per-turn scorers ({@code scorers} in the platform dialect, {@code expectations} in the
 * harness one), read by the dialect.
 *
 * @param maxTurns the key of the turn limit
 * @param stopWhen the key of the stop conditions
 * @param scorers  the key of the per-turn scorers
 */
record SimulationReader(String maxTurns, String stopWhen, String scorers) {

    /** The platform dialect's spelling. */
    static final SimulationReader PLATFORM = new SimulationReader("maxTurns", "stopWhen", "scorers");
    /** The harness dialect's spelling. */
    static final SimulationReader HARNESS = new SimulationReader("max_turns", "stop_when", "expectations");

    /** The most turns a simulated conversation may run. */
    static final int MAX_TURNS = 100;

    private static final List<String> CONDITIONS = List.of("goal_met", "task_completed", "contains");

    /** The keys of {@code simulate}. */
    List<String> keys() {
        return List.of("persona", "goal", maxTurns, stopWhen, scorers);
    }

    /**
     * The simulation {@code node} declares, its per-turn scorers read by {@code readScorers} (null
     * after it reported a problem); null after reporting any problem.
     */
    Simulation read(Node node, Function<Node, List<ScorerSpec>> readScorers) {
        if (!node.expectMapping()) {
            return null;
        }
        boolean ok = node.checkKeys(keys());
        String goal = null;
        Node goalNode = node.get("goal");
        if (goalNode == null) {
            node.missing("goal", ": what the simulated user wants from the agent");
            ok = false;
        } else {
            goal = goalNode.nonBlankString();
        }
        String persona = null;
        Node personaNode = node.get("persona");
        if (personaNode != null) {
            persona = personaNode.nonBlankString();
            ok &= persona != null;
        }
        Integer max = null;
        Node maxNode = node.get(maxTurns);
        if (maxNode == null) {
            node.missing(maxTurns, ": the most turns the conversation runs (1 to " + MAX_TURNS + ")");
            ok = false;
        } else {
            max = Numbers.wholeNumber(maxNode, 1, MAX_TURNS);
        }
        List<StopCondition> conditions = null;
        Node stopNode = node.get(stopWhen);
        if (stopNode != null) {
            conditions = conditions(stopNode);
            ok &= conditions != null;
        }
        List<ScorerSpec> specs = List.of();
        Node scorersNode = node.get(scorers);
        if (scorersNode != null) {
            specs = readScorers.apply(scorersNode);
            ok &= specs != null;
        }
        if (!ok || goal == null || max == null) {
            return null;
        }
        Simulation.Builder b = Simulation.goal(goal).maxTurns(max).expectEachTurn(specs);
        if (persona != null) {
            b.persona(persona);
        }
        if (conditions != null) {
            b.stopWhen(conditions);
        }
        return b.build();
    }

    private static List<StopCondition> conditions(Node node) {
        if (!node.expectNonEmptySequence("must list at least one stop condition (remove the key for the default,"
                + " goal_met)")) {
            return null;
        }
        List<StopCondition> out = new ArrayList<>();
        boolean ok = true;
        for (Node item : node.items()) {
            StopCondition c = condition(item);
            ok &= c != null;
            out.add(c);
        }
        return ok ? out : null;
    }

    private static StopCondition condition(Node item) {
        if (item.isMapping()) {
            if (!item.checkKeys(List.of("contains"))) {
                return null;
            }
            Node text = item.get("contains");
            if (text == null) {
                item.missing("contains", ": the text the agent's answer must contain to stop");
                return null;
            }
            String s = text.nonBlankString();
            return s == null ? null : StopCondition.contains(s);
        }
        String name = item.string();
        if (name == null) {
            return null;
        }
        switch (name) {
            case "goal_met":
                return StopCondition.goalMet();
            case "task_completed":
                return StopCondition.taskCompleted();
            case "contains":
                item.error("'contains' needs the text: write it as {contains: \"...\"}");
                return null;
            default:
                item.error("unknown stop condition " + Problems.quote(name) + Suggestions.didYouMean(name, CONDITIONS)
                        + " (known: goal_met, task_completed, {contains: \"...\"})");
                return null;
        }
    }
}
