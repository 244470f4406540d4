package dev.agenteval.testkit.internal;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
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
 * connection, no answer until closed, a body cut off or stalled part way, a body too large to hold).
 * Not API.
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
     * How an answer ends: sent whole; the connection closed before the headers ({@code DROP});
     * no answer until the server closes ({@code HANG}); the headers and the first
     * {@link Answer#partBytes()} bytes of the body, then the connection closed ({@code CUT}) or
     * nothing more until the server closes ({@code STALL}).
     */
    public enum Mode { WHOLE, DROP, HANG, CUT, STALL }

    /**
     * A body: {@code head}, then {@code fill} bytes {@code x}, then {@code tail}; written as it
     * goes, so a body of many megabytes is never held in memory.
     */
    public record Body(byte[] head, long fill, byte[] tail) {
        private static final byte[] FILL = "x".repeat(8192).getBytes(StandardCharsets.US_ASCII);

        /** Copies. */
        public Body {
            head = head.clone();
            tail = tail.clone();
            if (fill < 0) {
                throw new IllegalArgumentException("fill must be >= 0 but was " + fill);
            }
        }

        /** A body of exactly these bytes. */
        public static Body of(byte[] bytes) {
            return new Body(bytes, 0, new byte[0]);
        }

        /**
         * A body of exactly {@code length} bytes: {@code head}, {@code x} up to the length, {@code tail}.
         *
         * @throws IllegalArgumentException when head and tail alone are longer
         */
        public static Body filled(String head, long length, String tail) {
            byte[] h = head.getBytes(StandardCharsets.UTF_8);
            byte[] t = tail.getBytes(StandardCharsets.UTF_8);
            if (length < h.length + t.length) {
                throw new IllegalArgumentException("a body of " + h.length + " + " + t.length
                        + " bytes around its filling cannot be " + length + " bytes long: give at least " + (h.length + t.length));
            }
            return new Body(h, length - h.length - t.length, t);
        }

        /** Its length in bytes. */
        public long length() {
            return head.length + fill + tail.length;
        }

        /** Writes its first {@code limit} bytes (all of them when {@code limit >= length()}). */
        void writeTo(OutputStream out, long limit) throws IOException {
            long left = Math.min(limit, length());
            int h = (int) Math.min(left, head.length);
            out.write(head, 0, h);
            left -= h;
            for (long f = Math.min(left, fill); f > 0; ) {
                int n = (int) Math.min(FILL.length, f);
                out.write(FILL, 0, n);
                f -= n;
                left -= n;
            }
            out.write(tail, 0, (int) Math.min(left, tail.length));
        }

        @Override
        public byte[] head() {
            return head.clone();
        }

        @Override
        public byte[] tail() {
            return tail.clone();
        }
    }

    /**
     * What to answer: a status, headers and a body, after {@code delayMillis}, ended as
     * {@code mode} says ({@code partBytes}: how much of the body a cut or stalled answer sends).
     */
    public record Answer(int status, Map<String, String> headers, Body body, long delayMillis, Mode mode,
                         long partBytes) {
        /** Copies. */
        public Answer {
            headers = Map.copyOf(headers);
            Objects.requireNonNull(body, "body");
            Objects.requireNonNull(mode, "mode");
        }

        /** {@code status} with {@code body} of type {@code contentType}, sent whole. */
        public static Answer of(int status, String contentType, byte[] body) {
            return new Answer(status, Map.of("Content-Type", contentType), Body.of(body), 0, Mode.WHOLE, 0);
        }

        /** {@code status} with a JSON body. */
        public static Answer json(int status, String json) {
            return of(status, "application/json", json.getBytes(StandardCharsets.UTF_8));
        }

        /** The connection closed before any byte of an answer. */
        public static Answer dropped() {
            return new Answer(0, Map.of(), Body.of(new byte[0]), 0, Mode.DROP, 0);
        }

        /** No answer until the server closes. */
        public static Answer hanging() {
            return new Answer(0, Map.of(), Body.of(new byte[0]), 0, Mode.HANG, 0);
        }

        /** The same answer after {@code millis} more. */
        public Answer delayedBy(long millis) {
            return new Answer(status, headers, body, delayMillis + millis, mode, partBytes);
        }

        /** The same answer with one more header (or another value for one it has, names in any case). */
        public Answer withHeader(String name, String value) {
            Map<String, String> more = new LinkedHashMap<>();
            headers.forEach((k, v) -> {
                if (!k.equalsIgnoreCase(name)) {
                    more.put(k, v);
                }
            });
            more.put(name, value);
            return new Answer(status, more, body, delayMillis, mode, partBytes);
        }

        /** The same answer ended as {@code mode} after {@code partBytes} of the body (CUT or STALL). */
        public Answer endedAs(Mode mode, long partBytes) {
            return new Answer(status, headers, body, delayMillis, mode, partBytes);
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
            if (answer.mode() == Mode.HANG) {
                closed.await();
                return;
            }
            if (answer.delayMillis() > 0) {
                Thread.sleep(answer.delayMillis());
            }
            if (answer.mode() == Mode.DROP) {
                // Closed before the headers: the JDK's server closes the connection itself.
                return;
            }
            answer.headers().forEach((k, v) -> exchange.getResponseHeaders().set(k, v));
            long length = answer.body().length();
            exchange.sendResponseHeaders(answer.status(), length == 0 ? -1 : length);
            if (length == 0) {
                return;
            }
            OutputStream out = exchange.getResponseBody();
            if (answer.mode() == Mode.WHOLE) {
                try (out) {
                    answer.body().writeTo(out, length);
                }
                return;
            }
            answer.body().writeTo(out, answer.partBytes());
            out.flush();
            if (answer.mode() == Mode.STALL) {
                closed.await();
            }
            // CUT: the exchange closed short of its Content-Length, so the JDK's server closes the connection.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            byte[] body = ("{\"error\":" + Json.quote("the fake failed: " + e) + "}")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(500, body.length);
            exchange.getResponseBody().write(body);
        } finally {
            exchange.close();
        }
    }
}
