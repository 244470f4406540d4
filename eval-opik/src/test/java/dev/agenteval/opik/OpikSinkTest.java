package dev.agenteval.opik;

import static dev.agenteval.api.Scorers.mustInclude;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Case;
import dev.agenteval.api.Part;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.TaskState;
import dev.agenteval.api.Turn;
import dev.agenteval.api.TurnResult;
import dev.agenteval.api.Usage;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.core.InProcessAgent;
import dev.agenteval.core.ReportException;
import dev.agenteval.http.RetryPolicy;
import dev.agenteval.opik.internal.Uuid7;
import dev.agenteval.spi.ResultSink;
import dev.agenteval.spi.Secrets;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OpikSinkTest {

    static final String AGENT_TRACE = "0190a8b2-7c3d-7e4f-8a1b-2c3d4e5f6a7b";

    FakeOpik opik;
    Secrets secrets = Secrets.create();

    @TempDir
    Path dir;

    @BeforeEach
    void start() throws Exception {
        opik = new FakeOpik();
    }

    @AfterEach
    void stop() {
        opik.close();
    }

    static Suite suite() {
        return Suite.named("hello")
                .add(Case.id("greets").tag("smoke").turn(Turn.of("Hello there!").expect(mustInclude("hello"))))
                .add(Case.id("traced").turn(Turn.of("Who are you?").expect(mustInclude("agent"), mustInclude("nope"))))
                .add(Case.id("two-turns").turn(Turn.of("one").expect(mustInclude("one")))
                        .turn(Turn.of("two").expect(mustInclude("two")))).build();
    }

    static InProcessAgent agent() {
        return InProcessAgent.of((conversation, message) -> {
            String text = "hello, " + message.text() + " agent one two";
            AgentResponse.Builder b = AgentResponse.builder().part(Part.text(text))
                    .state(TaskState.COMPLETED).usage(Usage.tokens(10, 5));
            if (conversation.caseId().equals("traced")) {
                b.raw(Map.of("kind", "task", "text", text, "metadata", Map.of("opik_trace_id", AGENT_TRACE)));
            }
            return b.build();
        });
    }

    OpikSink.Builder sink() {
        return OpikSink.builder().url(opik.url()).workspace("team").apiKey("opik-key-123456").secrets(secrets)
                .retryPolicy(RetryPolicy.builder().maxAttempts(3).initialBackoff(Duration.ZERO).maxBackoff(Duration.ZERO)
                        .retryStatuses(Set.of(429, 500, 502, 503, 504)).build());
    }

    SuiteResult run(OpikSink sink, ResultSink... before) {
        EvalRunner.Builder b = EvalRunner.builder().agent(agent());
        for (ResultSink s : before) {
            b.sink(sink.linking(s));
        }
        return b.sink(sink).build().run(suite());
    }

    @Test
    void should_record_dataset_experiment_traces_and_scores_linking_every_case() throws Exception {
        OpikSink sink = sink().suite(suite()).build();
        sink.checkHealth();
        run(sink);

        assertThat(opik.violations).isEmpty();
        assertThat(opik.keys()).containsExactly(
                "GET /api/is-alive/ping",
                "POST /api/v1/private/projects/retrieve",
                // created only after the run
                "POST /api/v1/private/projects/retrieve",
                "POST /api/v1/private/projects",
                "POST /api/v1/private/projects/retrieve",
                "POST /api/v1/private/datasets/retrieve",
                "POST /api/v1/private/datasets",
                "POST /api/v1/private/datasets/retrieve",
                "GET /api/v1/private/datasets/{id}/items",
                "PUT /api/v1/private/datasets/items",
                "POST /api/v1/private/experiments",
                "POST /api/v1/private/traces/batch",
                "POST /api/v1/private/spans/batch",
                "POST /api/v1/private/experiments/items",
                "PUT /api/v1/private/traces/feedback-scores");
        // headers per the reference: the raw key, no Bearer; the workspace
        opik.requests.forEach(r -> {
            assertThat(r.headers()).containsEntry("authorization", "opik-key-123456").containsEntry("comet-workspace", "team");
        });
        assertThat(secrets.containsSecret("opik-key-123456")).isTrue();

        String datasetId = opik.datasets.get("hello");
        assertThat(Uuid7.isV7(datasetId)).isTrue();
        Map<String, JsonNode> items = opik.items.get(datasetId);
        assertThat(items).hasSize(3);
        Map<String, JsonNode> itemByCase = items.values().stream()
                .collect(Collectors.toMap(i -> i.path("data").path("case").asText(), i -> i));
        assertThat(itemByCase.get("greets").path("tags").get(0).asText()).isEqualTo("smoke");
        assertThat(itemByCase.get("greets").path("data").path("turns").get(0).path("input").asText()).isEqualTo("Hello there!");
        assertThat(itemByCase.get("greets").path("data").path("turns").get(0).path("expectations").get(0).path("type").asText())
                .isEqualTo("must_include");
        assertThat(itemByCase.get("two-turns").path("data").path("turns")).hasSize(2);

        assertThat(opik.experiments).hasSize(1);
        String experimentId = opik.experiments.keySet().iterator().next();
        JsonNode experiment = opik.experiments.get(experimentId);
        assertThat(experiment.path("dataset_name").asText()).isEqualTo("hello");
        assertThat(experiment.path("name").asText()).startsWith("hello ");

        // the agent's own trace is linked, not written; the others are written by the sink
        assertThat(opik.traces).hasSize(2).doesNotContainKey(AGENT_TRACE);
        assertThat(opik.traces.values()).allSatisfy(t -> {
            assertThat(Uuid7.isV7(t.path("id").asText())).isTrue();
            assertThat(t.path("project_name").asText()).isEqualTo("Agents");
            assertThat(t.has("usage")).isFalse();
        });
        assertThat(opik.spans.values()).allSatisfy(s -> assertThat(s.path("usage").path("total_tokens").asInt()).isGreaterThan(0));

        assertThat(opik.experimentItems).hasSize(3);
        Map<String, String> traceByItem = opik.experimentItems.stream().peek(i -> {
            assertThat(i.path("experiment_id").asText()).isEqualTo(experimentId);
            assertThat(Uuid7.isV7(i.path("id").asText())).isTrue();
        }).collect(Collectors.toMap(i -> i.path("dataset_item_id").asText(), i -> i.path("trace_id").asText()));
        assertThat(traceByItem.keySet()).isEqualTo(items.keySet());
        String tracedTrace = traceByItem.get(itemByCase.get("traced").path("id").asText());
        assertThat(tracedTrace).isEqualTo(AGENT_TRACE);
        String greetsTrace = traceByItem.get(itemByCase.get("greets").path("id").asText());
        assertThat(opik.traces.get(greetsTrace).path("tags").get(0).asText()).isEqualTo("smoke");

        List<JsonNode> tracedScores = opik.scores.stream().filter(s -> s.path("id").asText().equals(AGENT_TRACE)).toList();
        assertThat(tracedScores).extracting(s -> s.path("name").asText()).containsExactly("must_include", "must_include #2");
        assertThat(tracedScores).extracting(s -> s.path("value").asDouble()).containsExactly(1.0, 0.0);
        assertThat(tracedScores.get(1).path("reason").asText()).contains("nope");
        assertThat(opik.scores).extracting(s -> s.path("name").asText())
                .contains("must_include (turn 1)", "must_include (turn 2)");
        assertThat(sink.experimentUrl()).hasValueSatisfying(u -> assertThat(u.toString())
                .isEqualTo("http://127.0.0.1:" + opik.url().getPort() + "/team/experiments/" + datasetId
                        + "/compare?experiments=%5B%22" + experimentId + "%22%5D"));
    }

    @Test
    void should_reuse_items_of_the_same_content_and_never_clear_the_dataset() throws Exception {
        run(sink().suite(suite()).build());
        String datasetId = opik.datasets.get("hello");
        Set<String> first = Set.copyOf(opik.items.get(datasetId).keySet());
        int puts = opik.requests("PUT /api/v1/private/datasets/items").size();

        run(sink().suite(suite()).experimentName("second").build());

        assertThat(opik.violations).isEmpty();
        assertThat(opik.items.get(datasetId).keySet()).isEqualTo(first);
        assertThat(opik.requests("PUT /api/v1/private/datasets/items")).hasSize(puts);
        assertThat(opik.keys()).noneMatch(k -> k.contains("delete"));
        assertThat(opik.experiments).hasSize(2);
        assertThat(opik.experimentItems).hasSize(6);
        assertThat(opik.experimentItems).extracting(i -> i.path("dataset_item_id").asText()).allMatch(first::contains);
        assertThat(opik.experiments.values()).extracting(e -> e.path("name").asText()).contains("second");
    }

    @Test
    void should_put_trace_links_on_the_files_written_before_it() throws Exception {
        OpikSink sink = sink().build();
        sink.checkHealth();
        List<SuiteResult> seen = new java.util.ArrayList<>();
        run(sink, seen::add);

        String projectId = opik.projects.get("Agents");
        String ui = "http://127.0.0.1:" + opik.url().getPort() + "/team/projects/" + projectId + "/traces?trace=";
        SuiteResult linked = seen.get(0);
        assertThat(linked.find("traced").orElseThrow().turns().get(0).traceUrl()).isEqualTo(ui + AGENT_TRACE);
        List<TurnResult> two = linked.find("two-turns").orElseThrow().turns();
        assertThat(two.get(0).traceUrl()).startsWith(ui).isEqualTo(two.get(1).traceUrl());
        String written = two.get(0).traceUrl().substring(ui.length());
        // the link names the trace the sink wrote for that case
        assertThat(opik.traces).containsKey(written);
        assertThat(opik.traces.get(written).path("name").asText()).isEqualTo("two-turns");
    }

    @Test
    void should_check_the_project_without_creating_it_before_the_run() throws Exception {
        OpikSink sink = sink().build();
        sink.checkHealth();
        assertThat(opik.keys()).containsExactly("GET /api/is-alive/ping", "POST /api/v1/private/projects/retrieve");
        assertThat(opik.projects).isEmpty();
    }

    @Test
    void should_drop_the_links_to_traces_it_could_not_write_when_the_upload_fails() throws Exception {
        FakeOpik.Fault boom = FakeOpik.Fault.of(500, "{\"code\":500,\"message\":\"ClickHouse is down\"}");
        opik.fault("POST /api/v1/private/traces/batch", boom, boom, boom);
        List<SuiteResult> files = new java.util.ArrayList<>();

        assertThatThrownBy(() -> run(sink().build(), files::add))
                .cause().isInstanceOf(OpikException.class)
                .hasMessageContaining("ClickHouse is down")
                .hasMessageContaining("the result files link only the traces Opik has");

        // written first with every link, then again without the links to the traces never written
        assertThat(files).hasSize(2);
        assertThat(files.get(0).find("greets").orElseThrow().turns().get(0).traceUrl()).isNotNull();
        SuiteResult last = files.get(1);
        assertThat(last.find("greets").orElseThrow().turns().get(0).traceUrl()).isNull();
        assertThat(last.find("two-turns").orElseThrow().turns()).extracting(TurnResult::traceUrl).containsOnlyNulls();
        assertThat(last.find("traced").orElseThrow().turns().get(0).traceUrl()).endsWith("?trace=" + AGENT_TRACE);
    }

    @Test
    void should_link_only_the_agents_own_traces_when_it_does_not_record() throws Exception {
        opik.projects.put("Agents", Uuid7.next(java.time.Clock.systemUTC()).toString());
        OpikSink sink = sink().recording(false).build();
        List<SuiteResult> files = new java.util.ArrayList<>();
        run(sink, files::add);

        assertThat(opik.keys()).containsExactly("POST /api/v1/private/projects/retrieve");
        SuiteResult linked = files.get(0);
        assertThat(linked.find("traced").orElseThrow().turns().get(0).traceUrl()).endsWith("?trace=" + AGENT_TRACE);
        assertThat(linked.find("greets").orElseThrow().turns().get(0).traceUrl()).isNull();
    }

    @Test
    void should_link_nothing_and_create_no_project_when_it_does_not_record_and_the_project_is_missing() throws Exception {
        List<SuiteResult> files = new java.util.ArrayList<>();
        run(sink().recording(false).build(), files::add);
        assertThat(opik.projects).isEmpty();
        assertThat(files.get(0).cases()).flatExtracting(c -> c.turns()).extracting(TurnResult::traceUrl).containsOnlyNulls();
    }

    @Test
    void should_retry_429_honouring_retry_after_then_succeed() throws Exception {
        opik.fault("POST /api/v1/private/traces/batch",
                FakeOpik.Fault.of(429, "{\"code\":429,\"message\":\"Too Many Requests\"}", "Retry-After", "0"));
        run(sink().build());
        assertThat(opik.requests("POST /api/v1/private/traces/batch")).hasSize(2);
        assertThat(opik.traces).hasSize(2);
        assertThat(opik.scores).isNotEmpty();
    }

    @Test
    void should_fail_with_status_and_server_message_after_retrying_500_and_keep_the_files() throws Exception {
        FakeOpik.Fault boom = FakeOpik.Fault.of(500, "{\"code\":500,\"message\":\"ClickHouse is down\",\"details\":\"\"}");
        opik.fault("POST /api/v1/private/experiments", boom, boom, boom);
        Path file = dir.resolve("results.json");
        ResultSink files = r -> Files.writeString(file, r.suite() + " " + r.cases().size());

        assertThatThrownBy(() -> run(sink().build(), files))
                .isInstanceOf(ReportException.class)
                .cause().isInstanceOf(OpikException.class)
                .hasMessageContaining("POST http://127.0.0.1:" + opik.url().getPort() + "/api/v1/private/experiments answered 500")
                .hasMessageContaining("ClickHouse is down")
                .satisfies(e -> assertThat(((OpikException) e).status()).isEqualTo(500));
        assertThat(opik.requests("POST /api/v1/private/experiments")).hasSize(3);
        assertThat(file).hasContent("hello 3");
    }

    @Test
    void should_report_401_in_either_error_shape() throws Exception {
        opik.fault("POST /api/v1/private/projects/retrieve",
                FakeOpik.Fault.of(401, "{\"errors\":[\"User not allowed to access workspace\"]}"));
        assertThatThrownBy(() -> sink().build().checkHealth())
                .isInstanceOf(OpikException.class)
                .hasMessageContaining("answered 401: User not allowed to access workspace")
                .hasMessageNotContaining("opik-key-123456");
        assertThat(opik.requests("POST /api/v1/private/projects/retrieve")).hasSize(1);

        opik.fault("PUT /api/v1/private/datasets/items",
                FakeOpik.Fault.of(401, "{\"code\":401,\"message\":\"API key is invalid\",\"details\":\"key opik-key-123456\"}"));
        assertThatThrownBy(() -> run(sink().build()))
                .cause().isInstanceOf(OpikException.class)
                .hasMessageContaining("answered 401: API key is invalid")
                .hasMessageNotContaining("opik-key-123456");
    }

    @Test
    void should_fail_the_health_check_naming_the_url() throws Exception {
        opik.healthy = false;
        assertThatThrownBy(() -> sink().build().checkHealth())
                .isInstanceOf(OpikException.class)
                .hasMessageContaining(opik.url().toString())
                .hasMessageContaining("Not Healthy");

        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        URI nothing = URI.create("http://127.0.0.1:" + port + "/api");
        assertThatThrownBy(() -> sink().url(nothing).retryPolicy(RetryPolicy.none()).build().checkHealth())
                .isInstanceOf(OpikException.class)
                .hasMessageContaining("Opik at " + nothing + " is not healthy")
                .hasMessageContaining("ConnectException");
    }

    @Test
    void should_time_out_on_a_hung_connection() throws Exception {
        opik.fault("PUT /api/v1/private/traces/feedback-scores", FakeOpik.Fault.hung());
        Path file = dir.resolve("results.json");
        assertThatThrownBy(() -> run(sink().requestTimeout(Duration.ofMillis(300)).build(),
                r -> Files.writeString(file, "kept")))
                .cause().isInstanceOf(OpikException.class)
                .hasMessageContaining("feedback-scores timed out");
        assertThat(file).hasContent("kept");
    }

    @Test
    void should_make_version_7_ids() {
        java.time.Clock clock = java.time.Clock.fixed(java.time.Instant.parse("2026-01-02T03:04:05.678Z"), java.time.ZoneOffset.UTC);
        java.util.UUID id = Uuid7.next(clock);
        assertThat(id.version()).isEqualTo(7);
        assertThat(id.variant()).isEqualTo(2);
        assertThat(id.getMostSignificantBits() >>> 16).isEqualTo(clock.millis());
        assertThat(Uuid7.isV7(java.util.UUID.randomUUID().toString())).isFalse();
    }

    @Test
    void should_parse_both_error_shapes() {
        assertThat(OpikSink.serverMessage("{\"errors\":[\"a\",\"b\"]}")).isEqualTo("a; b");
        assertThat(OpikSink.serverMessage("{\"code\":400,\"message\":\"bad\",\"details\":\"why\"}")).isEqualTo("bad (why)");
        assertThat(OpikSink.serverMessage("plain")).isEqualTo("plain");
    }
}
