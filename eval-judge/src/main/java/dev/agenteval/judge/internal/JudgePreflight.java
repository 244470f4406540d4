package dev.agenteval.judge.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agenteval.api.AgentException;
import dev.agenteval.api.JudgeException;
import dev.agenteval.http.HttpJson;
import dev.agenteval.http.JsonResponse;
import dev.agenteval.judge.ChatBackend;
import dev.agenteval.judge.OpenAiJudge;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The checks an {@link OpenAiJudge} (or a user simulator on its endpoint) makes before it is used: that a key is present when the
 * endpoint needs one (also checked before every verdict), and that the endpoint answers and
 * offers the model. These calls bypass the judge's concurrency bound, rate limiter and circuit
 * breaker. Thread-safe.
 */
public final class JudgePreflight {

    private static final Set<String> LOOPBACK = Set.of("localhost", "127.0.0.1", "::1", "[::1]");

    private final HttpJson http;
    private final URI baseUrl;
    private final String model;
    private final boolean hasKey;
    private final boolean keyRequired;
    private final KeySource keySource;
    private final ModelRole role;

    /**
     * Checks of {@code model} at {@code baseUrl} through {@code http} for {@code role};
     * {@code requireApiKey} null to require a key unless the host is a loopback name;
     * {@code keySource} says where the key comes from, for messages.
     */
    public JudgePreflight(HttpJson http, URI baseUrl, String model, boolean hasKey, Boolean requireApiKey,
                          KeySource keySource, ModelRole role) {
        this.http = http;
        this.baseUrl = baseUrl;
        this.model = model;
        this.hasKey = hasKey;
        this.keyRequired = requireApiKey != null ? requireApiKey : !LOOPBACK.contains(host(baseUrl));
        this.keySource = keySource;
        this.role = role;
    }

    /**
     * Where the key of an endpoint comes from, named in the messages about a missing or rejected
     * key: an environment variable, or the builder's {@code apiKey(..)}.
     *
     * @param where    {@code the environment variable NAME} or {@code OpenAiJudge.Builder.apiKey(..)}
     * @param variable whether {@code where} is an environment variable
     */
    public record KeySource(String where, boolean variable) {

        /** A key given in code (or none given at all). */
        public static final KeySource CODE = new KeySource("OpenAiJudge.Builder.apiKey(..)", false);

        /** A key read from the environment variable {@code name}. */
        public static KeySource variable(String name) {
            return new KeySource("the environment variable " + name, true);
        }

        /** What to do when the key is missing: {@code set the environment variable NAME}. */
        String toGiveOne() {
            return variable ? "set " + where
                    : "pass one to " + where + " or name its environment variable with apiKeyFromEnvironment(..)";
        }
    }

    /** Fails with a {@link JudgeException} when the endpoint needs a key and none was given. */
    public void requireKey() {
        if (!hasKey && keyRequired) {
            throw new JudgeException(role.named(model) + " has no API key, and " + baseUrl + " needs one: "
                    + keySource.toGiveOne() + " (a server on localhost needs none)", Map.of(role.contextKey(), model),
                    null);
        }
    }

    /**
     * Checks the key, then {@code GET {baseUrl}/models} must list the model (a server without that
     * endpoint is sent a one-word completion instead).
     */
    public void run() throws InterruptedException {
        requireKey();
        JsonResponse models;
        try {
            models = http.get("models", Map.of());
        } catch (AgentException e) {
            int status = JudgeTransport.status(e);
            if (status == 404 || status == 405 || status == 501) {
                tinyCompletion();
                return;
            }
            throw failure(e, status);
        }
        List<String> ids = new ArrayList<>();
        for (JsonNode m : models.body().path("data")) {
            if (m.path("id").isTextual()) {
                ids.add(m.path("id").asText());
            }
        }
        if (!ids.isEmpty() && !ids.contains(model) && !ids.contains(model + ":latest")) {
            throw new JudgeException(role.label() + " model '" + model + "' is not offered by " + baseUrl
                    + "models; offered: " + String.join(", ", ids.size() > 20 ? ids.subList(0, 20) : ids)
                    + (ids.size() > 20 ? ", …" : ""), Map.of(role.contextKey(), model, "url", baseUrl + "models"), null);
        }
    }

    private void tinyCompletion() throws InterruptedException {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("model", model);
        body.put("temperature", 0);
        body.put("max_tokens", 5);
        body.put("messages", List.of(Prompt.wire(new ChatBackend.Message("user", "Reply with the word OK."))));
        try {
            http.post("chat/completions", body, Map.of());
        } catch (AgentException e) {
            throw failure(e, JudgeTransport.status(e));
        }
    }

    private JudgeException failure(AgentException e, int status) {
        Map<String, Object> context = new LinkedHashMap<>(e.context());
        context.put(role.contextKey(), model);
        context.put("cause", e.code().wireName());
        if (status == 401 || status == 403) {
            return new JudgeException(role.label() + " endpoint " + baseUrl + " rejected the API key (" + status
                    + "); check " + keySource.where(), context, e);
        }
        return new JudgeException(role.label() + " endpoint " + baseUrl + " does not answer: " + e.getMessage(), context,
                e);
    }

    private static String host(URI uri) {
        return uri.getHost() == null ? "" : uri.getHost().toLowerCase(Locale.ROOT);
    }
}
