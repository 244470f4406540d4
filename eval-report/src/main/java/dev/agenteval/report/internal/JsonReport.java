package dev.agenteval.report.internal;

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
import dev.agenteval.report.BaselineComparison;
import dev.agenteval.report.stats.Confidence;
import dev.agenteval.report.stats.Interval;
import dev.agenteval.report.stats.PassAtK;
import dev.agenteval.report.stats.RunStatistics;
import dev.agenteval.report.stats.ScorerStatistics;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Function;

/**
 * Renders a {@link SuiteResult} as the JSON document described in {@link JsonFormat}: pretty-printed,
 * UTF-8 with non-ASCII characters kept, and keys in a fixed order.
 */
public final class JsonReport {

    private JsonReport() {
    }

    /** The JSON text, ending with a newline. */
    public static String render(SuiteResult result) {
        return FileSink.render(JsonReport::write, result);
    }

    /**
     * Writes the JSON text, ending with a newline, one case tree at a time: memory stays bounded
     * by the largest case, not the whole report.
     */
    public static void write(SuiteResult result, java.io.Writer out) throws java.io.IOException {
        write(result, null, out);
    }

    /** Like {@link #write(SuiteResult, java.io.Writer)}, with a {@code baseline} section when {@code comparison} is not null. */
    /** The document with its comparison with a baseline, as the format writes it when compared. */
    public static String render(SuiteResult result, BaselineComparison comparison) {
        return FileSink.render((r, out) -> write(r, comparison, out), result);
    }

    public static void write(SuiteResult result, BaselineComparison comparison, java.io.Writer out) throws java.io.IOException {
        write(result, comparison, Confidence.DEFAULT, c -> null, out);
    }

    /**
     * The renderer of {@link FileSink} whose cases can be rendered ahead; {@code comparison} gives
     * the baseline section of a result (null: none).
     */
    public static FileSink.CaseRenderer renderer(Function<SuiteResult, BaselineComparison> comparison) {
        return renderer(comparison, Confidence.DEFAULT);
    }

    /** Like {@link #renderer(Function)}, the error bars at {@code confidence}'s level and seed. */
    public static FileSink.CaseRenderer renderer(Function<SuiteResult, BaselineComparison> comparison,
                                                 Confidence confidence) {
        CaseWriter cases = new CaseWriter();
        return new FileSink.CaseRenderer() {
            @Override
            public byte[] renderCase(CaseResult c) throws java.io.IOException {
                return cases.render(c);
            }

            @Override
            public void write(SuiteResult result, Function<CaseResult, byte[]> rendered, java.io.Writer out)
                    throws java.io.IOException {
                JsonReport.write(result, comparison.apply(result), confidence, rendered, out);
            }
        };
    }

    /**
     * Renders a case's element of the {@code cases} array as the whole document has it (at the
     * same depth, without the separator and indent before it), as UTF-8, with one generator kept
     * open inside an endless {@code cases} array: no generator, no string per case. A failure drops
     * the generator (the next case starts a new one).
     */
    private static final class CaseWriter {
        /** Hands out the tail of its buffer without copying it whole. */
        private static final class Bytes extends java.io.ByteArrayOutputStream {
            Bytes() {
                super(8192);
            }

            byte[] from(int start) {
                return java.util.Arrays.copyOfRange(buf, start, count);
            }
        }

        private final Bytes bytes = new Bytes();
        private com.fasterxml.jackson.core.JsonGenerator gen;
        private int lead;

        synchronized byte[] render(CaseResult c) throws java.io.IOException {
            ObjectNode node = caseNode(c);
            try {
                if (gen == null) {
                    bytes.reset();
                    gen = JsonTrees.prettyGenerator(new java.io.OutputStreamWriter(bytes, StandardCharsets.UTF_8));
                    gen.writeStartObject();
                    gen.writeArrayFieldStart("cases");
                    gen.writeRawValue(""); // the first element, so the next ones are preceded alike
                    gen.flush();
                    int second = bytes.size();
                    gen.writeRawValue("");
                    gen.flush();
                    lead = bytes.size() - second; // the separator and indent before an element
                }
                bytes.reset();
                gen.writeTree(node);
                gen.flush();
                return bytes.from(lead);
            } catch (java.io.IOException | RuntimeException e) {
                gen = null;
                throw e;
            }
        }
    }

    /**
     * The document; a case for which {@code rendered} gives its element ({@link CaseWriter}) is copied
     * from it, the others are rendered now.
     */
    private static void write(SuiteResult result, BaselineComparison comparison, Confidence confidence,
            Function<CaseResult, byte[]> rendered, java.io.Writer out) throws java.io.IOException {
        try (com.fasterxml.jackson.core.JsonGenerator gen = JsonTrees.prettyGenerator(out)) {
            // flush() before a copied fragment hands the generator's text to out, no further.
            gen.disable(com.fasterxml.jackson.core.JsonGenerator.Feature.FLUSH_PASSED_TO_STREAM);
            gen.writeStartObject();
            gen.writeStringField("suite", result.suite());
            gen.writeStringField("startedAt", result.startedAt().toString());
            gen.writeFieldName("durationSeconds");
            gen.writeTree(JsonTrees.NODES.numberNode(ReportText.seconds(result.duration())));
            gen.writeBooleanField("complete", result.complete());
            if (result.shard() != null) {
                gen.writeFieldName("shard");
                gen.writeTree(shardTree(result.shard()));
            }
            if (result.fingerprint() != null) {
                gen.writeFieldName("fingerprint");
                gen.writeTree(fingerprintTree(result.fingerprint()));
            }
            gen.writeFieldName("summary");
            gen.writeTree(summary(result, confidence));
            gen.writeFieldName("scorers");
            gen.writeTree(scorers(result, confidence));
            gen.writeFieldName("usage");
            gen.writeTree(usage(result.usage()));
            if (result.judgeUsage() != null) {
                gen.writeFieldName("judgeUsage");
                gen.writeTree(usage(result.judgeUsage()));
            }
            if (comparison != null) {
                gen.writeFieldName("baseline");
                gen.writeTree(ComparisonReport.json(comparison));
            }
            gen.writeArrayFieldStart("cases");
            for (CaseResult c : result.cases()) {
                byte[] fragment = rendered.apply(c);
                if (fragment == null) {
                    gen.writeTree(caseNode(c));
                } else {
                    gen.writeRawValue(""); // the separator and indent
                    gen.flush();
                    Utf8Output.writeUtf8(out, fragment);
                }
            }
            gen.writeEndArray();
            gen.writeEndObject();
        }
        out.write("\n");
        out.flush();
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
    private static ArrayNode scorers(SuiteResult result, Confidence confidence) {
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

    private static ObjectNode summary(SuiteResult result, Confidence confidence) {
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

    private static JsonNode usage(Usage u) {
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

    private static ObjectNode caseNode(CaseResult c) {
        ObjectNode node = JsonTrees.NODES.objectNode();
        node.put("id", c.id());
        ArrayNode tags = node.putArray("tags");
        c.tags().forEach(tags::add);
        node.put("expectPass", c.expectPass());
        node.put("passed", c.passed());
        node.put("status", c.status().wireName());
        node.put("reason", c.reason());
        node.put("durationSeconds", ReportText.seconds(c.duration()));
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
        node.put("durationSeconds", ReportText.seconds(a.duration()));
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
        }
        node.put("durationSeconds", ReportText.seconds(t.duration()));
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
    static JsonNode failure(InfrastructureFailure f) {
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
