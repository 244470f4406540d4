package dev.agenteval.agents.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agenteval.api.AgentException;
import dev.agenteval.api.FailureCode;
import dev.agenteval.common.json.JsonTrees;
import dev.agenteval.http.HttpClientSettings;
import dev.agenteval.http.HttpJson;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One POST answered with Server-Sent Events, read line by line on the caller's thread: each
 * event's {@code data} is handed over as JSON. The same failures as {@link
 * dev.agenteval.http.HttpJson}: {@code http_error} with a body excerpt, {@code network_error},
 * {@code timeout} (no headers, or no line, within the request timeout), {@code invalid_response}
 * (malformed JSON, a stream over the size cap); one credential refresh after a 401; no other
 * retries (a stream may have had effects). Interruption or {@link #cancel()} abandons the call.
 */
final class SseCall {

    /** Receives events; returns true to stop reading. */
    interface Listener {
        boolean onEvent(JsonNode data);
    }

    private static final Object END = new Object();
    private static final int EXCERPT = 300;

    private final HttpClient client;
    private final HttpClientSettings settings;
    private volatile CompletableFuture<?> inFlight;
    private volatile Flow.Subscription subscription;
    private long firstEventNanos = -1;
    private int events;

    SseCall(HttpClient client, HttpClientSettings settings) {
        this.client = client;
        this.settings = settings;
    }

    /** Nanoseconds from sending the request to the first event; -1 when none arrived. */
    long firstEventNanos() {
        return firstEventNanos;
    }

    /** How many events arrived. */
    int events() {
        return events;
    }

    /** Abandons the call from another thread. */
    void cancel() {
        Flow.Subscription s = subscription;
        if (s != null) {
            s.cancel();
        }
        CompletableFuture<?> f = inFlight;
        if (f != null) {
            f.cancel(true);
        }
    }

    void post(URI uri, byte[] body, Map<String, String> extraHeaders, Listener listener) throws InterruptedException {
        Result r = attempt(uri, body, extraHeaders, listener);
        if (r == Result.UNAUTHORIZED && settings.authentication() != null) {
            settings.authentication().invalidate();
            r = attempt(uri, body, extraHeaders, listener);
        }
        if (r == Result.UNAUTHORIZED) {
            throw httpError(uri, 401, "");
        }
    }

    private enum Result { DONE, UNAUTHORIZED }

    private record Headers(int status, String contentType) {
    }

    private record Failure(Throwable cause) {
    }

    private Result attempt(URI uri, byte[] body, Map<String, String> extraHeaders, Listener listener)
            throws InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri)
                .timeout(settings.requestTimeout())
                .header("Accept", "text/event-stream")
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        settings.headers().forEach(request::header);
        if (settings.authentication() != null) {
            settings.authentication().headers().forEach((name, value) -> {
                HttpJson.registerCredential(settings.secrets(), value);
                request.header(name, value);
            });
        }
        extraHeaders.forEach(request::header);
        LinkedBlockingQueue<Object> queue = new LinkedBlockingQueue<>();
        AtomicLong bytes = new AtomicLong();
        long limit = settings.maxResponseBytes();
        Flow.Subscriber<String> lines = new Flow.Subscriber<>() {
            @Override
            public void onSubscribe(Flow.Subscription s) {
                subscription = s;
                s.request(Long.MAX_VALUE);
            }

            @Override
            public void onNext(String line) {
                if (bytes.addAndGet(line.length() + 1L) > limit) {
                    subscription.cancel();
                    queue.add(new Failure(new TooLarge()));
                    return;
                }
                queue.add(line);
            }

            @Override
            public void onError(Throwable t) {
                queue.add(new Failure(t));
            }

            @Override
            public void onComplete() {
                queue.add(END);
            }
        };
        long start = System.nanoTime();
        CompletableFuture<HttpResponse<Void>> future = client.sendAsync(request.build(), info -> {
            queue.add(new Headers(info.statusCode(), info.headers().firstValue("content-type").orElse("")));
            return HttpResponse.BodySubscribers.fromLineSubscriber(lines, s -> null, StandardCharsets.UTF_8, null);
        });
        inFlight = future;
        future.whenComplete((r, e) -> {
            if (e != null) {
                queue.add(new Failure(e instanceof java.util.concurrent.CompletionException && e.getCause() != null
                        ? e.getCause() : e));
            }
        });
        try {
            Object first = next(queue, uri);
            if (first instanceof Failure f) {
                throw failure(uri, f.cause());
            }
            Headers headers = (Headers) first;
            if (headers.status() == 401) {
                cancel();
                return Result.UNAUTHORIZED;
            }
            if (headers.status() / 100 != 2) {
                throw httpError(uri, headers.status(), excerpt(queue, uri));
            }
            boolean eventStream = headers.contentType().toLowerCase(java.util.Locale.ROOT).startsWith("text/event-stream");
            read(queue, uri, eventStream, listener, start);
            return Result.DONE;
        } catch (InterruptedException e) {
            cancel();
            throw e;
        } catch (RuntimeException e) {
            cancel();
            throw e;
        } finally {
            inFlight = null;
        }
    }

    private void read(LinkedBlockingQueue<Object> queue, URI uri, boolean eventStream, Listener listener, long start)
            throws InterruptedException {
        StringBuilder data = new StringBuilder();
        boolean hasData = false;
        while (true) {
            Object item = next(queue, uri);
            if (item instanceof Failure f) {
                throw failure(uri, f.cause());
            }
            if (item == END) {
                if (hasData && dispatch(uri, data.toString(), listener, start)) {
                    cancel();
                }
                return;
            }
            String line = (String) item;
            if (!eventStream) {
                // A plain JSON answer (e.g. a JSON-RPC error) instead of a stream: one event.
                data.append(line).append('\n');
                hasData = true;
                continue;
            }
            if (line.isEmpty()) {
                if (hasData && dispatch(uri, data.toString(), listener, start)) {
                    cancel();
                    return;
                }
                data.setLength(0);
                hasData = false;
            } else if (line.startsWith("data:")) {
                String value = line.substring(5);
                if (hasData) {
                    data.append('\n');
                }
                data.append(value.startsWith(" ") ? value.substring(1) : value);
                hasData = true;
            }
            // Comments (":"), "event:", "id:" and "retry:" lines carry nothing a client needs here.
        }
    }

    private boolean dispatch(URI uri, String data, Listener listener, long start) {
        if (data.isBlank()) {
            return false;
        }
        JsonNode json = JsonTrees.parseOrNull(data);
        if (json == null) {
            throw new AgentException(FailureCode.INVALID_RESPONSE, "POST " + uri + " streamed malformed JSON: "
                    + shorten(data), Map.of("url", uri.toString(), "body", shorten(data)), null);
        }
        if (firstEventNanos < 0) {
            firstEventNanos = System.nanoTime() - start;
        }
        events++;
        return listener.onEvent(json);
    }

    private Object next(LinkedBlockingQueue<Object> queue, URI uri) throws InterruptedException {
        Object item = queue.poll(settings.requestTimeout().toMillis(), TimeUnit.MILLISECONDS);
        if (item == null) {
            throw timeout(uri);
        }
        return item;
    }

    private String excerpt(LinkedBlockingQueue<Object> queue, URI uri) throws InterruptedException {
        StringBuilder sb = new StringBuilder();
        while (sb.length() < EXCERPT) {
            Object item = queue.poll(settings.requestTimeout().toMillis(), TimeUnit.MILLISECONDS);
            if (!(item instanceof String line)) {
                break;
            }
            sb.append(line).append('\n');
        }
        return shorten(sb.toString());
    }

    private AgentException failure(URI uri, Throwable cause) {
        if (cause instanceof HttpTimeoutException) {
            return timeout(uri);
        }
        if (cause instanceof TooLarge) {
            return new AgentException(FailureCode.INVALID_RESPONSE, "POST " + uri + ": stream larger than "
                    + settings.maxResponseBytes() + " bytes, refused",
                    Map.of("url", uri.toString(), "maxBytes", settings.maxResponseBytes()), cause);
        }
        if (cause instanceof IOException) {
            return new AgentException(FailureCode.NETWORK_ERROR, "POST " + uri + " failed: "
                    + cause.getClass().getSimpleName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage()),
                    Map.of("url", uri.toString()), cause);
        }
        return new AgentException(FailureCode.INTERNAL, "POST " + uri + " failed: " + cause,
                Map.of("url", uri.toString()), cause);
    }

    private AgentException timeout(URI uri) {
        double seconds = settings.requestTimeout().toMillis() / 1000.0;
        return new AgentException(FailureCode.TIMEOUT, "POST " + uri + " timed out after " + seconds + " s",
                Map.of("url", uri.toString(), "timeoutSeconds", seconds), null);
    }

    private static AgentException httpError(URI uri, int status, String excerpt) {
        Map<String, Object> context = new LinkedHashMap<>();
        context.put("status", status);
        context.put("method", "POST");
        context.put("url", uri.toString());
        context.put("body", excerpt);
        return new AgentException(FailureCode.HTTP_ERROR, "POST " + uri + " answered " + status
                + (excerpt.isEmpty() ? "" : ": " + excerpt), context, null);
    }

    // Masked before it is cut, so the cut never keeps part of a secret.
    private String shorten(String s) {
        String t = settings.secrets().redact(s).strip();
        return t.length() > EXCERPT ? t.substring(0, EXCERPT) + "…" : t;
    }

    private static final class TooLarge extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TooLarge() {
            super("stream too large");
        }
    }
}
