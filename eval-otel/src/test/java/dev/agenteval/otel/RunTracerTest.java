package dev.agenteval.otel;

import static dev.agenteval.api.Scorers.correctness;
import static dev.agenteval.api.Scorers.mustInclude;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import dev.agenteval.api.AgentException;
import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.JudgeException;
import dev.agenteval.api.Case;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.Check;
import dev.agenteval.api.Part;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.api.Scorers;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.TaskState;
import dev.agenteval.api.Turn;
import dev.agenteval.api.TurnResult;
import dev.agenteval.api.Usage;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.core.Providers;
import dev.agenteval.spi.JudgeRequest;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerFactory;
import dev.agenteval.core.InProcessAgent;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.JudgeVerdict;
import dev.agenteval.spi.Secrets;
import dev.agenteval.spi.TurnHook.TurnInfo;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The run's own trace, exported by the official SDK's OTLP/HTTP exporter (JDK sender) to a loopback
 * {@link OtlpReceiver} and decoded: spans, parent links, GenAI attributes, evaluation events; a
 * collector that is down or slow; secrets.
 */
class RunTracerTest {

    private static final String SECRET = "sk-live-7f3a9c2e11d04b8a";
    private static final Judge JUDGE = request -> new JudgeVerdict(true, 0.9, "greets politely",
            Usage.tokens(30, 4).withModel("judge-model"), null, "stub");

    private OtlpReceiver receiver;
    private final List<String> warnings = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() {
        receiver = OtlpReceiver.start();
    }

    @AfterEach
    void stop() {
        receiver.close();
    }

    private RunTracer.Builder tracer(URI endpoint, Duration flush) {
        return RunTracer.builder(OtelExportSettings.builder().tracesEndpoint(endpoint).flushTimeout(flush).build())
                .agentName("booking").requestModel("gpt-test").warnings(warnings::add);
    }

    private static InProcessAgent agent(String answerSuffix) {
        return InProcessAgent.of((conversation, message) -> AgentResponse.builder()
                .part(Part.text("hello " + message.text() + answerSuffix))
                .state(TaskState.COMPLETED)
                .contextId("ctx-" + conversation.caseId())
                .usage(Usage.tokens(12, 5).withModel("gpt-test-2026"))
                .build());
    }

    /** The built-ins plus a {@code correctness} scorer that asks the judge, as the real one does. */
    private static Providers judgeScorer() {
        return Providers.discover().withScorer(new ScorerFactory() {
            @Override
            public String id() {
                return "correctness";
            }

            @Override
            public Scorer create(ScorerSpec spec) {
                return ctx -> {
                    JudgeVerdict v = ctx.requireJudge().judge(new JudgeRequest("correctness", ctx.input().text(),
                            ctx.response().text(), "Greets", null, List.of(), List.of(), ctx.attempt()));
                    return new ScoreResult("correctness", v.passed() ? ScoreStatus.PASSED : ScoreStatus.FAILED,
                            v.score(), v.reason(), List.of(), v.usage(), null);
                };
            }

            @Override
            public boolean needsJudge() {
                return true;
            }
        });
    }

    private static SuiteResult run(RunTracer tracer, InProcessAgent agent, Suite suite) {
        return EvalRunner.builder().agent(agent).judge(tracer.judge(JUDGE)).providers(judgeScorer())
                .listener(tracer).environment(name -> null).build().run(suite);
    }

    private static Suite suite() {
        return Suite.named("otel-suite")
                .add(Case.id("greet").turn(Turn.of("bob").expect(mustInclude("hello"), correctness("Greets"))))
                .add(Case.id("miss").turn(Turn.of("ann").expect(mustInclude("absent")))).build();
    }

    private List<OtlpSpan> allSpans() {
        return receiver.traceIds().stream().flatMap(id -> receiver.spans(id).stream()).toList();
    }

    private static OtlpSpan named(List<OtlpSpan> spans, String name) {
        List<OtlpSpan> found = spans.stream().filter(s -> s.name().equals(name)).toList();
        assertThat(found).as("spans named '%s' in %s", name, spans.stream().map(OtlpSpan::name).toList()).hasSize(1);
        return found.get(0);
    }

