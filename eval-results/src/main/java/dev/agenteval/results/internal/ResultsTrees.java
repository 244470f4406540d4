package dev.agenteval.results.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agenteval.api.CaseAttempt;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.Check;
import dev.agenteval.api.Fingerprint;
import dev.agenteval.api.InfrastructureFailure;
import dev.agenteval.api.Part;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.Shard;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.Summary;
import dev.agenteval.api.ToolCall;
import dev.agenteval.api.TurnResult;
import dev.agenteval.api.Usage;
import dev.agenteval.common.json.JsonTrees;
import dev.agenteval.results.stats.Confidence;
import dev.agenteval.results.stats.Interval;
import dev.agenteval.results.stats.internal.PassAtK;
import dev.agenteval.results.stats.internal.RunStatistics;
import dev.agenteval.results.stats.internal.ScorerStatistics;
import java.time.Duration;
import java.util.List;

/**
 * The parts of results.json as JSON trees: what the {@code json} report format writes and the
 * journal of a resumable run holds, so that {@link JsonReportReader} reads both back alike.
 */
public final class ResultsTrees {

    private ResultsTrees() {
    }

    /** {@code shard} as results.json has it. */
    public static ObjectNode shardTree(Shard shard) {
        ObjectNode node = JsonTrees.NODES.objectNode();
        node.put("index", shard.index());
        node.put("count", shard.count());
        return node;
    }

    /** {@code fingerprint} as results.json has it. */
    public static ObjectNode fingerprintTree(Fingerprint f) {
        ObjectNode node = JsonTrees.NODES.objectNode();
        node.put("suite", f.suite());
        node.put("suiteCases", f.suiteCases());
        node.put("agent", f.agent());
        node.put("judge", f.judge());
        node.put("value", f.value());
        return node;
    }

    /** results.json's {@code scorers}: each scorer's mean score with its bootstrap interval. */
    public static ArrayNode scorers(SuiteResult result, Confidence confidence) {
        ArrayNode scorers = JsonTrees.NODES.arrayNode();
        for (ScorerStatistics s : ScorerStatistics.of(result, confidence)) {
            ObjectNode node = scorers.addObject();
            node.put("id", s.id());
            node.put("n", s.estimate().n());
            node.put("mean", s.estimate().mean());
            node.put("stderr", s.estimate().stderr());
            interval(node.putObject("interval"), s.estimate().interval());
        }
        return scorers;
    }

    private static void interval(ObjectNode node, Interval i) {
        node.put("level", i.level());
        node.put("method", i.method());
        node.put("low", i.low());
        node.put("high", i.high());
    }

    public static ObjectNode summary(SuiteResult result, Confidence confidence) {
        Summary s = result.summary();
        ObjectNode node = JsonTrees.NODES.objectNode();
        node.put("cases", s.cases());
        node.put("passed", s.passed());
        node.put("failed", s.failed());
        node.put("errored", s.errored());
        node.put("skipped", s.skipped());
        node.put("undecided", s.undecided());
        node.put("passRate", s.passRate());
        node.put("flaky", s.flaky());
        RunStatistics stats = RunStatistics.of(result, confidence.level());
        stats.passRateInterval().ifPresent(i -> interval(node.putObject("passRateInterval"), i));
        stats.attemptPassRate().ifPresent(a -> {
            ObjectNode attempts = node.putObject("attemptPassRate");
            attempts.put("mean", a.mean());
            // null where one case leaves no spread to estimate
            attempts.put("stderr", a.stderr().isPresent() ? a.stderr().getAsDouble() : null);
            attempts.put("low", a.interval().map(Interval::low).orElse(null));
            attempts.put("high", a.interval().map(Interval::high).orElse(null));
        });
        if (!stats.passAtK().isEmpty()) {
            ObjectNode at = node.putObject("passAtK");
            ObjectNode hat = node.putObject("passHatK");
            ObjectNode leftOut = node.putObject("passAtKLeftOut");
            for (PassAtK k : stats.passAtK()) {
                at.put(String.valueOf(k.k()), k.passAtK());
                hat.put(String.valueOf(k.k()), k.passHatK());
                leftOut.put(String.valueOf(k.k()), k.leftOut());
            }
        }
        return node;
    }

    public static JsonNode usage(Usage u) {
        if (u == null) {
            return JsonTrees.NODES.nullNode();
        }
        ObjectNode node = JsonTrees.NODES.objectNode();
        node.put("inputTokens", u.inputTokens());
        node.put("outputTokens", u.outputTokens());
        node.put("credits", u.credits());
        node.put("cost", u.cost());
        if (u.costEstimated()) {
            node.put("costEstimated", true);
        }
        if (u.model() != null) {
            node.put("model", u.model());
        }
        return node;
    }

    /**
     * A case as a journal line holds it: its element of results.json's {@code cases}, so that
     * {@link JsonReportReader#parseCase} gives back an equal result.
     */
    public static ObjectNode journalCase(CaseResult c) {
        return caseNode(c);
    }

