package dev.agenteval.otel;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import dev.agenteval.api.ConfigurationException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Where and how {@link RunTracer} exports the run's trace: an OTLP/HTTP (protobuf) traces endpoint,
 * its request headers, and the exported resource. Built explicitly ({@link #builder()}) or from the
 * standard OpenTelemetry environment variables ({@link #fromEnvironment}).
 *
 * <p>Header values are secrets (collector tokens): {@link #toString()} masks them, and
 * {@link #secretValues()} gives them to the run's {@code Secrets} so that no output shows them.
 *
 * @param endpoint           the full traces URL, e.g. {@code http://localhost:4318/v1/traces}
 * @param headers            headers sent with every export request (secrets); never null
 * @param serviceName        the exported {@code service.name}
 * @param resourceAttributes further resource attributes ({@code service.name} among them is overridden
 *                           by {@code serviceName}); never null
 * @param exportTimeout      the bound on one export request
 * @param flushTimeout       how long {@link RunTracer#close()} waits for the last spans to leave
 */
@API(status = EXPERIMENTAL)
public record OtelExportSettings(URI endpoint, Map<String, String> headers, String serviceName,
                                 Map<String, String> resourceAttributes, Duration exportTimeout,
                                 Duration flushTimeout) {

    /** The default service name. */
    public static final String DEFAULT_SERVICE_NAME = "agent-eval";
    /** The default OTLP/HTTP base endpoint (a local collector). */
    public static final String DEFAULT_BASE_ENDPOINT = "http://localhost:4318";
    /** The signal path appended to a base endpoint. */
    public static final String TRACES_PATH = "/v1/traces";
    /** The default bound on one export request. */
    public static final Duration DEFAULT_EXPORT_TIMEOUT = Duration.ofSeconds(10);
    /** The default bound on the flush when the run ends. */
    public static final Duration DEFAULT_FLUSH_TIMEOUT = Duration.ofSeconds(5);

    static final String ENDPOINT = "OTEL_EXPORTER_OTLP_ENDPOINT";
    static final String TRACES_ENDPOINT = "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT";
    static final String HEADERS = "OTEL_EXPORTER_OTLP_HEADERS";
    static final String TRACES_HEADERS = "OTEL_EXPORTER_OTLP_TRACES_HEADERS";
    static final String PROTOCOL = "OTEL_EXPORTER_OTLP_PROTOCOL";
    static final String TRACES_PROTOCOL = "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL";
    static final String TRACES_EXPORTER = "OTEL_TRACES_EXPORTER";
    static final String SERVICE_NAME = "OTEL_SERVICE_NAME";
    static final String RESOURCE_ATTRIBUTES = "OTEL_RESOURCE_ATTRIBUTES";
    static final String SDK_DISABLED = "OTEL_SDK_DISABLED";

    /** Validates and copies. */
    public OtelExportSettings {
        Objects.requireNonNull(endpoint, "endpoint");
        String scheme = endpoint.getScheme() == null ? "" : endpoint.getScheme().toLowerCase(Locale.ROOT);
        if (!(scheme.equals("http") || scheme.equals("https")) || endpoint.getHost() == null) {
            throw new ConfigurationException("OpenTelemetry endpoint must be an absolute http(s) URL but was '"
                    + safe(endpoint) + "'");
        }
        headers = Map.copyOf(Objects.requireNonNull(headers, "headers"));
        serviceName = serviceName == null || serviceName.isBlank() ? DEFAULT_SERVICE_NAME : serviceName.strip();
        resourceAttributes = Map.copyOf(Objects.requireNonNull(resourceAttributes, "resourceAttributes"));
        requirePositive(exportTimeout, "exportTimeout");
        requirePositive(flushTimeout, "flushTimeout");
    }

    /** A builder with the defaults: a local collector, service {@value #DEFAULT_SERVICE_NAME}. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The settings the standard variables ask for, or empty when they do not enable trace export:
     * enabled when {@code OTEL_TRACES_EXPORTER} names {@code otlp}, or when it is unset and
     * {@code OTEL_EXPORTER_OTLP_ENDPOINT} or {@code OTEL_EXPORTER_OTLP_TRACES_ENDPOINT} is set;
     * never when {@code OTEL_TRACES_EXPORTER=none} or {@code OTEL_SDK_DISABLED=true}. Honours
     * {@code OTEL_SERVICE_NAME}, {@code OTEL_RESOURCE_ATTRIBUTES} and
     * {@code OTEL_EXPORTER_OTLP_(TRACES_)HEADERS} (percent-decoded {@code key=value} lists).
     *
     * @throws ConfigurationException naming the variable when one is malformed, or when the protocol
     *                                is not {@code http/protobuf}
     */
    public static Optional<OtelExportSettings> fromEnvironment(Function<String, String> environment) {
        Objects.requireNonNull(environment, "environment");
        if ("true".equalsIgnoreCase(blankToNull(environment.apply(SDK_DISABLED)))) {
            return Optional.empty();
        }
        String exporters = blankToNull(environment.apply(TRACES_EXPORTER));
        boolean endpointSet = blankToNull(environment.apply(ENDPOINT)) != null
                || blankToNull(environment.apply(TRACES_ENDPOINT)) != null;
        boolean enabled = exporters == null ? endpointSet
                : List.of(exporters.toLowerCase(Locale.ROOT).split("\\s*,\\s*")).contains("otlp");
        return enabled ? Optional.of(builder().environment(environment).build()) : Optional.empty();
    }

    /**
     * The settings for an explicit request to trace ({@code --otel}): the standard variables where set,
     * else the defaults (a collector on {@value #DEFAULT_BASE_ENDPOINT}), even when
     * {@code OTEL_TRACES_EXPORTER} is unset.
     */
    public static OtelExportSettings requested(Function<String, String> environment) {
        return builder().environment(Objects.requireNonNull(environment, "environment")).build();
    }

    /** The header values, to be registered as the run's secrets. */
    public Collection<String> secretValues() {
        return List.copyOf(headers.values());
    }

    /** The endpoint without user information, query or fragment, as shown in messages. */
    public String displayEndpoint() {
        return safe(endpoint);
    }

    /** Masks the header values. */
    @Override
    public String toString() {
        Map<String, String> masked = new LinkedHashMap<>();
        headers.keySet().stream().sorted().forEach(k -> masked.put(k, "***"));
        return "OtelExportSettings[endpoint=" + displayEndpoint() + ", headers=" + masked + ", serviceName="
                + serviceName + ", resourceAttributes=" + resourceAttributes + ", exportTimeout=" + exportTimeout
                + ", flushTimeout=" + flushTimeout + "]";
    }

    private static String safe(URI uri) {
        String port = uri.getPort() < 0 ? "" : ":" + uri.getPort();
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        return uri.getHost() == null ? "<not a URL>" : uri.getScheme() + "://" + uri.getHost() + port + path;
    }

    private static void requirePositive(Duration d, String name) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new ConfigurationException("OpenTelemetry " + name + " must be positive but was " + d);
        }
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }

    /** Parses a {@code key=value,key=value} list (W3C baggage style, values percent-decoded). */
    static Map<String, String> keyValues(String variable, String text) {
        Map<String, String> out = new LinkedHashMap<>();
        if (text == null || text.isBlank()) {
            return out;
        }
        List<String> problems = new ArrayList<>();
        String[] entries = text.split(",");
        for (int i = 0; i < entries.length; i++) {
            String entry = entries[i].strip();
            if (entry.isEmpty()) {
                continue;
            }
            int eq = entry.indexOf('=');
            String key = eq < 0 ? "" : entry.substring(0, eq).strip();
            if (key.isEmpty()) {
                // Never the entry itself: it may hold a secret.
                problems.add(variable + ": entry " + (i + 1) + " is not key=value");
                continue;
            }
            try {
                out.put(key, URLDecoder.decode(entry.substring(eq + 1).strip().replace("+", "%2B"),
                        StandardCharsets.UTF_8));
            } catch (IllegalArgumentException e) {
                problems.add(variable + ": the value of entry " + (i + 1) + " ('" + key + "') is badly percent-encoded");
            }
        }
        if (!problems.isEmpty()) {
            throw new ConfigurationException(problems);
        }
        return out;
    }

    /** Builds {@link OtelExportSettings}. */
    public static final class Builder {
        private URI endpoint = URI.create(DEFAULT_BASE_ENDPOINT + TRACES_PATH);
        private final Map<String, String> headers = new LinkedHashMap<>();
        private String serviceName = DEFAULT_SERVICE_NAME;
        private final Map<String, String> resourceAttributes = new LinkedHashMap<>();
        private Duration exportTimeout = DEFAULT_EXPORT_TIMEOUT;
        private Duration flushTimeout = DEFAULT_FLUSH_TIMEOUT;

        private Builder() {
        }

        /** The full traces URL (nothing appended). */
        public Builder tracesEndpoint(URI endpoint) {
            this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
            return this;
        }

        /** A base URL: {@value #TRACES_PATH} is appended, as for {@code OTEL_EXPORTER_OTLP_ENDPOINT}. */
        public Builder baseEndpoint(String base) {
            Objects.requireNonNull(base, "base");
            String trimmed = base.strip();
            return tracesEndpoint(uri(trimmed.endsWith("/") ? trimmed.substring(0, trimmed.length() - 1)
                    + TRACES_PATH : trimmed + TRACES_PATH, "endpoint"));
        }

        /** Adds a header sent with every export (a secret). */
        public Builder header(String name, String value) {
            headers.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
            return this;
        }

        /** The exported {@code service.name}. */
        public Builder serviceName(String serviceName) {
            this.serviceName = serviceName;
            return this;
        }

        /** Adds a resource attribute. */
        public Builder resourceAttribute(String key, String value) {
            resourceAttributes.put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, "value"));
            return this;
        }

        /** The bound on one export request. */
        public Builder exportTimeout(Duration exportTimeout) {
            this.exportTimeout = exportTimeout;
            return this;
        }

        /** How long closing the tracer waits for the last spans to leave. */
        public Builder flushTimeout(Duration flushTimeout) {
            this.flushTimeout = flushTimeout;
            return this;
        }

        /** Applies the standard variables that are set (see {@link #fromEnvironment}). */
        public Builder environment(Function<String, String> environment) {
            String protocol = blankToNull(environment.apply(TRACES_PROTOCOL));
            String protocolVariable = protocol != null ? TRACES_PROTOCOL : PROTOCOL;
            protocol = protocol != null ? protocol : blankToNull(environment.apply(PROTOCOL));
            if (protocol != null && !protocol.equalsIgnoreCase("http/protobuf")) {
                throw new ConfigurationException(protocolVariable + " is '" + protocol
                        + "' but agent-eval exports traces over http/protobuf only");
            }
            String tracesEndpoint = blankToNull(environment.apply(TRACES_ENDPOINT));
            String base = blankToNull(environment.apply(ENDPOINT));
            if (tracesEndpoint != null) {
                tracesEndpoint(uri(tracesEndpoint, TRACES_ENDPOINT));
            } else if (base != null) {
                uri(base, ENDPOINT);
                baseEndpoint(base);
            }
            headers.putAll(keyValues(HEADERS, environment.apply(HEADERS)));
            headers.putAll(keyValues(TRACES_HEADERS, environment.apply(TRACES_HEADERS)));
            Map<String, String> resource = keyValues(RESOURCE_ATTRIBUTES, environment.apply(RESOURCE_ATTRIBUTES));
            resourceAttributes.putAll(resource);
            String service = blankToNull(environment.apply(SERVICE_NAME));
            if (service != null) {
                serviceName = service;
            } else if (resource.containsKey("service.name")) {
                serviceName = resource.get("service.name");
            }
            return this;
        }

        /** The settings. */
        public OtelExportSettings build() {
            return new OtelExportSettings(endpoint, headers, serviceName, resourceAttributes, exportTimeout,
                    flushTimeout);
        }

        private static URI uri(String text, String variable) {
            try {
                URI uri = new URI(text);
                if (uri.getScheme() == null || uri.getHost() == null) {
                    throw new ConfigurationException(variable + " must be an absolute http(s) URL");
                }
                return uri;
            } catch (java.net.URISyntaxException e) {
                throw new ConfigurationException(variable + " is not a URL: " + e.getReason() + " at index "
                        + e.getIndex());
            }
        }
    }
}
