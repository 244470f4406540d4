package dev.agenteval.agents;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agenteval.agents.internal.JsonPaths;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Prices;
import dev.agenteval.common.json.JsonTrees;
import dev.agenteval.spi.EnvironmentVariable;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
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
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

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
     * @throws ConfigurationException naming the file, target and field of every problem
     */
    public static Targets load(Path file) {
        Objects.requireNonNull(file, "file");
        return parse(read(file, "no targets file at " + file.toAbsolutePath()
                + " (create it, or give a URL and protocol directly)"), file.toString());
    }

    /** The text of {@code file} (UTF-8); {@code missing} is the message when there is no such file. */
    static String read(Path file, String missing) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new ConfigurationException(missing);
        } catch (IOException e) {
            throw new ConfigurationException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Parses targets from YAML (or JSON) text.
     *
     * @param source the file name for messages
     * @throws ConfigurationException naming the source, target and field of every problem
     */
    public static Targets parse(String text, String source) {
        Node document = compose(text, source);
        JsonNode root = document == null ? null : tree(document, source, 0);
        List<String> problems = new ArrayList<>();
        Map<String, Target> targets = new LinkedHashMap<>();
        JsonNode all = root == null ? null : root.get("targets");
        if (root == null || !root.isObject() || all == null || !all.isObject()) {
            throw new ConfigurationException(source + ": expected a mapping 'targets:' of named targets");
        }
        root.fieldNames().forEachRemaining(k -> {
            if (!k.equals("targets")) {
                problems.add(source + ": unknown key '" + k + "' (known: targets)");
            }
        });
        Map<String, Node> priceBlocks = all.properties().stream().anyMatch(e -> e.getValue().has("prices"))
                ? priceBlocks(document) : Map.of();
        all.properties().forEach(e -> {
            Target t = target(e.getKey(), e.getValue(), source + ": target '" + e.getKey() + "'", problems);
            Prices prices = PriceTables.fromNode(priceBlocks.get(e.getKey()), source, "target '" + e.getKey() + "' prices",
                    problems);
            if (t != null) {
                targets.put(t.name(), new Target(t.name(), t.protocol(), t.url(), t.auth(), t.headers(), t.settings(),
                        t.opik(), prices));
            }
        });
        if (targets.isEmpty() && problems.isEmpty()) {
            problems.add(source + ": 'targets' is empty");
        }
        if (!problems.isEmpty()) {
            throw new ConfigurationException(problems);
        }
        return new Targets(source, targets);
    }

    /**
     * The YAML text as SnakeYAML's node tree (the parser of the suites; marks kept for located
     * problems), or null when the document is empty.
     */
    static Node compose(String text, String source) {
        LoaderOptions options = new LoaderOptions();
        options.setMaxAliasesForCollections(50);
        try {
            return new Yaml(new SafeConstructor(options)).compose(new java.io.StringReader(text));
        } catch (MarkedYAMLException e) {
            // Only the parser's own words and mark: its full message quotes the file, which may hold a pasted secret.
            Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
            String message = source + ": not valid YAML" + at(mark) + ": " + String.valueOf(e.getProblem()).strip();
            if (e.getContext() != null && e.getContextMark() != null) {
                message += " (" + e.getContext().strip() + at(e.getContextMark()) + ")";
            }
            throw new ConfigurationException(message);
        } catch (YAMLException e) {
            String reason = String.valueOf(e.getMessage()).lines().findFirst().orElse("").strip();
            throw new ConfigurationException(source + ": not valid YAML: " + reason);
        }
    }

    /** The {@code prices:} node of each target that has one, with its marks (for located problems). */
    private static Map<String, Node> priceBlocks(Node document) {
        Map<String, Node> blocks = new LinkedHashMap<>();
        if (document instanceof MappingNode root) {
            for (NodeTuple top : root.getValue()) {
                if (top.getKeyNode() instanceof ScalarNode k && k.getValue().equals("targets")
                        && top.getValueNode() instanceof MappingNode all) {
                    for (NodeTuple target : all.getValue()) {
                        if (target.getKeyNode() instanceof ScalarNode name && target.getValueNode() instanceof MappingNode t) {
                            for (NodeTuple field : t.getValue()) {
                                if (field.getKeyNode() instanceof ScalarNode f && f.getValue().equals("prices")) {
                                    blocks.put(name.getValue(), field.getValueNode());
                                }
                            }
                        }
                    }
                }
            }
        }
        return blocks;
    }

    private static String at(Mark mark) {
        return mark == null ? "" : " at line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1);
    }

    /**
     * The node tree as objects, arrays and text: every scalar is kept as written
     * ({@code apiVersion: 1.10} stays {@code "1.10"}), except a null ({@code ~}, {@code null},
     * nothing). A duplicate key is an error (a second target of the same name would otherwise
     * replace the first).
     */
    private static JsonNode tree(Node node, String source, int depth) {
        if (depth > 50) { // a recursive alias
            throw new ConfigurationException(source + ": not valid YAML" + at(node.getStartMark())
                    + ": lists and mappings are nested more than 50 deep here");
        }
        JsonNodeFactory f = JsonTrees.NODES;
        if (node instanceof MappingNode m) {
            ObjectNode out = f.objectNode();
            for (NodeTuple t : m.getValue()) {
                if (!(t.getKeyNode() instanceof ScalarNode key)) {
                    throw new ConfigurationException(source + ": line " + (t.getKeyNode().getStartMark().getLine() + 1)
                            + ": keys must be plain names");
                }
                if (out.has(key.getValue())) {
                    throw new ConfigurationException(source + ": not valid YAML" + at(key.getStartMark())
                            + ": found duplicate key " + key.getValue());
                }
                out.set(key.getValue(), tree(t.getValueNode(), source, depth + 1));
            }
            return out;
        }
        if (node instanceof SequenceNode seq) {
            ArrayNode out = f.arrayNode();
            seq.getValue().forEach(item -> out.add(tree(item, source, depth + 1)));
            return out;
        }
        ScalarNode scalar = (ScalarNode) node;
        return scalar.getTag().equals(Tag.NULL) ? f.nullNode() : f.textNode(scalar.getValue());
    }

    private static Target target(String name, JsonNode node, String where, List<String> problems) {
        int before = problems.size();
        if (!NAME.matcher(name).matches()) {
            problems.add(where + ": the name must match " + NAME);
        }
        if (!node.isObject()) {
            problems.add(where + ": expected a mapping with " + String.join(", ", TARGET_KEYS));
            return null;
        }
        unknownKeys(node, TARGET_KEYS, where, problems);
        String protocol = string(node, "protocol", where, problems, true);
        String urlText = string(node, "url", where, problems, true);
        URI url = httpUrl(urlText, where, problems);
        Target.Auth auth = auth(node.get("auth"), where + " auth", problems);
        Target.Opik opik = opik(node.get("opik"), where + " opik", problems);
        Map<String, String> headers = stringMap(node.get("headers"), where + " headers", problems);
        headers.forEach((header, value) -> {
            String v = value.strip();
            if (v.startsWith("env:")) {
                envName(v.substring(4).strip(), where + " header " + header, problems);
            } else if (CREDENTIAL_HEADER.matcher(header).matches()) {
                problems.add(where + " header " + header + ": looks like a credential; never write secrets in this file:"
                        + " write env:VARIABLE, or use auth");
            }
        });
        Map<String, String> settings = stringMap(node.get("settings"), where + " settings", problems);
        for (String key : settings.keySet()) {
            if (LITERAL_SECRETS.contains(key.toLowerCase(Locale.ROOT))) {
                problems.add(where + " settings: '" + key + "' would put a secret in this file; name an environment"
                        + " variable instead (tokenEnv, clientIdEnv, clientSecretEnv)");
            }
        }
        String toolCallsPath = settings.get(TOOL_CALLS_PATH);
        if (toolCallsPath != null) {
            JsonPaths.problem(toolCallsPath.strip()).ifPresent(p -> problems.add(where + " settings: '"
                    + TOOL_CALLS_PATH + "' " + p));
        }
        if (problems.size() > before) {
            return null;
        }
        return new Target(name, protocol, url, auth, headers, settings, opik);
    }

    /** {@code text} as an absolute http(s) URL (null when absent); a problem at {@code where} when it is not one. */
    private static URI httpUrl(String text, String where, List<String> problems) {
        if (text == null) {
            return null;
        }
        try {
            URI url = new URI(text);
            if (url.getScheme() == null || url.getHost() == null
                    || !List.of("http", "https").contains(url.getScheme().toLowerCase(Locale.ROOT))) {
                problems.add(where + ": url must be an absolute http(s) URL but was '" + text + "'");
            }
            return url;
        } catch (URISyntaxException e) {
            problems.add(where + ": url is not a valid URL: '" + text + "'");
            return null;
        }
    }

    private static Target.Opik opik(JsonNode node, String where, List<String> problems) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isObject()) {
            problems.add(where + ": expected a mapping with " + String.join(", ", OPIK_KEYS));
            return null;
        }
        unknownKeys(node, OPIK_KEYS, where, problems);
        String urlText = string(node, "url", where, problems, false);
        URI url = httpUrl(urlText, where, problems);
        String project = string(node, "project", where, problems, false);
        String workspace = string(node, "workspace", where, problems, false);
        List<String> keys = new java.util.ArrayList<>();
        JsonNode k = node.get("traceIdKeys");
        if (k != null && !k.isNull()) {
            if (!k.isArray() || k.isEmpty()) {
                problems.add(where + ": 'traceIdKeys' must be a non-empty list of strings");
            } else {
                for (JsonNode e : k) {
                    if (!e.isValueNode() || e.isNull() || e.asText().isBlank()) {
                        problems.add(where + ": 'traceIdKeys' must be a non-empty list of strings");
                        break;
                    }
                    keys.add(e.asText().strip());
                }
            }
        }
        return new Target.Opik(url, project, workspace, keys);
    }

    private static Target.Auth auth(JsonNode node, String where, List<String> problems) {
        if (node == null || node.isNull()) {
            return Target.Auth.none();
        }
        if (!node.isObject()) {
            problems.add(where + ": expected a mapping with type: none, bearer or oauth2");
            return null;
        }
        unknownKeys(node, AUTH_KEYS, where, problems);
        String type = string(node, "type", where, problems, true);
        if (type == null) {
            return null;
        }
        switch (type.toLowerCase(Locale.ROOT)) {
            case "none":
                return Target.Auth.none();
            case "bearer": {
                String tokenEnv = envName(string(node, "tokenEnv", where, problems, true), where + " tokenEnv", problems);
                return tokenEnv == null ? null : Target.Auth.bearer(tokenEnv);
            }
            case "oauth2": {
                String tokenUrl = string(node, "tokenUrl", where, problems, true);
                String id = envName(string(node, "clientIdEnv", where, problems, true), where + " clientIdEnv", problems);
                String secret = envName(string(node, "clientSecretEnv", where, problems, true), where + " clientSecretEnv",
                        problems);
                String scope = string(node, "scope", where, problems, false);
                return tokenUrl == null || id == null || secret == null ? null
                        : Target.Auth.oauth2(tokenUrl, id, secret, scope);
            }
            default:
                problems.add(where + ": type must be none, bearer or oauth2 but was '" + type + "'");
                return null;
        }
    }

    private static String envName(String name, String where, List<String> problems) {
        if (name != null && !ENV_NAME.matcher(name).matches()) {
            problems.add(where + ": must be the NAME of an environment variable (matching " + ENV_NAME
                    + "), never its value");
            return null;
        }
        return name;
    }

    private static String string(JsonNode node, String key, String where, List<String> problems, boolean required) {
        JsonNode v = node.get(key);
        if (v == null || v.isNull()) {
            if (required) {
                problems.add(where + ": missing '" + key + "'");
            }
            return null;
        }
        if (!v.isValueNode() || v.asText().isBlank()) {
            problems.add(where + ": '" + key + "' must be a non-empty string");
            return null;
        }
        return v.asText().strip();
    }

    private static Map<String, String> stringMap(JsonNode node, String where, List<String> problems) {
        Map<String, String> out = new LinkedHashMap<>();
        if (node == null || node.isNull()) {
            return out;
        }
        if (!node.isObject()) {
            problems.add(where + ": expected a mapping");
            return out;
        }
        node.properties().forEach(e -> {
            if (!e.getValue().isValueNode() || e.getValue().isNull()) {
                problems.add(where + ": '" + e.getKey() + "' must be a string, number or boolean");
            } else {
                out.put(e.getKey(), e.getValue().asText());
            }
        });
        return out;
    }

    private static void unknownKeys(JsonNode node, List<String> known, String where, List<String> problems) {
        node.fieldNames().forEachRemaining(k -> {
            if (LITERAL_SECRETS.contains(k.toLowerCase(Locale.ROOT))) {
                problems.add(where + ": '" + k + "' would put a secret in this file; name the environment variable"
                        + " holding it (tokenEnv, clientIdEnv, clientSecretEnv)");
            } else if (!known.contains(k)) {
                problems.add(where + ": unknown key '" + k + "' (known: " + String.join(", ", known) + ")");
            }
        });
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
