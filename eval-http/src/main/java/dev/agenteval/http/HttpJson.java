package dev.agenteval.http;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.agenteval.api.AgentException;
import dev.agenteval.api.FailureCode;
import dev.agenteval.common.json.JsonTrees;
import dev.agenteval.spi.Secrets;
import dev.agenteval.http.internal.LimitedBody;
import io.github.resilience4j.core.functions.Either;
import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * JSON over HTTP with the failure handling every agent client and judge needs: connect and
 * request timeouts, retries on connection failures and retryable statuses honouring
 * {@code Retry-After} (resilience4j), one credential refresh after a 401, a cap on the response
 * size, and every failure that remains thrown as an {@link AgentException} with a typed code:
 * {@code http_error} (status and a body excerpt), {@code network_error}, {@code timeout} or
 * {@code invalid_response}. Thread-safe. A call responds to interruption by abandoning the
 * exchange.
 *
 * <pre>{@code
 * HttpJson http = HttpJson.builder(URI.create("http://127.0.0.1:8080/"))
 *         .authentication(Authentication.bearer(token))
 *         .build();
 * JsonNode task = http.post("a2a", Map.of("jsonrpc", "2.0", "method", "message/send"), Map.of()).body();
 * }</pre>
 */
@API(status = MAINTAINED)
public final class HttpJson {

    private static final AtomicInteger IDS = new AtomicInteger();
    private static final int EXCERPT = 300;

    private final URI baseUri;
    private final HttpClient client;
    private final Duration requestTimeout;
    private final long maxResponseBytes;
    private final RetryPolicy retryPolicy;
    private final Authentication authentication;
    private final Map<String, String> headers;
    private final Secrets secrets;
    private final Retry retry;
    private final Map<String, URI> resolved = new java.util.concurrent.ConcurrentHashMap<>();
    private static final int RESOLVED_KEPT = 64;

    private HttpJson(Builder b) {
        this.baseUri = b.baseUri;
        this.client = b.client != null ? b.client
                : HttpClient.newBuilder().connectTimeout(b.connectTimeout).version(HttpClient.Version.HTTP_1_1)
                        // The client's own tasks (reading a response, completing the call) run where
                        // they arise, on its selector thread, instead of being handed to a pool: one
                        // hand-off less per request; none of them blocks (LimitedBody only copies).
                        .executor(Runnable::run)
                        .build();
        this.requestTimeout = b.requestTimeout;
        this.maxResponseBytes = b.maxResponseBytes;
        this.retryPolicy = b.retryPolicy;
        this.authentication = b.authentication;
        this.headers = Map.copyOf(b.headers);
        this.secrets = b.secrets;
        registerUserInfo(secrets, baseUri);
        this.retry = Retry.of("agent-eval-http-" + IDS.incrementAndGet(), RetryConfig.<Exchange>custom()
                .maxAttempts(retryPolicy.maxAttempts())
                .retryOnResult(x -> retryPolicy.retryStatuses().contains(x.status))
                .retryOnException(e -> e instanceof AgentException ae && ae.code() == FailureCode.NETWORK_ERROR
                        && retryPolicy.retryNetworkErrors())
                .intervalBiFunction(this::interval)
                .failAfterMaxAttempts(false)
                .build());
    }

    /** A builder for calls relative to {@code baseUri}. */
    public static Builder builder(URI baseUri) {
        return new Builder(baseUri);
    }

    /** The base URI calls are resolved against. */
    public URI baseUri() {
        return baseUri;
    }

    /** POSTs {@code body} (serialized as JSON) to {@code path}, resolved against the base URI. */
    public JsonResponse post(String path, Object body, Map<String, String> extraHeaders) throws InterruptedException {
        return send("POST", path, body, extraHeaders);
    }

    /** GETs {@code path}. */
    public JsonResponse get(String path, Map<String, String> extraHeaders) throws InterruptedException {
        return send("GET", path, null, extraHeaders);
    }

    /** DELETEs {@code path}. */
    public JsonResponse delete(String path, Map<String, String> extraHeaders) throws InterruptedException {
        return send("DELETE", path, null, extraHeaders);
    }

