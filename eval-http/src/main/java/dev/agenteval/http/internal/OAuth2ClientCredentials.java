package dev.agenteval.http.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agenteval.api.AgentException;
import dev.agenteval.api.FailureCode;
import dev.agenteval.common.json.JsonTrees;
import dev.agenteval.http.Authentication;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * OAuth2 client-credentials tokens, fetched once and shared by every call until shortly before
 * they expire. Thread-safe; concurrent callers wait for a single fetch.
 */
public final class OAuth2ClientCredentials implements Authentication {

    private final URI tokenUrl;
    private final String clientId;
    private final String clientSecret;
    private final String scope;
    private final HttpClient http;
    private final Duration margin;
    private final Clock clock;

    private String token;
    private Instant expiresAt = Instant.MIN;
    private int fetches;

    /** Tokens from {@code tokenUrl}, refreshed {@code margin} before expiry. */
    public OAuth2ClientCredentials(URI tokenUrl, String clientId, String clientSecret, String scope, HttpClient http,
                                   Duration margin) {
        this(tokenUrl, clientId, clientSecret, scope, http, margin, Clock.systemUTC());
    }

    /** As above with a clock (tests). */
    public OAuth2ClientCredentials(URI tokenUrl, String clientId, String clientSecret, String scope, HttpClient http,
                                   Duration margin, Clock clock) {
        this.tokenUrl = Objects.requireNonNull(tokenUrl, "tokenUrl");
        this.clientId = Objects.requireNonNull(clientId, "clientId");
        this.clientSecret = Objects.requireNonNull(clientSecret, "clientSecret");
        this.scope = scope;
        this.http = Objects.requireNonNull(http, "http");
        this.margin = Objects.requireNonNull(margin, "margin");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public synchronized Map<String, String> headers() throws InterruptedException {
        if (token == null || !clock.instant().isBefore(expiresAt.minus(margin))) {
            fetch();
        }
        return Map.of("Authorization", "Bearer " + token);
    }

    @Override
    public synchronized void invalidate() {
        token = null;
    }

    /** How many tokens were fetched (tests and diagnostics). */
    public synchronized int fetches() {
        return fetches;
    }

    private void fetch() throws InterruptedException {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", "client_credentials");
        form.put("client_id", clientId);
        form.put("client_secret", clientSecret);
        if (scope != null) {
            form.put("scope", scope);
        }
        String body = form.entrySet().stream()
                .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        HttpRequest request = HttpRequest.newBuilder(tokenUrl)
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
        HttpResponse<String> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (HttpTimeoutException e) {
            throw new AgentException(FailureCode.TIMEOUT, "OAuth token request to " + tokenUrl + " timed out",
                    Map.of("url", tokenUrl.toString()), e);
        } catch (IOException e) {
            throw new AgentException(FailureCode.NETWORK_ERROR, "OAuth token request to " + tokenUrl + " failed: " + e,
                    Map.of("url", tokenUrl.toString()), e);
        }
        if (response.statusCode() / 100 != 2) {
            throw new AgentException(FailureCode.HTTP_ERROR, "OAuth token request to " + tokenUrl + " answered "
                    + response.statusCode() + " (check the client id and secret)",
                    Map.of("url", tokenUrl.toString(), "status", response.statusCode()), null);
        }
        JsonNode json = JsonTrees.parseOrNull(response.body());
        if (json == null || !json.path("access_token").isTextual()) {
            throw new AgentException(FailureCode.INVALID_RESPONSE, "OAuth token response from " + tokenUrl
                    + " has no access_token", Map.of("url", tokenUrl.toString()), null);
        }
        token = json.get("access_token").textValue();
        long expiresIn = json.path("expires_in").asLong(300);
        expiresAt = clock.instant().plusSeconds(expiresIn);
        fetches++;
    }

    @Override
    public String toString() {
        return "Authentication[oauth2 client " + clientId + " at " + tokenUrl + ", secret ***]";
    }
}
