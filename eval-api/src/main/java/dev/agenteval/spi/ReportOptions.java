package dev.agenteval.spi;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a run hands to every {@link ReportFormat} besides the file, keyed by type, so that this
 * module need not know the types: the CLI and {@code dev.agenteval.report.Reports} put the
 * {@code dev.agenteval.results.Baseline} to compare with, when there is one
 * ({@code options.get(Baseline.class)}). Immutable; {@link #with} returns a copy.
 */
@API(status = STABLE)
public final class ReportOptions {

    private static final ReportOptions NONE = new ReportOptions(Map.of());

    private final Map<Class<?>, Object> values;

    private ReportOptions(Map<Class<?>, Object> values) {
        this.values = values;
    }

    /** No options. */
    public static ReportOptions none() {
        return NONE;
    }

    /** A copy holding {@code value} as the option of {@code type} (replacing an earlier one). */
    public <T> ReportOptions with(Class<T> type, T value) {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(value, "value");
        Map<Class<?>, Object> copy = new LinkedHashMap<>(values);
        copy.put(type, type.cast(value));
        return new ReportOptions(java.util.Collections.unmodifiableMap(copy));
    }

    /** The option of {@code type}, if given. */
    public <T> Optional<T> get(Class<T> type) {
        return Optional.ofNullable(values.get(Objects.requireNonNull(type, "type"))).map(type::cast);
    }

    @Override
    public String toString() {
        return "ReportOptions" + values.keySet().stream().map(Class::getSimpleName).toList();
    }
}
