package dev.agenteval.opik;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.agenteval.common.json.JsonTrees;
import dev.agenteval.opik.internal.Uuid7;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ExecutorService;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A loopback Opik implementing the endpoints of the wire reference (shared/reference/opik.md):
 * it validates the required fields and id rules (UUID v7) of every body, answers 422
 * {@code {"errors":[...]}} when one is broken and 404/409 in the reference's shapes, keeps
 * projects, datasets, items, experiments, traces, spans and scores, and records every request.
 * Faults can be queued per path.
 */
public final class FakeOpik implements AutoCloseable {

    /** One request as received. */
    public record Request(String method, String path, Map<String, String> headers, JsonNode body) {
        public String key() {
            return method + " " + path.replaceAll("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "{id}")
                    .replaceAll("\\?.*", "");
        }
    }

    /** A canned answer for a fault. */
    public record Fault(int status, Map<String, String> headers, String body, boolean hangs) {
        public static Fault of(int status, String body, String... headers) {
            Map<String, String> h = new LinkedHashMap<>();
            for (int i = 0; i + 1 < headers.length; i += 2) {
                h.put(headers[i], headers[i + 1]);
            }
            return new Fault(status, h, body, false);
        }

        public static Fault hung() {
            return new Fault(0, Map.of(), "", true);
        }
    }

    private static final String UUID_RE = "([0-9a-fA-F-]{36})";
    private static final Set<String> SOURCES = Set.of("manual", "trace", "span", "sdk");
    private static final Set<String> SCORE_SOURCES = Set.of("ui", "sdk", "online_scoring");

    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool();
    private final CountDownLatch release = new CountDownLatch(1);
    public final List<Request> requests = new CopyOnWriteArrayList<>();
    public final List<String> violations = new CopyOnWriteArrayList<>();
    public final Map<String, String> projects = new ConcurrentHashMap<>();
    public final Map<String, String> datasets = new ConcurrentHashMap<>(); // name -> id
    public final Map<String, Map<String, JsonNode>> items = new ConcurrentHashMap<>(); // dataset id -> item id -> item
    public final Map<String, JsonNode> experiments = new ConcurrentHashMap<>();
    public final List<JsonNode> experimentItems = new CopyOnWriteArrayList<>();
    public final Map<String, JsonNode> traces = new ConcurrentHashMap<>();
    public final Map<String, JsonNode> spans = new ConcurrentHashMap<>();
    public final List<JsonNode> scores = new CopyOnWriteArrayList<>();
    private final Map<String, Deque<Fault>> faults = new ConcurrentHashMap<>();
    public volatile boolean healthy = true;

    public FakeOpik() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(executor);
        server.createContext("/", this::handle);
        server.start();
    }

