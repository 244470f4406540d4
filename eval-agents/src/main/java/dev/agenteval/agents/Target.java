package dev.agenteval.agents;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import dev.agenteval.api.Prices;
import dev.agenteval.spi.EnvironmentVariable;
import java.net.URI;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A named agent deployment: protocol, base URL, authentication, extra headers and protocol
 * settings. Secrets never appear here, only the names of the environment variables holding them.
 *
 * <pre>{@code
 * Target eu = Targets.load(Path.of("agent-eval.targets.yaml")).get("eu");
 * AgentClient agent = AgentClients.create(eu, Environment.load());
 * }</pre>
 *
 * @param name     the target's name, e.g. {@code eu}; never blank
 * @param protocol the agent client provider id, e.g. {@code a2a}; never blank
 * @param url      the base URL; never null
 * @param auth     how requests are authenticated; never null
 * @param headers  extra headers; a value {@code env:VAR} is read from the environment; never null
 * @param settings further provider settings (see the provider's documentation); never null
 * @param opik     where runs against this target are recorded in Opik ({@code --opik}), or null
 * @param prices   the user's prices of the models behind this target, for costs the agent does not
 *                 report ({@link Prices}); never null, {@link Prices#none()} when not given
 */
@API(status = MAINTAINED)
public record Target(String name, String protocol, URI url, Auth auth, Map<String, String> headers,
                     Map<String, String> settings, Opik opik, Prices prices) {

    /** A target without an Opik block. */
    public Target(String name, String protocol, URI url, Auth auth, Map<String, String> headers,
                  Map<String, String> settings) {
        this(name, protocol, url, auth, headers, settings, null);
    }

    /** A target without prices. */
    public Target(String name, String protocol, URI url, Auth auth, Map<String, String> headers,
                  Map<String, String> settings, Opik opik) {
        this(name, protocol, url, auth, headers, settings, opik, Prices.none());
    }

    /**
     * The target's Opik: its API base, project and workspace, and the response-metadata keys
     * naming the agent's trace id. {@code OPIK_URL_OVERRIDE}, {@code OPIK_PROJECT_NAME} and
     * {@code OPIK_WORKSPACE} win over these.
     *
     * @param url         the Opik API base, or null
     * @param project     the project, or null
     * @param workspace   the workspace, or null
     * @param traceIdKeys the trace-id keys, or empty for the default
     */
    public record Opik(URI url, String project, String workspace, List<String> traceIdKeys) {
        /** Copies. */
        public Opik {
            traceIdKeys = List.copyOf(Objects.requireNonNull(traceIdKeys, "traceIdKeys"));
        }
    }

    /** Validates and copies. */
    public Target {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(protocol, "protocol");
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(auth, "auth");
        Objects.requireNonNull(prices, "prices");
        if (name.isBlank() || protocol.isBlank()) {
            throw new IllegalArgumentException("target name and protocol must not be blank");
        }
        headers = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(headers, "headers")));
        settings = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(settings, "settings")));
    }

    /**
     * How a target authenticates. Fields other than {@link #type()} are null when unused.
     *
     * @param type            none, a bearer token or OAuth2 client credentials
     * @param tokenUrl        the OAuth2 token endpoint (oauth2)
     * @param clientIdEnv     the variable holding the OAuth2 client id (oauth2)
     * @param clientSecretEnv the variable holding the OAuth2 client secret (oauth2)
     * @param scope           the OAuth2 scope, or null (oauth2)
     * @param tokenEnv        the variable holding the bearer token (bearer)
     */
    public record Auth(Type type, String tokenUrl, String clientIdEnv, String clientSecretEnv, String scope,
                       String tokenEnv) {

        /** The kinds of authentication. */
        public enum Type { NONE, BEARER, OAUTH2 }

        /** Validates that the fields of the type are set. */
        public Auth {
            Objects.requireNonNull(type, "auth type");
            if (type == Type.BEARER && blank(tokenEnv)) {
                throw new IllegalArgumentException("bearer auth needs tokenEnv");
            }
            if (type == Type.OAUTH2 && (blank(tokenUrl) || blank(clientIdEnv) || blank(clientSecretEnv))) {
                throw new IllegalArgumentException("oauth2 auth needs tokenUrl, clientIdEnv and clientSecretEnv");
            }
        }

        /** No authentication. */
        public static Auth none() {
            return new Auth(Type.NONE, null, null, null, null, null);
        }

        /** A bearer token read from {@code tokenEnv}. */
        public static Auth bearer(String tokenEnv) {
            return new Auth(Type.BEARER, null, null, null, null, tokenEnv);
        }

        /** OAuth2 client credentials read from {@code clientIdEnv} and {@code clientSecretEnv}. */
        public static Auth oauth2(String tokenUrl, String clientIdEnv, String clientSecretEnv, String scope) {
            return new Auth(Type.OAUTH2, tokenUrl, clientIdEnv, clientSecretEnv, scope, null);
        }

        private static boolean blank(String s) {
            return s == null || s.isBlank();
        }
    }

    /** The settings handed to the protocol's provider: {@code url}, auth, {@code header.*} and {@link #settings()}. */
    public Map<String, String> providerSettings() {
        Map<String, String> out = new LinkedHashMap<>(settings);
        out.put("url", url.toString());
        switch (auth.type()) {
            case NONE -> out.put("auth", "none");
            case BEARER -> {
                out.put("auth", "bearer");
                out.put("tokenEnv", auth.tokenEnv());
            }
            case OAUTH2 -> {
                out.put("auth", "oauth2");
                out.put("tokenUrl", auth.tokenUrl());
                out.put("clientIdEnv", auth.clientIdEnv());
                out.put("clientSecretEnv", auth.clientSecretEnv());
                if (auth.scope() != null) {
                    out.put("scope", auth.scope());
                }
            }
            default -> throw new IllegalStateException(auth.type().toString());
        }
        headers.forEach((k, v) -> out.put("header." + k, v));
        return out;
    }

    /** The environment variables this target reads, for help texts. */
    public List<EnvironmentVariable> environmentVariables() {
        List<EnvironmentVariable> vars = new ArrayList<>();
        switch (auth.type()) {
            case BEARER -> vars.add(EnvironmentVariable.secret(auth.tokenEnv(), "Bearer token of target '" + name + "'."));
            case OAUTH2 -> {
                vars.add(EnvironmentVariable.setting(auth.clientIdEnv(), null, "OAuth2 client id of target '" + name + "'."));
                vars.add(EnvironmentVariable.secret(auth.clientSecretEnv(), "OAuth2 client secret of target '" + name + "'."));
            }
            default -> {
            }
        }
        headers.forEach((header, value) -> {
            if (value.strip().startsWith("env:")) {
                vars.add(EnvironmentVariable.secret(value.strip().substring(4).strip(),
                        "Header " + header + " of target '" + name + "'."));
            }
        });
        return vars;
    }

    @Override
    public String toString() {
        return "Target[" + name + ": " + protocol + " " + url + ", auth " + auth.type().name().toLowerCase(java.util.Locale.ROOT)
                + ", headers " + headers.keySet() + "]";
    }
}
