package dev.agenteval.judge.internal;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where a verdict is cached: {@code key} is the SHA-256 of the model, the template versions,
 * the samples, the threshold and the rendered messages; {@code about} is the same without the
 * messages, stored next to the verdict so a cache file says what it is for.
 */
public record CacheKey(String key, Map<String, Object> about) {

    /** The key of a verdict on {@code prompt} by {@code model} with {@code samples} and {@code threshold}. */
    public static CacheKey of(String model, Prompt prompt, int samples, double threshold) {
        Map<String, Object> about = new LinkedHashMap<>();
        about.put("model", model);
        about.put("templates", prompt.versions());
        about.put("samples", samples);
        about.put("threshold", threshold);
        Map<String, Object> inputs = new LinkedHashMap<>(about);
        inputs.put("messages", Prompt.wire(prompt.messages()));
        return new CacheKey(VerdictCache.key(inputs), about);
    }
}
