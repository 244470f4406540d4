package dev.agenteval.agents;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.spi.EnvironmentVariable;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Targets named by environment variables alone, by the Python harness's convention, so that a
 * harness user's {@code .env} works unchanged: {@code --env eu} with no targets file reads
 * {@code AGENT_API_URL_EU}, {@code AGENT_API_CLIENT_ID_EU}, ... A target of the targets file
 * with the same name wins, whole: nothing of it is mixed with these variables.
 *
 * <p>For an environment {@code NAME} (upper-cased, every character but letters and digits as
 * {@code _}: {@code eu-west} reads {@code AGENT_API_URL_EU_WEST}):
 * <ul>
 * <li>{@code AGENT_API_URL_<NAME>}: the agent's base URL; {@code local} defaults to
 *     {@code http://localhost:8080}, any other environment needs it.</li>
 * <li>{@code AGENT_API_CLIENT_ID_<NAME>} and {@code AGENT_API_CLIENT_SECRET_<NAME>}: OAuth2 client
 *     credentials (scope {@code openid}), exchanged at {@code AGENT_API_TOKEN_URL_<NAME>}, where
 *     {@code {tenant}} stands for the tenant, e.g.
 *     {@code https://auth.example.com/realms/{tenant}/protocol/openid-connect/token}. The harness
 *     builds that URL from hosts it has built in; agent-eval has none, hence the variable.</li>
 * <li>{@code AGENT_API_TOKEN_<NAME>}: a static bearer token, used when the client id, secret and
 *     token URL are not all set (the harness's local stack has no OAuth).</li>
 * <li>{@code AGENT_API_OPIK_URL_<NAME>}: the environment's Opik API base, the target's
 *     {@link Target#opik() opik} (the harness derives it from hosts it has built in).</li>
 * <li>The tenant: {@code AGENT_TENANT}, else the harness's {@code CORTI_TENANT_NAME}, else
 *     {@code base}; sent as the {@code Tenant-Name} header.</li>
 * </ul>
 * The protocol is {@code agent-service} (the harness's agent service) unless the caller names
 * another. Every variable is checked when the target is made: what is missing is one
 * {@link ConfigurationException} naming every variable to set, before any request.
 *
 * <pre>{@code
 * Environment env = Environment.load();   // process environment + ./.env
 * Target eu = EnvironmentTargets.resolve("eu", Path.of(Targets.FILE_NAME), null, env);
 * AgentClient agent = AgentClients.create(eu, env);
 * }</pre>
 */
@API(status = MAINTAINED)
public final class EnvironmentTargets {

    /** The protocol of an environment named by variables, unless another is given: the harness's agent service. */
    public static final String DEFAULT_PROTOCOL = "agent-service";
    /** The environment with a default URL. */
    public static final String LOCAL = "local";
    /** The URL of {@link #LOCAL} when {@code AGENT_API_URL_LOCAL} is unset. */
    public static final String LOCAL_URL = "http://localhost:8080";
    /** The tenant's variable. */
    public static final String TENANT = "AGENT_TENANT";
    /** The harness's tenant variable, read when {@link #TENANT} is unset. */
    public static final String HARNESS_TENANT = "CORTI_TENANT_NAME";
    /** The tenant when neither variable is set. */
    public static final String DEFAULT_TENANT = "base";
    /** The header the tenant is sent in. */
    public static final String TENANT_HEADER = "Tenant-Name";
    /** The OAuth2 scope, fixed as in the harness. */
    public static final String SCOPE = "openid";
    /** What {@code {tenant}} in a token URL stands for. */
    public static final String TENANT_PLACEHOLDER = "{tenant}";

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]*");

    /** The variables of one environment, each a prefix followed by the environment's name. */
    public enum Variable {
        /** The base URL. */
        URL("AGENT_API_URL_", false, "The agent's base URL in environment NAME (local: " + LOCAL_URL + " by default)."),
        /** The OAuth2 client id. */
        CLIENT_ID("AGENT_API_CLIENT_ID_", false, "The OAuth2 client id of environment NAME (scope " + SCOPE + ")."),
        /** The OAuth2 client secret. */
        CLIENT_SECRET("AGENT_API_CLIENT_SECRET_", true, "The OAuth2 client secret of environment NAME."),
        /** The OAuth2 token endpoint. */
        TOKEN_URL("AGENT_API_TOKEN_URL_", false, "The OAuth2 token endpoint of environment NAME; " + TENANT_PLACEHOLDER
                + " stands for the tenant."),
        /** A static bearer token. */
        TOKEN("AGENT_API_TOKEN_", true, "A static bearer token for environment NAME, used when its client id,"
                + " secret and token URL are not all set."),
        /** The environment's Opik. */
        OPIK_URL("AGENT_API_OPIK_URL_", false, "The Opik API base of environment NAME: its trace links, and where"
                + " --opik records the run (OPIK_URL_OVERRIDE wins).");

        private final String prefix;
        private final boolean secret;
        private final String effect;

        Variable(String prefix, boolean secret, String effect) {
            this.prefix = prefix;
            this.secret = secret;
            this.effect = effect;
        }

        /** The variable of environment {@code name}, e.g. {@code AGENT_API_URL_EU} for {@code eu}. */
        public String of(String name) {
            return prefix + suffix(name);
        }

        /** The variable's pattern for help texts, e.g. {@code AGENT_API_URL_<NAME>}. */
        public String pattern() {
            return prefix + "<NAME>";
        }

        /** Whether its value is a secret. */
        public boolean secret() {
            return secret;
        }

        /** What it does, for help texts. */
        public String effect() {
            return effect;
        }
    }

    private EnvironmentTargets() {
    }

    /**
     * The target {@code --env name} means: the targets file's target of that name when the file
     * exists and names it, else the one the variables name ({@link #fromVariables}).
     *
     * @param targetsFile where a targets file may be; a missing file is no error
     * @param protocol    the protocol of a target named by variables; null: {@link #DEFAULT_PROTOCOL}
     * @throws ConfigurationException when the targets file is invalid, or naming every variable to set
     */
    public static Target resolve(String name, Path targetsFile, String protocol, Function<String, String> environment) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(targetsFile, "targetsFile");
        Objects.requireNonNull(environment, "environment");
        String inFile = null;
        if (Files.exists(targetsFile)) {
            Targets targets = Targets.load(targetsFile);
            if (targets.names().contains(name)) {
                return targets.get(name);
            }
            inFile = targetsFile + " (it names " + String.join(", ", targets.names()) + ")";
        }
        return fromVariables(name, protocol, environment, inFile != null ? inFile : targetsFile.toString());
    }

    /**
     * The target the variables of environment {@code name} describe.
     *
     * @param protocol the protocol; null: {@link #DEFAULT_PROTOCOL}
     * @throws ConfigurationException naming every variable to set: the URL's, and the credentials'
     *                                in one problem
     */
    public static Target fromVariables(String name, String protocol, Function<String, String> environment) {
        return fromVariables(name, protocol, environment, Targets.FILE_NAME);
    }

    private static Target fromVariables(String name, String protocol, Function<String, String> environment,
                                        String targetsFile) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(environment, "environment");
        if (!NAME.matcher(name).matches()) {
            throw new ConfigurationException("environment '" + name + "': the name must match " + NAME);
        }
        List<String> problems = new ArrayList<>();
        String where = "environment '" + name + "'";
        String tenant = tenant(environment);

        URI url = null;
        String urlVariable = Variable.URL.of(name);
        String urlText = value(environment, urlVariable);
        if (urlText == null && name.equals(LOCAL)) {
            urlText = LOCAL_URL;
        }
        if (urlText == null) {
            problems.add(where + ": set " + urlVariable + " (the agent's base URL), or add a target '" + name + "' to "
                    + targetsFile);
        } else {
            url = httpUrl(urlText, urlVariable, where, problems);
        }

        Target.Auth auth = auth(name, tenant, environment, where, problems);
        String opikVariable = Variable.OPIK_URL.of(name);
        String opikText = value(environment, opikVariable);
        URI opik = opikText == null ? null : httpUrl(opikText, opikVariable, where, problems);
        if (!problems.isEmpty()) {
            throw new ConfigurationException(problems);
        }
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put(TENANT_HEADER, tenant);
        return new Target(name, protocol == null || protocol.isBlank() ? DEFAULT_PROTOCOL : protocol.strip(), url, auth,
                headers, Map.of(), opik == null ? null : new Target.Opik(opik, null, null, List.of()));
    }

    /** The credentials: the client pair when it and its token URL are set, else the static token. */
    private static Target.Auth auth(String name, String tenant, Function<String, String> environment, String where,
                                    List<String> problems) {
        String id = Variable.CLIENT_ID.of(name);
        String secret = Variable.CLIENT_SECRET.of(name);
        String tokenUrl = Variable.TOKEN_URL.of(name);
        String token = Variable.TOKEN.of(name);
        boolean hasId = value(environment, id) != null;
        boolean hasSecret = value(environment, secret) != null;
        String tokenUrlText = value(environment, tokenUrl);
        if (hasId && hasSecret && tokenUrlText != null) {
            String resolved = tokenUrlText.replace(TENANT_PLACEHOLDER, tenant);
            return httpUrl(resolved, tokenUrl, where, problems) == null ? null
                    : Target.Auth.oauth2(resolved, id, secret, SCOPE);
        }
        if (value(environment, token) != null) {
            return Target.Auth.bearer(token);
        }
        List<String> unset = new ArrayList<>();
        List<String> set = new ArrayList<>();
        (hasId ? set : unset).add(id);
        (hasSecret ? set : unset).add(secret);
        (tokenUrlText != null ? set : unset).add(tokenUrl);
        String pair = and(unset) + " (OAuth2 client credentials"
                + (set.isEmpty() ? "" : "; " + and(set) + (set.size() == 1 ? " is" : " are") + " set") + ")";
        String bearer = token + " (a bearer token)";
        // The harness's local stack has no OAuth: its token comes first.
        problems.add(where + " has no credentials: set " + (name.equals(LOCAL) ? bearer + ", or " + pair
                : pair + ", or " + bearer));
        return null;
    }

    private static URI httpUrl(String text, String variable, String where, List<String> problems) {
        try {
            URI uri = new URI(text.strip());
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if ((scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null) {
                return uri;
            }
        } catch (URISyntaxException e) {
            // reported below
        }
        problems.add(where + ": " + variable + " must be an absolute http(s) URL");
        return null;
    }

    private static String and(List<String> names) {
        if (names.size() == 1) {
            return names.get(0);
        }
        return String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
    }

    /** The tenant: {@code AGENT_TENANT}, else {@code CORTI_TENANT_NAME}, else {@code base}. */
    public static String tenant(Function<String, String> environment) {
        String tenant = value(environment, TENANT);
        if (tenant == null) {
            tenant = value(environment, HARNESS_TENANT);
        }
        return tenant == null ? DEFAULT_TENANT : tenant;
    }

    /**
     * The environments some of {@code variableNames} name, lower-cased, in order: {@code eu} for
     * {@code AGENT_API_CLIENT_ID_EU}. For help texts.
     */
    public static Set<String> named(Collection<String> variableNames) {
        Set<String> names = new LinkedHashSet<>();
        // TOKEN_URL before TOKEN: AGENT_API_TOKEN_URL_EU is eu's token URL, not the token of "url_eu".
        List<Variable> longestFirst = List.of(Variable.TOKEN_URL, Variable.CLIENT_SECRET, Variable.CLIENT_ID,
                Variable.OPIK_URL, Variable.URL, Variable.TOKEN);
        for (String variable : variableNames) {
            for (Variable v : longestFirst) {
                if (variable.startsWith(v.prefix) && variable.length() > v.prefix.length()) {
                    names.add(variable.substring(v.prefix.length()).toLowerCase(Locale.ROOT));
                    break;
                }
            }
        }
        return names;
    }

    /**
     * The variables of the convention as patterns ({@code AGENT_API_URL_<NAME>}, ...), then the
     * tenant's, for help texts.
     */
    public static List<EnvironmentVariable> variables() {
        List<EnvironmentVariable> vars = new ArrayList<>();
        for (Variable v : Variable.values()) {
            vars.add(new EnvironmentVariable(v.pattern(), null, v.effect(), v.secret()));
        }
        vars.add(EnvironmentVariable.setting(TENANT, DEFAULT_TENANT, "The tenant of every environment NAME, sent as "
                + TENANT_HEADER + " and standing for " + TENANT_PLACEHOLDER + " in its token URL."));
        vars.add(EnvironmentVariable.setting(HARNESS_TENANT, DEFAULT_TENANT, "The harness's name for the tenant, read when "
                + TENANT + " is unset."));
        return vars;
    }

    private static String suffix(String name) {
        return name.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_");
    }

    private static String value(Function<String, String> environment, String name) {
        String v = environment.apply(name);
        return v == null || v.isBlank() ? null : v.strip();
    }
}
