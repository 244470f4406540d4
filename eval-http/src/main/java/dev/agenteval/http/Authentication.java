package dev.agenteval.http;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import dev.agenteval.http.internal.OAuth2ClientCredentials;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * Headers that authenticate a request. {@link #invalidate()} is called after a 401, before the
 * one retry with fresh credentials. Implementations never expose secrets in {@code toString()}.
 */
@API(status = MAINTAINED)
public interface Authentication {

    /** The headers to add, e.g. {@code Authorization: Bearer ...}; fetches a token if needed. */
    Map<String, String> headers() throws InterruptedException;

    /** Forgets cached credentials after the server rejected them. */
    default void invalidate() {
    }

    /** No authentication. */
    static Authentication none() {
        return new Authentication() {
            @Override
            public Map<String, String> headers() {
                return Map.of();
            }

            @Override
            public String toString() {
                return "Authentication[none]";
            }
        };
    }

    /** A static bearer token. */
    static Authentication bearer(String token) {
        Objects.requireNonNull(token, "token");
        if (token.isBlank()) {
            throw new IllegalArgumentException("token must not be blank");
        }
        return new Authentication() {
            @Override
            public Map<String, String> headers() {
                return Map.of("Authorization", "Bearer " + token);
            }

            @Override
            public String toString() {
                return "Authentication[bearer ***]";
            }
        };
    }

    /**
     * OAuth2 client credentials: a token fetched from {@code tokenUrl} with a form POST
     * ({@code grant_type=client_credentials}, client id, secret, scope), cached until shortly
     * before it expires, refreshed after a 401.
     *
     * @param scope the scope, or null for none
     */
    static Authentication oauth2ClientCredentials(URI tokenUrl, String clientId, String clientSecret, String scope) {
        return new OAuth2ClientCredentials(tokenUrl, clientId, clientSecret, scope,
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build(), Duration.ofSeconds(30));
    }
}