    /**
     * Sends one request and returns its 2xx JSON response.
     *
     * @throws AgentException with a typed code when the call fails after retries
     */
    public JsonResponse send(String method, String path, Object body, Map<String, String> extraHeaders)
            throws InterruptedException {
        URI uri = resolve(path);
        byte[] bytes = body == null ? null : serialize(body);
        Exchange x = withRetries(method, uri, bytes, extraHeaders);
        if (x.status == 401 && authentication != null) {
            authentication.invalidate();
            x = withRetries(method, uri, bytes, extraHeaders);
        }
        if (x.status / 100 != 2) {
            String excerpt = excerpt(x.body);
            Map<String, Object> context = new LinkedHashMap<>();
            context.put("status", x.status);
            context.put("method", method);
            context.put("url", uri.toString());
            context.put("body", excerpt);
            throw new AgentException(FailureCode.HTTP_ERROR, method + " " + uri + " answered " + x.status
                    + (excerpt.isEmpty() ? "" : ": " + excerpt), context, null);
        }
        return new JsonResponse(x.status, x.headers, parse(method, uri, x.body));
    }

    private Exchange withRetries(String method, URI uri, byte[] bytes, Map<String, String> extraHeaders)
            throws InterruptedException {
        try {
            Exchange x = retry.executeCheckedSupplier(() -> exchange(method, uri, bytes, extraHeaders));
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            return x;
        } catch (InterruptedException | AgentException e) {
            throw e;
        } catch (Throwable e) {
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            throw new AgentException(FailureCode.INTERNAL, method + " " + uri + " failed: " + e, Map.of(), e);
        }
    }

