package dev.agenteval.testkit.internal;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * The HTTP side of the testkit's fakes: the JDK's server on 127.0.0.1, one daemon thread per
 * exchange in flight, and the faults a fake can answer with (an HTTP status, a delay, a dropped
 * connection, no answer until closed). Not API.
 */
public final class FakeHttpServer implements AutoCloseable {

    /** One request as received. Header names are lower case. */
    public record Incoming(String method, String path, Map<String, List<String>> headers, byte[] body) {
        /** Copies. */
        public Incoming {
            headers = Map.copyOf(headers);
            body = body.clone();
        }

        @Override
        public byte[] body() {
            return body.clone();
        }
    }

    /**
     * What to answer: a status, headers and a body, after {@code delayMillis}; or, when
     * {@code drop}, a connection closed before any byte of the answer; or, when {@code hang}, no
     * answer until the server closes.
     */
    public record Answer(int status, Map<String, String> headers, byte[] body, long delayMillis, boolean drop,
                         boolean hang) {
        /** Copies. */
        public Answer {
            headers = Map.copyOf(headers);
            body = body.clone();
        }

        /** {@code status} with a JSON body. */
        public static Answer json(int status, String json) {
            return new Answer(status, Map.of("Content-Type", "application/json"),
                    json.getBytes(java.nio.charset.StandardCharsets.UTF_8), 0, false, false);
        }

        /** The connection closed before any byte of an answer. */
        public static Answer dropped() {
            return new Answer(0, Map.of(), new byte[0], 0, true, false);
        }

        /** No answer until the server closes. */
        public static Answer hanging() {
            return new Answer(0, Map.of(), new byte[0], 0, false, true);
        }

        /** The same answer after {@code millis} more. */
        public Answer delayedBy(long millis) {
            return new Answer(status, headers, body, delayMillis + millis, drop, hang);
        }

        /** The same answer with one more header. */
        public Answer withHeader(String name, String value) {
            Map<String, String> more = new LinkedHashMap<>(headers);
            more.put(name, value);
            return new Answer(status, more, body, delayMillis, drop, hang);
        }
    }

    private final HttpServer server;
    private final ExecutorService executor;
    private final CountDownLatch closed = new CountDownLatch(1);
    private final AtomicBoolean stopped = new AtomicBoolean();

    private FakeHttpServer(HttpServer server, ExecutorService executor) {
        this.server = server;
        this.executor = executor;
    }

    /**
     * Starts serving {@code handler}'s answers on 127.0.0.1 and {@code port} (0: a free port).
     *
     * @throws UncheckedIOException when the port cannot be bound
     */
    public static FakeHttpServer start(String name, int port, Function<Incoming, Answer> handler) {
        Objects.requireNonNull(handler, "handler");
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the " + name + " on 127.0.0.1:" + port + ": " + e.getMessage(), e);
        }
        AtomicInteger threads = new AtomicInteger();
        ExecutorService executor = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, name.replace(' ', '-') + "-" + threads.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(executor);
        FakeHttpServer fake = new FakeHttpServer(server, executor);
        server.createContext("/", exchange -> fake.handle(exchange, handler));
        server.start();
        return fake;
    }

    /** The bound port. */
    public int port() {
        return server.getAddress().getPort();
    }

    /** {@code http://127.0.0.1:<port>} followed by {@code path}. */
    public URI url(String path) {
        return URI.create("http://127.0.0.1:" + port() + path);
    }

    /** Stops at once: hanging and delayed exchanges end without an answer. Idempotent. */
    @Override
    public void close() {
        if (stopped.getAndSet(true)) {
            return;
        }
        closed.countDown();
        server.stop(0);
        executor.shutdownNow();
    }

    private void handle(HttpExchange exchange, Function<Incoming, Answer> handler) throws IOException {
        try {
            Map<String, List<String>> headers = new TreeMap<>();
            exchange.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(java.util.Locale.ROOT), List.copyOf(v)));
            Incoming in = new Incoming(exchange.getRequestMethod(), exchange.getRequestURI().getRawPath(), headers,
                    exchange.getRequestBody().readAllBytes());
            Answer answer = handler.apply(in);
            if (answer.hang()) {
                closed.await();
                return;
            }
            if (answer.delayMillis() > 0) {
                Thread.sleep(answer.delayMillis());
            }
            if (answer.drop()) {
                // Closed before the headers: the JDK's server closes the connection itself.
                return;
            }
            answer.headers().forEach((k, v) -> exchange.getResponseHeaders().set(k, v));
            byte[] body = answer.body();
            exchange.sendResponseHeaders(answer.status(), body.length == 0 ? -1 : body.length);
            if (body.length > 0) {
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            byte[] body = ("{\"error\":" + Json.quote("the fake failed: " + e) + "}")
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(500, body.length);
            exchange.getResponseBody().write(body);
        } finally {
            exchange.close();
        }
    }
}
