package dev.agenteval.agents.internal;

import dev.agenteval.http.settings.ProviderSettings;
import dev.agenteval.http.Authentication;
import dev.agenteval.http.HttpJson;
import dev.agenteval.http.RetryPolicy;
import dev.agenteval.spi.EnvironmentVariable;
import dev.agenteval.spi.Secrets;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The connection settings every client shares: base URL, authentication (none, a bearer token or
 * OAuth2 client credentials, secrets read from the environment), extra headers, timeouts, retries
 * and the response size cap. Resolved when the client is created, so a missing variable fails
 * before any request.
 */
final class HttpSettings {

    /** The variables a provider reads unless its settings name others. */
    record AuthDefaults(String tokenEnv, String clientIdEnv, String clientSecretEnv, String scope) {

        /** The defaults of the agent clients. */
        static final AuthDefaults AGENT = new AuthDefaults("AGENT_EVAL_AGENT_TOKEN", "AGENT_EVAL_AGENT_CLIENT_ID",
                "AGENT_EVAL_AGENT_CLIENT_SECRET", null);

        AuthDefaults withScope(String scope) {
            return new AuthDefaults(tokenEnv, clientIdEnv, clientSecretEnv, scope);
        }

        AuthDefaults withTokenEnv(String tokenEnv) {
            return new AuthDefaults(tokenEnv, clientIdEnv, clientSecretEnv, scope);
        }

        /** The declarations of these defaults, for help texts. */
        List<EnvironmentVariable> declarations(String provider) {
            return List.of(
                    EnvironmentVariable.secret(tokenEnv, "Bearer token sent to the " + provider + " agent (auth: bearer;"
                            + " also used when auth is unset and the variable is set). Another name: setting tokenEnv."),
                    EnvironmentVariable.setting(clientIdEnv, null, "OAuth2 client id for the " + provider
                            + " agent (auth: oauth2). Another name: setting clientIdEnv."),
                    EnvironmentVariable.secret(clientSecretEnv, "OAuth2 client secret for the " + provider
                            + " agent (auth: oauth2). Another name: setting clientSecretEnv."));
        }
    }

    /** The settings read here, which every client understands (besides {@code header.*}). */
    static final Set<String> COMMON = Set.of("url", "auth", "tokenEnv", "tokenUrl", "clientIdEnv", "clientSecretEnv",
            "scope", "connectTimeoutSeconds", "requestTimeoutSeconds", "maxAttempts", "initialBackoffMillis",
            "maxBackoffMillis", "maxResponseBytes");

    private static final Pattern CREDENTIAL_HEADER = Pattern.compile("(?i).*(authorization|api[-_]?key|token|secret|cookie).*");
    static final String ENV_PREFIX = "env:";

    final URI url;
    final Authentication authentication;
    final String authType;
    final Map<String, String> headers;
    final Duration connectTimeout;
    final Duration requestTimeout;
    final RetryPolicy retryPolicy;
    final long maxResponseBytes;
    /** The run's secrets: every credential read here is registered, and responses are masked with them. */
    final Secrets secrets;

    private HttpSettings(URI url, Authentication authentication, String authType, Map<String, String> headers,
                         Duration connectTimeout, Duration requestTimeout, RetryPolicy retryPolicy, long maxResponseBytes,
                         Secrets secrets) {
        this.url = url;
        this.authentication = authentication;
        this.authType = authType;
        this.headers = Map.copyOf(headers);
        this.connectTimeout = connectTimeout;
        this.requestTimeout = requestTimeout;
        this.retryPolicy = retryPolicy;
        this.maxResponseBytes = maxResponseBytes;
        this.secrets = secrets;
    }