    /** The API base, {@code http://127.0.0.1:port/api}. */
    public URI url() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/api");
    }

    /** Answers the next requests whose key ({@code "POST /api/v1/private/traces/batch"}) matches with these. */
    public void fault(String key, Fault... answers) {
        faults.computeIfAbsent(key, k -> new ArrayDeque<>()).addAll(List.of(answers));
    }

    public List<Request> requests(String key) {
        return requests.stream().filter(r -> r.key().equals(key)).toList();
    }

    public List<String> keys() {
        return requests.stream().map(Request::key).toList();
    }

    @Override
    public void close() {
        release.countDown();
        server.stop(0);
        executor.shutdownNow();
    }

    private void handle(HttpExchange x) throws IOException {
        try (x) {
            byte[] raw = x.getRequestBody().readAllBytes();
            String text = new String(raw, StandardCharsets.UTF_8);
            JsonNode body = text.isEmpty() ? null : JsonTrees.parseOrNull(text);
            Map<String, String> headers = new LinkedHashMap<>();
            x.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(java.util.Locale.ROOT), v.get(0)));
            Request r = new Request(x.getRequestMethod(), x.getRequestURI().toString(), headers, body);
            requests.add(r);
            Deque<Fault> queued = faults.get(r.key());
            Fault fault = queued == null ? null : queued.poll();
            if (fault != null) {
                if (fault.hangs()) {
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return;
                }
                fault.headers().forEach((k, v) -> x.getResponseHeaders().add(k, v));
                send(x, fault.status(), fault.body());
                return;
            }
            if (!text.isEmpty() && body == null) {
                reject(x, "body is not JSON");
                return;
            }
            if (body != null && !"application/json".equals(headers.getOrDefault("content-type", "").split(";")[0])) {
                reject(x, "Content-Type must be application/json");
                return;
            }
            route(x, r);
        }
    }

    private void route(HttpExchange x, Request r) throws IOException {
        String path = x.getRequestURI().getPath();
        if (!path.startsWith("/api/")) {
            errorA(x, 404, "HTTP 404 Not Found");
            return;
        }
        path = path.substring(4);
        String m = r.method();
        JsonNode b = r.body();
        Matcher mm;
        if (m.equals("GET") && path.equals("/is-alive/ping")) {
            send(x, healthy ? 200 : 500, healthy ? "{\"message\":\"Healthy Server\",\"healthy\":true}"
                    : "{\"message\":\"Not Healthy\",\"healthy\":false}");
        } else if (m.equals("POST") && path.equals("/v1/private/projects/retrieve")) {
            String name = requireText(b, "name");
            if (name == null) {
                reject(x, "name must not be blank");
            } else if (!projects.containsKey(name)) {
                errorB(x, 404, "Project not found");
            } else {
                send(x, 200, "{\"id\":\"" + projects.get(name) + "\",\"name\":" + quote(name) + "}");
            }
        } else if (m.equals("POST") && path.equals("/v1/private/projects")) {
            String name = requireText(b, "name");
            if (name == null) {
                reject(x, "name must not be blank");
            } else if (projects.containsKey(name)) {
                errorA(x, 409, "Project already exists");
            } else {
                String id = UUID.randomUUID().toString();
                projects.put(name, id);
                x.getResponseHeaders().add("Location", url() + "/v1/private/projects/" + id);
                send(x, 201, "");
            }
        } else if (m.equals("POST") && path.equals("/v1/private/datasets/retrieve")) {
            String name = requireText(b, "dataset_name");
            if (name == null) {
                reject(x, "dataset_name must not be blank");
            } else if (!datasets.containsKey(name)) {
                errorA(x, 404, "Dataset not found");
            } else {
                String id = datasets.get(name);
                send(x, 200, "{\"id\":\"" + id + "\",\"name\":" + quote(name) + ",\"dataset_items_count\":"
                        + items.getOrDefault(id, Map.of()).size() + "}");
            }
        } else if (m.equals("POST") && path.equals("/v1/private/datasets")) {
            String name = requireText(b, "name");
            String bad = name == null ? "name must not be blank" : optionalV7(b, "id", "Dataset");
            if (bad != null) {
                reject(x, bad);
            } else if (datasets.containsKey(name)) {
                errorB(x, 409, "Dataset already exists");
            } else {
                String id = b.hasNonNull("id") ? b.get("id").asText() : Uuid7.next(java.time.Clock.systemUTC()).toString();
                datasets.put(name, id);
                items.put(id, new ConcurrentHashMap<>());
                x.getResponseHeaders().add("Location", url() + "/v1/private/datasets/" + id);
                send(x, 201, "");
            }
        } else if (m.equals("GET") && (mm = Pattern.compile("/v1/private/datasets/" + UUID_RE + "/items").matcher(path)).matches()) {
            Map<String, JsonNode> all = items.get(mm.group(1));
            if (all == null) {
                errorA(x, 404, "Dataset not found");
                return;
            }
            Map<String, String> q = query(x.getRequestURI().getRawQuery());
            int page = Integer.parseInt(q.getOrDefault("page", "1"));
            int size = Integer.parseInt(q.getOrDefault("size", "10"));
            List<JsonNode> list = new ArrayList<>(all.values());
            List<JsonNode> content = list.subList(Math.min(list.size(), (page - 1) * size), Math.min(list.size(), page * size));
            ObjectNode out = JsonTrees.NODES.objectNode();
            out.putArray("content").addAll(content);
            out.put("page", page).put("size", content.size()).put("total", list.size());
            send(x, 200, out.toString());
        } else if (m.equals("GET") && (mm = Pattern.compile("/v1/private/datasets/" + UUID_RE + "/versions").matcher(path)).matches()) {
            send(x, 200, "{\"content\":[],\"page\":1,\"size\":0,\"total\":0}");
        } else if (m.equals("POST") && path.equals("/v1/private/datasets/items/stream")) {
            String name = requireText(b, "dataset_name");
            String id = name == null ? null : datasets.get(name);
            if (id == null) {
                errorA(x, 404, "Dataset not found");
                return;
            }
            StringBuilder nd = new StringBuilder();
            items.get(id).values().forEach(i -> nd.append(i).append('\n'));
            x.getResponseHeaders().add("Content-Type", "application/octet-stream");
            send(x, 200, nd.toString());
        } else if (m.equals("PUT") && path.equals("/v1/private/datasets/items")) {
            putItems(x, b);
        } else if (m.equals("POST") && path.equals("/v1/private/datasets/items/delete")) {
            violations.add("items deleted: " + b);
            send(x, 204, "");
        } else if (m.equals("POST") && path.equals("/v1/private/experiments")) {
            String bad = requireText(b, "dataset_name") == null ? "dataset_name must not be blank"
                    : optionalV7(b, "id", "Experiment");
            if (bad == null && !datasets.containsKey(b.get("dataset_name").asText())) {
                errorA(x, 404, "Dataset not found");
                return;
            }
            if (bad == null && b.has("type") && !Set.of("regular", "trial", "mini-batch").contains(b.get("type").asText())) {
                bad = "type must be regular, trial or mini-batch";
            }
            if (bad != null) {
                reject(x, bad);
                return;
            }
            String id = b.hasNonNull("id") ? b.get("id").asText() : Uuid7.next(java.time.Clock.systemUTC()).toString();
            experiments.put(id, b);
            x.getResponseHeaders().add("Location", url() + "/v1/private/experiments/" + id);
            send(x, 201, "");
        } else if (m.equals("GET") && (mm = Pattern.compile("/v1/private/experiments/" + UUID_RE).matcher(path)).matches()) {
            JsonNode e = experiments.get(mm.group(1));
            if (e == null) {
                errorA(x, 404, "Experiment not found");
            } else {
                send(x, 200, "{\"id\":\"" + mm.group(1) + "\",\"name\":" + quote(e.path("name").asText("exp")) + "}");
            }
        } else if (m.equals("POST") && path.equals("/v1/private/experiments/items")) {
            String bad = batch(b, "experiment_items", 1000, item -> {
                for (String f : List.of("experiment_id", "dataset_item_id", "trace_id")) {
                    if (requireText(item, f) == null) {
                        return f + " must not be null";
                    }
                }
                return optionalV7(item, "id", "Experiment item");
            });
            if (bad != null) {
                reject(x, bad);
                return;
            }
            b.get("experiment_items").forEach(experimentItems::add);
            send(x, 204, "");
        } else if (m.equals("POST") && path.equals("/v1/private/traces/batch")) {
            String bad = batch(b, "traces", 1000, t -> {
                if (requireText(t, "start_time") == null) {
                    return "start_time must not be null";
                }
                if (t.has("usage")) {
                    return "Unrecognized field \"usage\"";
                }
                return optionalV7(t, "id", "Trace");
            });
            if (bad != null) {
                reject(x, bad);
                return;
            }
            b.get("traces").forEach(t -> traces.put(t.path("id").asText(), t));
            send(x, 204, "");
        } else if (m.equals("POST") && path.equals("/v1/private/spans/batch")) {
            String bad = batch(b, "spans", 1000, s -> {
                if (requireText(s, "start_time") == null) {
                    return "start_time must not be null";
                }
                if (requireText(s, "trace_id") == null) {
                    return "trace_id must not be null";
                }
                return optionalV7(s, "id", "Span");
            });
            if (bad != null) {
                reject(x, bad);
                return;
            }
            b.get("spans").forEach(s -> spans.put(s.path("id").asText(), s));
            send(x, 204, "");
        } else if (m.equals("PATCH") && path.matches("/v1/private/(traces|spans)/" + UUID_RE)) {
            send(x, 204, "");
        } else if (m.equals("PUT") && path.equals("/v1/private/traces/feedback-scores")) {
            String bad = batch(b, "scores", 1000, s -> {
                for (String f : List.of("id", "name", "source")) {
                    if (requireText(s, f) == null) {
                        return f + " must not be null";
                    }
                }
                if (!s.path("value").isNumber()) {
                    return "value must be a number";
                }
                if (!SCORE_SOURCES.contains(s.get("source").asText())) {
                    return "source must be ui, sdk or online_scoring";
                }
                return null;
            });
            if (bad != null) {
                reject(x, bad);
                return;
            }
            b.get("scores").forEach(scores::add);
            send(x, 204, "");
        } else {
            errorA(x, 404, "HTTP 404 Not Found: " + m + " " + path);
        }
    }

    private void putItems(HttpExchange x, JsonNode b) throws IOException {
        if (b == null || requireText(b, "dataset_id") == null && requireText(b, "dataset_name") == null) {
            reject(x, "one of dataset_name or dataset_id is required");
            return;
        }
        String id = b.hasNonNull("dataset_id") ? b.get("dataset_id").asText() : datasets.get(b.get("dataset_name").asText());
        if (id == null || !items.containsKey(id)) {
            errorA(x, 404, "Dataset not found");
            return;
        }
        String bad = batch(b, "items", 1000, item -> {
            if (!item.path("data").isObject()) {
                return "data must be an object";
            }
            if (!SOURCES.contains(item.path("source").asText())) {
                return "source must be one of manual, trace, span, sdk";
            }
            return optionalV7(item, "id", "Dataset item");
        });
        if (bad != null) {
            reject(x, bad);
            return;
        }
        for (JsonNode item : b.get("items")) {
            ObjectNode stored = item.deepCopy();
            if (!stored.hasNonNull("id")) {
                stored.put("id", Uuid7.next(java.time.Clock.systemUTC()).toString());
            }
            items.get(id).put(stored.get("id").asText(), stored);
        }
        send(x, 204, "");
    }

    private String batch(JsonNode body, String field, int max, java.util.function.Function<JsonNode, String> check) {
        if (body == null || !body.path(field).isArray()) {
            return field + " must not be null";
        }
        int n = body.get(field).size();
        if (n < 1 || n > max) {
            return field + " size must be between 1 and " + max;
        }
        for (JsonNode e : body.get(field)) {
            String bad = check.apply(e);
            if (bad != null) {
                violations.add(bad);
                return field + ": " + bad;
            }
        }
        return null;
    }

    private static String optionalV7(JsonNode node, String field, String what) {
        if (node == null || !node.hasNonNull(field)) {
            return null;
        }
        return Uuid7.isV7(node.get(field).asText()) ? null : what + " id must be a version 7 UUID";
    }

    private static String requireText(JsonNode node, String field) {
        if (node == null || !node.hasNonNull(field) || node.get(field).asText().isBlank()) {
            return null;
        }
        return node.get(field).asText();
    }

    private void reject(HttpExchange x, String error) throws IOException {
        violations.add(error);
        errorB(x, 422, error);
    }

    private static void errorA(HttpExchange x, int status, String message) throws IOException {
        send(x, status, "{\"code\":" + status + ",\"message\":" + quote(message) + ",\"details\":\"\"}");
    }

    private static void errorB(HttpExchange x, int status, String error) throws IOException {
        send(x, status, "{\"errors\":[" + quote(error) + "]}");
    }

    private static String quote(String s) {
        return JsonTrees.NODES.textNode(s).toString();
    }

    private static Map<String, String> query(String raw) {
        Map<String, String> q = new LinkedHashMap<>();
        if (raw != null) {
            for (String p : raw.split("&")) {
                int eq = p.indexOf('=');
                q.put(eq < 0 ? p : p.substring(0, eq), eq < 0 ? "" : p.substring(eq + 1));
            }
        }
        return q;
    }

    private static void send(HttpExchange x, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        if (bytes.length > 0 && !x.getResponseHeaders().containsKey("Content-Type")) {
            x.getResponseHeaders().add("Content-Type", "application/json");
        }
        if (status == 204 || bytes.length == 0) {
            x.sendResponseHeaders(status, -1);
            return;
        }
        x.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = x.getResponseBody()) {
            out.write(bytes);
        }
    }
}
