package dev.agenteval.opik.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agenteval.api.AgentException;
import dev.agenteval.common.json.JsonTrees;
import dev.agenteval.http.HttpJson;
import dev.agenteval.http.JsonResponse;
import dev.agenteval.http.RetryPolicy;
import dev.agenteval.opik.OpikException;
import dev.agenteval.spi.Secrets;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Opik's REST API as this library uses it: the calls (with the workspace and API key headers),
 * the health check, the find-or-create of projects and datasets, errors as {@link OpikException}
 * quoting the server's message, and the UI links of traces and experiments.
 */
public final class OpikClient {

    /** The page size of dataset item listings. */
    static final int PAGE = 500;

    private static final Map<String, String> NO_HEADERS = Map.of();

    private final URI url;
    private final String workspace;
    private final HttpJson http;

    /**
     * A client of the API at {@code url}; {@code apiKey} (may be null) is registered in
     * {@code secrets} and sent raw as {@code authorization}, as Opik Cloud wants it.
     */
    public OpikClient(URI url, String workspace, String apiKey, Secrets secrets, RetryPolicy retryPolicy,
                      Duration requestTimeout) {
        this.url = url;
        this.workspace = workspace;
        secrets.add(apiKey);
        HttpJson.Builder h = HttpJson.builder(url).retryPolicy(retryPolicy).requestTimeout(requestTimeout)
                .secrets(secrets).header("Comet-Workspace", workspace);
        if (apiKey != null && !apiKey.isBlank()) {
            // Opik Cloud takes the raw key, without a "Bearer " prefix.
            h.header("authorization", apiKey);
        }
        this.http = h.build();
    }

    /** The API base. */
    public URI url() {
        return url;
    }

    /**
     * {@code GET /is-alive/ping}.
     *
     * @throws OpikException when nothing answers or the server says it is unhealthy; the message names the URL
     */
    public void ping() throws InterruptedException {
        JsonResponse ping;
        try {
            ping = http.get("is-alive/ping", NO_HEADERS);
        } catch (AgentException e) {
            throw failure("Opik at " + HttpJson.display(url) + " is not healthy", e);
        }
        if (ping.body().path("healthy").isBoolean() && !ping.body().path("healthy").asBoolean()) {
            throw new OpikException("Opik at " + HttpJson.display(url) + " is not healthy: "
                    + ping.body().path("message").asText("healthy: false"), ping.status(), null);
        }
    }

    /** The id of project {@code name}, or null when it does not exist. */
    public String findProject(String name) throws InterruptedException {
        try {
            return retrieveProject(name);
        } catch (OpikException e) {
            if (e.status() == 404) {
                return null;
            }
            throw e;
        }
    }

    /** Creates project {@code name} (another run may have just done so) and returns its id. */
    public String createProject(String name) throws InterruptedException {
        createUnlessExists("v1/private/projects", Map.of("name", name));
        return retrieveProject(name);
    }

    private String retrieveProject(String name) throws InterruptedException {
        return requireId(call("POST", "v1/private/projects/retrieve", Map.of("name", name)).body(), "projects/retrieve");
    }

    /** The id of dataset {@code name}, created (with an id from {@code clock}) when missing. */
    public String dataset(String name, Clock clock) throws InterruptedException {
        try {
            return retrieveDataset(name);
        } catch (OpikException e) {
            if (e.status() != 404) {
                throw e;
            }
        }
        Map<String, Object> create = new LinkedHashMap<>();
        create.put("id", Uuid7.next(clock).toString());
        create.put("name", name);
        create.put("description", "agent-eval suite " + (name.length() > 200 ? name.substring(0, 200) : name));
        createUnlessExists("v1/private/datasets", create);
        return retrieveDataset(name);
    }

    private String retrieveDataset(String name) throws InterruptedException {
        return requireId(call("POST", "v1/private/datasets/retrieve", Map.of("dataset_name", name)).body(),
                "datasets/retrieve");
    }

    private void createUnlessExists(String path, Object body) throws InterruptedException {
        try {
            call("POST", path, body);
        } catch (OpikException e) {
            if (e.status() != 409) { // another run created it meanwhile
                throw e;
            }
        }
    }

    /** Every item of the dataset, page by page, as Opik lists them. */
    public List<JsonNode> datasetItems(String datasetId) throws InterruptedException {
        List<JsonNode> items = new ArrayList<>();
        for (int page = 1; ; page++) {
            JsonNode body = call("GET", "v1/private/datasets/" + enc(datasetId) + "/items?page=" + page + "&size="
                    + PAGE, null).body();
            JsonNode content = body.path("content");
            content.forEach(items::add);
            long total = body.path("total").asLong(-1);
            if (content.size() < PAGE || total >= 0 && (long) page * PAGE >= total) {
                return items;
            }
        }
    }

    /**
     * One call; {@code body} (may be null) is sent as JSON.
     *
     * @throws OpikException when Opik refuses it after retries, with the status and the server's message
     */
    public JsonResponse call(String method, String path, Object body) throws InterruptedException {
        try {
            return http.send(method, path, body, NO_HEADERS);
        } catch (AgentException e) {
            throw failure("Opik upload failed", e);
        }
    }

    /** The UI link of trace {@code traceId} in project {@code projectId}. */
    public String traceUrl(String projectId, String traceId) {
        return ui() + "/" + enc(workspace) + "/projects/" + enc(projectId) + "/traces?trace=" + enc(traceId);
    }

    /** The UI link comparing experiment {@code experimentId} on its dataset. */
    public URI experimentUrl(String datasetId, String experimentId) {
        return URI.create(ui() + "/" + enc(workspace) + "/experiments/" + enc(datasetId)
                + "/compare?experiments=%5B%22" + enc(experimentId) + "%22%5D");
    }

    private String ui() {
        String base = url.toString();
        while (base.endsWith("/")) {
            base = base.substring(0, base.length() - 1);
        }
        if (base.endsWith("/api")) {
            base = base.substring(0, base.length() - 4);
        }
        return HttpJson.display(base);
    }

    private static String requireId(JsonNode body, String call) {
        String id = body.path("id").asText("");
        if (id.isEmpty()) {
            throw new OpikException("Opik " + call + " answered without an id: " + JsonTrees.compact(JsonTrees.toValue(body)),
                    200, null);
        }
        return id;
    }

    private static OpikException failure(String what, AgentException e) {
        Object status = e.context().get("status");
        int code = status instanceof Number n ? n.intValue() : 0;
        if (code == 0) {
            return new OpikException(what + ": " + e.getMessage(), 0, e);
        }
        String server = serverMessage(String.valueOf(e.context().getOrDefault("body", "")));
        return new OpikException(what + ": " + e.context().get("method") + " " + e.context().get("url")
                + " answered " + code + (server.isEmpty() ? "" : ": " + server), code, e);
    }

    /** The server's message in an error body: Opik answers {@code {"code","message","details"}} or {@code {"errors":[...]}}. */
    public static String serverMessage(String body) {
        JsonNode node = JsonTrees.parseOrNull(body);
        if (node == null || !node.isObject()) {
            return body.strip();
        }
        if (node.path("errors").isArray()) {
            List<String> errors = new ArrayList<>();
            node.path("errors").forEach(x -> errors.add(x.asText()));
            return String.join("; ", errors);
        }
        String message = node.path("message").asText("");
        String details = node.path("details").asText("");
        if (message.isEmpty()) {
            return body.strip();
        }
        return details.isEmpty() || details.equals(message) ? message : message + " (" + details + ")";
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }

    @Override
    public String toString() {
        return HttpJson.display(url);
    }
}
