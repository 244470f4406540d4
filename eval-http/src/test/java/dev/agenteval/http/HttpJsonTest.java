package dev.agenteval.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.AgentException;
import dev.agenteval.api.FailureCode;
import dev.agenteval.http.internal.OAuth2ClientCredentials;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.Test;

class HttpJsonTest {

    @StartStop
    private final MockWebServer server = new MockWebServer();

    private HttpJson.Builder http() {
        return HttpJson.builder(URI.create(server.url("/api/").toString()))
                .retryPolicy(RetryPolicy.builder().initialBackoff(Duration.ofMillis(1)).maxBackoff(Duration.ofMillis(50)).build());
    }

    private static MockResponse json(int code, String body) {
        return new MockResponse.Builder().code(code).addHeader("Content-Type", "application/json").body(body).build();
    }

    @Test
    void should_post_json_with_headers_and_parse_the_answer() throws Exception {
        server.enqueue(json(200, "{\"id\":\"t1\",\"items\":[1,2.5,\"x\",true,null]}"));

        JsonResponse r = http().header("Tenant-Name", "acme").authentication(Authentication.bearer("tok-123")).build()
                .post("agents/a1/v1/message:send", Map.of("message", Map.of("role", "user")), Map.of("A2A-Version", "1.0"));

        assertThat(r.value()).isEqualTo(Map.of("id", "t1", "items", java.util.Arrays.asList(1L, 2.5, "x", true, null)));
        RecordedRequest req = server.takeRequest();
        assertThat(req.getMethod()).isEqualTo("POST");
        assertThat(req.getTarget()).isEqualTo("/api/agents/a1/v1/message:send");
        assertThat(req.getHeaders().get("Authorization")).isEqualTo("Bearer tok-123");
        assertThat(req.getHeaders().get("Tenant-Name")).isEqualTo("acme");
        assertThat(req.getHeaders().get("A2A-Version")).isEqualTo("1.0");
        assertThat(req.getHeaders().get("Content-Type")).isEqualTo("application/json");
        assertThat(req.getBody().utf8()).isEqualTo("{\"message\":{\"role\":\"user\"}}");
    }

    @Test
    void should_retry_a_429_after_the_retry_after_wait_and_then_succeed() throws Exception {
        server.enqueue(new MockResponse.Builder().code(429).addHeader("Retry-After", "0").body("slow down").build());
        server.enqueue(json(503, "{}"));
        server.enqueue(json(200, "{\"ok\":true}"));

        JsonResponse r = http().build().post("x", Map.of(), Map.of());

        assertThat(r.body().get("ok").asBoolean()).isTrue();
        assertThat(server.getRequestCount()).isEqualTo(3);
    }

    @Test
    void should_read_retry_after_in_seconds_and_as_an_http_date() {
        assertThat(HttpJson.retryAfter(java.net.http.HttpHeaders.of(Map.of("Retry-After", List.of("2")), (a, b) -> true)))
                .isEqualTo(Duration.ofSeconds(2));
        assertThat(HttpJson.retryAfter(java.net.http.HttpHeaders.of(Map.of("Retry-After", List.of("Wed, 21 Oct 2015 07:28:00 GMT")), (a, b) -> true)))
                .isEqualTo(Duration.ZERO);
        assertThat(HttpJson.retryAfter(java.net.http.HttpHeaders.of(Map.of(), (a, b) -> true))).isNull();
    }

    @Test
    void should_give_up_after_max_attempts_with_an_http_error_naming_status_and_body() {
        for (int i = 0; i < 3; i++) {
            server.enqueue(json(503, "{\"error\":\"overloaded\"}"));
        }

        assertThatThrownBy(() -> http().build().post("x", Map.of(), Map.of()))
                .isInstanceOfSatisfying(AgentException.class, e -> {
                    assertThat(e.code()).isEqualTo(FailureCode.HTTP_ERROR);
                    assertThat(e.context()).containsEntry("status", 503L);
                    assertThat(e.getMessage()).contains("answered 503").contains("overloaded");
                });
        assertThat(server.getRequestCount()).isEqualTo(3);
    }

