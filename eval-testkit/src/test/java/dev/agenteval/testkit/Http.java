package dev.agenteval.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** A bare HTTP client for the testkit's own tests: the fakes' wire, not a client's reading of it. */
final class Http {

    static final ObjectMapper JSON = new ObjectMapper();
    static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private Http() {
    }

    static HttpResponse<String> post(URI uri, String body, String... headers) throws IOException, InterruptedException {
        return CLIENT.send(request(uri, body, headers).build(), HttpResponse.BodyHandlers.ofString());
    }

    static HttpRequest.Builder request(URI uri, String body, String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body));
        if (headers.length > 0) {
            b.headers(headers);
        }
        return b;
    }

    static HttpResponse<String> get(URI uri) throws IOException, InterruptedException {
        return CLIENT.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    static JsonNode json(HttpResponse<String> response) throws IOException {
        return JSON.readTree(response.body());
    }

    /** A JSON-RPC send of {@code text}, with the given extra message fields (JSON members, may be empty). */
    static String send(String method, String text, String more) {
        return "{\"jsonrpc\": \"2.0\", \"id\": 7, \"method\": \"" + method + "\", \"params\": {\"message\": {"
                + "\"role\": \"user\", \"messageId\": \"m-1\", \"parts\": [{\"kind\": \"text\", \"text\": \"" + text + "\"}]"
                + (more.isEmpty() ? "" : ", " + more) + "}}}";
    }
}