    /** The case attempt span {@code name}: the root of a trace of its own that names the run's trace. */
    private static OtlpSpan caseOf(List<OtlpSpan> spans, OtlpSpan run, String name) {
        OtlpSpan span = named(spans, name);
        assertThat(span.parentSpanId()).isNull();
        assertThat(span.traceId()).isNotEqualTo(run.traceId());
        assertThat(span.attributes()).containsEntry("agent_eval.run.trace_id", run.traceId());
        return span;
    }

    private static OtlpSpan child(List<OtlpSpan> spans, OtlpSpan parent, String name) {
        List<OtlpSpan> found = spans.stream()
                .filter(s -> parent.spanId().equals(s.parentSpanId()) && s.name().equals(name)).toList();
        assertThat(found).as("children '%s' of '%s'", name, parent.name()).hasSize(1);
        return found.get(0);
    }

    @Test
    void aRunIsOneTraceOfCaseTurnAndJudgeSpansWithGenAiAttributesAndEvaluationEvents() {
        SuiteResult result;
        try (RunTracer tracer = tracer(receiver.tracesEndpoint(), Duration.ofSeconds(30)).build()) {
            result = run(tracer, agent(""), suite());
        }
        assertThat(result.cases()).extracting(c -> c.status()).containsExactly(CaseStatus.PASSED, CaseStatus.FAILED);
        assertThat(receiver.traceIds()).as("the run's trace and one per case attempt").hasSize(3);
        List<OtlpSpan> spans = allSpans();

        OtlpSpan run = named(spans, "eval otel-suite");
        assertThat(run.parentSpanId()).isNull();
        assertThat(run.attributes()).containsEntry("agent_eval.suite.name", "otel-suite")
                .containsEntry("agent_eval.run.passed", 1L).containsEntry("agent_eval.run.failed", 1L);
        assertThat(run.serviceName()).isEqualTo("agent-eval");

        OtlpSpan greet = caseOf(spans, run, "case greet");
        assertThat(greet.attributes()).containsEntry("agent_eval.case.id", "greet")
                .containsEntry("agent_eval.case.attempt", 1L)
                .containsEntry("agent_eval.case.status", "passed");
        assertThat(greet.isError()).isFalse();
        OtlpSpan miss = caseOf(spans, run, "case miss");
        assertThat(miss.attributes()).containsEntry("agent_eval.case.status", "failed");
        assertThat(miss.isError()).isTrue();

        OtlpSpan turn = child(spans, greet, "invoke_agent booking");
        assertThat(turn.kind()).isEqualTo(OtlpSpan.Kind.CLIENT);
        assertThat(turn.attributes()).containsEntry("gen_ai.operation.name", "invoke_agent")
                .containsEntry("gen_ai.agent.name", "booking")
                .containsEntry("gen_ai.request.model", "gpt-test")
                .containsEntry("gen_ai.response.model", "gpt-test-2026")
                .containsEntry("gen_ai.usage.input_tokens", 12L)
                .containsEntry("gen_ai.usage.output_tokens", 5L)
                .containsEntry("gen_ai.conversation.id", "ctx-greet")
                .containsEntry("agent_eval.turn.index", 1L)
                .doesNotContainKey("gen_ai.output.messages");
        Map<String, Map<String, Object>> events = turn.events().stream()
                .filter(e -> e.name().equals("gen_ai.evaluation.result"))
                .collect(Collectors.toMap(e -> (String) e.attributes().get("gen_ai.evaluation.name"),
                        OtlpSpan.Event::attributes));
        assertThat(events).containsOnlyKeys("must_include", "correctness");
        assertThat(events.get("must_include")).containsEntry("gen_ai.evaluation.score.label", "passed")
                .containsEntry("gen_ai.evaluation.score.value", 1.0);
        assertThat(events.get("correctness")).containsEntry("gen_ai.evaluation.score.label", "passed")
                .containsEntry("gen_ai.evaluation.score.value", 0.9)
                .containsEntry("gen_ai.evaluation.explanation", "greets politely");

        OtlpSpan missTurn = child(spans, miss, "invoke_agent booking");
        assertThat(missTurn.events()).singleElement().satisfies(e -> assertThat(e.attributes())
                .containsEntry("gen_ai.evaluation.name", "must_include")
                .containsEntry("gen_ai.evaluation.score.label", "failed")
                .containsKey("gen_ai.evaluation.explanation"));

        // The judge is called on the case's thread; without the turn hook its parent is the case attempt.
        OtlpSpan judge = named(spans, "judge correctness");
        assertThat(judge.parentSpanId()).isIn(greet.spanId(), turn.spanId());
        assertThat(judge.kind()).isEqualTo(OtlpSpan.Kind.CLIENT);
        assertThat(judge.attributes()).containsEntry("agent_eval.scorer.type", "correctness")
                .containsEntry("agent_eval.judge.passed", true)
                .containsEntry("gen_ai.response.model", "judge-model")
                .containsEntry("gen_ai.usage.input_tokens", 30L);
        assertThat(List.of(turn, judge)).allSatisfy(s -> assertThat(s.traceId()).isEqualTo(greet.traceId()));
        assertThat(missTurn.traceId()).isEqualTo(miss.traceId()).isNotEqualTo(greet.traceId());
        assertThat(warnings).isEmpty();
    }

