package dev.agenteval.agents;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import dev.agenteval.agents.internal.JsonPaths;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Prices;
import dev.agenteval.spi.EnvironmentVariable;
import dev.agenteval.yaml.internal.Node;
import dev.agenteval.yaml.internal.YamlFiles;
import dev.agenteval.yaml.internal.YamlValue.Kind;
import dev.agenteval.yaml.internal.YamlValue.Scalar;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Named targets from a small YAML file (JSON works too), chosen by name. There is no default
 * target: a run names one, or gives a URL and protocol directly.
 *
 * <pre>{@code
 * # agent-eval.targets.yaml
 * targets:
 *   local:
 *     protocol: a2a
 *     url: http://localhost:8080
 *     auth: {type: bearer, tokenEnv: AGENT_API_TOKEN_LOCAL}
 *   eu:
 *     protocol: agent-service
 *     url: https://api.eu.example.com/agents
 *     auth:
 *       type: oauth2
 *       tokenUrl: https://auth.eu.example.com/realms/acme/protocol/openid-connect/token
 *       clientIdEnv: AGENT_API_CLIENT_ID_EU
 *       clientSecretEnv: AGENT_API_CLIENT_SECRET_EU
 *       scope: openid
 *     headers: {Tenant-Name: acme}
 *     settings: {apiVersion: v2}
 *     prices:                      # the user's, per million tokens; for costs the agent does not report
 *       gpt-4o-mini: {inputPerMillion: 0.15, outputPerMillion: 0.60}
 * }</pre>
 *
 * Secrets are never written in the file, only the names of the environment variables holding
 * them: literal credentials ({@code token}, {@code clientSecret}, an {@code Authorization}
 * header) are rejected. A target without {@code auth} sends no credentials.
 */
@API(status = MAINTAINED)
public final class Targets {

