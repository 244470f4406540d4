package dev.agenteval.opik.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.agenteval.api.Case;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.Check;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.Turn;
import dev.agenteval.api.TurnResult;
import dev.agenteval.api.Usage;
import dev.agenteval.common.json.JsonTrees;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Results as Opik's REST payloads: dataset items (a case's turns and expectations), the
 * experiment, experiment items, traces, spans carrying token usage, and feedback scores. Plain
 * maps, in the field order Opik's own SDK sends; ids of new objects come from the clock.
 */
public final class OpikPayloads {

    private final String project;
    private final Clock clock;
    private final Suite suite;

    /**
     * Payloads for {@code project}; {@code suite} (may be null) gives the dataset items their
     * expectations, else they are taken from the results.
     */
    public OpikPayloads(String project, Clock clock, Suite suite) {
        this.project = Objects.requireNonNull(project, "project");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.suite = suite;
    }

    /** The data of a case's dataset item: its id, turns (input, expectations) and tags. */
    public Map<String, Object> itemData(CaseResult c) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("case", c.id());
        Case spec = suite == null ? null : suite.find(c.id()).orElse(null);
        data.put("turns", spec != null ? specTurns(spec) : resultTurns(c));
        if (!c.tags().isEmpty()) {
            data.put("tags", c.tags());
        }
        return data;
    }

    private static List<Object> specTurns(Case spec) {
        List<Object> turns = new ArrayList<>();
        for (Turn turn : spec.turns()) {
            Map<String, Object> t = new LinkedHashMap<>();
            turn.name().ifPresent(n -> t.put("name", n));
            t.put("input", turn.input().readableText());
            List<Object> expectations = new ArrayList<>();
            for (ScorerSpec s : turn.scorers()) {
                Map<String, Object> e = new LinkedHashMap<>();
                e.put("type", s.type());
                if (s.inline().isEmpty() && !s.params().isEmpty()) {
                    e.put("params", JsonTrees.toValue(JsonTrees.toNode(s.params())));
                }
                expectations.add(e);
            }
            turn.expectedState().ifPresent(st -> t.put("expected_state", st.toString()));
            t.put("expectations", expectations);
            turns.add(t);
        }
        return turns;
    }

    private static List<Object> resultTurns(CaseResult c) {
        List<Object> turns = new ArrayList<>();
        for (TurnResult turn : c.turns()) {
            Map<String, Object> t = new LinkedHashMap<>();
            if (turn.name() != null) {
                t.put("name", turn.name());
            }
            t.put("input", turn.input());
            t.put("expectations", turn.scores().stream().map(s -> {
                Map<String, Object> e = new LinkedHashMap<>();
                e.put("type", s.type());
                if (!s.checks().isEmpty()) {
                    e.put("checks", s.checks().stream().map(Check::label).toList());
                }
                return (Object) e;
            }).toList());
            turns.add(t);
        }
        return turns;
    }

    /** A new dataset item {@code id} holding {@code data}, tagged with the case's tags. */
    public Map<String, Object> item(String id, CaseResult c, Map<String, Object> data) {
        Map<String, Object> item = new LinkedHashMap<>();
        item.put("id", id);
        item.put("source", "sdk");
        item.put("data", data);
        if (!c.tags().isEmpty()) {
            item.put("tags", distinctTags(c));
        }
        return item;
    }

    /** The experiment's name: {@code name} when given, else the suite's name and the run's start to the second. */
    public static String experimentName(String name, SuiteResult result) {
        return name != null ? name : result.suite() + " " + result.startedAt().truncatedTo(ChronoUnit.SECONDS);
    }

    /** Experiment {@code id} named {@code name} on dataset {@code dataset}, with the run in its metadata. */
    public Map<String, Object> experiment(String id, String dataset, String name, SuiteResult result) {
        Map<String, Object> experiment = new LinkedHashMap<>();
        experiment.put("id", id);
        experiment.put("dataset_name", dataset);
        experiment.put("name", name);
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("suite", result.suite());
        metadata.put("started_at", result.startedAt().toString());
        metadata.put("complete", result.complete());
        if (result.fingerprint() != null) {
            metadata.put("fingerprint", result.fingerprint().value());
        }
        experiment.put("metadata", metadata);
        experiment.put("type", "regular");
        experiment.put("project_name", project);
        return experiment;
    }

    /** The experiment item linking a case's dataset item to its trace. */
    public Map<String, Object> experimentItem(String experimentId, String datasetItemId, String traceId) {
        Map<String, Object> item = new LinkedHashMap<>();
        item.put("id", Uuid7.next(clock).toString());
        item.put("experiment_id", experimentId);
        item.put("dataset_item_id", datasetItemId);
        item.put("trace_id", traceId);
        item.put("project_name", project);
        return item;
    }

    /** The trace of a case the agent wrote none for: its turns in, answers and status out, errors as error info. */
    public Map<String, Object> trace(CaseResult c, String traceId, Instant start) {
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("id", traceId);
        t.put("project_name", project);
        t.put("name", c.id());
        t.put("start_time", start.toString());
        t.put("end_time", start.plus(c.duration()).toString());
        t.put("input", Map.of("turns", c.turns().stream().map(TurnResult::input).toList()));
        Map<String, Object> output = new LinkedHashMap<>();
        output.put("answers", c.turns().stream().map(x -> x.answer() == null ? "" : x.answer()).toList());
        output.put("status", c.status().wireName());
        if (!c.reason().isEmpty()) {
            output.put("reason", c.reason());
        }
        t.put("output", output);
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("case", c.id());
        metadata.put("passed", c.passed());
        if (c.usage() != null && !c.usage().isEmpty()) {
            metadata.put("usage", usageMap(c.usage()));
        }
        t.put("metadata", metadata);
        if (!c.tags().isEmpty()) {
            t.put("tags", distinctTags(c));
        }
        if (c.status() == CaseStatus.ERRORED) {
            t.put("error_info", Map.of("exception_type", "harness_failure", "traceback", c.reason(),
                    "message", c.reason()));
        }
        t.put("source", "experiment");
        return t;
    }

    /**
     * The span carrying a case's token usage on trace {@code traceId}, when the case counted tokens:
     * Opik sums token usage from spans, a trace does not take it.
     */
    public Optional<Map<String, Object>> span(CaseResult c, String traceId, Instant start) {
        Usage usage = c.usage();
        if (usage == null || usage.isEmpty() || usage.inputTokens() == null && usage.outputTokens() == null) {
            return Optional.empty();
        }
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("id", Uuid7.next(clock).toString());
        s.put("trace_id", traceId);
        s.put("project_name", project);
        s.put("name", "agent");
        s.put("type", "general");
        s.put("start_time", start.toString());
        s.put("end_time", start.plus(c.duration()).toString());
        Map<String, Object> u = new LinkedHashMap<>();
        // Opik counts in ints: each count is capped there, the sum before it could overflow.
        long in = Math.min(usage.inputTokens() == null ? 0 : usage.inputTokens(), Integer.MAX_VALUE);
        long out = Math.min(usage.outputTokens() == null ? 0 : usage.outputTokens(), Integer.MAX_VALUE);
        u.put("prompt_tokens", (int) in);
        u.put("completion_tokens", (int) out);
        u.put("total_tokens", (int) Math.min(in + out, Integer.MAX_VALUE));
        s.put("usage", u);
        if (usage.cost() != null && usage.cost() >= 0) {
            s.put("total_estimated_cost", usage.cost());
        }
        if (usage.model() != null) {
            s.put("model", usage.model());
        }
        return Optional.of(s);
    }

    /**
     * One feedback score per passed or failed score on trace {@code traceId}, named by the
     * scorer's type, with {@code (turn N)} when the case has several turns and {@code #2},
     * {@code #3} for repeats; skipped and errored scores have no value and are left out.
     */
    public List<Object> scores(CaseResult c, String traceId) {
        List<Object> out = new ArrayList<>();
        boolean several = c.turns().size() > 1;
        Map<String, Integer> seen = new HashMap<>();
        for (TurnResult t : c.turns()) {
            for (ScoreResult s : t.scores()) {
                if (s.status() == ScoreStatus.SKIPPED || s.status() == ScoreStatus.ERRORED) {
                    continue;
                }
                String name = several ? s.type() + " (turn " + t.index() + ")" : s.type();
                int n = seen.merge(name, 1, Integer::sum);
                if (n > 1) {
                    name = name + " #" + n;
                }
                double value = s.value() != null ? s.value() : s.status() == ScoreStatus.PASSED ? 1 : 0;
                Map<String, Object> score = new LinkedHashMap<>();
                score.put("id", traceId);
                score.put("name", name);
                score.put("value", value);
                score.put("source", "sdk");
                String reason = reason(s);
                if (!reason.isEmpty()) {
                    score.put("reason", reason);
                }
                score.put("project_name", project);
                out.add(score);
            }
        }
        return out;
    }

    // The checks, one "pass label: detail" or "FAIL label: detail" each, else the score's reason.
    private static String reason(ScoreResult s) {
        if (s.checks().isEmpty()) {
            return s.reason();
        }
        StringBuilder sb = new StringBuilder();
        for (Check check : s.checks()) {
            if (sb.length() > 0) {
                sb.append("; ");
            }
            sb.append(check.passed() ? "pass " : "FAIL ").append(check.label());
            if (check.detail() != null && !check.detail().isBlank()) {
                sb.append(": ").append(check.detail());
            }
        }
        return sb.toString();
    }

    private static List<String> distinctTags(CaseResult c) {
        return List.copyOf(new LinkedHashSet<>(c.tags()));
    }

    private static Map<String, Object> usageMap(Usage u) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("input_tokens", u.inputTokens());
        m.put("output_tokens", u.outputTokens());
        m.put("credits", u.credits());
        m.put("cost", u.cost());
        m.put("cost_estimated", u.costEstimated() ? Boolean.TRUE : null);
        m.put("model", u.model());
        m.values().removeIf(Objects::isNull);
        return m;
    }

    /** {@code value} as canonical JSON (sorted keys): equal data, equal text, whatever the key order. */
    public static String canonical(Object value) {
        try {
            return JsonTrees.CANONICAL.writeValueAsString(JsonTrees.toValue(JsonTrees.toNode(value)));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