    private Exchange exchange(String method, URI uri, byte[] bytes, Map<String, String> extraHeaders)
            throws InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri)
                .timeout(requestTimeout)
                .header("Accept", "application/json")
                .method(method, bytes == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(bytes));
        if (bytes != null) {
            request.header("Content-Type", "application/json");
        }
        headers.forEach(request::header);
        if (authentication != null) {
            authentication.headers().forEach((name, value) -> {
                registerCredential(secrets, value);
                request.header(name, value);
            });
        }
        extraHeaders.forEach(request::header);
        try {
            // The blocking send runs the exchange on this thread's behalf without the hop through
            // CompletableFuture's default executor that sendAsync makes (on two cores a new thread
            // per request); it abandons the exchange when this thread is interrupted. The request
            // timeout bounds the headers; the body handler bounds the body by the same again.
            HttpResponse<byte[]> response = client.send(request.build(), new LimitedBody(maxResponseBytes, requestTimeout));
            return new Exchange(response.statusCode(), response.headers(), response.body());
        } catch (IOException e) {
            throw failure(method, uri, e);
        }
    }

    private AgentException failure(String method, URI uri, Throwable cause) {
        if (cause instanceof HttpTimeoutException || cause != null && cause.getCause() instanceof HttpTimeoutException) {
            return timeout(method, uri);
        }
        if (cause instanceof LimitedBody.TooLarge || cause != null && cause.getCause() instanceof LimitedBody.TooLarge) {
            return new AgentException(FailureCode.INVALID_RESPONSE, method + " " + uri + ": response larger than "
                    + maxResponseBytes + " bytes, refused", Map.of("url", uri.toString(), "maxBytes", maxResponseBytes), cause);
        }
        if (cause instanceof IOException) {
            return new AgentException(FailureCode.NETWORK_ERROR, method + " " + uri + " failed: "
                    + cause.getClass().getSimpleName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage()),
                    Map.of("url", uri.toString()), cause);
        }
        return new AgentException(FailureCode.INTERNAL, method + " " + uri + " failed: " + cause, Map.of("url", uri.toString()), cause);
    }

    private AgentException timeout(String method, URI uri) {
        return new AgentException(FailureCode.TIMEOUT, method + " " + uri + " timed out after "
                + requestTimeout.toMillis() / 1000.0 + " s", Map.of("url", uri.toString(),
                "timeoutSeconds", requestTimeout.toMillis() / 1000.0), null);
    }

    private long interval(Integer attempt, Either<Throwable, Exchange> outcome) {
        if (outcome.isRight()) {
            Duration retryAfter = retryAfter(outcome.get().headers);
            if (retryAfter != null) {
                return Math.min(retryAfter.toMillis(), retryPolicy.maxBackoff().toMillis());
            }
        }
        return retryPolicy.backoff(attempt).toMillis();
    }

    /** The {@code Retry-After} header as a duration: delta-seconds or an HTTP date; null when absent or unreadable. */
    static Duration retryAfter(HttpHeaders headers) {
        String value = headers.firstValue("retry-after").orElse(null);
        if (value == null) {
            return null;
        }
        try {
            return Duration.ofMillis(Math.max(0, (long) (Double.parseDouble(value.trim()) * 1000)));
        } catch (NumberFormatException e) {
            try {
                ZonedDateTime at = ZonedDateTime.parse(value.trim(), DateTimeFormatter.RFC_1123_DATE_TIME);
                Duration d = Duration.between(ZonedDateTime.now(at.getZone()), at);
                return d.isNegative() ? Duration.ZERO : d;
            } catch (RuntimeException ignored) {
                return null;
            }
        }
    }

    private JsonNode parse(String method, URI uri, byte[] body) {
        if (body.length == 0) {
            return MissingNode.getInstance();
        }
        try {
            return JsonTrees.MAPPER.readTree(body);
        } catch (IOException e) {
            throw new AgentException(FailureCode.INVALID_RESPONSE, method + " " + uri + " answered malformed JSON: "
                    + excerpt(body), Map.of("url", uri.toString(), "body", excerpt(body)), e);
        }
    }

    private URI resolve(String path) {
        URI known = resolved.get(path);
        if (known != null) {
            return known;
        }
        URI uri = resolveAnew(path);
        if (resolved.size() < RESOLVED_KEPT) {
            // The few paths a client calls (an agent's endpoint, its card), parsed once.
            resolved.putIfAbsent(path, uri);
        }
        return uri;
    }

    private URI resolveAnew(String path) {
        if (path.startsWith("http://") || path.startsWith("https://")) {
            return URI.create(path);
        }
        String base = baseUri.toString();
        return URI.create(base.endsWith("/") || path.isEmpty() || path.startsWith("/") ? base + path : base + "/" + path)
                .normalize();
    }

    private static byte[] serialize(Object body) {
        try {
            return JsonTrees.MAPPER.writeValueAsBytes(body);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("request body is not serializable as JSON: " + e.getOriginalMessage(), e);
        }
    }

    // Masked before it is cut, so the cut never keeps part of a secret (a 401 body echoing the token).
    private String excerpt(byte[] body) {
        String s = secrets.redact(new String(body, 0, Math.min(body.length, EXCERPT * 4 + 4096), StandardCharsets.UTF_8))
                .strip();
        return s.length() > EXCERPT ? s.substring(0, EXCERPT) + "…" : s;
    }

    /**
     * Registers a credential header value: the whole value and, for {@code Bearer} and
     * {@code Basic} schemes, the credential after the scheme (and a Basic pair's password).
     */
    public static void registerCredential(Secrets secrets, String headerValue) {
        if (headerValue == null || headerValue.isBlank()) {
            return;
        }
        secrets.add(headerValue);
        int space = headerValue.indexOf(' ');
        if (space > 0) {
            String scheme = headerValue.substring(0, space);
            String credential = headerValue.substring(space + 1).strip();
            secrets.add(credential);
            if (scheme.equalsIgnoreCase("Basic")) {
                try {
                    String pair = new String(java.util.Base64.getDecoder().decode(credential), StandardCharsets.UTF_8);
                    int colon = pair.indexOf(':');
                    if (colon >= 0) {
                        secrets.addBasic(pair.substring(0, colon), pair.substring(colon + 1));
                    }
                } catch (IllegalArgumentException notBase64) {
                    // the credential itself is registered
                }
            }
        }
    }

    /**
     * {@code uri} as text without its user information ({@code http://user:pass@host/x} becomes
     * {@code http://host/x}): what log lines and messages show of a URL, so that a library
     * embedded without the command line's masked output never logs a password.
     */
    public static String display(Object uri) {
        if (uri == null) {
            return "null";
        }
        String text = uri.toString();
        return text.replaceFirst("^([A-Za-z][A-Za-z0-9+.-]*://)[^/@?#]*@", "$1");
    }

    /** Registers the password written in a URL ({@code http://user:password@host}), if any. */
    public static void registerUserInfo(Secrets secrets, URI uri) {
        String userInfo = uri == null ? null : uri.getRawUserInfo();
        if (userInfo == null) {
            return;
        }
        int colon = userInfo.indexOf(':');
        if (colon < 0) {
            secrets.add(userInfo);
            secrets.add(java.net.URLDecoder.decode(userInfo, StandardCharsets.UTF_8));
            return;
        }
        String user = userInfo.substring(0, colon);
        String rawPassword = userInfo.substring(colon + 1);
        secrets.addBasic(user, rawPassword);
        secrets.addBasic(java.net.URLDecoder.decode(user, StandardCharsets.UTF_8),
                java.net.URLDecoder.decode(rawPassword, StandardCharsets.UTF_8));
    }

    @Override
    public String toString() {
        return "HttpJson[" + baseUri + ", " + retryPolicy + ", " + authentication + "]";
    }

    private record Exchange(int status, HttpHeaders headers, byte[] body) {
    }

    /** Builder of an {@link HttpJson}. */
    public static final class Builder {
        private final URI baseUri;
        private HttpClient client;
        private Duration connectTimeout = Duration.ofSeconds(5);
        private Duration requestTimeout = Duration.ofSeconds(120);
        private long maxResponseBytes = 10L * 1024 * 1024;
        private RetryPolicy retryPolicy = RetryPolicy.defaults();
        private Authentication authentication;
        private final Map<String, String> headers = new LinkedHashMap<>();
        private Secrets secrets = Secrets.shared();

        private Builder(URI baseUri) {
            this.baseUri = Objects.requireNonNull(baseUri, "baseUri");
        }

        /** The connect timeout (default 5 s). */
        public Builder connectTimeout(Duration connectTimeout) {
            this.connectTimeout = positive(connectTimeout, "connectTimeout");
            return this;
        }

        /** The time to wait for a response (default 120 s). */
        public Builder requestTimeout(Duration requestTimeout) {
            this.requestTimeout = positive(requestTimeout, "requestTimeout");
            return this;
        }

        /** Responses larger than this are refused as {@code invalid_response} (default 10 MB). */
        public Builder maxResponseBytes(long maxResponseBytes) {
            if (maxResponseBytes < 1) {
                throw new IllegalArgumentException("maxResponseBytes must be >= 1 but was " + maxResponseBytes);
            }
            this.maxResponseBytes = maxResponseBytes;
            return this;
        }

        /** The retry policy (default {@link RetryPolicy#defaults()}). */
        public Builder retryPolicy(RetryPolicy retryPolicy) {
            this.retryPolicy = Objects.requireNonNull(retryPolicy, "retryPolicy");
            return this;
        }

        /** How requests are authenticated (default none). */
        public Builder authentication(Authentication authentication) {
            this.authentication = authentication;
            return this;
        }

        /** A header sent with every request. */
        public Builder header(String name, String value) {
            headers.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
            return this;
        }

        /**
         * Where the credentials this client sends (every authentication header, so also each
         * access token obtained, and a URL's password) are registered, and the secrets masked in
         * error-body excerpts. Default {@link Secrets#shared()}.
         */
        public Builder secrets(Secrets secrets) {
            this.secrets = Objects.requireNonNull(secrets, "secrets");
            return this;
        }

        /** A preconfigured JDK client (its connect timeout then applies). */
        public Builder client(HttpClient client) {
            this.client = Objects.requireNonNull(client, "client");
            return this;
        }

        /** Builds the client. */
        public HttpJson build() {
            return new HttpJson(this);
        }

        private static Duration positive(Duration d, String name) {
            Objects.requireNonNull(d, name);
            if (d.isZero() || d.isNegative()) {
                throw new IllegalArgumentException(name + " must be > 0 but was " + d);
            }
            return d;
        }
    }
}
