package dev.agenteval.junit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An A2A 0.3 agent on 127.0.0.1 answering {@code message/send}: a greeting to "Hi", "I cannot say."
 * to questions about ibuprofen, and a JSON-RPC error to "crash".
 */
final class FakeA2aAgent implements AutoCloseable {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final HttpServer server;
    private final AtomicInteger requests = new AtomicInteger();

    FakeA2aAgent() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/.well-known/agent-card.json", x -> respond(x, "{\"name\":\"Fake\",\"url\":\"" + url()
                + "rpc\",\"protocolVersion\":\"0.3.0\",\"preferredTransport\":\"JSONRPC\",\"capabilities\":{}}"));
        server.createContext("/rpc", this::rpc);
        server.start();
    }

    URI url() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
    }

    /** The number of message/send requests received. */
    int requests() {
        return requests.get();
    }

    private void rpc(HttpExchange x) throws IOException {
        JsonNode request = MAPPER.readTree(x.getRequestBody().readAllBytes());
        requests.incrementAndGet();
        String text = request.path("params").path("message").path("parts").path(0).path("text").asText("");
        ObjectNode response = MAPPER.createObjectNode().put("jsonrpc", "2.0");
        response.set("id", request.get("id"));
        if (text.contains("crash")) {
            response.putObject("error").put("code", -32603).put("message", "internal error: the agent crashed");
            respond(x, response.toString());
            return;
        }
        String answer = text.startsWith("Hi") ? "Hello! I can help with orders." : "I cannot say.";
        ObjectNode message = response.putObject("result");
        message.put("kind", "message").put("role", "agent").put("messageId", UUID.randomUUID().toString());
        message.putArray("parts").addObject().put("kind", "text").put("text", answer);
        respond(x, response.toString());
    }

    private static void respond(HttpExchange x, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        x.getResponseHeaders().set("Content-Type", "application/json");
        x.sendResponseHeaders(200, bytes.length);
        try (OutputStream out = x.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
