package dev.agenteval.agents.internal;

import com.jayway.jsonpath.Configuration;
import com.jayway.jsonpath.JsonPath;
import com.jayway.jsonpath.Option;
import com.jayway.jsonpath.spi.json.JacksonJsonProvider;
import com.jayway.jsonpath.spi.mapper.JacksonMappingProvider;
import dev.agenteval.common.text.JsonPathSyntax;
import dev.agenteval.http.settings.ProviderSettings;
import java.util.List;
import java.util.Optional;

/** JSONPath settings of the providers ({@code answerPath}, {@code toolCallsPath}, ...): compiled once, read leniently. */
public final class JsonPaths {

    /**
     * Reads JSON-like values (maps, lists, scalars); a path that matches nothing reads as null,
     * never throws. In a holder: created on the first read, not when a client is configured (its
     * Jackson provider builds an ObjectMapper of its own, a cost every run without a path would pay).
     */
    private static final class Reading {
        static final Configuration CONFIGURATION = Configuration.builder()
                .jsonProvider(new JacksonJsonProvider())
                .mappingProvider(new JacksonMappingProvider())
                .options(Option.SUPPRESS_EXCEPTIONS)
                .build();
    }

    private JsonPaths() {
    }

    /** Setting {@code key} compiled; null when absent, or invalid (a problem recorded in {@code s}). */
    static JsonPath setting(ProviderSettings s, String key) {
        return setting(s, key, s.string(key).orElse(null));
    }

    /** {@code expression}, the value of setting {@code key}, compiled; null when null, or invalid (a problem recorded in {@code s}). */
    static JsonPath setting(ProviderSettings s, String key, String expression) {
        if (expression == null) {
            return null;
        }
        JsonPathSyntax.Compiled<JsonPath> compiled = JsonPathSyntax.compile(expression, JsonPath::compile);
        if (compiled.problem() != null) {
            s.problem(key, invalid(expression, compiled.problem()));
        }
        return compiled.path();
    }

    /**
     * What is wrong with {@code expression} as a JSONPath, worded to follow a setting's name
     * ({@code "is not a valid JSONPath: '$.a[' (...)"}); empty when it compiles.
     */
    public static Optional<String> problem(String expression) {
        return Optional.ofNullable(JsonPathSyntax.compile(expression, JsonPath::compile).problem())
                .map(problem -> invalid(expression, problem));
    }

    private static String invalid(String expression, String problem) {
        return "is not a valid JSONPath: '" + expression + "' (" + problem + ")";
    }

    /** The value at {@code path} in {@code document} (a JSON-like value); null when it matches nothing. */
    static Object read(JsonPath path, Object document) {
        if (path == null) {
            return null;
        }
        Object v = path.read(document, Reading.CONFIGURATION);
        return v instanceof List<?> l && l.isEmpty() && !path.isDefinite() ? null : v;
    }
}
