package dev.agenteval.otel;

import static dev.agenteval.otel.GenAiScenario.TRACE_ID;
import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.exporter.internal.otlp.traces.TraceRequestMarshaler;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.io.ByteArrayOutputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The wire contract, with the official OpenTelemetry Java SDK as the reference: its OTLP/HTTP
 * exporter (protobuf, plain and gzip) posting to the receiver, and its OTLP/JSON marshaller (the
 * one its JSON logging exporters write with; its HTTP exporter sends protobuf only) posted as is.
 */
class JavaSdkContractTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    @Test
    void protobuf_export_of_the_java_sdk_is_decoded() throws Exception {
        exportsWith("none");
    }

    @Test
    void gzip_protobuf_export_of_the_java_sdk_is_decoded() throws Exception {
        exportsWith("gzip");
    }

    private static void exportsWith(String compression) throws Exception {
        try (OtlpReceiver receiver = OtlpReceiver.start()) {
            OtlpHttpSpanExporter exporter = OtlpHttpSpanExporter.builder()
                    .setEndpoint(receiver.tracesEndpoint().toString()).setCompression(compression).build();
            String agentSpanId = GenAiScenario.emitWithJavaSdk(exporter);

            List<OtlpSpan> spans = receiver.awaitSpans(TRACE_ID, s -> s.size() >= 4, WAIT);
            GenAiScenario.assertReceived(spans, agentSpanId, "java-agent", "agent-eval-otel-java-test");
            assertThat(receiver.receivedSpans()).isEqualTo(4);
            assertThat(receiver.droppedSpans()).isZero();
        }
    }

    @Test
    void otlp_json_marshalled_by_the_java_sdk_is_decoded() throws Exception {
        Collecting collected = new Collecting();
        String agentSpanId = GenAiScenario.emitWithJavaSdk(collected);
        ByteArrayOutputStream json = new ByteArrayOutputStream();
        TraceRequestMarshaler.create(collected.spans).writeJsonTo(json);

        try (OtlpReceiver receiver = OtlpReceiver.start()) {
            HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(receiver.tracesEndpoint())
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(json.toByteArray())).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
            assertThat(response.body()).isEqualTo("{}");
            assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");

            GenAiScenario.assertReceived(receiver.spans(TRACE_ID), agentSpanId, "java-agent", "agent-eval-otel-java-test");
        }
    }

    /** Keeps what the SDK exports. */
    private static final class Collecting implements SpanExporter {
        final List<SpanData> spans = new ArrayList<>();

        @Override
        public synchronized CompletableResultCode export(Collection<SpanData> batch) {
            spans.addAll(batch);
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode flush() {
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode shutdown() {
            return CompletableResultCode.ofSuccess();
        }
    }
}
