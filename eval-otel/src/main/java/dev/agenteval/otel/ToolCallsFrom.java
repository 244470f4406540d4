package dev.agenteval.otel;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import dev.agenteval.api.ConfigurationException;
import java.util.Arrays;
import java.util.Locale;

/** Which source of a turn's tool calls wins when both the response and the agent's trace could give them. */
@API(status = EXPERIMENTAL)
public enum ToolCallsFrom {
    /** The response's calls; the trace's only when the response reports none (the default). */
    RESPONSE_FIRST,
    /** The trace's calls whenever the agent's trace of the turn arrives; the response's otherwise. */
    TRACES_FIRST;

    /** The option's spelling: {@code response-first} or {@code traces-first}. */
    public String optionValue() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * Reads {@code response-first} or {@code traces-first} (case and {@code -}/{@code _} ignored).
     *
     * @throws ConfigurationException naming the values when it is neither
     */
    public static ToolCallsFrom parse(String value, String where) {
        String v = value == null ? "" : value.strip().toUpperCase(Locale.ROOT).replace('-', '_');
        return Arrays.stream(values()).filter(f -> f.name().equals(v)).findFirst()
                .orElseThrow(() -> new ConfigurationException(where + ": '" + value
                        + "' is not a tool-call source: response-first (the default) or traces-first"));
    }
}
