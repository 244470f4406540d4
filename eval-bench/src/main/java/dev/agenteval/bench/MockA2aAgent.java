package dev.agenteval.bench;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Locale;
import java.util.concurrent.DelayQueue;
import java.util.concurrent.Delayed;
import java.util.concurrent.TimeUnit;

/**
 * A loopback A2A 0.3 agent for the benchmark: answers every {@code message/send} with a completed
 * task echoing the text, after a fixed latency counted from the moment the whole request arrived.
 * Counts requests and records the number in flight over time, so a run shows whether the agent
 * really saw {@code C} requests at once for the whole run or only in an opening burst.
 *
 * <p>A small NIO HTTP/1.1 server (keep-alive, {@code Content-Length} bodies): one thread reads and
 * parses, one writes each answer when it is due. A waiting request costs a queue entry, not a
 * thread. (The JDK's {@code HttpServer} needed about twice the CPU per
 * request and held 40 ms Nagle stalls unless {@code sun.net.httpserver.nodelay} was set.)
 */
final class MockA2aAgent implements AutoCloseable {

    private static final JsonFactory JSON = new JsonFactory();
    private static final int BUCKETS = 10;
    private static final byte[] HEADER_END = {'\r', '\n', '\r', '\n'};

    private final ServerSocketChannel listener;
    private final Selector selector;
    private final Thread thread;
    private final long latencyNanos;
    private final DelayQueue<Pending> due = new DelayQueue<>();
    private final Thread timer;
    private volatile boolean closed;

    // Guarded by this: the in-flight count as a step function of time.
    private long requests;
    private int inFlight;
    private int maxInFlight;
    private long firstStart = -1;
    private long lastEnd = -1;
    private long lastChange;
    private double area;
    private long[] changeTimes = new long[1 << 16];
    private int[] changeLevels = new int[1 << 16];
    private int changes;

    private MockA2aAgent(long latencyNanos) throws IOException {
        this.latencyNanos = latencyNanos;
        this.selector = Selector.open();
        this.listener = ServerSocketChannel.open();
        listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
        listener.configureBlocking(false);
        listener.register(selector, SelectionKey.OP_ACCEPT);
        this.thread = new Thread(this::loop, "mock-a2a-agent");
        thread.setDaemon(true);
        thread.start();
        this.timer = new Thread(this::answerWhenDue, "mock-a2a-agent-timer");
        timer.setDaemon(true);
        timer.start();
    }

    /** Starts the agent on a free loopback port; {@code latencyMillis} may be fractional or 0. */
    static MockA2aAgent start(double latencyMillis) throws IOException {
        return new MockA2aAgent((long) (latencyMillis * 1_000_000));
    }