    /**
     * Reads the common settings, recording problems in {@code s} (the caller calls {@link ProviderSettings#check()}).
     *
     * @param derivedTokenUrl the token URL to use when oauth2 has no {@code tokenUrl}, or null
     * @param extraHeaders    headers the provider adds (e.g. {@code Tenant-Name}); settings win
     */
    static HttpSettings read(ProviderSettings s, AuthDefaults defaults, String derivedTokenUrl,
                             Map<String, String> extraHeaders) {
        URI url = s.requiredUri("url", "the agent's base URL, e.g. https://agents.example.com");
        Secrets secrets = s.config().secrets();
        HttpJson.registerUserInfo(secrets, url);
        String auth = s.choice("auth", null, List.of("none", "bearer", "oauth2"));
        String tokenEnv = s.string("tokenEnv", defaults.tokenEnv());
        if (auth == null) {
            if (s.string("tokenUrl").isPresent() || derivedTokenUrl != null) {
                auth = "oauth2";
            } else if (s.string("tokenEnv").isPresent() || s.config().env(defaults.tokenEnv()).isPresent()) {
                auth = "bearer";
            } else {
                auth = "none";
            }
        }
        Authentication authentication = null;
        switch (auth) {
            case "bearer" -> {
                String token = s.requireEnv(tokenEnv, "the bearer token of the " + s.provider() + " agent");
                secrets.add(token);
                authentication = token == null ? null : Authentication.bearer(token);
            }
            case "oauth2" -> {
                String tokenUrlText = s.string("tokenUrl").orElse(derivedTokenUrl);
                URI tokenUrl = null;
                if (tokenUrlText == null) {
                    s.problem("tokenUrl", "missing (the OAuth2 token endpoint, required with auth: oauth2)");
                } else {
                    try {
                        tokenUrl = URI.create(tokenUrlText);
                    } catch (IllegalArgumentException e) {
                        s.problem("tokenUrl", "is not a valid URL: '" + tokenUrlText + "'");
                    }
                }
                String clientId = s.requireEnv(s.string("clientIdEnv", defaults.clientIdEnv()),
                        "the OAuth2 client id of the " + s.provider() + " agent");
                String secret = s.requireEnv(s.string("clientSecretEnv", defaults.clientSecretEnv()),
                        "the OAuth2 client secret of the " + s.provider() + " agent");
                secrets.add(secret);
                String scope = s.string("scope", defaults.scope());
                if (tokenUrl != null && clientId != null && secret != null) {
                    authentication = Authentication.oauth2ClientCredentials(tokenUrl, clientId, secret, scope);
                }
            }
            default -> authentication = Authentication.none();
        }
        Map<String, String> headers = new LinkedHashMap<>(extraHeaders);
        s.headerSettings().forEach((name, value) -> {
            String v = value.strip();
            if (v.startsWith(ENV_PREFIX)) {
                String resolved = s.requireEnv(v.substring(ENV_PREFIX.length()).strip(), "header " + name);
                if (resolved != null) {
                    HttpJson.registerCredential(secrets, resolved);
                    headers.put(name, resolved);
                }
            } else if (CREDENTIAL_HEADER.matcher(name).matches()) {
                s.problem(ProviderSettings.HEADER_PREFIX + name, "looks like a credential: write env:VARIABLE instead"
                        + " of the value, or use the auth settings");
            } else {
                headers.put(name, v);
            }
        });
        Duration connect = s.seconds("connectTimeoutSeconds", Duration.ofSeconds(5));
        Duration request = s.seconds("requestTimeoutSeconds", Duration.ofSeconds(120));
        long attempts = s.wholeNumber("maxAttempts", 1, 3);
        long initial = s.wholeNumber("initialBackoffMillis", 0, 500);
        long max = s.wholeNumber("maxBackoffMillis", 0, 30_000);
        long maxBytes = s.wholeNumber("maxResponseBytes", 1, 10L * 1024 * 1024);
        RetryPolicy retry = RetryPolicy.builder().maxAttempts((int) Math.min(attempts, 100))
                .initialBackoff(Duration.ofMillis(initial)).maxBackoff(Duration.ofMillis(Math.max(max, initial))).build();
        return new HttpSettings(url, authentication, auth.toLowerCase(Locale.ROOT), headers, connect, request, retry, maxBytes,
                secrets);
    }

    /** A JSON client for calls relative to {@code base}. */
    HttpJson http(URI base) {
        HttpJson.Builder b = HttpJson.builder(base)
                .connectTimeout(connectTimeout)
                .requestTimeout(requestTimeout)
                .retryPolicy(retryPolicy)
                .maxResponseBytes(maxResponseBytes)
                .authentication(authentication)
                .secrets(secrets);
        headers.forEach(b::header);
        return b.build();
    }

    /** A JSON client for best-effort clean-up calls: short timeout, no retries. */
    HttpJson cleanupHttp(URI base) {
        Duration timeout = requestTimeout.compareTo(Duration.ofSeconds(10)) < 0 ? requestTimeout : Duration.ofSeconds(10);
        HttpJson.Builder b = HttpJson.builder(base)
                .connectTimeout(connectTimeout)
                .requestTimeout(timeout)
                .retryPolicy(RetryPolicy.none())
                .authentication(authentication)
                .secrets(secrets);
        headers.forEach(b::header);
        return b.build();
    }

    /** A JDK client for streaming calls. */
    HttpClient streamingClient() {
        return HttpClient.newBuilder().connectTimeout(connectTimeout).version(HttpClient.Version.HTTP_1_1).build();
    }

    /** The base URL with a trailing slash, so relative paths resolve below it. */
    static URI withSlash(URI url) {
        String s = url.toString();
        return s.endsWith("/") ? url : URI.create(s + "/");
    }

    @Override
    public String toString() {
        return "HttpSettings[" + url + ", auth " + authType + ", headers " + headers.keySet() + "]";
    }
}
