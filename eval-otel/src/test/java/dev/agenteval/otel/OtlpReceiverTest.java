package dev.agenteval.otel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The receiver's HTTP answers, its limits and its waiting, with requests written by hand. */
class OtlpReceiverTest {

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TRACE_A = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
    private static final String TRACE_B = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb";
    private static final String TRACE_C = "cccccccccccccccccccccccccccccccc";

    private OtlpReceiver receiver = OtlpReceiver.start();

    @AfterEach
    void close() {
        receiver.close();
    }

    @Test
    void otlp_json_in_snake_case_with_enum_names_and_64_bit_integers_as_text_is_decoded() throws Exception {
        String body = """
                {"resource_spans": [{
                  "resource": {"attributes": [{"key": "service.name", "value": {"stringValue": "py-agent"}}]},
                  "scope_spans": [{
                    "scope": {"name": "openinference.instrumentation.langchain", "version": "0.1.2"},
                    "spans": [{
                      "trace_id": "5B8EFFF798038103D269B633813FC60C", "span_id": "EEE19B7EC3C1B174",
                      "parent_span_id": "", "name": "search", "kind": "SPAN_KIND_CLIENT",
                      "start_time_unix_nano": "1544712660000000000", "end_time_unix_nano": 1544712661000000000,
                      "attributes": [
                        {"key": "openinference.span.kind", "value": {"stringValue": "TOOL"}},
                        {"key": "tool.name", "value": {"stringValue": "search"}},
                        {"key": "input.value", "value": {"stringValue": "{\\"q\\":\\"otel\\"}"}},
                        {"key": "output.value", "value": {"stringValue": "3 hits"}},
                        {"key": "n", "value": {"intValue": "42"}},
                        {"key": "m", "value": {"intValue": 43}},
                        {"key": "d", "value": {"doubleValue": "NaN"}},
                        {"key": "kv", "value": {"kvlistValue": {"values": [{"key": "x", "value": {"boolValue": false}}]}}},
                        {"key": "arr", "value": {"arrayValue": {"values": [{"intValue": "1"}, {"stringValue": "two"}]}}},
                        {"key": "b", "value": {"bytesValue": "AQI="}},
                        {"key": "empty", "value": {}}
                      ],
                      "events": [{"time_unix_nano": "1544712660500000000", "name": "exception",
                                  "attributes": [{"key": "exception.message", "value": {"stringValue": "boom"}}]}],
                      "status": {"code": "STATUS_CODE_ERROR", "message": "boom"}
                    }]
                  }]
                }]}
                """;
        HttpResponse<byte[]> response = post("application/json; charset=utf-8", null, body.getBytes(StandardCharsets.UTF_8));

        assertThat(response.statusCode()).as(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo(200);
        assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo("{}");
        OtlpSpan span = receiver.spans("5b8efff798038103d269b633813fc60c").get(0);
        assertThat(span.spanId()).isEqualTo("eee19b7ec3c1b174");
        assertThat(span.parentSpanId()).isNull();
        assertThat(span.kind()).isEqualTo(OtlpSpan.Kind.CLIENT);
        assertThat(span.startTimeUnixNano()).isEqualTo(1544712660000000000L);
        assertThat(span.endTimeUnixNano()).isEqualTo(1544712661000000000L);
        assertThat(span.durationNanos()).isEqualTo(1_000_000_000L);
        assertThat(span.serviceName()).isEqualTo("py-agent");
        assertThat(span.scopeName()).isEqualTo("openinference.instrumentation.langchain");
        assertThat(span.attributes()).containsEntry("n", 42L).containsEntry("m", 43L)
                .containsEntry("d", Double.NaN).containsEntry("kv", Map.of("x", false))
                .containsEntry("arr", List.of(1L, "two")).containsEntry("b", "AQI=").containsEntry("empty", null);
        assertThat(span.isError()).isTrue();
        assertThat(span.statusMessage()).isEqualTo("boom");
        assertThat(span.events()).containsExactly(new OtlpSpan.Event(1544712660500000000L, "exception",
                Map.of("exception.message", "boom")));
        assertThat(AgentTrace.of(List.of(span)).toolCalls()).extracting(c -> c.name() + c.arguments() + c.result()
                + c.error()).containsExactly("search{q=otel}3 hitsboom");
    }

    @Test
    void a_gzip_body_is_accepted_and_an_empty_request_answered_in_its_encoding() throws Exception {
        HttpResponse<byte[]> json = post("application/json", "gzip", gzip(oneSpan(TRACE_A, "0000000000000001")));
        HttpResponse<byte[]> proto = post("application/x-protobuf", null, new byte[0]);

        assertThat(json.statusCode()).isEqualTo(200);
        assertThat(receiver.spans(TRACE_A.toUpperCase())).hasSize(1);
        assertThat(proto.statusCode()).isEqualTo(200);
        assertThat(proto.headers().firstValue("Content-Type")).hasValue("application/x-protobuf");
        assertThat(proto.body()).as("an empty ExportTraceServiceResponse").isEmpty();
    }

    @Test
    void a_truncated_protobuf_body_gets_400_with_a_status_naming_the_field_and_byte() throws Exception {
        // resource_spans (field 1, length-delimited) announcing 5 bytes where 1 follows.
        HttpResponse<byte[]> response = post("application/x-protobuf", null, new byte[] {0x0a, 0x05, 0x01});

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/x-protobuf");
        byte[] status = response.body();
        // google.rpc.Status: code = 1 (varint 3, INVALID_ARGUMENT), message = 2.
        assertThat(status[0]).isEqualTo((byte) 0x08);
        assertThat(status[1]).isEqualTo((byte) 3);
        assertThat(status[2]).isEqualTo((byte) 0x12);
        int length = status[3] & 0x7f | (status[3] < 0 ? (status[4] & 0x7f) << 7 : 0); // a varint of 1 or 2 bytes
        int start = status[3] < 0 ? 5 : 4;
        assertThat(status.length - start).isEqualTo(length);
        String message = new String(status, start, length, StandardCharsets.UTF_8);
        assertThat(message).isEqualTo("malformed OTLP protobuf traces request: malformed protobuf at byte 1"
                + " (resource_spans[0]): length 5 runs past the end of its message (1 bytes left)");
    }

    @Test
    void a_protobuf_field_of_the_wrong_wire_type_gets_400_naming_it() throws Exception {
        HttpResponse<byte[]> response = post("application/x-protobuf", null, new byte[] {0x08, 0x01});

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(new String(response.body(), StandardCharsets.UTF_8))
                .contains("(resource_spans[0]): wire type 0 where 2 (length-delimited) was expected");
    }

    @Test
    void a_json_body_with_a_base64_span_id_gets_400_naming_the_field() throws Exception {
        String body = new String(oneSpan(TRACE_A, "0000000000000001"), StandardCharsets.UTF_8)
                .replace("0000000000000001", "AAAAAAAAAAE=");
        HttpResponse<byte[]> response = post("application/json", null, body.getBytes(StandardCharsets.UTF_8));

        assertThat(response.statusCode()).isEqualTo(400);
        JsonNode status = JSON.readTree(response.body());
        assertThat(status.get("code").asInt()).isEqualTo(3);
        assertThat(status.get("message").asText()).isEqualTo("malformed OTLP JSON traces request:"
                + " resourceSpans[0].scopeSpans[0].spans[0].spanId: 16 hex digits were expected but was"
                + " \"AAAAAAAAAAE=\" (OTLP/JSON writes ids in hex, not base64)");
        assertThat(receiver.receivedSpans()).isZero();
    }

    @Test
    void json_that_does_not_parse_gets_400_with_line_and_column() throws Exception {
        HttpResponse<byte[]> response = post("application/json", null, "{\n  \"resourceSpans\": [,]}"
                .getBytes(StandardCharsets.UTF_8));

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(response.body()).get("message").asText())
                .startsWith("malformed OTLP JSON traces request: malformed JSON at line 2, column 21");
    }