    public static ObjectNode caseNode(CaseResult c) {
        ObjectNode node = JsonTrees.NODES.objectNode();
        node.put("id", c.id());
        ArrayNode tags = node.putArray("tags");
        c.tags().forEach(tags::add);
        node.put("expectPass", c.expectPass());
        node.put("passed", c.passed());
        node.put("status", c.status().wireName());
        node.put("reason", c.reason());
        node.put("durationSeconds", seconds(c.duration()));
        node.set("usage", usage(c.usage()));
        if (c.judgeUsage() != null) {
            node.set("judgeUsage", usage(c.judgeUsage()));
        }
        if (c.attempts().size() > 1) {
            node.put("passRate", c.passRate());
            node.put("passThreshold", c.passThreshold());
            node.put("passAtK", c.passAtK());
            node.put("passHatK", c.passHatK());
            node.put("flaky", c.flaky());
            ArrayNode attempts = node.putArray("attempts");
            for (CaseAttempt a : c.attempts()) {
                attempts.add(attempt(a));
            }
        }
        // Only for a simulated conversation, so the results of scripted cases stay as they were.
        String stopReason = c.attempts().isEmpty() ? null : c.attempts().get(0).stopReason();
        if (stopReason != null) {
            node.put("stopReason", stopReason);
        }
        node.set("turns", turns(c.turns()));
        return node;
    }

    private static ObjectNode attempt(CaseAttempt a) {
        ObjectNode node = JsonTrees.NODES.objectNode();
        node.put("attempt", a.attempt());
        node.put("status", a.status().wireName());
        node.put("reason", a.reason());
        node.put("durationSeconds", seconds(a.duration()));
        node.set("usage", usage(a.usage()));
        if (a.stopReason() != null) {
            node.put("stopReason", a.stopReason());
        }
        node.set("turns", turns(a.turns()));
        return node;
    }

    private static ArrayNode turns(List<TurnResult> turns) {
        ArrayNode array = JsonTrees.NODES.arrayNode();
        for (TurnResult t : turns) {
            array.add(turn(t));
        }
        return array;
    }

    private static ObjectNode turn(TurnResult t) {
        ObjectNode node = JsonTrees.NODES.objectNode();
        node.put("index", t.index());
        if (t.name() != null) {
            node.put("name", t.name());
        }
        node.put("input", t.input());
        if (!t.inputParts().isEmpty()) {
            ArrayNode parts = node.putArray("inputParts");
            for (Part p : t.inputParts()) {
                ObjectNode part = parts.addObject();
                if (p instanceof Part.Text text) {
                    part.put("kind", "text");
                    part.put("text", text.text());
                } else {
                    part.put("kind", "data");
                    part.set("data", JsonTrees.toNode(((Part.Data) p).data()));
                }
            }
        }
        node.set("request", JsonTrees.toNode(t.request()));
        node.set("response", JsonTrees.toNode(t.response()));
        node.put("answer", t.answer());
        node.put("state", t.state() == null ? null : t.state().wireName());
        ArrayNode calls = node.putArray("toolCalls");
        for (ToolCall call : t.toolCalls()) {
            ObjectNode callNode = calls.addObject();
            callNode.put("name", call.name());
            callNode.set("arguments", JsonTrees.toNode(call.arguments()));
            if (call.result() != null) {
                callNode.set("result", JsonTrees.toNode(call.result()));
            }
            // Only when set, so that the calls of other runs stay as they were.
            if (call.error() != null) {
                callNode.put("error", call.error());
            }
            if (call.mocked()) {
                callNode.put("mocked", true);
            }
        }
        node.put("durationSeconds", seconds(t.duration()));
        node.set("usage", usage(t.usage()));
        node.set("harnessFailure", failure(t.harnessFailure()));
        // The ids the agent reported, and its trace: only when known, so that other turns stay as they were.
        putIfKnown(node, "agentId", t.agentId());
        putIfKnown(node, "contextId", t.contextId());
        putIfKnown(node, "taskId", t.taskId());
        putIfKnown(node, "traceUrl", t.traceUrl());
        ArrayNode scores = node.putArray("scores");
        for (ScoreResult s : t.scores()) {
            scores.add(score(s));
        }
        return node;
    }

    /** Seconds with milliseconds, as results.json has durations. */
    public static double seconds(Duration d) {
        return d.toMillis() / 1000.0;
    }

    private static void putIfKnown(ObjectNode node, String field, String value) {
        if (value != null) {
            node.put(field, value);
        }
    }

    private static ObjectNode score(ScoreResult s) {
        ObjectNode node = JsonTrees.NODES.objectNode();
        node.put("type", s.type());
        node.put("status", s.status().wireName());
        node.put("value", s.value());
        node.put("reason", s.reason());
        ArrayNode checks = node.putArray("checks");
        for (Check c : s.checks()) {
            ObjectNode check = checks.addObject();
            check.put("label", c.label());
            check.put("passed", c.passed());
            check.put("detail", c.detail());
        }
        if (s.usage() != null) {
            node.set("usage", usage(s.usage()));
        }
        if (s.failure() != null) {
            node.set("failure", failure(s.failure()));
        }
        return node;
    }

    /** A harness failure as {@code {code, message, context}}; a JSON null for null. */
    public static JsonNode failure(InfrastructureFailure f) {
        if (f == null) {
            return JsonTrees.NODES.nullNode();
        }
        ObjectNode node = JsonTrees.NODES.objectNode();
        node.put("code", f.code().wireName());
        node.put("message", f.message());
        node.set("context", JsonTrees.toNode(f.context()));
        return node;
    }
}
