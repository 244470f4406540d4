package dev.agenteval.bench;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Case;
import dev.agenteval.api.JsonPathCheck;
import dev.agenteval.api.Part;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Scorers;
import dev.agenteval.api.TaskState;
import dev.agenteval.core.Providers;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScoringContext;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The hot scorers over a 1 MB A2A response (a task whose artifact holds a data part with 8,000
 * readings, and whose raw JSON-RPC answer is what {@code must_include} searches). Each benchmark
 * scores one turn: the matching element sits at the end, so every scorer reads the whole response.
 * Run with {@code eval-bench/run jmh}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx512m"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class ScorerBenchmarks {

    static final int READINGS = 8_000;

    private Scorer jsonPath;
    private Scorer jsonPathFilter;
    private Scorer mustIncludeJson;
    private Scorer mustInclude;
    private ScoringContext context;

    /** Builds the response and the scorers once; checks that each scorer passes on it. */
    @Setup(Level.Trial)
    public void setUp() throws Exception {
        AgentResponse response = response();
        Providers providers = Providers.discover();
        ScorerSpec path = Scorers.jsonPath(JsonPathCheck.at("$.items").length(READINGS));
        ScorerSpec filter = Scorers.jsonPath(JsonPathCheck.at("$.items[?(@.type == 'LAST')].value").isEqualTo(READINGS));
        ScorerSpec json = Scorers.mustIncludeJson(Map.of("items", List.of(Map.of("type", "LAST", "value", READINGS))));
        ScorerSpec include = Scorers.mustInclude("\"type\": \"LAST\"", "reading " + (READINGS - 1));
        jsonPath = providers.scorer(path.type()).create(path);
        jsonPathFilter = providers.scorer(filter.type()).create(filter);
        mustIncludeJson = providers.scorer(json.type()).create(json);
        mustInclude = providers.scorer(include.type()).create(include);
        Case c = Case.id("bench").turn("Show all readings", path, filter, json, include).build();
        context = new ScoringContext(c, 1, response, Duration.ofMillis(5), null, null, 1);
        for (Scorer s : List.of(jsonPath, jsonPathFilter, mustIncludeJson, mustInclude)) {
            ScoreResult r = s.score(context);
            if (!r.passed()) {
                throw new IllegalStateException("benchmark scorer does not pass: " + r);
            }
        }
    }

    /** {@code jsonpath} {@code $.items} with {@code length: 8000}. */
    @Benchmark
    public ScoreResult jsonpathLength() throws Exception {
        return jsonPath.score(context);
    }

    /** {@code jsonpath} with a filter expression over every reading. */
    @Benchmark
    public ScoreResult jsonpathFilter() throws Exception {
        return jsonPathFilter.score(context);
    }

    /** {@code must_include_json} of the last reading (every earlier element compared first). */
    @Benchmark
    public ScoreResult mustIncludeJson() throws Exception {
        return mustIncludeJson.score(context);
    }

    /** {@code must_include} of two substrings near the end of the serialised 1 MB response. */
    @Benchmark
    public ScoreResult mustInclude() throws Exception {
        return mustInclude.score(context);
    }

    /** The 1 MB response as the a2a client builds it: parts from the task, the JSON-RPC answer as raw. */
    static AgentResponse response() throws Exception {
        List<Object> items = new ArrayList<>();
        for (int i = 0; i < READINGS; i++) {
            Map<String, Object> item = new LinkedHashMap<>();
            item.put("type", i == READINGS - 1 ? "LAST" : i % 2 == 0 ? "TEMP" : "SYS");
            item.put("value", i == READINGS - 1 ? READINGS : 36.5 + (i % 40) / 10.0);
            item.put("unitName", "degC");
            item.put("timestamp", "2025-01-01T00:" + String.format("%02d:%02d", (i / 60) % 60, i % 60) + "Z");
            item.put("note", "reading " + i + " of the bench patient, within range");
            items.add(item);
        }
        Map<String, Object> data = Map.of("items", items);
        String text = "Here are the " + READINGS + " readings.";
        Map<String, Object> task = new LinkedHashMap<>();
        task.put("kind", "task");
        task.put("id", "task-1");
        task.put("contextId", "ctx-1");
        task.put("status", Map.of("state", "completed", "message", Map.of("kind", "message", "role", "agent",
                "parts", List.of(Map.of("kind", "text", "text", text)))));
        task.put("artifacts", List.of(Map.of("artifactId", "a-1", "parts", List.of(Map.of("kind", "data", "data", data)))));
        Map<String, Object> raw = new LinkedHashMap<>();
        raw.put("jsonrpc", "2.0");
        raw.put("id", 1);
        raw.put("result", task);
        // Through JSON text once, so the values have the types a parsed response has.
        ObjectMapper mapper = new ObjectMapper();
        byte[] bytes = mapper.writeValueAsBytes(raw);
        if (bytes.length < 1_000_000 || bytes.length > 1_200_000) {
            throw new IllegalStateException("the benchmark response should be about 1 MB but is " + bytes.length + " bytes");
        }
        Map<String, Object> parsed = mapper.readValue(bytes, new TypeReference<Map<String, Object>>() { });
        @SuppressWarnings("unchecked")
        Map<String, Object> parsedData = (Map<String, Object>) ((Map<String, Object>) ((List<Object>) ((Map<String, Object>)
                ((List<Object>) ((Map<String, Object>) parsed.get("result")).get("artifacts")).get(0)).get("parts")).get(0)).get("data");
        return AgentResponse.builder().part(Part.text(text)).part(Part.data(parsedData)).state(TaskState.COMPLETED)
                .raw(parsed).build();
    }
}