    @Test
    void aHarnessFailureIsTheCaseSpansFailureCodeAndTheTurnSpansErrorType() {
        Suite suite = Suite.named("broken").add(Case.id("down").turn(Turn.of("hi").expect(mustInclude("hello"))))
                .build();
        InProcessAgent failing = InProcessAgent.of((conversation, message) -> {
            throw new AgentException(FailureCode.NETWORK_ERROR, "connection refused");
        });
        try (RunTracer tracer = tracer(receiver.tracesEndpoint(), Duration.ofSeconds(30)).build()) {
            EvalRunner.builder().agent(failing).listener(tracer).environment(name -> null).build().run(suite);
        }
        List<OtlpSpan> spans = allSpans();
        OtlpSpan attempt = named(spans, "case down");
        assertThat(attempt.attributes()).containsEntry("agent_eval.case.status", "errored")
                .containsEntry("agent_eval.failure.code", "network_error")
                .containsEntry("error.type", "network_error");
        assertThat(attempt.isError()).isTrue();
        OtlpSpan turn = child(spans, attempt, "invoke_agent booking");
        assertThat(turn.attributes()).containsEntry("error.type", "network_error");
        assertThat(turn.isError()).isTrue();
        assertThat(turn.statusMessage()).contains("connection refused");
    }

    @Test
    void eachAttemptOfARepeatedCaseIsItsOwnCaseSpanWithItsOwnTurns() {
        Suite suite = Suite.named("repeated").add(Case.id("twice")
                .turn(Turn.of("one").expect(mustInclude("hello"))).turn(Turn.of("two").expect(mustInclude("hello"))))
                .build();
        SuiteResult result;
        try (RunTracer tracer = tracer(receiver.tracesEndpoint(), Duration.ofSeconds(30)).build()) {
            result = EvalRunner.builder().agent(agent("")).listener(tracer).repeat(2).concurrency(2)
                    .environment(name -> null).build().run(suite);
        }
        assertThat(result.cases().get(0).attempts()).hasSize(2);
        List<OtlpSpan> spans = allSpans();
        OtlpSpan run = named(spans, "eval repeated");
        List<OtlpSpan> attempts = spans.stream().filter(s -> s.name().equals("case twice")).toList();
        assertThat(attempts).extracting(s -> s.attribute("agent_eval.case.attempt"))
                .containsExactlyInAnyOrder(1L, 2L);
        for (OtlpSpan attempt : attempts) {
            assertThat(attempt.parentSpanId()).isNull();
            assertThat(attempt.attributes()).containsEntry("agent_eval.run.trace_id", run.traceId());
            assertThat(attempt.attributes()).containsEntry("agent_eval.attempt.status", "passed");
            assertThat(spans.stream().filter(s -> attempt.spanId().equals(s.parentSpanId())))
                    .extracting(s -> s.attribute("agent_eval.turn.index")).containsExactlyInAnyOrder(1L, 2L);
        }
    }

