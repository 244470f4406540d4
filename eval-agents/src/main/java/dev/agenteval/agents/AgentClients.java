package dev.agenteval.agents;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import dev.agenteval.agents.internal.A2aProvider;
import dev.agenteval.agents.internal.AgentServiceProvider;
import dev.agenteval.agents.internal.HttpTemplateProvider;
import dev.agenteval.agents.internal.OpenAiChatProvider;
import dev.agenteval.agents.internal.PlatformChatProvider;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.core.Environment;
import dev.agenteval.core.Providers;
import dev.agenteval.http.Authentication;
import dev.agenteval.http.HttpAgentProvider;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.AgentClientProvider;
import dev.agenteval.spi.EnvironmentVariable;
import dev.agenteval.spi.ProviderConfig;
import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Creates agent clients by protocol id, or from a named target. Settings are validated and every
 * credential is read from the environment when the client is created, so a missing variable fails
 * here, naming it, before any request is sent.
 *
 * <pre>{@code
 * Environment env = Environment.load();   // process environment + ./.env
 * AgentClient local = AgentClients.create("a2a", URI.create("http://localhost:8080"), Map.of(), env);
 * AgentClient eu = AgentClients.target("eu", env);   // from ./agent-eval.targets.yaml
 * AgentClient us = AgentClients.create(EnvironmentTargets.fromVariables("us", null, env), env); // AGENT_API_*_US
 * SuiteResult result = EvalRunner.builder().agent(eu).environment(env).build().run(suite);
 * }</pre>
 *
 * The protocols: {@code a2a}, {@code agent-service}, {@code platform-chat}, {@code openai-chat},
 * {@code http}, plus any {@link AgentClientProvider} on the class path. Each one's settings are
 * listed in this package's documentation.
 */
@API(status = MAINTAINED)
public final class AgentClients {

    private AgentClients() {
    }

    /**
     * A client for {@code protocol} at {@code baseUrl}.
     *
     * @param settings    the provider's settings besides {@code url} (auth, headers, timeouts, ...)
     * @param environment where variables named by the settings are read
     * @throws ConfigurationException for an unknown protocol, bad settings or a missing variable
     */
    public static AgentClient create(String protocol, URI baseUrl, Map<String, String> settings,
                                     Function<String, String> environment) {
        return create(protocol, baseUrl, settings, environment, AgentClients::discover);
    }

    /**
     * Like {@link #create(String, URI, Map, Function)}, the protocol found in {@code providers}
     * (the registry a run has discovered already) instead of discovering the providers again.
     */
    public static AgentClient create(String protocol, URI baseUrl, Map<String, String> settings,
                                     Function<String, String> environment, Providers providers) {
        Objects.requireNonNull(providers, "providers");
        return create(protocol, baseUrl, settings, environment, () -> providers);
    }

    private static AgentClient create(String protocol, URI baseUrl, Map<String, String> settings,
                                      Function<String, String> environment, Supplier<Providers> providers) {
        return provider(protocol, providers).create(config(baseUrl, settings, environment));
    }

    /** As {@link #create(String, URI, Map, Function)} with the process environment and {@code ./.env}. */
    public static AgentClient create(String protocol, URI baseUrl, Map<String, String> settings) {
        return create(protocol, baseUrl, settings, Environment.load());
    }

    /** A client for a target. */
    public static AgentClient create(Target target, Function<String, String> environment) {
        return create(target, environment, AgentClients::discover);
    }

    /** Like {@link #create(Target, Function)}, the protocol found in {@code providers}. */
    public static AgentClient create(Target target, Function<String, String> environment, Providers providers) {
        Objects.requireNonNull(providers, "providers");
        return create(target, environment, () -> providers);
    }

    private static AgentClient create(Target target, Function<String, String> environment,
                                      Supplier<Providers> providers) {
        Objects.requireNonNull(target, "target");
        try {
            return create(target.protocol(), target.url(), target.providerSettings(), environment, providers);
        } catch (ConfigurationException e) {
            throw inTarget(target, e);
        }
    }

    /**
     * The authentication a client for {@code protocol} at {@code baseUrl} would send, read from the
     * settings and the environment as {@link #create(String, URI, Map, Function)} reads it: the
     * same token, the same OAuth2 client credentials. Nothing is fetched until its
     * {@link Authentication#headers()} are asked for.
     *
     * <pre>{@code
     * Authentication auth = AgentClients.authentication(target, env);
     * String header = auth.headers().get("Authorization");   // "Bearer ..."; never log it
     * }</pre>
     *
     * @throws ConfigurationException as creating the client would, or when the protocol's provider
     *                                is not an {@link HttpAgentProvider} (its authentication is its own)
     */
    public static Authentication authentication(String protocol, URI baseUrl, Map<String, String> settings,
                                                Function<String, String> environment) {
        return authentication(protocol, baseUrl, settings, environment, AgentClients::discover);
    }