    URI url() {
        try {
            return URI.create("http://127.0.0.1:" + ((InetSocketAddress) listener.getLocalAddress()).getPort() + "/");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One connection: bytes read so far, and the answers not yet written. */
    private static final class Connection {
        final SocketChannel channel;
        ByteBuffer in = ByteBuffer.allocate(8192);
        final ArrayDeque<ByteBuffer> out = new ArrayDeque<>();

        Connection(SocketChannel channel) {
            this.channel = channel;
        }
    }

    /** An answer waiting for its latency to pass. */
    private record Pending(long dueNanos, long seq, Connection connection, ByteBuffer answer) implements Delayed {
        @Override
        public long getDelay(TimeUnit unit) {
            return unit.convert(dueNanos - System.nanoTime(), TimeUnit.NANOSECONDS);
        }

        @Override
        public int compareTo(Delayed other) {
            Pending o = (Pending) other;
            int c = Long.compare(dueNanos - o.dueNanos, 0);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
    }

    /** Writes each answer when it is due (DelayQueue parks with nanosecond precision; select() has milliseconds). */
    private void answerWhenDue() {
        try {
            while (!closed) {
                Pending p = due.take();
                // Counted out before the write: once written, the client may send its next request
                // before this thread could count this one out.
                left(System.nanoTime());
                send(p.connection, p.answer);
            }
        } catch (InterruptedException e) {
            // closed
        }
    }

    private void loop() {
        long seq = 0;
        try {
            while (!closed) {
                selector.select();
                Iterator<SelectionKey> keys = selector.selectedKeys().iterator();
                while (keys.hasNext()) {
                    SelectionKey key = keys.next();
                    keys.remove();
                    if (!key.isValid()) {
                        continue;
                    }
                    if (key.isAcceptable()) {
                        SocketChannel ch = listener.accept();
                        if (ch != null) {
                            ch.configureBlocking(false);
                            ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
                            ch.register(selector, SelectionKey.OP_READ, new Connection(ch));
                        }
                        continue;
                    }
                    Connection c = (Connection) key.attachment();
                    try {
                        if (key.isWritable()) {
                            flush(c);
                        }
                        if (key.isReadable()) {
                            if (c.channel.read(c.in) < 0) {
                                key.cancel();
                                c.channel.close();
                                continue;
                            }
                            for (byte[] body = takeRequest(c); body != null; body = takeRequest(c)) {
                                long arrived = System.nanoTime();
                                entered(arrived);
                                ByteBuffer answer = answer(Request.read(body));
                                due.add(new Pending(arrived + latencyNanos, seq++, c, answer));
                            }
                            if (!c.in.hasRemaining()) {
                                c.in = ByteBuffer.allocate(c.in.capacity() * 2).put(c.in.flip());
                            }
                        }
                    } catch (IOException e) {
                        key.cancel();
                        c.channel.close();
                    }
                }
            }
        } catch (IOException e) {
            if (!closed) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** The body of the next complete request in the buffer, consumed; null when none is complete. */
    private static byte[] takeRequest(Connection c) {
        ByteBuffer buf = c.in;
        byte[] a = buf.array();
        int end = indexOf(a, buf.position(), HEADER_END);
        if (end < 0) {
            return null;
        }
        String headers = new String(a, 0, end, StandardCharsets.ISO_8859_1);
        int length = 0;
        for (String line : headers.split("\r\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase("content-length")) {
                length = Integer.parseInt(line.substring(colon + 1).trim());
            }
        }
        int total = end + HEADER_END.length + length;
        if (buf.position() < total) {
            if (total > buf.capacity()) {
                c.in = ByteBuffer.allocate(Integer.highestOneBit(total) * 2).put(buf.flip());
            }
            return null;
        }
        byte[] body = Arrays.copyOfRange(a, end + HEADER_END.length, total);
        buf.flip().position(total);
        buf.compact();
        return body;
    }

    private static int indexOf(byte[] a, int limit, byte[] what) {
        outer:
        for (int i = 0; i + what.length <= limit; i++) {
            for (int j = 0; j < what.length; j++) {
                if (a[i + j] != what[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private void send(Connection c, ByteBuffer answer) {
        if (!c.channel.isOpen()) {
            return;
        }
        try {
            synchronized (c) {
                c.out.add(answer);
                if (flushed(c)) {
                    return;
                }
            }
            // The socket buffer is full: the selector thread writes the rest when it drains.
            SelectionKey key = c.channel.keyFor(selector);
            if (key != null && key.isValid()) {
                key.interestOps(SelectionKey.OP_READ | SelectionKey.OP_WRITE);
                selector.wakeup();
            }
        } catch (IOException e) {
            try {
                c.channel.close();
            } catch (IOException ignored) {
                // already failing
            }
        }
    }

    /** Writes what the socket takes; true when nothing is left. Called holding the connection's lock. */
    private static boolean flushed(Connection c) throws IOException {
        while (!c.out.isEmpty()) {
            ByteBuffer b = c.out.peek();
            c.channel.write(b);
            if (b.hasRemaining()) {
                return false;
            }
            c.out.poll();
        }
        return true;
    }

    private void flush(Connection c) throws IOException {
        boolean done;
        synchronized (c) {
            done = flushed(c);
        }
        SelectionKey key = c.channel.keyFor(selector);
        if (done && key != null && key.isValid()) {
            key.interestOps(SelectionKey.OP_READ);
        }
    }

    private synchronized void entered(long now) {
        if (firstStart < 0) {
            firstStart = now;
            lastChange = now;
        }
        requests++;
        step(now, +1);
        maxInFlight = Math.max(maxInFlight, inFlight);
    }

    private synchronized void left(long now) {
        step(now, -1);
        lastEnd = now;
    }

    private void step(long now, int delta) {
        area += (double) inFlight * (now - lastChange);
        lastChange = now;
        inFlight += delta;
        if (changes == changeTimes.length) {
            changeTimes = Arrays.copyOf(changeTimes, changes * 2);
            changeLevels = Arrays.copyOf(changeLevels, changes * 2);
        }
        changeTimes[changes] = now;
        changeLevels[changes] = inFlight;
        changes++;
    }

    /** Forgets the counts, between runs. */
    synchronized void reset() {
        requests = 0;
        inFlight = 0;
        maxInFlight = 0;
        firstStart = -1;
        lastEnd = -1;
        area = 0;
        changes = 0;
    }

    /** What the agent saw since the last reset. */
    synchronized Stats stats() {
        double span = lastEnd - firstStart;
        double[] deciles = new double[BUCKETS];
        if (span > 0) {
            // Time-weighted average in-flight count within each tenth of the run.
            double width = span / BUCKETS;
            double[] bucketArea = new double[BUCKETS];
            for (int i = 0; i + 1 < changes; i++) {
                double from = changeTimes[i] - firstStart;
                double to = changeTimes[i + 1] - firstStart;
                int level = changeLevels[i];
                int last = (int) Math.min(BUCKETS - 1, to / width);
                for (int b = (int) Math.min(BUCKETS - 1, from / width); b <= last; b++) {
                    double overlap = Math.min(to, b == BUCKETS - 1 ? span : (b + 1) * width) - Math.max(from, b * width);
                    if (overlap > 0) {
                        bucketArea[b] += level * overlap;
                    }
                }
            }
            for (int b = 0; b < BUCKETS; b++) {
                deciles[b] = bucketArea[b] / width;
            }
        }
        return new Stats(requests, maxInFlight, span > 0 ? area / span : 0, firstStart, lastEnd, deciles);
    }

    /**
     * @param averageInFlight time-weighted, from the first request's arrival to the last response
     * @param deciles         the same average within each tenth of that span
     */
    record Stats(long requests, int maxInFlight, double averageInFlight, long firstStartNanos, long lastEndNanos,
                 double[] deciles) {

        String decileText() {
            StringBuilder sb = new StringBuilder();
            for (double d : deciles) {
                sb.append(sb.length() == 0 ? "" : " ").append(String.format(Locale.ROOT, "%.1f", d));
            }
            return sb.toString();
        }
    }

    private static ByteBuffer answer(Request r) {
        String text = "The answer to " + r.text;
        byte[] body = ("{\"jsonrpc\":\"2.0\",\"id\":" + r.id + ",\"result\":{\"kind\":\"task\",\"id\":\"task-" + r.number
                + "\",\"contextId\":\"ctx-" + r.number + "\",\"status\":{\"state\":\"completed\",\"message\":{"
                + "\"kind\":\"message\",\"role\":\"agent\",\"messageId\":\"m-" + r.number + "\",\"parts\":[{\"kind\":\"text\","
                + "\"text\":" + quote(text) + "}]}},\"artifacts\":[{\"artifactId\":\"a-" + r.number + "\",\"parts\":[{"
                + "\"kind\":\"data\",\"data\":{\"items\":[{\"type\":\"TEMP\",\"value\":38.5},{\"type\":\"SYS\","
                + "\"value\":120}]}}]}]}}").getBytes(StandardCharsets.UTF_8);
        byte[] head = ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + body.length + "\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1);
        ByteBuffer b = ByteBuffer.allocate(head.length + body.length);
        return b.put(head).put(body).flip();
    }

    private static String quote(String s) {
        return '"' + new String(JsonStringEncoder.getInstance().quoteAsString(s)) + '"';
    }

    /** The JSON-RPC id and the first text part, read with the streaming parser (the mock's CPU is the runner's CPU). */
    private record Request(String id, String number, String text) {

        static Request read(byte[] body) throws IOException {
            String id = "null";
            String text = "";
            try (JsonParser p = JSON.createParser(body)) {
                int depth = 0;
                for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                    if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
                        depth++;
                    } else if (t == JsonToken.END_OBJECT || t == JsonToken.END_ARRAY) {
                        depth--;
                    } else if (t == JsonToken.FIELD_NAME) {
                        String name = p.currentName();
                        JsonToken v = p.nextToken();
                        if (depth == 1 && name.equals("id") && v.isScalarValue()) {
                            id = v == JsonToken.VALUE_STRING ? quote(p.getText()) : p.getText();
                        } else if (name.equals("text") && v == JsonToken.VALUE_STRING && text.isEmpty()) {
                            text = p.getText();
                        } else if (v == JsonToken.START_OBJECT || v == JsonToken.START_ARRAY) {
                            depth++;
                        }
                    }
                }
            }
            return new Request(id, Integer.toHexString(text.hashCode()), text);
        }
    }

    @Override
    public void close() {
        closed = true;
        selector.wakeup();
        timer.interrupt();
        try {
            thread.join(5_000);
            timer.join(5_000);
            for (SelectionKey key : selector.keys()) {
                key.channel().close();
            }
            selector.close();
            listener.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