    /** The file {@link AgentClients#target(String, java.util.function.Function)} reads from the working folder. */
    public static final String FILE_NAME = "agent-eval.targets.yaml";

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]*");
    private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_.]*");
    private static final Pattern CREDENTIAL_HEADER = Pattern.compile("(?i).*(authorization|api[-_]?key|token|secret|cookie).*");
    private static final List<String> TARGET_KEYS = List.of("protocol", "url", "auth", "headers", "settings", "opik",
            "prices");
    private static final List<String> OPIK_KEYS = List.of("url", "project", "workspace", "traceIdKeys");
    private static final List<String> AUTH_KEYS = List.of("type", "tokenUrl", "clientIdEnv", "clientSecretEnv", "scope",
            "tokenEnv");
    /** The setting every built-in A2A-speaking provider reads as a JSONPath: checked here, where the file and target are known. */
    private static final String TOOL_CALLS_PATH = "toolCallsPath";
    private static final Set<String> LITERAL_SECRETS = Set.of("token", "clientsecret", "client_secret", "secret",
            "password", "clientid", "client_id", "apikey", "api_key");

    private final String source;
    private final Map<String, Target> targets;

    private Targets(String source, Map<String, Target> targets) {
        this.source = source;
        this.targets = Collections.unmodifiableMap(targets);
    }

    /**
     * Reads a targets file.
     *
     * @throws ConfigurationException naming the file, line, column and field of every problem
     */
    public static Targets load(Path file) {
        Objects.requireNonNull(file, "file");
        return parse(YamlFiles.read(file, "no targets file at " + file.toAbsolutePath()
                + " (create it, or give a URL and protocol directly)"));
    }

    /**
     * Parses targets from YAML (or JSON) text.
     *
     * @param source the file name for messages
     * @throws ConfigurationException naming the source, line, column and field of every problem
     */
    public static Targets parse(String text, String source) {
        return parse(YamlFiles.parse(text, source));
    }

    /**
     * The targets of a file read by eval-yaml's reader: every problem (an unknown key with a
     * did-you-mean, a missing field, a secret written in the file) names the file, line, column
     * and field, e.g. {@code targets.eu.auth.tokenEnv}.
     */
    private static Targets parse(Node root) {
        Node all = root.get("targets");
        if (!root.isMapping() || all == null || !all.isMapping()) {
            (all == null ? root : all).error("expected a mapping 'targets:' of named targets");
            root.checkKeys(List.of("targets"));
            root.problems().throwIfAny();
        }
        root.checkKeys(List.of("targets"));
        Map<String, Target> targets = new LinkedHashMap<>();
        for (Map.Entry<String, Node> e : all.entries()) {
            String name = e.getKey();
            if (!NAME.matcher(name).matches()) {
                all.errorAtKey(name, "the name must match " + NAME);
            }
            Target t = target(name, e.getValue());
            if (t != null) {
                targets.put(name, t);
            }
        }
        if (all.keys().isEmpty()) {
            all.error("names no target");
        }
        root.problems().throwIfAny();
        return new Targets(root.file().display(), targets);
    }

    private static Target target(String name, Node node) {
        int before = node.problems().size();
        if (!node.isMapping()) {
            node.error("expected a mapping with " + String.join(", ", TARGET_KEYS));
            return null;
        }
        checkKeys(node, TARGET_KEYS);
        String protocol = string(node, "protocol", true);
        URI url = httpUrl(node, true);
        Target.Auth auth = auth(node.get("auth"));
        Target.Opik opik = opik(node.get("opik"));
        Node headerNode = node.get("headers");
        Map<String, String> headers = stringMap(headerNode);
        headers.forEach((header, value) -> {
            String v = value.strip();
            if (v.startsWith("env:")) {
                envName(v.substring(4).strip(), headerNode.get(header));
            } else if (CREDENTIAL_HEADER.matcher(header).matches()) {
                headerNode.errorAtKey(header, "looks like a credential; never write secrets in this file:"
                        + " write env:VARIABLE, or use auth");
            }
        });
        Node settingNode = node.get("settings");
        Map<String, String> settings = stringMap(settingNode);
        for (String key : settings.keySet()) {
            if (LITERAL_SECRETS.contains(key.toLowerCase(Locale.ROOT))) {
                settingNode.errorAtKey(key, "would put a secret in this file; name an environment variable instead"
                        + " (tokenEnv, clientIdEnv, clientSecretEnv)");
            }
        }
        String toolCallsPath = settings.get(TOOL_CALLS_PATH);
        if (toolCallsPath != null) {
            JsonPaths.problem(toolCallsPath.strip()).ifPresent(settingNode.get(TOOL_CALLS_PATH)::error);
        }
        Prices prices = PriceTables.fromNode(node.get("prices"));
        if (node.problems().size() > before) {
            return null;
        }
        return new Target(name, protocol, url, auth, headers, settings, opik, prices);
    }

    /** The {@code url} of {@code node}, an absolute http(s) URL; null (after a problem, if it is wrong) otherwise. */
    private static URI httpUrl(Node node, boolean required) {
        String text = string(node, "url", required);
        if (text == null) {
            return null;
        }
        Node value = node.get("url");
        try {
            URI url = new URI(text);
            if (url.getScheme() == null || url.getHost() == null
                    || !List.of("http", "https").contains(url.getScheme().toLowerCase(Locale.ROOT))) {
                value.error("must be an absolute http(s) URL but was '" + text + "'");
                return null;
            }
            return url;
        } catch (URISyntaxException e) {
            value.error("is not a valid URL: '" + text + "'");
            return null;
        }
    }

    private static Target.Opik opik(Node node) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isMapping()) {
            node.error("expected a mapping with " + String.join(", ", OPIK_KEYS));
            return null;
        }
        checkKeys(node, OPIK_KEYS);
        URI url = httpUrl(node, false);
        String project = string(node, "project", false);
        String workspace = string(node, "workspace", false);
        List<String> keys = new ArrayList<>();
        Node k = node.get("traceIdKeys");
        if (k != null && !k.isNull()) {
            List<String> listed = k.isSequence() ? k.items().stream().map(Targets::scalar).toList() : List.of();
            if (listed.isEmpty() || listed.stream().anyMatch(Objects::isNull)) {
                k.error("must be a non-empty list of strings");
            } else {
                listed.forEach(key -> keys.add(key.strip()));
            }
        }
        return new Target.Opik(url, project, workspace, keys);
    }

    private static Target.Auth auth(Node node) {
        if (node == null || node.isNull()) {
            return Target.Auth.none();
        }
        if (!node.isMapping()) {
            node.error("expected a mapping with type: none, bearer or oauth2");
            return null;
        }
        checkKeys(node, AUTH_KEYS);
        String type = string(node, "type", true);
        if (type == null) {
            return null;
        }
        switch (type.toLowerCase(Locale.ROOT)) {
            case "none":
                return Target.Auth.none();
            case "bearer": {
                String tokenEnv = env(node, "tokenEnv");
                return tokenEnv == null ? null : Target.Auth.bearer(tokenEnv);
            }
            case "oauth2": {
                String tokenUrl = string(node, "tokenUrl", true);
                String id = env(node, "clientIdEnv");
                String secret = env(node, "clientSecretEnv");
                String scope = string(node, "scope", false);
                return tokenUrl == null || id == null || secret == null ? null
                        : Target.Auth.oauth2(tokenUrl, id, secret, scope);
            }
            default:
                node.get("type").error("must be none, bearer or oauth2 but was '" + type + "'");
                return null;
        }
    }

    /** The required {@code key} of {@code node}, the name of an environment variable. */
    private static String env(Node node, String key) {
        String name = string(node, key, true);
        return name == null ? null : envName(name, node.get(key));
    }

    private static String envName(String name, Node at) {
        if (!ENV_NAME.matcher(name).matches()) {
            at.error("must be the NAME of an environment variable (matching " + ENV_NAME + "), never its value");
            return null;
        }
        return name;
    }

    private static String string(Node node, String key, boolean required) {
        Node v = node.get(key);
        if (v == null || v.isNull()) {
            if (required) {
                node.missing(key, "");
            }
            return null;
        }
        String text = scalar(v);
        if (text == null || text.isBlank()) {
            v.error("must be a non-empty string");
            return null;
        }
        return text.strip();
    }

    /**
     * A scalar's text as written ({@code apiVersion: 1.10} stays {@code "1.10"}, {@code yes}
     * stays {@code "yes"}); null for a null, a list or a mapping.
     */
    private static String scalar(Node node) {
        return node.value() instanceof Scalar s && s.kind() != Kind.NULL ? s.text() : null;
    }

    private static Map<String, String> stringMap(Node node) {
        Map<String, String> out = new LinkedHashMap<>();
        if (node == null || node.isNull()) {
            return out;
        }
        if (!node.isMapping()) {
            node.error("expected a mapping");
            return out;
        }
        for (Map.Entry<String, Node> e : node.entries()) {
            String text = scalar(e.getValue());
            if (text == null) {
                e.getValue().error("must be a string, number or boolean");
            } else {
                out.put(e.getKey(), text);
            }
        }
        return out;
    }

    /** Unknown keys with a did-you-mean; a credential's key is refused as a secret written in the file. */
    private static void checkKeys(Node node, List<String> known) {
        List<String> secrets = node.keys().stream().filter(k -> LITERAL_SECRETS.contains(k.toLowerCase(Locale.ROOT)))
                .toList();
        secrets.forEach(k -> node.errorAtKey(k, "would put a secret in this file; name the environment variable"
                + " holding it (tokenEnv, clientIdEnv, clientSecretEnv)"));
        node.checkKeys(known, secrets);
    }

    /**
     * The target called {@code name}.
     *
     * @throws ConfigurationException listing the known names when there is none
     */
    public Target get(String name) {
        Target t = targets.get(Objects.requireNonNull(name, "name"));
        if (t == null) {
            throw new ConfigurationException("unknown target '" + name + "' in " + source + "; known: "
                    + String.join(", ", targets.keySet()));
        }
        return t;
    }

    /** The target names, in file order. */
    public Set<String> names() {
        return new LinkedHashSet<>(targets.keySet());
    }

    /** The targets, in file order. */
    public List<Target> all() {
        return List.copyOf(targets.values());
    }

    /** Every environment variable the targets read, for help texts; a name appears once. */
    public List<EnvironmentVariable> environmentVariables() {
        Map<String, EnvironmentVariable> vars = new LinkedHashMap<>();
        for (Target t : targets.values()) {
            for (EnvironmentVariable v : t.environmentVariables()) {
                vars.putIfAbsent(v.name(), v);
            }
        }
        return List.copyOf(vars.values());
    }

    @Override
    public String toString() {
        return "Targets[" + source + ": " + String.join(", ", targets.keySet()) + "]";
    }
}