    @Test
    void beforeTurnStartsTheTurnSpanAndReturnsItsTraceparentAndJudgeCallsNestUnderIt() throws Exception {
        Case c = Case.id("hooked").turn(Turn.of("hi").expect(mustInclude("hi"))).build();
        TurnInfo info = new TurnInfo(c, 1, 1, Map.of(), false, false);
        Map<String, String> headers;
        try (RunTracer tracer = tracer(receiver.tracesEndpoint(), Duration.ofSeconds(30)).build()) {
            tracer.caseStarted(c, 1);
            headers = tracer.beforeTurn(info);
            tracer.judge(JUDGE).judge(new JudgeRequest("correctness", "hi", "hi there", "Greets",
                    null, List.of(), List.of(), 1));
            TurnResult turn = new TurnResult(1, null, "hi", null, null, "hi there", TaskState.COMPLETED, List.of(),
                    Duration.ofMillis(3), Usage.tokens(1, 2), null,
                    List.of(ScoreResult.ofChecks("must_include", Check.pass("hi"))), null, "ctx", null, null, List.of());
            tracer.turnEnded(info.withHeaders(headers), turn);
            tracer.turnFinished(c, turn); // the listener hears of the same turn: no second span
        }
        assertThat(headers).containsKey("traceparent");
        String[] parts = headers.get("traceparent").split("-");
        assertThat(parts).hasSize(4);
        assertThat(parts[0]).isEqualTo("00");
        assertThat(Integer.parseInt(parts[3], 16) & 1).as("sampled flag").isEqualTo(1);
        List<OtlpSpan> spans = receiver.spans(parts[1]);
        OtlpSpan turn = named(spans, "invoke_agent booking");
        assertThat(turn.spanId()).isEqualTo(parts[2]);
        OtlpSpan attempt = named(spans, "case hooked");
        assertThat(turn.parentSpanId()).isEqualTo(attempt.spanId());
        assertThat(named(spans, "judge correctness").parentSpanId()).isEqualTo(turn.spanId());
        assertThat(turn.events()).extracting(OtlpSpan.Event::name).containsExactly("gen_ai.evaluation.result");
    }

    @Test
    void aJudgeThatFailsIsAnErrorSpanWithItsMessageRedactedAndTheExceptionStillReachesTheScorer() {
        Secrets secrets = Secrets.create().add(SECRET);
        Judge failing = request -> {
            throw new JudgeException("quota exceeded for key " + SECRET);
        };
        JudgeRequest request = new JudgeRequest("correctness", "q", "a", null, null, List.of(), List.of(), 1);
        try (RunTracer tracer = tracer(receiver.tracesEndpoint(), Duration.ofSeconds(30)).redactor(secrets::redact)
                .build()) {
            assertThatThrownBy(() -> tracer.judge(failing).judge(request)).isInstanceOf(JudgeException.class)
                    .hasMessageContaining(SECRET);
        }
        OtlpSpan judge = named(allSpans(), "judge correctness");
        assertThat(judge.isError()).isTrue();
        assertThat(judge.attributes()).containsEntry("error.type", JudgeException.class.getName());
        assertThat(judge.statusMessage()).contains("quota exceeded").doesNotContain(SECRET);
        assertThat(judge.parentSpanId()).isNull();
    }

