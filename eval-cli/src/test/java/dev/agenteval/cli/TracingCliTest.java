package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.otel.OtlpReceiver;
import dev.agenteval.otel.OtlpSpan;
import dev.agenteval.testkit.A2aReply;
import dev.agenteval.testkit.A2aRequest;
import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import dev.agenteval.testkit.FakeA2aAgent;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Trace context and the agent's traces through {@code agent-eval run}: each turn's request carries
 * a W3C {@code traceparent}, whose trace id is in results.json and, with
 * {@code --trace-link-template}, linked from the reports; with {@code --otel-receiver} a turn whose
 * response reports no tool call is scored on the tool calls of the agent's spans of that turn,
 * exported (here as OTLP JSON, by the fake agent before it answers) to the receiver the run prints.
 * The official OpenTelemetry JS SDK's side of this is {@code OtelJsAgentCliTest}.
 */
class TracingCliTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern TRACEPARENT = Pattern.compile("00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}");

    private static final String SUITE = """
            cases:
              - id: weather
                turns:
                  - input: What's the weather in Paris?
                    scorers:
                      - type: tools_in_order
                        expected: [get_weather]
            """;

    @TempDir
    Path dir;

    private FakeA2aAgent agent;

    @BeforeEach
    void suite() throws IOException {
        Files.writeString(dir.resolve("suite.yaml"), SUITE);
    }

    @AfterEach
    void stop() {
        if (agent != null) {
            agent.close();
        }
    }

    private CommandResult run(String... options) {
        String[] args = new String[options.length + 6];
        System.arraycopy(new String[] {"run", "suite.yaml", "--agent-url", agent.url().toString(), "--report-dir", "out"},
                0, args, 0, 6);
        System.arraycopy(options, 0, args, 6, options.length);
        return CommandRunner.in(dir).run(args);
    }

    private JsonNode turn() throws IOException {
        return JSON.readTree(dir.resolve("out/results.json").toFile()).at("/cases/0/turns/0");
    }

    private static Matcher traceparent(A2aRequest request) {
        Matcher m = TRACEPARENT.matcher(request.header("traceparent").orElse(""));
        assertThat(m.matches()).as("traceparent of " + request.headers()).isTrue();
        return m;
    }

    @Test
    void should_send_trace_context_and_link_each_turn_to_its_trace() throws Exception {
        agent = FakeA2aAgent.start().otherwise(A2aReply.completed("Sunny."));

        CommandResult r = run("--trace-link-template", "http://jaeger:16686/trace/{traceId}");

        String traceId = traceparent(agent.takeRequest()).group(1);
        String link = "http://jaeger:16686/trace/" + traceId;
        assertThat(r.exitCode()).as(r.toString()).isEqualTo(1); // no tool call reported, none received
        assertThat(turn().path("traceId").asText()).isEqualTo(traceId);
        assertThat(turn().path("traceUrl").asText()).isEqualTo(link);
        assertThat(turn().has("toolCallsSource")).isFalse();
        assertThat(Files.readString(dir.resolve("out/results.md"))).contains(link);
        assertThat(Files.readString(dir.resolve("out/report.html"))).contains("href=\"" + link + "\"");
    }

    @Test
    void should_score_tool_calls_from_the_agents_spans_when_the_response_reports_none() throws Exception {
        int port = freePort();
        agent = FakeA2aAgent.start().otherwise(request -> {
            Matcher m = traceparent(request);
            export(port, m.group(1), m.group(2));
            return A2aReply.completed("Sunny, 21 C.");
        });

        CommandResult r = run("--otel-receiver=" + port, "--otel-wait", "30");

        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.err()).contains("Receiving the agent's traces (OTLP/HTTP) at http://127.0.0.1:" + port);
        assertThat(turn().path("toolCalls").get(0).path("name").asText()).isEqualTo("get_weather");
        assertThat(turn().path("toolCalls").get(0).path("arguments").path("city").asText()).isEqualTo("Paris");
        assertThat(turn().path("toolCallsSource").asText()).isEqualTo("trace");
    }

    @Test
    void should_assert_on_the_agents_spans_and_fail_a_case_with_an_error_span() throws Exception {
        Files.writeString(dir.resolve("suite.yaml"), """
                cases:
                  - id: fine
                    turns:
                      - input: What's the weather in Paris?
                        scorers:
                          - type: trace_spans
                            span_count: [{pattern: "execute_tool *", min: 1, max: 2}]
                            max_duration_ms: 1000
                  - id: broken
                    turns:
                      - input: What's the weather in Oslo? fail
                        scorers:
                          - type: trace_spans
                            span_count: [{pattern: "execute_tool *", min: 1}]
                """);
        int port = freePort();
        agent = FakeA2aAgent.start().otherwise(request -> {
            Matcher m = traceparent(request);
            export(port, m.group(1), m.group(2), request.text().contains("fail"));
            return A2aReply.completed("Sunny, 21 C.");
        });

        CommandResult r = run("--otel-receiver=" + port, "--otel-wait", "30");

        assertThat(r.exitCode()).as(r.toString()).isEqualTo(1);
        JsonNode cases = JSON.readTree(dir.resolve("out/results.json").toFile()).path("cases");
        JsonNode fine = cases.get(0).at("/turns/0/scores/0");
        JsonNode broken = cases.get(1).at("/turns/0/scores/0");
        assertThat(fine.path("status").asText()).as(fine.toString()).isEqualTo("passed");
        assertThat(broken.path("status").asText()).as(broken.toString()).isEqualTo("failed");
        assertThat(broken.toString()).contains("1 error span (execute_tool get_weather: timeout), at most 0 allowed");
    }

    @Test
    void should_score_the_response_and_say_so_when_no_trace_arrives() throws Exception {
        agent = FakeA2aAgent.start().otherwise(A2aReply.completed("Sunny."));

        CommandResult r = run("--otel-receiver", "--otel-wait", "0");

        assertThat(r.exitCode()).as(r.toString()).isEqualTo(1);
        assertThat(turn().path("toolCalls")).isEmpty();
        assertThat(turn().path("toolCallsSource").asText()).isEqualTo("no_trace");
    }

    @Test
    void should_export_the_run_as_a_trace_the_agents_request_joins() throws Exception {
        agent = FakeA2aAgent.start().otherwise(A2aReply.completed("Sunny."));
        try (OtlpReceiver collector = OtlpReceiver.start()) {
            CommandResult r = CommandRunner.in(dir)
                    .withVariable("OTEL_EXPORTER_OTLP_ENDPOINT", collector.address().toString())
                    .run("run", "suite.yaml", "--agent-url", agent.url().toString(), "--report-dir", "out", "--otel");

            assertThat(r.exitCode()).as(r.toString()).isEqualTo(1); // the agent reports no tool call
            Matcher sent = traceparent(agent.takeRequest());
            String traceId = sent.group(1);
            assertThat(turn().path("traceId").asText()).isEqualTo(traceId);
            // The command flushed its trace before it returned: the spans are there, no waiting.
            // One trace per case attempt, which the agent's request joined; the run is a trace of its own.
            List<OtlpSpan> spans = collector.spans(traceId);
            assertThat(spans).extracting(OtlpSpan::name).anyMatch(n -> n.startsWith("case weather"))
                    .anyMatch(n -> n.startsWith("invoke_agent")).noneMatch(n -> n.startsWith("eval "));
            assertThat(collector.traceIds()).hasSize(2).anySatisfy(id -> assertThat(collector.spans(id))
                    .extracting(OtlpSpan::name).containsExactly("eval suite"));
            OtlpSpan turn = spans.stream().filter(sp -> sp.name().startsWith("invoke_agent")).findFirst().orElseThrow();
            assertThat(turn.spanId()).as("the traceparent the agent got names the turn's span").isEqualTo(sent.group(2));
            assertThat(turn.kind()).isEqualTo(OtlpSpan.Kind.CLIENT);
            assertThat(turn.events()).anySatisfy(e -> {
                assertThat(e.name()).isEqualTo("gen_ai.evaluation.result");
                assertThat(e.attributes()).containsEntry("gen_ai.evaluation.name", "tools_in_order")
                        .containsEntry("gen_ai.evaluation.score.label", "failed");
            });
        }
    }

    @Test
    void should_keep_the_trace_id_of_a_turn_the_agent_failed() throws Exception {
        agent = FakeA2aAgent.start().otherwise(A2aReply.httpStatus(500, "boom"));

        CommandResult r = run();

        assertThat(r.exitCode()).as(r.toString()).isNotZero();
        assertThat(turn().path("harnessFailure").isMissingNode()).isFalse();
        assertThat(turn().path("traceId").asText()).isEqualTo(traceparent(agent.takeRequest()).group(1));
    }

    @Test
    void should_refuse_invalid_tracing_options_before_sending_anything() {
        agent = FakeA2aAgent.start().otherwise(A2aReply.completed("Sunny."));

        CommandResult r = run("--trace-link-template", "http://jaeger/trace", "--tool-calls-from", "spans",
                "--otel-wait", "-1", "--otel-receiver=http");

        assertThat(r.exitCode()).as(r.toString()).isEqualTo(2);
        assertThat(r.err()).contains("--trace-link-template", "{traceId}", "'spans' is not a tool-call source",
                "--otel-wait", "--otel-receiver");
        assertThat(agent.requestCount()).isZero();
    }

    /** The agent's spans of a turn as OTLP JSON: its root under the turn's span, a tool call below it. */
    private static void export(int port, String traceId, String turnSpanId) {
        export(port, traceId, turnSpanId, false);
    }

    /** As {@link #export(int, String, String)}, the tool span with an error status when {@code failed}. */
    private static void export(int port, String traceId, String turnSpanId, boolean failed) {
        String status = failed ? "\"status\":{\"code\":2,\"message\":\"timeout\"}," : "";
        String root = "a1a1a1a1a1a1a1a1";
        String body = """
                {"resourceSpans":[{"resource":{"attributes":[{"key":"service.name","value":{"stringValue":"agent"}}]},
                 "scopeSpans":[{"spans":[
                  {"traceId":"%1$s","spanId":"b2b2b2b2b2b2b2b2","parentSpanId":"%2$s","name":"execute_tool get_weather",
                   "kind":1,%4$s"startTimeUnixNano":"2","endTimeUnixNano":"3","attributes":[
                    {"key":"gen_ai.operation.name","value":{"stringValue":"execute_tool"}},
                    {"key":"gen_ai.tool.name","value":{"stringValue":"get_weather"}},
                    {"key":"gen_ai.tool.call.arguments","value":{"stringValue":"{\\"city\\":\\"Paris\\"}"}}]},
                  {"traceId":"%1$s","spanId":"%2$s","parentSpanId":"%3$s","name":"invoke_agent","kind":2,
                   "startTimeUnixNano":"1","endTimeUnixNano":"4"}]}]}]}
                """.formatted(traceId, root, turnSpanId, status);
        try {
            HttpURLConnection c = (HttpURLConnection) URI.create("http://127.0.0.1:" + port + "/v1/traces").toURL()
                    .openConnection();
            c.setRequestMethod("POST");
            c.setDoOutput(true);
            c.setRequestProperty("Content-Type", "application/json");
            try (OutputStream out = c.getOutputStream()) {
                out.write(body.getBytes(StandardCharsets.UTF_8));
            }
            assertThat(c.getResponseCode()).isEqualTo(200);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
