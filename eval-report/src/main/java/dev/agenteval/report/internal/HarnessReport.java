package dev.agenteval.report.internal;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agenteval.api.CaseAttempt;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.Check;
import dev.agenteval.api.InfrastructureFailure;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.TurnResult;
import dev.agenteval.api.Usage;
import dev.agenteval.common.json.JsonTrees;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Renders a {@link SuiteResult} as the Python harness's result file: a JSON array with one entry
 * per case ({@code name}, {@code success}, {@code agent_id}, {@code duration_seconds},
 * {@code step_results}, {@code usage}, {@code trace_url} when known) and, after a sequential
 * case, one entry per step ({@code is_step_result: true}). The shape is documented in
 * {@link HarnessFormat} and published as {@code harness-results.schema.json}.
 *
 * <p>The mapping from results: a case not run (skipped) has no entry; a case run several times
 * has an entry per attempt, named {@code <case>#<attempt>}. A case is sequential when it has more
 * than one turn or a named turn. A step whose turn has a harness failure was aborted: null
 * {@code request} and {@code response}, no expectation results, the failure as
 * {@code harness_error}. A scorer that errored (a judge that gave no verdict) puts its failure in
 * the step's {@code harness_error} too, the step's request and response staying. Each score is an
 * expectation result keyed by its scorer type, which for a harness suite is the YAML field
 * ({@code must_include}, {@code jsonpath}, ...); the runner's own rules appear as
 * {@code task_state} (the task ended failed or rejected) and {@code answered}.
 */
public final class HarnessReport {

    /** Expectations whose passing checks say something worth showing (a measurement, a judge's reason). */
    private static final Set<String> SHOWN_ON_PASS = Set.of("max_duration_seconds", "expected_output_text");

    private HarnessReport() {
    }

    /** The JSON text, ending with a newline. */
    public static String render(SuiteResult result) {
        return FileSink.render(HarnessReport::write, result);
    }

    /** Writes the JSON array, ending with a newline, one case at a time. */
    public static void write(SuiteResult result, Writer out) throws IOException {
        try (JsonGenerator gen = JsonTrees.prettyGenerator(out)) {
            gen.writeStartArray();
            for (CaseResult c : result.cases()) {
                for (Run run : runs(c)) {
                    gen.writeTree(caseEntry(run));
                    if (run.sequential()) {
                        for (TurnResult t : run.turns()) {
                            gen.writeTree(stepEntry(run, t));
                        }
                    }
                }
            }
            gen.writeEndArray();
        }
        out.write("\n");
        out.flush();
    }

    /**
     * One run of a case as the harness reports it: the case, or one attempt of a repeated case.
     *
     * @param name       the entry's name: the case id, with {@code #<attempt>} when repeated
     * @param success    whether it met its expectation
     * @param attempt    the attempt
     * @param sequential whether its turns are steps (more than one, or named)
     */
    record Run(String name, boolean success, CaseAttempt attempt, boolean sequential) {
        List<TurnResult> turns() {
            return attempt.turns();
        }

        /** The agent's id: the first a turn knows; null when none does. */
        String agentId() {
            return turns().stream().map(TurnResult::agentId).filter(java.util.Objects::nonNull).findFirst().orElse(null);
        }

        /** The first trace link a turn has; null when none has one. */
        String traceUrl() {
            return turns().stream().map(TurnResult::traceUrl).filter(java.util.Objects::nonNull).findFirst().orElse(null);
        }

        /** The name of a step's own entry: {@code <case>/<step name>}, or {@code <case>/<index>} when unnamed. */
        String stepEntryName(TurnResult t) {
            return name + "/" + (t.name() != null ? t.name() : String.valueOf(t.index()));
        }
    }

    /** The runs of a case: none when it was not run (skipped), one per attempt. */
    static List<Run> runs(CaseResult c) {
        List<Run> runs = new ArrayList<>();
        if (c.status() == CaseStatus.SKIPPED) {
            return runs;
        }
        boolean repeated = c.attempts().size() > 1;
        for (CaseAttempt a : c.attempts()) {
            boolean sequential = a.turns().size() > 1 || a.turns().stream().anyMatch(t -> t.name() != null);
            runs.add(new Run(repeated ? c.id() + "#" + a.attempt() : c.id(), repeated ? a.passed() : c.passed(), a,
                    sequential));
        }
        return runs;
    }

    /** The failure that kept a step from being evaluated: the turn's, else the first errored scorer's; null when none. */
    static InfrastructureFailure harnessError(TurnResult t) {
        if (t.harnessFailure() != null) {
            return t.harnessFailure();
        }
        return t.scores().stream().map(ScoreResult::failure).filter(java.util.Objects::nonNull).findFirst().orElse(null);
    }

    /** True when the harness gave out before the step could be sent and answered. */
    static boolean aborted(TurnResult t) {
        return t.harnessFailure() != null;
    }

    /**
     * A score's checks as the harness lists them: its own, or for a verdict without checks (a
     * judge's) one check labelled with the key; none for a scorer that was skipped or errored.
     */
    static List<Check> checks(ScoreResult s) {
        if (!s.checks().isEmpty()) {
            return s.checks();
        }
        if (s.status() == ScoreStatus.SKIPPED || s.status() == ScoreStatus.ERRORED) {
            return List.of();
        }
        String detail = s.reason().isEmpty() ? (s.passed() ? "passed" : "failed") : s.reason();
        return List.of(new Check(s.type(), s.passed(), detail));
    }

    /** The failed checks of a step, e.g. {@code must_include 'ibuprofen': not found in response}. */
    static List<String> failedChecks(TurnResult t) {
        List<String> lines = new ArrayList<>();
        if (aborted(t)) {
            return lines;
        }
        for (ScoreResult s : t.scores()) {
            for (Check c : checks(s)) {
                if (!c.passed()) {
                    lines.add(s.type() + " '" + c.label() + "': " + c.detail());
                }
            }
        }
        return lines;
    }

    private static ObjectNode caseEntry(Run run) {
        ObjectNode node = JsonTrees.NODES.objectNode();
        node.put("name", run.name());
        node.put("success", run.success());
        node.put("agent_id", run.agentId());
        node.put("duration_seconds", ReportText.seconds(run.attempt().duration()));
        ArrayNode steps = node.putArray("step_results");
        for (TurnResult t : run.turns()) {
            ObjectNode step = JsonTrees.NODES.objectNode();
            step.put("name", run.sequential() ? t.name() : null);
            stepFields(step, t);
            steps.add(step);
        }
        node.set("usage", usage(Usage.sum(run.turns().stream().map(TurnResult::usage).toList())));
        putTraceUrl(node, run.traceUrl());
        return node;
    }

    private static ObjectNode stepEntry(Run run, TurnResult t) {
        ObjectNode node = JsonTrees.NODES.objectNode();
        node.put("name", run.stepEntryName(t));
        node.put("is_step_result", true);
        node.put("case_name", run.name());
        node.put("step_name", t.name());
        node.put("step_index", t.index());
        node.put("agent_id", t.agentId() != null ? t.agentId() : run.agentId());
        stepFields(node, t);
        return node;
    }

    /** The fields every step has, in the harness's order, after {@code name}. */
    private static void stepFields(ObjectNode node, TurnResult t) {
        boolean aborted = aborted(t);
        node.put("success", t.passed());
        node.set("request", aborted ? JsonTrees.NODES.nullNode() : JsonTrees.toNode(t.request()));
        node.set("response", aborted ? JsonTrees.NODES.nullNode() : JsonTrees.toNode(t.response()));
        node.set("harness_error", dev.agenteval.results.internal.ResultsTrees.failure(harnessError(t)));
        node.put("duration_seconds", ReportText.seconds(t.duration()));
        node.put("context_id", t.contextId());
        node.set("usage", usage(t.usage()));
        ArrayNode expectations = node.putArray("expectation_results");
        if (!aborted) {
            for (ScoreResult s : t.scores()) {
                expectations.add(expectation(s));
            }
        }
        putTraceUrl(node, t.traceUrl());
    }

    private static ObjectNode expectation(ScoreResult s) {
        ObjectNode node = JsonTrees.NODES.objectNode();
        node.put("key", s.type());
        ArrayNode checks = node.putArray("checks");
        for (Check c : checks(s)) {
            ObjectNode check = checks.addObject();
            check.put("label", c.label());
            check.put("passed", c.passed());
            check.put("detail", c.detail());
        }
        node.put("show_on_pass", SHOWN_ON_PASS.contains(s.type()) || s.usage() != null);
        return node;
    }

    /**
     * The harness's usage: three fields, each null when not reported; null when none is. A cost
     * computed from the user's prices is added as {@code estimated_cost} (the harness reports no
     * cost of its own).
     */
    private static JsonNode usage(Usage u) {
        if (u == null || u.inputTokens() == null && u.outputTokens() == null && u.credits() == null) {
            return JsonTrees.NODES.nullNode();
        }
        ObjectNode node = JsonTrees.NODES.objectNode();
        node.put("input_tokens", u.inputTokens());
        node.put("output_tokens", u.outputTokens());
        node.put("credits", u.credits());
        if (u.costEstimated()) {
            node.put("estimated_cost", u.cost());
        }
        return node;
    }

    private static void putTraceUrl(ObjectNode node, String traceUrl) {
        if (traceUrl != null) {
            node.put("trace_url", traceUrl);
        }
    }
}
