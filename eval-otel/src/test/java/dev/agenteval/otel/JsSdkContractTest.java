package dev.agenteval.otel;

import static dev.agenteval.otel.GenAiScenario.TRACEPARENT;
import static dev.agenteval.otel.GenAiScenario.TRACE_ID;
import static dev.agenteval.otel.GenAiScenario.TURN_SPAN_ID;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The wire contract, with the official OpenTelemetry JS SDK as the reference
 * ({@code src/test/otel-js}, versions pinned by its package-lock.json): an agent continuing the
 * evaluation's {@code traceparent} exports GenAI-convention spans to the receiver, with the
 * protobuf exporter (a request per span) and with the JSON exporter (one gzip batch), and the
 * turn's tool calls and usage are read from them.
 */
class JsSdkContractTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    @Test
    void protobuf_export_of_the_js_sdk_is_decoded_and_gives_the_turns_tool_calls() throws Exception {
        exportsWith("proto");
    }

    @Test
    void json_export_of_the_js_sdk_is_decoded_and_gives_the_turns_tool_calls() throws Exception {
        exportsWith("json");
    }

    private static void exportsWith(String protocol) throws Exception {
        try (OtlpReceiver receiver = OtlpReceiver.start()) {
            OtelJsSdk.Exported exported = OtelJsSdk.export(receiver.tracesEndpoint(), protocol, TRACEPARENT);
            assertThat(exported.traceId()).as("the JS SDK continued the traceparent").isEqualTo(TRACE_ID);

            AgentTrace turn = receiver.awaitTurn(TRACE_ID, TURN_SPAN_ID, WAIT);
            assertThat(turn.spans()).hasSize(4);
            GenAiScenario.assertReceived(turn.spans(), exported.agentSpanId(), "js-agent", "agent-eval-otel-js-test");
            assertThat(receiver.traceIds()).containsExactly(TRACE_ID);
        }
    }
}
