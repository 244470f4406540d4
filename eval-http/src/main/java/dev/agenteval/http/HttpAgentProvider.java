package dev.agenteval.http;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import dev.agenteval.http.settings.ProviderSettings;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.AgentClientProvider;
import dev.agenteval.spi.EnvironmentVariable;
import dev.agenteval.spi.ProviderConfig;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The base of an agent protocol over HTTP, the built-in ones' and a plugin's: it reads the
 * connection settings every HTTP client shares ({@link HttpClientSettings}: URL, bearer token or
 * API key, OAuth2 client credentials, headers, timeouts, retries on 429/502/503/504, response size
 * cap), registers every credential with the run's secrets so that no report or log shows it,
 * rejects unknown settings with a did-you-mean, and raises every problem of the settings at once,
 * before the client sends anything. A subclass names its own settings and builds its client:
 *
 * <pre>{@code
 * public final class ChatProvider extends HttpAgentProvider {
 *     public String id() { return "chat"; }
 *     protected Set<String> settingKeys() { return Set.of("path"); }
 *     protected AgentClient create(HttpClientSettings connection, ProviderSettings settings) {
 *         String path = settings.string("path", "chat");
 *         settings.check();                       // every problem at once, before anything is built
 *         HttpJson http = connection.http();      // auth, timeouts, retries, secrets
 *         return request -> message -> {
 *             JsonResponse r = http.post(path, Map.of("text", message.text()), Map.of());
 *             return AgentResponse.builder().text(r.body().path("answer").asText()).raw(r.value()).build();
 *         };
 *     }
 * }
 * }</pre>
 *
 * Register it in {@code META-INF/services/dev.agenteval.spi.AgentClientProvider}; the command's
 * {@code --agent-url}, {@code --agent-token-url} and targets files set its settings as they set
 * the built-ins'.
 */
@API(status = EXPERIMENTAL)
public abstract class HttpAgentProvider implements AgentClientProvider {

    /** For subclasses. */
    protected HttpAgentProvider() {
    }

    /**
     * The provider's own setting keys, besides {@link HttpClientSettings#KEYS} and
     * {@code header.*}; any other key is refused. None by default.
     */
    protected Set<String> settingKeys() {
        return Set.of();
    }

    /** The environment variables of the credentials, unless the settings name others; the agent clients' by default. */
    protected HttpClientSettings.AuthDefaults authDefaults() {
        return HttpClientSettings.AuthDefaults.AGENT;
    }

    /**
     * Reads the connection settings; problems go to {@code settings}. Override to add headers or
     * derive the token URL ({@link HttpClientSettings#read(ProviderSettings, HttpClientSettings.AuthDefaults, String, java.util.Map)}).
     */
    protected HttpClientSettings connection(ProviderSettings settings) {
        return HttpClientSettings.read(settings, authDefaults());
    }

    /**
     * Builds the client: reads this provider's own settings from {@code settings}, calls
     * {@link ProviderSettings#check()} before using a value a problem may have left null, then
     * builds the client over {@code connection}.
     *
     * @param connection the shared settings, read before
     * @param settings   the reader of every setting, where problems are recorded
     */
    protected abstract AgentClient create(HttpClientSettings connection, ProviderSettings settings);

    /**
     * Reads the settings of {@code config} and builds the client.
     *
     * @throws dev.agenteval.api.ConfigurationException listing every problem of the settings: unknown
     *         keys, bad values, unset variables
     */
    @Override
    public final AgentClient create(ProviderConfig config) {
        ProviderSettings s = settings(config);
        HttpClientSettings connection = connection(s);
        AgentClient client;
        try {
            client = create(connection, s);
        } catch (RuntimeException e) {
            // A subclass that built its client without checking first: the problems say why.
            s.check();
            throw e;
        }
        s.check();
        return Objects.requireNonNull(client, () -> getClass().getName() + ".create returned null");
    }

    /**
     * The authentication a client created from {@code config} would send, read and checked as
     * {@link #create(ProviderConfig)} reads and checks it (for {@code agent-eval token}).
     *
     * @throws dev.agenteval.api.ConfigurationException as creating the client would
     */
    public final Authentication authentication(ProviderConfig config) {
        ProviderSettings s = settings(config);
        Authentication authentication = connection(s).authentication();
        s.check();
        return authentication;
    }

    /** The reader of {@code config}: the shared keys, this provider's and {@code header.*}. */
    private ProviderSettings settings(ProviderConfig config) {
        Objects.requireNonNull(config, "config");
        Set<String> known = new HashSet<>(HttpClientSettings.KEYS);
        known.addAll(settingKeys());
        return ProviderSettings.forAgent(id(), config, known);
    }

    /** The variables of {@link #authDefaults()}. */
    @Override
    public List<EnvironmentVariable> environmentVariables() {
        return authDefaults().declarations(id());
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + id() + "]";
    }
}
