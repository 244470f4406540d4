package dev.agenteval.otel;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.agenteval.otel.internal.MalformedOtlpException;
import dev.agenteval.otel.internal.OtlpJson;
import dev.agenteval.otel.internal.OtlpProtobuf;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Predicate;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * An embedded OTLP/HTTP trace receiver on 127.0.0.1: the agent under test exports its spans here
 * ({@code OTEL_EXPORTER_OTLP_ENDPOINT} = {@link #address()}), and the receiver keeps them, grouped
 * by trace id, for an evaluation to read ({@link #awaitSpans}, {@link AgentTrace}).
 *
 * <pre>{@code
 * try (OtlpReceiver receiver = OtlpReceiver.start()) {
 *     // the agent exports to receiver.address() + "/v1/traces"
 *     List<OtlpSpan> spans = receiver.awaitSpans(traceId, s -> s.size() >= 3, Duration.ofSeconds(5));
 *     List<ToolCall> calls = AgentTrace.of(spans).under(turnSpanId).toolCalls();
 * }
 * }</pre>
 *
 * <h2>What it serves</h2>
 * {@code POST /v1/traces} with an {@code ExportTraceServiceRequest} in either OTLP encoding:
 * {@code Content-Type: application/x-protobuf} or {@code application/json}, plain or with
 * {@code Content-Encoding: gzip}. It answers 200 with an empty {@code ExportTraceServiceResponse}
 * in the request's encoding; 400 with a {@code google.rpc.Status} (in the request's encoding) whose
 * message names the field and the problem, for a body that does not decode; 413 for a body over the
 * {@linkplain Builder#maxBodyBytes limit}; 415 for another content type or encoding; 404 for another
 * path and 405 for another method.
 *
 * <h2>What it keeps</h2>
 * At most {@linkplain Builder#maxTraces maxTraces} traces, the oldest (first seen) dropped to make
 * room for a new one, and at most {@linkplain Builder#maxSpansPerTrace maxSpansPerTrace} spans per
 * trace, the spans beyond that dropped on arrival; {@link #droppedSpans()} counts both. A request's
 * spans are stored before it is answered, so once an exporter's flush has returned its spans are
 * here. Thread-safe.
 */
@API(status = EXPERIMENTAL)
public final class OtlpReceiver implements AutoCloseable {

    /** The path OTLP/HTTP exporters post traces to, below {@link #address()}. */
    public static final String TRACES_PATH = "/v1/traces";

    static final String PROTOBUF = "application/x-protobuf";
    static final String JSON = "application/json";
    private static final int INVALID_ARGUMENT = 3; // google.rpc.Code
    private static final ObjectMapper ERROR_WRITER = new ObjectMapper();

    private final HttpServer server;
    private final ExecutorService executor;
    private final int maxTraces;
    private final int maxSpansPerTrace;
    private final int maxBodyBytes;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final LinkedHashMap<String, List<OtlpSpan>> traces = new LinkedHashMap<>();
    private long received;
    private long dropped;
    private boolean closed;

    private OtlpReceiver(Builder b) {
        this.maxTraces = b.maxTraces;
        this.maxSpansPerTrace = b.maxSpansPerTrace;
        this.maxBodyBytes = b.maxBodyBytes;
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", b.port), 0);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the OTLP receiver on 127.0.0.1:" + b.port + ": "
                    + e.getMessage(), e);
        }
        AtomicInteger threads = new AtomicInteger();
        executor = Executors.newFixedThreadPool(b.threads, r -> {
            Thread t = new Thread(r, "otlp-receiver-" + threads.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(executor);
        server.createContext("/", this::handle);
        server.start();
    }

    /** A receiver on an ephemeral port with the default limits. */
    public static OtlpReceiver start() {
        return builder().start();
    }

    /** Settings for a receiver: port and limits. */
    public static Builder builder() {
        return new Builder();
    }

    /** The base URL, {@code http://127.0.0.1:<port>}: the value for {@code OTEL_EXPORTER_OTLP_ENDPOINT}. */
    public URI address() {
        return URI.create("http://127.0.0.1:" + port());
    }

    /** The traces URL, {@code http://127.0.0.1:<port>/v1/traces}: for {@code OTEL_EXPORTER_OTLP_TRACES_ENDPOINT}. */
    public URI tracesEndpoint() {
        return URI.create(address() + TRACES_PATH);
    }

    /** The port bound. */
    public int port() {
        return server.getAddress().getPort();
    }

    /** The spans received so far for a trace id (hex, either case), in arrival order; empty when none. */
    public List<OtlpSpan> spans(String traceId) {
        String id = normalize(traceId);
        lock.lock();
        try {
            return snapshot(id);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits until the spans of a trace satisfy {@code until}, or {@code timeout} has passed, or the
     * receiver is closed, and returns them (arrival order). The predicate is tested at once and
     * again on each arrival of spans for any trace, with the receiver locked: keep it quick. When
     * the time is up the spans are returned as they are, whether or not the predicate holds.
     *
     * @throws InterruptedException when the waiting thread is interrupted
     */
    public List<OtlpSpan> awaitSpans(String traceId, Predicate<? super List<OtlpSpan>> until, Duration timeout)
            throws InterruptedException {
        String id = normalize(traceId);
        Objects.requireNonNull(until, "until");
        long remaining = Objects.requireNonNull(timeout, "timeout").toNanos();
        lock.lock();
        try {
            List<OtlpSpan> spans = snapshot(id);
            while (!until.test(spans) && remaining > 0 && !closed) {
                remaining = changed.awaitNanos(remaining);
                spans = snapshot(id);
            }
            return spans;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits for an agent's spans of one turn and returns them as an {@link AgentTrace} of the turn's
     * subtree ({@link AgentTrace#under}): until a span whose parent is {@code turnSpanId} has
     * arrived, or {@code timeout} has passed. That span is the agent's root for the turn, which an
     * SDK exports when it ends, after its children in the usual case (one batch, or a span per
     * request in end order); an agent whose exporter sends spans in parallel requests may deliver
     * the root before a child, and that child is then missed.
     *
     * @throws InterruptedException when the waiting thread is interrupted
     */
    public AgentTrace awaitTurn(String traceId, String turnSpanId, Duration timeout) throws InterruptedException {
        String parent = normalize(turnSpanId);
        List<OtlpSpan> spans = awaitSpans(traceId, list -> list.stream().anyMatch(s -> parent.equals(s.parentSpanId())),
                timeout);
        return AgentTrace.of(spans).under(parent);
    }

    /** The trace ids kept, oldest first. */
    public Set<String> traceIds() {
        lock.lock();
        try {
            return Collections.unmodifiableSet(new java.util.LinkedHashSet<>(traces.keySet()));
        } finally {
            lock.unlock();
        }
    }

    /** Drops a trace's spans (e.g. once a turn has read them) and returns them; empty when none. */
    public List<OtlpSpan> forget(String traceId) {
        String id = normalize(traceId);
        lock.lock();
        try {
            List<OtlpSpan> spans = traces.remove(id);
            return spans == null ? List.of() : List.copyOf(spans);
        } finally {
            lock.unlock();
        }
    }

    /** Spans received (and decoded) since the start, kept or not. */
    public long receivedSpans() {
        lock.lock();
        try {
            return received;
        } finally {
            lock.unlock();
        }
    }

    /** Spans dropped by the limits: of the oldest traces evicted, and beyond a trace's cap. */
    public long droppedSpans() {
        lock.lock();
        try {
            return dropped;
        } finally {
            lock.unlock();
        }
    }

    /** Stops serving at once and wakes every {@link #awaitSpans} caller. */
    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        server.stop(0);
        executor.shutdownNow();
        try {
            executor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return "OtlpReceiver[" + tracesEndpoint() + "]";
    }

    /** Stores decoded spans under the limits, and wakes the waiters. */
    void add(List<OtlpSpan> spans) {
        if (spans.isEmpty()) {
            return;
        }
        lock.lock();
        try {
            for (OtlpSpan span : spans) {
                received++;
                List<OtlpSpan> trace = traces.get(span.traceId());
                if (trace == null) {
                    if (traces.size() >= maxTraces) {
                        Iterator<List<OtlpSpan>> oldest = traces.values().iterator();
                        dropped += oldest.next().size();
                        oldest.remove();
                    }
                    trace = new ArrayList<>();
                    traces.put(span.traceId(), trace);
                }
                if (trace.size() >= maxSpansPerTrace) {
                    dropped++;
                } else {
                    trace.add(span);
                }
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    private List<OtlpSpan> snapshot(String traceId) {
        List<OtlpSpan> spans = traces.get(traceId);
        return spans == null ? List.of() : List.copyOf(spans);
    }

    private static String normalize(String traceId) {
        return Objects.requireNonNull(traceId, "traceId").strip().toLowerCase(Locale.ROOT);
    }

    // ---------------------------------------------------------------- HTTP

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (!exchange.getRequestURI().getPath().equals(TRACES_PATH)) {
                answer(exchange, 404, "text/plain", text("no such path " + exchange.getRequestURI().getPath()
                        + ": this OTLP receiver takes traces only, at POST " + TRACES_PATH));
                return;
            }
            if (!exchange.getRequestMethod().equals("POST")) {
                exchange.getResponseHeaders().set("Allow", "POST");
                answer(exchange, 405, "text/plain", text(exchange.getRequestMethod() + " " + TRACES_PATH
                        + " is not allowed: OTLP/HTTP exports are POSTed"));
                return;
            }
            String type = mediaType(exchange.getRequestHeaders().getFirst("Content-Type"));
            if (!type.equals(PROTOBUF) && !type.equals(JSON)) {
                answer(exchange, 415, "text/plain", text("unsupported Content-Type '" + type + "': OTLP/HTTP takes "
                        + PROTOBUF + " or " + JSON));
                return;
            }
            boolean json = type.equals(JSON);
            String encoding = exchange.getRequestHeaders().getFirst("Content-Encoding");
            encoding = encoding == null ? "identity" : encoding.strip().toLowerCase(Locale.ROOT);
            if (!encoding.equals("gzip") && !encoding.equals("identity")) {
                answer(exchange, 415, "text/plain", text("unsupported Content-Encoding '" + encoding
                        + "': gzip or none"));
                return;
            }
            byte[] body;
            try (InputStream raw = exchange.getRequestBody();
                 InputStream in = encoding.equals("gzip") ? new GZIPInputStream(raw) : raw) {
                body = readAtMost(in, maxBodyBytes);
            } catch (ZipException | java.io.EOFException e) {
                error(exchange, json, "malformed gzip body: " + e.getMessage());
                return;
            }
            if (body == null) {
                answer(exchange, 413, "text/plain", text("request body over " + maxBodyBytes + " bytes"
                        + (encoding.equals("gzip") ? " once decompressed" : "")));
                return;
            }
            List<OtlpSpan> spans;
            try {
                spans = json ? OtlpJson.decode(body) : OtlpProtobuf.decode(body);
            } catch (MalformedOtlpException | IllegalArgumentException e) {
                error(exchange, json, "malformed OTLP " + (json ? "JSON" : "protobuf") + " traces request: "
                        + e.getMessage());
                return;
            }
            add(spans);
            // An empty ExportTraceServiceResponse: no partial_success means every span was accepted.
            answer(exchange, 200, json ? JSON : PROTOBUF, json ? text("{}") : new byte[0]);
        }
    }

    /** 400 with a google.rpc.Status in the request's encoding. */
    private static void error(HttpExchange exchange, boolean json, String message) throws IOException {
        byte[] body = json
                ? ERROR_WRITER.writeValueAsBytes(Map.of("code", INVALID_ARGUMENT, "message", message))
                : OtlpProtobuf.status(INVALID_ARGUMENT, message);
        answer(exchange, 400, json ? JSON : PROTOBUF, body);
    }

    private static void answer(HttpExchange exchange, int status, String type, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    /** The bytes of {@code in}, or null when there are more than {@code max}. */
    private static byte[] readAtMost(InputStream in, int max) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        for (int n; (n = in.read(buffer)) >= 0; ) {
            if (out.size() + n > max) {
                return null;
            }
            out.write(buffer, 0, n);
        }
        return out.toByteArray();
    }

    private static String mediaType(String header) {
        if (header == null) {
            return "";
        }
        int semicolon = header.indexOf(';');
        return (semicolon < 0 ? header : header.substring(0, semicolon)).strip().toLowerCase(Locale.ROOT);
    }

    private static byte[] text(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** The port and limits of a receiver. */
    @API(status = EXPERIMENTAL)
    public static final class Builder {
        private int port;
        private int maxTraces = 1000;
        private int maxSpansPerTrace = 10_000;
        private int maxBodyBytes = 32 * 1024 * 1024;
        private int threads = 4;

        private Builder() {
        }

        /** The port on 127.0.0.1; 0 (the default) for an ephemeral one. */
        public Builder port(int port) {
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("port must be 0 to 65535 but was " + port);
            }
            this.port = port;
            return this;
        }

        /** How many traces are kept, the oldest dropped beyond (default 1000). */
        public Builder maxTraces(int maxTraces) {
            this.maxTraces = positive(maxTraces, "maxTraces");
            return this;
        }

        /** How many spans a trace keeps, later ones dropped (default 10,000). */
        public Builder maxSpansPerTrace(int maxSpansPerTrace) {
            this.maxSpansPerTrace = positive(maxSpansPerTrace, "maxSpansPerTrace");
            return this;
        }

        /** The largest request body, once decompressed, in bytes (default 32 MiB); larger ones get 413. */
        public Builder maxBodyBytes(int maxBodyBytes) {
            this.maxBodyBytes = positive(maxBodyBytes, "maxBodyBytes");
            return this;
        }

        /** Starts the receiver. */
        public OtlpReceiver start() {
            return new OtlpReceiver(this);
        }

        private static int positive(int value, String name) {
            if (value < 1) {
                throw new IllegalArgumentException(name + " must be at least 1 but was " + value);
            }
            return value;
        }
    }
}
