package dev.agenteval.cli.demo;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The HTTP plumbing of the {@link DemoAgent}: the JDK's HTTP server on 127.0.0.1 and a free
 * port (or a given one), four daemon threads, {@code GET} {@link DemoAgent#AGENT_CARD_PATH} for the card and
 * {@code POST /} for JSON-RPC (at most 1 MiB, else 413); 405 with {@code Allow} for another
 * method on those paths, 404 elsewhere. Every answer is JSON.
 */
final class DemoHttpServer {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    static final int MAX_REQUEST_BYTES = 1 << 20;

    private final HttpServer server;
    private final ExecutorService executor;

    private DemoHttpServer(HttpServer server, ExecutorService executor) {
        this.server = server;
        this.executor = executor;
    }

    /**
     * Binds a server on 127.0.0.1 and {@code port} (0: a free port); it serves nothing until {@link #serve}.
     *
     * @throws UncheckedIOException when the port could not be bound
     */
    static DemoHttpServer bind(int port) {
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the demo agent on 127.0.0.1:" + port + ": " + e.getMessage(), e);
        }
        ExecutorService executor = Executors.newFixedThreadPool(4, r -> {
            Thread t = new Thread(r, "demo-agent");
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(executor);
        return new DemoHttpServer(server, executor);
    }

    /** The bound port. */
    int port() {
        return server.getAddress().getPort();
    }

    /** Starts serving {@code card} and the JSON-RPC answers of {@code rpc} to a request body. */
    void serve(Supplier<Map<String, Object>> card, Function<byte[], Map<String, Object>> rpc) {
        server.createContext("/", exchange -> handle(exchange, card, rpc));
        server.start();
    }

    /** Stops serving; in-flight exchanges are dropped. */
    void stop() {
        server.stop(0);
        executor.shutdownNow();
    }

    private static void handle(HttpExchange exchange, Supplier<Map<String, Object>> card,
                               Function<byte[], Map<String, Object>> rpc) throws IOException {
        try {
            String path = exchange.getRequestURI().getPath();
            String method = exchange.getRequestMethod();
            if (path.equals(DemoAgent.AGENT_CARD_PATH) && method.equals("GET")) {
                respond(exchange, 200, card.get());
            } else if (path.equals("/") && method.equals("POST")) {
                byte[] body = readBody(exchange.getRequestBody());
                if (body == null) {
                    respond(exchange, 413, Map.of("error", "request larger than " + MAX_REQUEST_BYTES + " bytes"));
                } else {
                    respond(exchange, 200, rpc.apply(body));
                }
            } else if (path.equals("/") || path.equals(DemoAgent.AGENT_CARD_PATH)) {
                exchange.getResponseHeaders().set("Allow", path.equals("/") ? "POST" : "GET");
                respond(exchange, 405, Map.of("error", method + " is not allowed on " + path));
            } else {
                respond(exchange, 404, Map.of("error", "no such path: " + path));
            }
        } finally {
            exchange.close();
        }
    }

    private static byte[] readBody(InputStream in) throws IOException {
        byte[] body = in.readNBytes(MAX_REQUEST_BYTES + 1);
        return body.length > MAX_REQUEST_BYTES ? null : body;
    }

    private static void respond(HttpExchange exchange, int status, Object json) throws IOException {
        byte[] bytes = MAPPER.writeValueAsBytes(json);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }
}