    @Test
    void should_not_retry_a_client_error() {
        server.enqueue(json(400, "{\"error\":\"bad request\"}"));

        assertThatThrownBy(() -> http().build().post("x", Map.of(), Map.of()))
                .isInstanceOfSatisfying(AgentException.class, e -> assertThat(e.code()).isEqualTo(FailureCode.HTTP_ERROR));
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void should_type_malformed_json_as_an_invalid_response() {
        server.enqueue(json(200, "{not json"));

        assertThatThrownBy(() -> http().build().get("x", Map.of()))
                .isInstanceOfSatisfying(AgentException.class, e -> {
                    assertThat(e.code()).isEqualTo(FailureCode.INVALID_RESPONSE);
                    assertThat(e.getMessage()).contains("malformed JSON").contains("{not json");
                });
    }

    @Test
    void should_refuse_a_body_over_the_size_cap() {
        server.enqueue(json(200, "{\"big\":\"" + "x".repeat(5000) + "\"}"));
        server.enqueue(new MockResponse.Builder().code(200).chunkedBody("{\"big\":\"" + "y".repeat(5000) + "\"}", 512).build());
        HttpJson http = http().maxResponseBytes(1000).build();

        for (int i = 0; i < 2; i++) {
            assertThatThrownBy(() -> http.get("x", Map.of()))
                    .isInstanceOfSatisfying(AgentException.class, e -> {
                        assertThat(e.code()).isEqualTo(FailureCode.INVALID_RESPONSE);
                        assertThat(e.getMessage()).contains("larger than 1000 bytes");
                    });
        }
    }

    @Test
    void should_time_out_a_slow_server_as_a_timeout() {
        server.enqueue(new MockResponse.Builder().code(200).body("{}").headersDelay(5, TimeUnit.SECONDS).build());

        assertThatThrownBy(() -> http().requestTimeout(Duration.ofMillis(200)).retryPolicy(RetryPolicy.none()).build().get("x", Map.of()))
                .isInstanceOfSatisfying(AgentException.class, e -> assertThat(e.code()).isEqualTo(FailureCode.TIMEOUT));
    }

    @Test
    void should_time_out_a_body_that_trickles_after_prompt_headers() {
        // Headers at once, then one byte a second: the JDK's request timeout alone would wait for all of it.
        server.enqueue(new MockResponse.Builder().code(200).addHeader("Content-Type", "application/json")
                .body("{\"answer\":\"" + "z".repeat(200) + "\"}").throttleBody(1, 1, TimeUnit.SECONDS).build());

        assertThatThrownBy(() -> http().requestTimeout(Duration.ofMillis(300)).retryPolicy(RetryPolicy.none()).build().get("x", Map.of()))
                .isInstanceOfSatisfying(AgentException.class, e -> {
                    assertThat(e.code()).isEqualTo(FailureCode.TIMEOUT);
                    assertThat(e.getMessage()).contains("timed out after 0.3 s");
                });
    }

    @Test
    void should_start_no_thread_per_call() throws Exception {
        // sendAsync(...).get() hands every completion to CompletableFuture's default executor,
        // which with fewer than two cores for the common pool starts one thread per task.
        HttpJson http = http().build();
        for (int i = 0; i < 5; i++) {
            server.enqueue(json(200, "{\"n\":" + i + "}"));
        }
        http.get("warm", Map.of());
        long before = threadsStarted();

        for (int i = 1; i < 5; i++) {
            assertThat(http.get("n", Map.of()).body().get("n").asInt()).isEqualTo(i);
        }

        assertThat(threadsStarted() - before).isLessThan(2);
    }

    // By reflection: this test module does not read java.management (reflection needs no readability).
    private static long threadsStarted() throws ReflectiveOperationException {
        Object threads = Class.forName("java.lang.management.ManagementFactory").getMethod("getThreadMXBean").invoke(null);
        return (long) Class.forName("java.lang.management.ThreadMXBean").getMethod("getTotalStartedThreadCount").invoke(threads);
    }

    @Test
    void should_type_a_dropped_connection_as_a_network_error_after_retrying() throws Exception {
        // A server that reads the request, then closes the connection without answering.
        try (java.net.ServerSocket dropping = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
            java.util.concurrent.atomic.AtomicInteger accepted = new java.util.concurrent.atomic.AtomicInteger();
            Thread acceptor = new Thread(() -> {
                while (!dropping.isClosed()) {
                    try (java.net.Socket s = dropping.accept()) {
                        accepted.incrementAndGet();
                        s.getInputStream().read(new byte[8192]);
                    } catch (java.io.IOException e) {
                        return;
                    }
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            URI uri = URI.create("http://127.0.0.1:" + dropping.getLocalPort() + "/");

            assertThatThrownBy(() -> HttpJson.builder(uri)
                    .retryPolicy(RetryPolicy.builder().maxAttempts(2).initialBackoff(Duration.ofMillis(1)).build())
                    .build().post("x", Map.of(), Map.of()))
                    .isInstanceOfSatisfying(AgentException.class, e -> assertThat(e.code()).isEqualTo(FailureCode.NETWORK_ERROR));
            // POST, which the JDK client never retries on its own: both attempts are ours.
            assertThat(accepted.get()).isEqualTo(2);
        }
    }

    @Test
    void should_abandon_an_in_flight_call_when_the_thread_is_interrupted() throws Exception {
        server.enqueue(new MockResponse.Builder().code(200).body("{}").headersDelay(30, TimeUnit.SECONDS).build());
        HttpJson http = http().build();
        java.util.concurrent.CompletableFuture<Throwable> outcome = new java.util.concurrent.CompletableFuture<>();
        Thread caller = new Thread(() -> {
            try {
                http.post("slow", Map.of(), Map.of());
                outcome.complete(null);
            } catch (Throwable t) {
                outcome.complete(t);
            }
        });
        caller.start();
        server.takeRequest();

        caller.interrupt();

        assertThat(outcome.get(10, TimeUnit.SECONDS)).isInstanceOf(InterruptedException.class);
    }

    @Test
    void should_type_a_refused_connection_as_a_network_error() throws Exception {
        URI closed = URI.create(server.url("/").toString());
        server.close();

        assertThatThrownBy(() -> HttpJson.builder(closed).retryPolicy(RetryPolicy.none()).build().get("x", Map.of()))
                .isInstanceOfSatisfying(AgentException.class, e -> assertThat(e.code()).isEqualTo(FailureCode.NETWORK_ERROR));
    }

    @Test
    void should_fetch_an_oauth_token_once_for_many_calls_and_refresh_it_on_401_and_expiry() throws Exception {
        server.enqueue(json(200, "{\"access_token\":\"t-one\",\"expires_in\":300}"));
        server.enqueue(json(200, "{\"n\":1}"));
        server.enqueue(json(200, "{\"n\":2}"));
        server.enqueue(json(401, "{}"));
        server.enqueue(json(200, "{\"access_token\":\"t-two\",\"expires_in\":300}"));
        server.enqueue(json(200, "{\"n\":3}"));
        MutableClock clock = new MutableClock();
        OAuth2ClientCredentials oauth = new OAuth2ClientCredentials(URI.create(server.url("/token").toString()),
                "client", "s3cret", "openid", HttpClient.newHttpClient(), Duration.ofSeconds(30), clock);
        HttpJson http = http().authentication(oauth).build();

        http.get("a", Map.of());
        http.get("b", Map.of());
        http.get("c", Map.of());

        assertThat(oauth.fetches()).isEqualTo(2);
        RecordedRequest token = server.takeRequest();
        assertThat(token.getTarget()).isEqualTo("/token");
        assertThat(token.getBody().utf8())
                .isEqualTo("grant_type=client_credentials&client_id=client&client_secret=s3cret&scope=openid");
        assertThat(server.takeRequest().getHeaders().get("Authorization")).isEqualTo("Bearer t-one");
        server.takeRequest();
        assertThat(server.takeRequest().getHeaders().get("Authorization")).isEqualTo("Bearer t-one");
        server.takeRequest();
        assertThat(server.takeRequest().getHeaders().get("Authorization")).isEqualTo("Bearer t-two");

        server.enqueue(json(200, "{\"access_token\":\"t-three\",\"expires_in\":300}"));
        server.enqueue(json(200, "{}"));
        clock.advance(Duration.ofSeconds(280));
        http.get("d", Map.of());
        assertThat(oauth.fetches()).isEqualTo(3);
        assertThat(oauth.toString()).doesNotContain("s3cret");
    }

    static final class MutableClock extends Clock {
        private Instant now = Instant.parse("2026-01-01T00:00:00Z");

        void advance(Duration d) {
            now = now.plus(d);
        }

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    @Test
    void should_show_a_url_without_its_user_information_and_register_its_password() {
        java.net.URI uri = java.net.URI.create("http://alice:pa55-w0rd@127.0.0.1:8080/a2a?x=1");
        dev.agenteval.spi.Secrets secrets = dev.agenteval.spi.Secrets.create();

        HttpJson.registerUserInfo(secrets, uri);

        assertThat(HttpJson.display(uri)).isEqualTo("http://127.0.0.1:8080/a2a?x=1");
        assertThat(HttpJson.display("https://host/p@th")).isEqualTo("https://host/p@th");
        assertThat(secrets.redact("GET " + uri)).isEqualTo("GET http://***@127.0.0.1:8080/a2a?x=1");
        assertThat(secrets.redact("password pa55-w0rd")).isEqualTo("password ***");
    }
}
