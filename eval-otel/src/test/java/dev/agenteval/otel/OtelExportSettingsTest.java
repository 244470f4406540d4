package dev.agenteval.otel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.ConfigurationException;
import java.net.URI;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class OtelExportSettingsTest {

    private static Optional<OtelExportSettings> env(Map<String, String> variables) {
        return OtelExportSettings.fromEnvironment(variables::get);
    }

    @Test
    void nothingSetMeansNoExport() {
        assertThat(env(Map.of())).isEmpty();
        assertThat(env(Map.of("OTEL_SERVICE_NAME", "x"))).isEmpty();
    }

    @Test
    void anEndpointOrTheOtlpExporterEnablesExportUnlessNoneOrDisabled() {
        assertThat(env(Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", "http://collector:4318")))
                .map(OtelExportSettings::endpoint).contains(URI.create("http://collector:4318/v1/traces"));
        assertThat(env(Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", "https://collector/otlp/")))
                .map(OtelExportSettings::endpoint).contains(URI.create("https://collector/otlp/v1/traces"));
        assertThat(env(Map.of("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http://c:1/custom")))
                .map(OtelExportSettings::endpoint).contains(URI.create("http://c:1/custom"));
        assertThat(env(Map.of("OTEL_TRACES_EXPORTER", "console, otlp")))
                .map(OtelExportSettings::endpoint).contains(URI.create("http://localhost:4318/v1/traces"));
        assertThat(env(Map.of("OTEL_TRACES_EXPORTER", "none", "OTEL_EXPORTER_OTLP_ENDPOINT", "http://c:4318")))
                .isEmpty();
        assertThat(env(Map.of("OTEL_SDK_DISABLED", "true", "OTEL_TRACES_EXPORTER", "otlp"))).isEmpty();
        assertThat(OtelExportSettings.requested(name -> null).endpoint())
                .isEqualTo(URI.create("http://localhost:4318/v1/traces"));
    }

    @Test
    void serviceNameResourceAttributesAndHeadersAreHonouredAndHeaderValuesAreMasked() {
        OtelExportSettings s = env(Map.of("OTEL_TRACES_EXPORTER", "otlp",
                "OTEL_RESOURCE_ATTRIBUTES", "service.name=from-resource, deployment.environment=ci%20eu",
                "OTEL_EXPORTER_OTLP_HEADERS", "Authorization=Bearer%20tok-123456,x-a=1",
                "OTEL_EXPORTER_OTLP_TRACES_HEADERS", "x-a=2")).orElseThrow();
        assertThat(s.serviceName()).isEqualTo("from-resource");
        assertThat(s.resourceAttributes()).containsEntry("deployment.environment", "ci eu");
        assertThat(s.headers()).containsEntry("Authorization", "Bearer tok-123456").containsEntry("x-a", "2");
        assertThat(s.secretValues()).contains("Bearer tok-123456");
        assertThat(s.toString()).doesNotContain("tok-123456").contains("Authorization=***");
        assertThat(env(Map.of("OTEL_TRACES_EXPORTER", "otlp", "OTEL_SERVICE_NAME", "evals",
                "OTEL_RESOURCE_ATTRIBUTES", "service.name=other")).orElseThrow().serviceName()).isEqualTo("evals");
        assertThat(env(Map.of("OTEL_TRACES_EXPORTER", "otlp")).orElseThrow().serviceName()).isEqualTo("agent-eval");
    }

    @Test
    void malformedVariablesAreNamedWithoutTheirSecretValues() {
        assertThatThrownBy(() -> env(Map.of("OTEL_TRACES_EXPORTER", "otlp",
                "OTEL_EXPORTER_OTLP_HEADERS", "x-a=1,tok-secret-999")))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("OTEL_EXPORTER_OTLP_HEADERS: entry 2 is not key=value")
                .hasMessageNotContaining("tok-secret-999");
        assertThatThrownBy(() -> env(Map.of("OTEL_TRACES_EXPORTER", "otlp",
                "OTEL_EXPORTER_OTLP_HEADERS", "Authorization=Bearer%zzsecret")))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("entry 1 ('Authorization') is badly percent-encoded")
                .hasMessageNotContaining("zzsecret");
        assertThatThrownBy(() -> env(Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", "collector:4318")))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("OTEL_EXPORTER_OTLP_ENDPOINT");
        assertThatThrownBy(() -> env(Map.of("OTEL_TRACES_EXPORTER", "otlp", "OTEL_EXPORTER_OTLP_PROTOCOL", "grpc")))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("OTEL_EXPORTER_OTLP_PROTOCOL is 'grpc'").hasMessageContaining("http/protobuf");
    }
}
