package dev.agenteval.opik.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.common.json.JsonTrees;
import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One run recorded in Opik, in this order: the project, the dataset and its new items (an item
 * with the same data keeps its id; nothing is deleted), the experiment, the traces the agent did
 * not write (with their usage spans), the experiment items and the feedback scores.
 */
public final class OpikUpload {

    /** The most objects one batch call sends. */
    static final int BATCH = 1000;
    /** The most experiment items one call sends. */
    static final int EXPERIMENT_ITEMS_BATCH = 250;

    private static final Logger LOG = LoggerFactory.getLogger(OpikUpload.class);

    private final OpikClient client;
    private final OpikProject project;
    private final OpikPayloads payloads;
    private final TraceLinks traces;
    private final Clock clock;
    private final String datasetName;
    private final String experimentName;

    /**
     * An upload through {@code client}; {@code datasetName} and {@code experimentName} may be null
     * (the suite's name; the suite's name and the run's start).
     */
    public OpikUpload(OpikClient client, OpikProject project, OpikPayloads payloads, TraceLinks traces, Clock clock,
                      String datasetName, String experimentName) {
        this.client = Objects.requireNonNull(client, "client");
        this.project = Objects.requireNonNull(project, "project");
        this.payloads = Objects.requireNonNull(payloads, "payloads");
        this.traces = Objects.requireNonNull(traces, "traces");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.datasetName = datasetName;
        this.experimentName = experimentName;
    }

    /**
     * Uploads {@code result} and returns the experiment's UI link.
     *
     * @throws dev.agenteval.opik.OpikException when Opik refuses a call
     */
    public URI run(SuiteResult result) throws InterruptedException {
        List<CaseResult> cases = result.cases().stream().filter(TraceLinks::recorded).toList();
        project.findOrCreate();
        String dataset = datasetName != null ? datasetName : result.suite();
        String datasetId = client.dataset(dataset, clock);
        Map<String, String> itemIds = items(datasetId, cases);

        String experimentId = Uuid7.next(clock).toString();
        String name = OpikPayloads.experimentName(experimentName, result);
        client.call("POST", "v1/private/experiments", payloads.experiment(experimentId, dataset, name, result));

        List<Map<String, Object>> newTraces = new ArrayList<>();
        List<Object> spans = new ArrayList<>();
        List<Object> experimentItems = new ArrayList<>();
        List<Object> scores = new ArrayList<>();
        Instant start = result.startedAt();
        for (CaseResult c : cases) {
            String traceId = traces.traceId(c);
            if (traces.agentTraceId(c).isEmpty()) {
                newTraces.add(payloads.trace(c, traceId, start));
                payloads.span(c, traceId, start).ifPresent(spans::add);
            }
            experimentItems.add(payloads.experimentItem(experimentId, itemIds.get(c.id()), traceId));
            scores.addAll(payloads.scores(c, traceId));
        }
        for (List<Map<String, Object>> chunk : chunks(newTraces, BATCH)) {
            client.call("POST", "v1/private/traces/batch", Map.of("traces", chunk));
            chunk.forEach(t -> traces.written((String) t.get("id")));
        }
        send("POST", "v1/private/spans/batch", "spans", spans, BATCH);
        send("POST", "v1/private/experiments/items", "experiment_items", experimentItems, EXPERIMENT_ITEMS_BATCH);
        send("PUT", "v1/private/traces/feedback-scores", "scores", scores, BATCH);
        URI url = client.experimentUrl(datasetId, experimentId);
        LOG.info("Opik experiment '{}': {} cases, {}", name, cases.size(), url);
        return url;
    }

    // The dataset item id of each case, by case id; items Opik does not have yet are added.
    private Map<String, String> items(String datasetId, List<CaseResult> cases) throws InterruptedException {
        Map<String, String> existing = new HashMap<>();
        for (JsonNode item : client.datasetItems(datasetId)) {
            if (item.hasNonNull("id") && item.has("data")) {
                existing.putIfAbsent(OpikPayloads.canonical(JsonTrees.toValue(item.get("data"))), item.get("id").asText());
            }
        }
        Map<String, String> itemIds = new LinkedHashMap<>();
        List<Object> newItems = new ArrayList<>();
        for (CaseResult c : cases) {
            Map<String, Object> data = payloads.itemData(c);
            String hash = OpikPayloads.canonical(data);
            String id = existing.get(hash);
            if (id == null) {
                id = Uuid7.next(clock).toString();
                existing.put(hash, id);
                newItems.add(payloads.item(id, c, data));
            }
            itemIds.put(c.id(), id);
        }
        for (List<Object> chunk : chunks(newItems, BATCH)) {
            client.call("PUT", "v1/private/datasets/items", Map.of("dataset_id", datasetId, "items", chunk));
        }
        return itemIds;
    }

    private void send(String method, String path, String key, List<Object> all, int size) throws InterruptedException {
        for (List<Object> chunk : chunks(all, size)) {
            client.call(method, path, Map.of(key, chunk));
        }
    }

    private static <T> List<List<T>> chunks(List<T> all, int size) {
        List<List<T>> out = new ArrayList<>();
        for (int i = 0; i < all.size(); i += size) {
            out.add(List.copyOf(all.subList(i, Math.min(all.size(), i + size))));
        }
        return out;
    }
}