    @Test
    void a_body_that_is_not_gzip_gets_400_and_one_over_the_limit_413() throws Exception {
        assertThat(post("application/json", "gzip", "{}".getBytes(StandardCharsets.UTF_8)).statusCode()).isEqualTo(400);
        receiver.close();
        receiver = OtlpReceiver.builder().maxBodyBytes(10).start();

        HttpResponse<byte[]> response = post("application/json", "gzip", gzip(oneSpan(TRACE_A, "0000000000000001")));

        assertThat(response.statusCode()).isEqualTo(413);
        assertThat(new String(response.body(), StandardCharsets.UTF_8))
                .isEqualTo("request body over 10 bytes once decompressed");
    }

    @Test
    void another_content_type_or_encoding_gets_415_another_path_404_another_method_405() throws Exception {
        HttpResponse<byte[]> text = post("text/plain", null, "hi".getBytes(StandardCharsets.UTF_8));
        HttpResponse<byte[]> none = post(null, null, "{}".getBytes(StandardCharsets.UTF_8));
        HttpResponse<byte[]> brotli = post("application/json", "br", "{}".getBytes(StandardCharsets.UTF_8));
        HttpResponse<byte[]> metrics = HTTP.send(HttpRequest.newBuilder(receiver.address().resolve("/v1/metrics"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{}")).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        HttpResponse<byte[]> get = HTTP.send(HttpRequest.newBuilder(receiver.tracesEndpoint()).GET().build(),
                HttpResponse.BodyHandlers.ofByteArray());

        assertThat(text.statusCode()).isEqualTo(415);
        assertThat(new String(text.body(), StandardCharsets.UTF_8))
                .isEqualTo("unsupported Content-Type 'text/plain': OTLP/HTTP takes application/x-protobuf or application/json");
        assertThat(none.statusCode()).isEqualTo(415);
        assertThat(brotli.statusCode()).isEqualTo(415);
        assertThat(new String(brotli.body(), StandardCharsets.UTF_8)).contains("Content-Encoding 'br'");
        assertThat(metrics.statusCode()).isEqualTo(404);
        assertThat(get.statusCode()).isEqualTo(405);
        assertThat(get.headers().firstValue("Allow")).hasValue("POST");
    }

    @Test
    void the_oldest_trace_is_dropped_beyond_max_traces_and_spans_beyond_a_traces_cap() throws Exception {
        receiver.close();
        receiver = OtlpReceiver.builder().maxTraces(2).maxSpansPerTrace(2).start();

        post("application/json", null, oneSpan(TRACE_A, "0000000000000001"));
        post("application/json", null, oneSpan(TRACE_B, "0000000000000002"));
        post("application/json", null, oneSpan(TRACE_B, "0000000000000003"));
        post("application/json", null, oneSpan(TRACE_B, "0000000000000004"));
        post("application/json", null, oneSpan(TRACE_C, "0000000000000005"));

        assertThat(receiver.traceIds()).containsExactly(TRACE_B, TRACE_C);
        assertThat(receiver.spans(TRACE_A)).isEmpty();
        assertThat(receiver.spans(TRACE_B)).extracting(OtlpSpan::spanId)
                .containsExactly("0000000000000002", "0000000000000003");
        assertThat(receiver.receivedSpans()).isEqualTo(5);
        assertThat(receiver.droppedSpans()).as("one beyond B's cap, A evicted").isEqualTo(2);
        assertThat(receiver.forget(TRACE_B)).hasSize(2);
        assertThat(receiver.traceIds()).containsExactly(TRACE_C);
    }

    @Test
    void await_returns_once_the_predicate_holds() throws Exception {
        CompletableFuture<List<OtlpSpan>> waiting = CompletableFuture.supplyAsync(() -> await(TRACE_A, 2,
                Duration.ofMinutes(5)));

        post("application/json", null, oneSpan(TRACE_B, "0000000000000001"));
        post("application/json", null, oneSpan(TRACE_A, "0000000000000002"));
        post("application/json", null, oneSpan(TRACE_A, "0000000000000003"));

        // Far less than the wait's own 5 minutes: it returned because the spans came, not because time was up.
        assertThat(waiting.get(60, TimeUnit.SECONDS)).extracting(OtlpSpan::spanId)
                .containsExactly("0000000000000002", "0000000000000003");
    }

    @Test
    void await_gives_what_is_there_when_the_time_is_up_or_the_receiver_closes() throws Exception {
        post("application/json", null, oneSpan(TRACE_A, "0000000000000001"));
        assertThat(await(TRACE_A, 2, Duration.ZERO)).hasSize(1);

        CompletableFuture<List<OtlpSpan>> waiting = CompletableFuture.supplyAsync(() -> await(TRACE_B, 1,
                Duration.ofMinutes(5)));
        receiver.close();
        assertThat(waiting.get(60, TimeUnit.SECONDS)).isEmpty();
    }

    @Test
    void await_turn_returns_the_turns_subtree_once_the_agents_root_span_has_come() throws Exception {
        String turn = "00000000000000aa";
        CompletableFuture<AgentTrace> waiting = CompletableFuture.supplyAsync(() -> {
            try {
                return receiver.awaitTurn(TRACE_A, turn, Duration.ofMinutes(5));
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });

        post("application/json", null, span(TRACE_A, "0000000000000002", "0000000000000001")); // a tool, ended first
        post("application/json", null, span(TRACE_A, "0000000000000003", "00000000000000bb")); // another turn's
        post("application/json", null, span(TRACE_A, "0000000000000001", turn)); // the agent's root, ended last

        assertThat(waiting.get(60, TimeUnit.SECONDS).spans()).extracting(OtlpSpan::spanId)
                .containsExactly("0000000000000002", "0000000000000001");
    }

    @Test
    void a_fixed_port_is_bound_and_a_port_out_of_range_refused() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        try (OtlpReceiver fixed = OtlpReceiver.builder().port(port).start()) {
            assertThat(fixed.address()).isEqualTo(URI.create("http://127.0.0.1:" + port));
            assertThat(fixed.tracesEndpoint()).isEqualTo(URI.create("http://127.0.0.1:" + port + "/v1/traces"));
        }
        assertThatThrownBy(() -> OtlpReceiver.builder().port(70000)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("port must be 0 to 65535 but was 70000");
    }

    private List<OtlpSpan> await(String traceId, int count, Duration timeout) {
        try {
            return receiver.awaitSpans(traceId, s -> s.size() >= count, timeout);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private HttpResponse<byte[]> post(String type, String encoding, byte[] body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(receiver.tracesEndpoint())
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (type != null) {
            request.header("Content-Type", type);
        }
        if (encoding != null) {
            request.header("Content-Encoding", encoding);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static byte[] oneSpan(String traceId, String spanId) {
        return span(traceId, spanId, "");
    }

    private static byte[] span(String traceId, String spanId, String parentSpanId) {
        return ("{\"resourceSpans\":[{\"scopeSpans\":[{\"spans\":[{\"traceId\":\"" + traceId + "\",\"spanId\":\""
                + spanId + "\",\"parentSpanId\":\"" + parentSpanId + "\",\"name\":\"s\",\"kind\":1}]}]}]}")
                .getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] gzip(byte[] bytes) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(bytes);
        }
        return out.toByteArray();
    }
}
