package dev.agenteval.results.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.agenteval.api.CaseAttempt;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.Check;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.Fingerprint;
import dev.agenteval.api.InfrastructureFailure;
import dev.agenteval.api.Part;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.api.Shard;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.TaskState;
import dev.agenteval.api.ToolCall;
import dev.agenteval.api.TurnResult;
import dev.agenteval.api.Usage;
import dev.agenteval.common.json.JsonTrees;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads the JSON document the {@code json} report format writes ({@link ResultsTrees}) back into a {@link SuiteResult}. Keys it does
 * not know are ignored, so reports of later versions (additive keys) still read; a missing or
 * ill-typed key it needs is an error naming the file and the key's path, e.g.
 * {@code results.json: cases[2].status: unknown status 'weird' (known: passed, failed, errored, skipped)}.
 * A case that ran one attempt is written without {@code attempts}: it reads back as one attempt
 * holding the case's turns (none when skipped).
 */
public final class JsonReportReader {

    private final String source;

    private JsonReportReader(String source) {
        this.source = source;
    }

    /** Reads {@code file}. */
    public static SuiteResult read(Path file) {
        return parse(tree(file), file.toString());
    }

    /**
     * The JSON tree of {@code file}, for a reader that also looks at fields the result types do not
     * hold; {@link #parse(JsonNode, String)} makes the result of it.
     *
     * @throws ConfigurationException naming the file when it is missing, unreadable or not JSON
     */
    public static JsonNode tree(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new ConfigurationException(file + ": no such file");
        } catch (IOException e) {
            throw new ConfigurationException(file + ": cannot read the file: " + e.getMessage(), e);
        }
        return readTree(text, file.toString());
    }

    /** Reads JSON text; {@code source} names it in messages. */
    public static SuiteResult parse(String json, String source) {
        return parse(readTree(json, source), source);
    }

    /** Reads a results document's JSON tree; {@code source} names it in messages. */
    public static SuiteResult parse(JsonNode root, String source) {
        return new JsonReportReader(source).suite(root);
    }

    private static JsonNode readTree(String json, String source) {
        try {
            return JsonTrees.MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new ConfigurationException(source + ": not JSON: " + e.getOriginalMessage()
                    + " (line " + e.getLocation().getLineNr() + ")", e);
        }
    }

    /** Whether {@code node} is a journal's header line ({@code {"journal": 1, "suite": ...}}). */
    public static boolean isJournalHeader(JsonNode node) {
        return node != null && node.isObject() && node.path("journal").isInt() && node.path("suite").isTextual();
    }

    /** What a reader of results files says when given a journal ({@code source} names it). */
    public static String journalGiven(String source) {
        return source + " is a journal, not a results file; use `agent-eval run SUITE --resume DIR` (DIR the journal's"
                + " folder) to finish its run and write DIR/results.json";
    }

    private SuiteResult suite(JsonNode root) {
        if (isJournalHeader(root) && !root.has("cases")) {
            // Read as JSON, a journal is its header line: a results file without startedAt.
            throw new ConfigurationException(journalGiven(source));
        }
        if (root == null || !root.isObject() || !root.has("suite") && !root.has("cases")) {
            boolean harness = root != null && root.isArray() && root.size() > 0 && root.get(0).has("success");
            throw error("", "not an agent-eval results document (expected a JSON object with 'suite' and 'cases', as "
                    + "agent-eval writes results.json)" + (harness ? "; this looks like the harness's results format,"
                    + " which is not read back: use the results.json of the same run" : ""));
        }
        String suite = text(root, "suite", "", false);
        Instant startedAt;
        String started = text(root, "startedAt", "", false);
        try {
            startedAt = Instant.parse(started);
        } catch (DateTimeParseException e) {
            throw error("startedAt", "not an ISO-8601 instant: '" + started + "'");
        }
        Duration duration = seconds(root, "durationSeconds", "");
        boolean complete = bool(root, "complete", "");
        Shard shard = shard(root.get("shard"));
        Fingerprint fingerprint = fingerprint(root.get("fingerprint"));
        List<CaseResult> cases = new ArrayList<>();
        JsonNode array = array(root, "cases", "");
        for (int i = 0; i < array.size(); i++) {
            cases.add(caseResult(array.get(i), "cases[" + i + "]."));
        }
        return new SuiteResult(suite, startedAt, duration, complete, cases, shard, fingerprint);
    }

    /** The {@code shard} node of a results document (or a journal's header), or null when it is absent. */
    private Shard shard(JsonNode shardNode) {
        if (shardNode == null || shardNode.isNull()) {
            return null;
        }
        int index = integer(shardNode, "index", "shard.");
        int count = integer(shardNode, "count", "shard.");
        try {
            return Shard.of(index, count);
        } catch (IllegalArgumentException e) {
            throw error("shard", e.getMessage());
        }
    }

    /** The {@code fingerprint} node of a results document (or a journal's line), or null when it is absent. */
    private Fingerprint fingerprint(JsonNode fingerprintNode) {
        if (fingerprintNode == null || fingerprintNode.isNull()) {
            return null;
        }
        requireObject(fingerprintNode, "fingerprint.");
        try {
            return new Fingerprint(text(fingerprintNode, "suite", "fingerprint.", false),
                    integer(fingerprintNode, "suiteCases", "fingerprint."), text(fingerprintNode, "agent", "fingerprint.", false),
                    text(fingerprintNode, "judge", "fingerprint.", false), text(fingerprintNode, "value", "fingerprint.", false));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw error("fingerprint", e.getMessage());
        }
    }

    /** A case node as results.json (or a journal line) has it; {@code source} names it in messages. */
    public static CaseResult parseCase(JsonNode node, String source) {
        return new JsonReportReader(source).caseResult(node, "");
    }

    /** A shard node; {@code source} names it in messages. */
    public static Shard parseShard(JsonNode node, String source) {
        return new JsonReportReader(source).shard(node);
    }

    /** A fingerprint node; {@code source} names it in messages. */
    public static Fingerprint parseFingerprint(JsonNode node, String source) {
        return new JsonReportReader(source).fingerprint(node);
    }

    private CaseResult caseResult(JsonNode node, String at) {
        requireObject(node, at);
        String id = text(node, "id", at, false);
        List<String> tags = new ArrayList<>();
        JsonNode tagArray = array(node, "tags", at);
        for (int i = 0; i < tagArray.size(); i++) {
            tags.add(stringValue(tagArray.get(i), at + "tags[" + i + "]"));
        }
        boolean expectPass = bool(node, "expectPass", at);
        CaseStatus status = caseStatus(text(node, "status", at, false), at + "status");
        String reason = text(node, "reason", at, false);
        Duration duration = seconds(node, "durationSeconds", at);
        Usage usage = usage(node.get("usage"), at + "usage");
        List<TurnResult> turns = turns(node, at);
        List<CaseAttempt> attempts = new ArrayList<>();
        JsonNode attemptArray = node.get("attempts");
        if (attemptArray != null && !attemptArray.isNull()) {
            attemptArray = array(node, "attempts", at);
            for (int i = 0; i < attemptArray.size(); i++) {
                attempts.add(attempt(attemptArray.get(i), at + "attempts[" + i + "]."));
            }
        } else if (status != CaseStatus.SKIPPED || !turns.isEmpty()) {
            attempts.add(new CaseAttempt(1, status, reason, duration, usage, turns, text(node, "stopReason", at, true)));
        }
        double passThreshold = 1.0;
        JsonNode thresholdNode = node.get("passThreshold");
        if (thresholdNode != null && !thresholdNode.isNull()) {
            if (!thresholdNode.isNumber() || !(thresholdNode.doubleValue() > 0 && thresholdNode.doubleValue() <= 1)) {
                throw error(at + "passThreshold", "must be a number > 0 and <= 1");
            }
            passThreshold = thresholdNode.doubleValue();
        }
        return new CaseResult(id, tags, expectPass, status, reason, duration, usage, attempts, passThreshold);
    }

    private CaseAttempt attempt(JsonNode node, String at) {
        requireObject(node, at);
        return new CaseAttempt(integer(node, "attempt", at), caseStatus(text(node, "status", at, false), at + "status"),
                text(node, "reason", at, false), seconds(node, "durationSeconds", at),
                usage(node.get("usage"), at + "usage"), turns(node, at), text(node, "stopReason", at, true));
    }

    private List<TurnResult> turns(JsonNode parent, String at) {
        List<TurnResult> turns = new ArrayList<>();
        JsonNode array = parent.get("turns");
        if (array == null || array.isNull()) {
            return turns;
        }
        array = array(parent, "turns", at);
        for (int i = 0; i < array.size(); i++) {
            turns.add(turn(array.get(i), at + "turns[" + i + "]."));
        }
        return turns;
    }

    private TurnResult turn(JsonNode node, String at) {
        requireObject(node, at);
        int index = integer(node, "index", at);
        String name = text(node, "name", at, true);
        String input = text(node, "input", at, false);
        Object request = value(node.get("request"));
        Object response = value(node.get("response"));
        String answer = text(node, "answer", at, true);
        String state = text(node, "state", at, true);
        List<ToolCall> calls = new ArrayList<>();
        JsonNode callArray = node.get("toolCalls");
        if (callArray != null && !callArray.isNull()) {
            callArray = array(node, "toolCalls", at);
            for (int i = 0; i < callArray.size(); i++) {
                calls.add(toolCall(callArray.get(i), at + "toolCalls[" + i + "]."));
            }
        }
        List<ScoreResult> scores = new ArrayList<>();
        JsonNode scoreArray = node.get("scores");
        if (scoreArray != null && !scoreArray.isNull()) {
            scoreArray = array(node, "scores", at);
            for (int i = 0; i < scoreArray.size(); i++) {
                scores.add(score(scoreArray.get(i), at + "scores[" + i + "]."));
            }
        }
        try {
            return new TurnResult(index, name, input, request, response, answer,
                    state == null ? null : TaskState.parse(state), calls, seconds(node, "durationSeconds", at),
                    usage(node.get("usage"), at + "usage"), failure(node.get("harnessFailure"), at + "harnessFailure"),
                    scores, text(node, "agentId", at, true), text(node, "contextId", at, true), text(node, "taskId", at, true),
                    node.path("traceUrl").isTextual() ? node.get("traceUrl").asText() : null, inputParts(node, at));
        } catch (IllegalArgumentException e) {
            throw error(at.isEmpty() ? "" : at.substring(0, at.length() - 1), e.getMessage());
        }
    }

    /** A turn's {@code inputParts}: none when absent (its input was one text part, or an older report). */
    private List<Part> inputParts(JsonNode node, String at) {
        JsonNode array = node.get("inputParts");
        if (array == null || array.isNull()) {
            return List.of();
        }
        array = array(node, "inputParts", at);
        List<Part> parts = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            String partAt = at + "inputParts[" + i + "].";
            JsonNode part = array.get(i);
            requireObject(part, partAt);
            String kind = text(part, "kind", partAt, false);
            switch (kind) {
                case "text" -> parts.add(Part.text(text(part, "text", partAt, false)));
                case "data" -> {
                    if (!part.has("data")) {
                        throw error(partAt + "data", "missing");
                    }
                    parts.add(Part.data(value(part.get("data"))));
                }
                default -> throw error(partAt + "kind", "must be 'text' or 'data' but was '" + kind + "'");
            }
        }
        return parts;
    }

    @SuppressWarnings("unchecked")
    private ToolCall toolCall(JsonNode node, String at) {
        requireObject(node, at);
        String name = text(node, "name", at, false);
        if (name.isBlank()) {
            throw error(at + "name", "a tool call needs a non-blank name");
        }
        JsonNode args = node.get("arguments");
        Object arguments = args == null || args.isNull() ? Map.of() : value(args);
        if (!(arguments instanceof Map)) {
            throw error(at + "arguments", "must be a JSON object but was " + args.getNodeType().name().toLowerCase(Locale.ROOT));
        }
        return new ToolCall(name, (Map<String, Object>) arguments, value(node.get("result")), text(node, "error", at, true),
                optionalBool(node, "mocked", at));
    }

    private ScoreResult score(JsonNode node, String at) {
        requireObject(node, at);
        String type = text(node, "type", at, false);
        String statusText = text(node, "status", at, false);
        ScoreStatus status;
        try {
            status = ScoreStatus.valueOf(statusText.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw error(at + "status", "unknown status '" + statusText + "' (known: passed, failed, skipped, errored)");
        }
        JsonNode valueNode = node.get("value");
        Double value = null;
        if (valueNode != null && !valueNode.isNull()) {
            if (!valueNode.isNumber()) {
                throw error(at + "value", "must be a number or null");
            }
            value = valueNode.doubleValue();
        }
        List<Check> checks = new ArrayList<>();
        JsonNode checkArray = node.get("checks");
        if (checkArray != null && !checkArray.isNull()) {
            checkArray = array(node, "checks", at);
            for (int i = 0; i < checkArray.size(); i++) {
                JsonNode c = checkArray.get(i);
                String cat = at + "checks[" + i + "].";
                requireObject(c, cat);
                checks.add(new Check(text(c, "label", cat, false), bool(c, "passed", cat), text(c, "detail", cat, false)));
            }
        }
        try {
            return new ScoreResult(type, status, value, text(node, "reason", at, false), checks,
                    usage(node.get("usage"), at + "usage"), failure(node.get("failure"), at + "failure"));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw error(at.substring(0, at.length() - 1), e.getMessage());
        }
    }

    @SuppressWarnings("unchecked")
    private InfrastructureFailure failure(JsonNode node, String at) {
        if (node == null || node.isNull()) {
            return null;
        }
        requireObject(node, at + ".");
        String codeText = text(node, "code", at + ".", false);
        FailureCode code;
        try {
            code = FailureCode.fromWireName(codeText);
        } catch (IllegalArgumentException e) {
            throw error(at + ".code", e.getMessage());
        }
        JsonNode contextNode = node.get("context");
        Object context = contextNode == null || contextNode.isNull() ? Map.of() : value(contextNode);
        if (!(context instanceof Map)) {
            throw error(at + ".context", "must be a JSON object");
        }
        return new InfrastructureFailure(code, text(node, "message", at + ".", false), (Map<String, Object>) context);
    }

    private Usage usage(JsonNode node, String at) {
        if (node == null || node.isNull()) {
            return null;
        }
        requireObject(node, at + ".");
        return new Usage(longOrNull(node, "inputTokens", at), longOrNull(node, "outputTokens", at),
                doubleOrNull(node, "credits", at), doubleOrNull(node, "cost", at), text(node, "model", at + ".", true),
                optionalBool(node, "costEstimated", at + "."));
    }

    private Long longOrNull(JsonNode node, String key, String at) {
        JsonNode v = node.get(key);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.canConvertToLong() || !v.isIntegralNumber()) {
            throw error(at + "." + key, "must be a whole number or null");
        }
        return v.longValue();
    }

    private Double doubleOrNull(JsonNode node, String key, String at) {
        JsonNode v = node.get(key);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isNumber()) {
            throw error(at + "." + key, "must be a number or null");
        }
        return v.doubleValue();
    }

    private CaseStatus caseStatus(String text, String at) {
        try {
            return CaseStatus.valueOf(text.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw error(at, "unknown status '" + text + "' (known: passed, failed, errored, skipped)");
        }
    }

    /** A JSON-like Java value as the API model holds them: whole numbers as Long (or BigInteger). */
    private static Object value(JsonNode node) {
        return JsonTrees.toValue(node);
    }

    private String text(JsonNode node, String key, String at, boolean nullable) {
        JsonNode v = node.get(key);
        if (v == null || v.isNull()) {
            if (nullable) {
                return null;
            }
            throw error(at + key, v == null ? "missing" : "must be a string but was null");
        }
        if (!v.isTextual()) {
            throw error(at + key, "must be a string but was " + v.getNodeType().name().toLowerCase(Locale.ROOT));
        }
        return v.textValue();
    }

    private String stringValue(JsonNode v, String at) {
        if (v == null || !v.isTextual()) {
            throw error(at, "must be a string");
        }
        return v.textValue();
    }

    private boolean bool(JsonNode node, String key, String at) {
        JsonNode v = node.get(key);
        if (v == null || !v.isBoolean()) {
            throw error(at + key, v == null ? "missing" : "must be true or false");
        }
        return v.booleanValue();
    }

    /** An optional boolean: false when absent or null. */
    private boolean optionalBool(JsonNode node, String key, String at) {
        JsonNode v = node.get(key);
        if (v != null && !v.isNull() && !v.isBoolean()) {
            throw error(at + key, "must be true or false");
        }
        return v != null && v.booleanValue();
    }

    private int integer(JsonNode node, String key, String at) {
        JsonNode v = node.get(key);
        if (v == null || !v.isIntegralNumber() || !v.canConvertToInt()) {
            throw error(at + key, v == null ? "missing" : "must be a whole number");
        }
        return v.intValue();
    }

    private Duration seconds(JsonNode node, String key, String at) {
        JsonNode v = node.get(key);
        if (v == null || !v.isNumber() || v.doubleValue() < 0) {
            throw error(at + key, v == null ? "missing" : "must be a number of seconds >= 0");
        }
        return Duration.ofMillis(Math.round(v.doubleValue() * 1000));
    }

    private JsonNode array(JsonNode node, String key, String at) {
        JsonNode v = node.get(key);
        if (v == null || !v.isArray()) {
            throw error(at + key, v == null ? "missing" : "must be an array");
        }
        return v;
    }

    private void requireObject(JsonNode node, String at) {
        if (node == null || !node.isObject()) {
            throw error(at.endsWith(".") ? at.substring(0, at.length() - 1) : at, "must be a JSON object");
        }
    }

    private ConfigurationException error(String at, String problem) {
        return new ConfigurationException(source + ": " + (at.isEmpty() ? "" : at + ": ") + problem);
    }
}
