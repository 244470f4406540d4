package dev.agenteval.http;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import dev.agenteval.http.settings.ProviderSettings;
import dev.agenteval.spi.EnvironmentVariable;
import dev.agenteval.spi.Secrets;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The connection settings every HTTP agent client shares, read from its provider's settings
 * ({@link #KEYS}): the base URL ({@code url}), authentication ({@code auth}: {@code none}, a bearer
 * token or API key read from an environment variable, or OAuth2 client credentials with
 * {@code tokenUrl}, {@code clientIdEnv}, {@code clientSecretEnv}, {@code scope}), extra headers
 * ({@code header.<Name>}, credentials as {@code env:VARIABLE}), timeouts
 * ({@code connectTimeoutSeconds}, {@code requestTimeoutSeconds}), retries on connection failures
 * and on 429, 502, 503 and 504 ({@code maxAttempts}, {@code initialBackoffMillis},
 * {@code maxBackoffMillis}) and the response size cap ({@code maxResponseBytes}). Every credential
 * read is registered with the run's {@link Secrets}, so reports and logs show {@code ***} instead.
 *
 * <p>Read by {@link HttpAgentProvider} before its {@code create}; a provider of its own reads them with
 * {@link #read(ProviderSettings, AuthDefaults)}. Immutable.
 *
 * <pre>{@code
 * HttpJson http = connection.http();   // below url, with auth, headers, timeouts, retries, secrets
 * JsonResponse r = http.post("chat", Map.of("text", message.text()), Map.of());
 * }</pre>
 */
@API(status = EXPERIMENTAL)
public final class HttpClientSettings {

    /**
     * The environment variables a provider reads its credentials from unless its settings name
     * others ({@code tokenEnv}, {@code clientIdEnv}, {@code clientSecretEnv}), and the default
     * OAuth2 scope.
     *
     * @param tokenEnv        the variable of the bearer token or API key
     * @param clientIdEnv     the variable of the OAuth2 client id
     * @param clientSecretEnv the variable of the OAuth2 client secret
     * @param scope           the OAuth2 scope, or null for none
     */
    public record AuthDefaults(String tokenEnv, String clientIdEnv, String clientSecretEnv, String scope) {

        /** The defaults of the agent clients: {@code AGENT_EVAL_AGENT_TOKEN}, {@code _CLIENT_ID}, {@code _CLIENT_SECRET}. */
        public static final AuthDefaults AGENT = new AuthDefaults("AGENT_EVAL_AGENT_TOKEN", "AGENT_EVAL_AGENT_CLIENT_ID",
                "AGENT_EVAL_AGENT_CLIENT_SECRET", null);

        /** Checks the variable names. */
        public AuthDefaults {
            Objects.requireNonNull(tokenEnv, "tokenEnv");
            Objects.requireNonNull(clientIdEnv, "clientIdEnv");
            Objects.requireNonNull(clientSecretEnv, "clientSecretEnv");
        }

        /** These defaults with OAuth2 scope {@code scope} (null for none). */
        public AuthDefaults withScope(String scope) {
            return new AuthDefaults(tokenEnv, clientIdEnv, clientSecretEnv, scope);
        }

        /** These defaults with the token read from {@code tokenEnv}, e.g. {@code OPENAI_API_KEY}. */
        public AuthDefaults withTokenEnv(String tokenEnv) {
            return new AuthDefaults(tokenEnv, clientIdEnv, clientSecretEnv, scope);
        }

        /** The declarations of these variables for provider {@code provider}, for help texts; never null. */
        public List<EnvironmentVariable> declarations(String provider) {
            return List.of(
                    EnvironmentVariable.secret(tokenEnv, "Bearer token sent to the " + provider + " agent (auth: bearer;"
                            + " also used when auth is unset and the variable is set). Another name: setting tokenEnv."),
                    EnvironmentVariable.setting(clientIdEnv, null, "OAuth2 client id for the " + provider
                            + " agent (auth: oauth2). Another name: setting clientIdEnv."),
                    EnvironmentVariable.secret(clientSecretEnv, "OAuth2 client secret for the " + provider
                            + " agent (auth: oauth2). Another name: setting clientSecretEnv."));
        }
    }

    /** The settings read here, which every HTTP agent client understands (besides {@code header.*}). */
    public static final Set<String> KEYS = Set.of("url", "auth", "tokenEnv", "tokenUrl", "clientIdEnv", "clientSecretEnv",
            "scope", "connectTimeoutSeconds", "requestTimeoutSeconds", "maxAttempts", "initialBackoffMillis",
            "maxBackoffMillis", "maxResponseBytes");

    private static final Pattern CREDENTIAL_HEADER = Pattern.compile("(?i).*(authorization|api[-_]?key|token|secret|cookie).*");
    private static final String ENV_PREFIX = "env:";
    private static final Duration CLEANUP_TIMEOUT = Duration.ofSeconds(10);

    private final URI url;
    private final Authentication authentication;
    private final String authType;
    private final Map<String, String> headers;
    private final Duration connectTimeout;
    private final Duration requestTimeout;
    private final RetryPolicy retryPolicy;
    private final long maxResponseBytes;
    private final Secrets secrets;

    private HttpClientSettings(URI url, Authentication authentication, String authType, Map<String, String> headers,
                               Duration connectTimeout, Duration requestTimeout, RetryPolicy retryPolicy,
                               long maxResponseBytes, Secrets secrets) {
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
     * Reads the settings of {@link #KEYS} and {@code header.*} from {@code s}, recording problems
     * in it: the caller raises them with {@link ProviderSettings#check()} before using the result.
     */
    public static HttpClientSettings read(ProviderSettings s, AuthDefaults defaults) {
        return read(s, defaults, null, Map.of());
    }

    /**
     * Like {@link #read(ProviderSettings, AuthDefaults)}.
     *
     * @param derivedTokenUrl the token URL to use when oauth2 has no {@code tokenUrl}, or null
     * @param extraHeaders    headers the provider adds (e.g. {@code Tenant-Name}); settings win
     */
    public static HttpClientSettings read(ProviderSettings s, AuthDefaults defaults, String derivedTokenUrl,
                                          Map<String, String> extraHeaders) {
        Objects.requireNonNull(defaults, "defaults");
        URI url = s.requiredUri("url", "the agent's base URL, e.g. https://agents.example.com");
        Secrets secrets = s.config().secrets();
        HttpJson.registerUserInfo(secrets, url);
        String auth = s.choice("auth", null, List.of("none", "bearer", "oauth2"));
        if (auth == null) {
            if (s.string("tokenUrl").isPresent() || derivedTokenUrl != null) {
                auth = "oauth2";
            } else if (s.string("tokenEnv").isPresent() || s.config().env(defaults.tokenEnv()).isPresent()) {
                auth = "bearer";
            } else {
                auth = "none";
            }
        }
        Authentication authentication = switch (auth) {
            case "bearer" -> bearer(s, defaults, secrets);
            case "oauth2" -> oauth2(s, defaults, derivedTokenUrl, secrets);
            default -> Authentication.none();
        };
        Map<String, String> headers = headers(s, extraHeaders, secrets);
        Duration connect = s.seconds("connectTimeoutSeconds", Duration.ofSeconds(5));
        Duration request = s.seconds("requestTimeoutSeconds", Duration.ofSeconds(120));
        long attempts = s.wholeNumber("maxAttempts", 1, 3);
        long initial = s.wholeNumber("initialBackoffMillis", 0, 500);
        long max = s.wholeNumber("maxBackoffMillis", 0, 30_000);
        long maxBytes = s.wholeNumber("maxResponseBytes", 1, 10L * 1024 * 1024);
        RetryPolicy retry = RetryPolicy.builder().maxAttempts((int) Math.min(attempts, 100))
                .initialBackoff(Duration.ofMillis(initial)).maxBackoff(Duration.ofMillis(Math.max(max, initial))).build();
        return new HttpClientSettings(url, authentication, auth.toLowerCase(Locale.ROOT), headers, connect, request, retry,
                maxBytes, secrets);
    }

    private static Authentication bearer(ProviderSettings s, AuthDefaults defaults, Secrets secrets) {
        String token = s.requireEnv(s.string("tokenEnv", defaults.tokenEnv()),
                "the bearer token of the " + s.provider() + " agent");
        if (token == null) {
            return null;
        }
        secrets.add(token);
        return Authentication.bearer(token);
    }

    private static Authentication oauth2(ProviderSettings s, AuthDefaults defaults, String derivedTokenUrl,
                                         Secrets secrets) {
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
        return tokenUrl == null || clientId == null || secret == null ? null
                : Authentication.oauth2ClientCredentials(tokenUrl, clientId, secret, scope);
    }

    /** The provider's headers, then the {@code header.*} settings; a credential must come from a variable. */
    private static Map<String, String> headers(ProviderSettings s, Map<String, String> extraHeaders, Secrets secrets) {
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
        return headers;
    }

    /** The agent's base URL as given ({@code url}). */
    public URI url() {
        return url;
    }

    /** The base URL with a trailing slash, so that relative paths resolve below it. */
    public URI baseUrl() {
        String s = url.toString();
        return s.endsWith("/") ? url : URI.create(s + "/");
    }

    /** The authentication every request sends. */
    public Authentication authentication() {
        return authentication;
    }

    /** How requests authenticate: {@code none}, {@code bearer} or {@code oauth2}. */
    public String authType() {
        return authType;
    }

    /** The extra headers of every request, credentials included (never log them). */
    public Map<String, String> headers() {
        return headers;
    }

    /** The connect timeout. */
    public Duration connectTimeout() {
        return connectTimeout;
    }

    /** The timeout of one request. */
    public Duration requestTimeout() {
        return requestTimeout;
    }

    /** The retries of a call. */
    public RetryPolicy retryPolicy() {
        return retryPolicy;
    }

    /** The largest response body accepted, in bytes. */
    public long maxResponseBytes() {
        return maxResponseBytes;
    }

    /** The run's secrets, which hold every credential read here. */
    public Secrets secrets() {
        return secrets;
    }

    /**
     * A builder of a JSON client for calls below {@link #baseUrl()} with all of these settings
     * (authentication, headers, timeouts, retries, size cap, secrets), to change what differs.
     */
    public HttpJson.Builder httpBuilder() {
        HttpJson.Builder b = HttpJson.builder(baseUrl())
                .connectTimeout(connectTimeout)
                .requestTimeout(requestTimeout)
                .retryPolicy(retryPolicy)
                .maxResponseBytes(maxResponseBytes)
                .authentication(authentication)
                .secrets(secrets);
        headers.forEach(b::header);
        return b;
    }

    /** A JSON client for calls below {@link #baseUrl()} with all of these settings. */
    public HttpJson http() {
        return httpBuilder().build();
    }

    /** A JSON client for best-effort clean-up calls: the request timeout at most 10 s, no retries. */
    public HttpJson cleanupHttp() {
        Duration timeout = requestTimeout.compareTo(CLEANUP_TIMEOUT) < 0 ? requestTimeout : CLEANUP_TIMEOUT;
        return httpBuilder().requestTimeout(timeout).retryPolicy(RetryPolicy.none()).build();
    }

    /** A JDK client for streaming calls (HTTP/1.1, the connect timeout); authentication is the caller's. */
    public HttpClient streamingClient() {
        return HttpClient.newBuilder().connectTimeout(connectTimeout).version(HttpClient.Version.HTTP_1_1).build();
    }

    /** Names the URL, the kind of authentication and the header names; never a secret. */
    @Override
    public String toString() {
        return "HttpClientSettings[" + Urls.withoutSecrets(String.valueOf(url)) + ", auth " + authType + ", headers "
                + headers.keySet() + "]";
    }
}