    @Test
    void aCollectorThatIsDownCostsNoResultAndGivesOneWarning() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort();
        }
        URI down = URI.create("http://127.0.0.1:" + closedPort + "/v1/traces");
        SuiteResult result;
        try (RunTracer tracer = tracer(down, Duration.ofSeconds(1)).build()) {
            result = run(tracer, agent(""), suite());
        }
        assertThat(result.cases()).extracting(c -> c.status()).containsExactly(CaseStatus.PASSED, CaseStatus.FAILED);
        assertThat(warnings).singleElement().asString().contains("127.0.0.1:" + closedPort);
    }

    @Test
    void aSlowCollectorCostsNoResultAndGivesOneWarning() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        HttpServer slow = HttpServer.create(new InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0), 0);
        slow.createContext("/v1/traces", exchange -> {
            try {
                release.await();
                exchange.sendResponseHeaders(200, -1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                exchange.close();
            }
        });
        slow.start();
        try {
            URI endpoint = URI.create("http://127.0.0.1:" + slow.getAddress().getPort() + "/v1/traces");
            SuiteResult result;
            try (RunTracer tracer = tracer(endpoint, Duration.ofMillis(300)).build()) {
                result = run(tracer, agent(""), suite());
            }
            assertThat(result.cases()).extracting(c -> c.status())
                    .containsExactly(CaseStatus.PASSED, CaseStatus.FAILED);
            assertThat(warnings).singleElement().asString().contains("did not take");
        } finally {
            release.countDown();
            slow.stop(0);
        }
    }

    @Test
    void secretsInAnswersScoreExplanationsAndHeadersNeverLeaveInAnExportedAttribute() throws Exception {
        Secrets secrets = Secrets.create().add(SECRET);
        String base64 = Base64.getEncoder().encodeToString(SECRET.getBytes(StandardCharsets.UTF_8));
        Recorder recorder = new Recorder(receiver.tracesEndpoint());
        try {
            OtelExportSettings settings = OtelExportSettings.fromEnvironment(Map.of(
                    "OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:" + recorder.port(),
                    "OTEL_EXPORTER_OTLP_HEADERS", "Authorization=Bearer%20" + SECRET + ",x-tenant=acme",
                    "OTEL_SERVICE_NAME", "evals",
                    "OTEL_RESOURCE_ATTRIBUTES", "deployment.environment=ci,team=agents")::get).orElseThrow();
            Suite suite = Suite.named("secret-suite").add(Case.id("leaky").turn(Turn.of("what is the key?").expect(
                    mustInclude("absent"),
                    Scorers.custom("leaky_scorer", ctx -> new ScoreResult("leaky_scorer", ScoreStatus.FAILED, 0.0,
                            "the answer quoted \"" + ctx.response().text() + "\"", List.of(), null, null))))).build();
            // The runner is given no secrets here, so only the tracer's redactor stands between them and the export.
            try (RunTracer tracer = RunTracer.builder(settings).redactor(secrets::redact).captureContent(true)
                    .warnings(warnings::add).build()) {
                run(tracer, agent(" key " + SECRET + " b64 " + base64), suite);
            }
        } finally {
            recorder.stop();
        }
        List<OtlpSpan> spans = allSpans();
        OtlpSpan turn = named(spans, "invoke_agent");
        assertThat(turn.stringAttribute("gen_ai.output.messages")).contains("hello").contains(Secrets.MASK);
        assertThat(turn.events()).anySatisfy(e -> assertThat(e.attributes().get("gen_ai.evaluation.explanation"))
                .asString().contains("the answer quoted").contains(Secrets.MASK));
        assertThat(spans.toString()).doesNotContain(SECRET).doesNotContain(base64);
        assertThat(turn.serviceName()).isEqualTo("evals");
        assertThat(turn.resource()).containsEntry("deployment.environment", "ci").containsEntry("team", "agents");
        assertThat(recorder.authorization).containsExactly("Bearer " + SECRET); // sent, as a header only
        String raw = new String(recorder.bodies(), StandardCharsets.ISO_8859_1);
        assertThat(raw).contains("hello").doesNotContain(SECRET).doesNotContain(base64)
                .doesNotContain(SECRET.substring(0, 12));
        assertThat(warnings).isEmpty();
    }

    /** A loopback collector in front of the receiver that keeps the raw request bodies and headers. */
    private static final class Recorder {
        private final HttpServer server;
        private final List<byte[]> bodies = new CopyOnWriteArrayList<>();
        private final List<String> authorization = new CopyOnWriteArrayList<>();

        Recorder(URI target) throws IOException {
            HttpClient client = HttpClient.newHttpClient();
            server = HttpServer.create(new InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0), 0);
            server.createContext("/v1/traces", exchange -> {
                try (exchange) {
                    byte[] body = exchange.getRequestBody().readAllBytes();
                    bodies.add(body);
                    authorization.addAll(exchange.getRequestHeaders().getOrDefault("Authorization", List.of()));
                    HttpResponse<byte[]> forwarded = client.send(HttpRequest.newBuilder(target)
                            .header("Content-Type", exchange.getRequestHeaders().getFirst("Content-Type"))
                            .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(),
                            HttpResponse.BodyHandlers.ofByteArray());
                    exchange.sendResponseHeaders(forwarded.statusCode(), forwarded.body().length == 0 ? -1
                            : forwarded.body().length);
                    try (OutputStream out = exchange.getResponseBody()) {
                        out.write(forwarded.body());
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            server.start();
        }

        int port() {
            return server.getAddress().getPort();
        }

        byte[] bodies() {
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            bodies.forEach(all::writeBytes);
            return all.toByteArray();
        }

        void stop() {
            server.stop(0);
        }
    }
}