    /**
     * Like {@link #authentication(String, URI, Map, Function)}, the protocol found in
     * {@code providers} (the registry a run has discovered already).
     */
    public static Authentication authentication(String protocol, URI baseUrl, Map<String, String> settings,
                                                Function<String, String> environment, Providers providers) {
        Objects.requireNonNull(providers, "providers");
        return authentication(protocol, baseUrl, settings, environment, () -> providers);
    }

    private static Authentication authentication(String protocol, URI baseUrl, Map<String, String> settings,
                                                 Function<String, String> environment,
                                                 Supplier<Providers> providers) {
        AgentClientProvider provider = provider(protocol, providers);
        if (provider instanceof HttpAgentProvider http) {
            return http.authentication(config(baseUrl, settings, environment));
        }
        throw new ConfigurationException("protocol '" + protocol + "' does not extend " + HttpAgentProvider.class.getName()
                + ": how its client authenticates is its own");
    }

    private static AgentClientProvider provider(String protocol, Supplier<Providers> providers) {
        Objects.requireNonNull(protocol, "protocol");
        return providers.get().agentClient(protocol);
    }

    /** The providers found through this library's class loader. */
    private static Providers discover() {
        return Providers.discover(AgentClients.class.getClassLoader());
    }

    /** The provider's configuration: {@code settings} with {@code url}, read in {@code environment}. */
    private static ProviderConfig config(URI baseUrl, Map<String, String> settings, Function<String, String> environment) {
        Objects.requireNonNull(baseUrl, "baseUrl");
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(environment, "environment");
        Map<String, String> all = new LinkedHashMap<>(settings);
        all.put("url", baseUrl.toString());
        return ProviderConfig.of(all, environment);
    }

    /** The authentication a client for {@code target} would send ({@link #authentication(String, URI, Map, Function)}). */
    public static Authentication authentication(Target target, Function<String, String> environment) {
        return authentication(target, environment, AgentClients::discover);
    }

    /** Like {@link #authentication(Target, Function)}, the protocol found in {@code providers}. */
    public static Authentication authentication(Target target, Function<String, String> environment,
                                                Providers providers) {
        Objects.requireNonNull(providers, "providers");
        return authentication(target, environment, () -> providers);
    }

    private static Authentication authentication(Target target, Function<String, String> environment,
                                                 Supplier<Providers> providers) {
        Objects.requireNonNull(target, "target");
        try {
            return authentication(target.protocol(), target.url(), target.providerSettings(), environment, providers);
        } catch (ConfigurationException e) {
            throw inTarget(target, e);
        }
    }

    private static ConfigurationException inTarget(Target target, ConfigurationException e) {
        return new ConfigurationException(e.problems().stream().map(p -> "target '" + target.name() + "': " + p).toList());
    }

    /**
     * A client for the target called {@code name} in {@code ./agent-eval.targets.yaml}.
     *
     * @throws ConfigurationException when the file or the target is missing, or a variable is unset
     */
    public static AgentClient target(String name, Function<String, String> environment) {
        return target(name, Path.of(Targets.FILE_NAME), environment);
    }

    /** A client for the target called {@code name} in {@code targetsFile}. */
    public static AgentClient target(String name, Path targetsFile, Function<String, String> environment) {
        return create(Targets.load(targetsFile).get(name), environment);
    }

    /** Like {@link #target(String, Path, Function)}, the protocol found in {@code providers}. */
    public static AgentClient target(String name, Path targetsFile, Function<String, String> environment,
                                     Providers providers) {
        Objects.requireNonNull(providers, "providers");
        return create(Targets.load(targetsFile).get(name), environment, providers);
    }

    /** The built-in providers: {@code a2a}, {@code agent-service}, {@code platform-chat}, {@code openai-chat}, {@code http}. */
    public static List<AgentClientProvider> providers() {
        return List.of(new A2aProvider(), new AgentServiceProvider(), new PlatformChatProvider(), new OpenAiChatProvider(),
                new HttpTemplateProvider());
    }

    /**
     * Every environment variable the built-in providers read by default, each name once, for help
     * texts and documentation (targets add their own: {@link Targets#environmentVariables()}).
     */
    public static List<EnvironmentVariable> environmentVariables() {
        Map<String, EnvironmentVariable> vars = new LinkedHashMap<>();
        for (AgentClientProvider p : providers()) {
            for (EnvironmentVariable v : p.environmentVariables()) {
                vars.putIfAbsent(v.name(), v);
            }
        }
        return List.copyOf(vars.values());
    }
}
