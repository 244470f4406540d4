package dev.agenteval.otel;

import static dev.agenteval.otel.SpanAttributes.*;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import dev.agenteval.api.Case;
import dev.agenteval.api.CaseAttempt;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.Summary;
import dev.agenteval.api.TurnResult;
import dev.agenteval.otel.internal.RedactingSpanExporter;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.RunListener;
import dev.agenteval.spi.TurnHook;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporterBuilder;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import java.util.logging.Level;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Exports a run as an OpenTelemetry trace over OTLP/HTTP: a root span for the run, a child span per
 * case attempt (its verdict and failure code), under it a {@link SpanKind#CLIENT CLIENT} span per
 * agent call following the GenAI semantic conventions ({@code invoke_agent}, agent name, models,
 * token usage) with one {@code gen_ai.evaluation.result} event per score, and a span per judge call
 * (through {@link #judge(Judge)}).
 *
 * <p>Register it both as the runner's {@link RunListener} and as its <b>first</b> {@link TurnHook}:
 * {@link #beforeTurn} starts the turn's span and returns its W3C {@code traceparent} (and
 * {@code tracestate}) so that the agent's own spans join the trace; the runner sends the first hook's
 * value of a header. Without the hook, turn spans are recorded when each turn ends (no trace
 * context reaches the agent).
 *
 * <p>Never costs a result, never delays a case: spans are batched and exported on a background
 * thread; every exported name, attribute, event and status passes through the run's redactor on
 * that thread; an unreachable, failing or slow collector is one warning for the whole run;
 * {@link #close()} ends what is still open and waits at most the flush timeout. Thread-safe.
 *
 * <pre>{@code
 * try (RunTracer tracer = RunTracer.builder(settings).redactor(secrets::redact).agentName("booking").build()) {
 *     EvalRunner.builder().listener(tracer).judge(tracer.judge(judge))...build().run(suite);
 * }
 * }</pre>
 */
@API(status = EXPERIMENTAL)
public final class RunTracer implements RunListener, TurnHook, AutoCloseable {

    /** The instrumentation scope name. */
    public static final String SCOPE = "dev.agenteval";
    /** The GenAI event carrying one score. */
    public static final String EVALUATION_EVENT = "gen_ai.evaluation.result";
    /** The GenAI operation of a turn's span. */
    public static final String INVOKE_AGENT = "invoke_agent";

    private static final Logger LOG = LoggerFactory.getLogger(RunTracer.class);
    /**
     * The SDK's exporter logs every failed export through java.util.logging; the tracer's one warning
     * replaces those lines. Held here: java.util.logging keeps its loggers only weakly.
     */
    private static final java.util.logging.Logger SDK_EXPORT_LOG =
            java.util.logging.Logger.getLogger("io.opentelemetry.exporter");
    private static final java.util.logging.Logger SDK_PROCESSOR_LOG =
            java.util.logging.Logger.getLogger("io.opentelemetry.sdk.trace.export");

    private final SdkTracerProvider provider;
    private final Tracer tracer;
    private final String agentName;
    private final String requestModel;
    private final boolean captureContent;
    private final Duration flushTimeout;
    private final String where;
    private final UnaryOperator<String> redactor;
    private final Consumer<String> warnings;
    private final AtomicBoolean warned = new AtomicBoolean();
    private final AtomicBoolean closed = new AtomicBoolean();

    private volatile Span run;
    private final Map<AttemptKey, AttemptSpans> attempts = new ConcurrentHashMap<>();
    private final Map<String, AttemptKey> latestAttempt = new ConcurrentHashMap<>();
    private final ThreadLocal<AttemptKey> currentAttempt = new ThreadLocal<>();
    private final ThreadLocal<Span> currentTurn = new ThreadLocal<>();

    private RunTracer(Builder b) {
        this.agentName = b.agentName;
        this.requestModel = b.requestModel;
        this.captureContent = b.captureContent;
        this.flushTimeout = b.settings.flushTimeout();
        this.where = b.settings.displayEndpoint();
        this.redactor = b.redactor;
        this.warnings = b.warnings;
        if (b.quietSdkLogging) {
            SDK_EXPORT_LOG.setLevel(Level.OFF);
            SDK_PROCESSOR_LOG.setLevel(Level.OFF);
        }
        OtlpHttpSpanExporterBuilder exporter = OtlpHttpSpanExporter.builder()
                .setEndpoint(b.settings.endpoint().toString())
                .setTimeout(b.settings.exportTimeout());
        b.settings.headers().forEach(exporter::addHeader);
        SpanExporter guarded = new RedactingSpanExporter(exporter.build(), redactor, this::exportFailed);
        AttributesBuilder resource = Attributes.builder();
        b.settings.resourceAttributes().forEach(resource::put);
        resource.put("service.name", b.settings.serviceName());
        this.provider = SdkTracerProvider.builder()
                .setResource(Resource.getDefault().merge(Resource.create(resource.build())))
                .addSpanProcessor(BatchSpanProcessor.builder(guarded).build())
                .build();
        this.tracer = provider.get(SCOPE);
    }

    /** A tracer exporting as {@code settings} say; see {@link Builder} for the rest. */
    public static Builder builder(OtelExportSettings settings) {
        return new Builder(settings);
    }

    /**
     * {@code judge} with a span per call (a child of the calling turn's span, else of the case
     * attempt's, else of the run's), its verdict, score and usage. Delegates everything else.
     */
    public Judge judge(Judge judge) {
        return new TracedJudge(this, Objects.requireNonNull(judge, "judge"));
    }

    // ---- RunListener

    @Override
    public void runStarted(Suite suite, int selectedCases) {
        if (closed.get()) {
            return;
        }
        run = tracer.spanBuilder("eval " + suite.name()).setSpanKind(SpanKind.INTERNAL).setNoParent()
                .setAttribute(SUITE, suite.name())
                .setAttribute(SELECTED, (long) selectedCases)
                .startSpan();
    }

    @Override
    public void caseStarted(Case testCase, int attempt) {
        AttemptKey key = new AttemptKey(testCase.id(), attempt);
        currentAttempt.set(key);
        currentTurn.remove();
        attempt(key);
    }

    @Override
    public void turnFinished(Case testCase, TurnResult turn) {
        AttemptKey mine = currentAttempt.get();
        AttemptKey key = mine != null && mine.caseId().equals(testCase.id()) ? mine : latestAttempt.get(testCase.id());
        if (key != null) {
            endTurn(key, turn);
        }
    }

    @Override
    public void caseFinished(CaseResult result) {
        for (CaseAttempt a : result.attempts()) {
            AttemptSpans spans = attempts.remove(new AttemptKey(result.id(), a.attempt()));
            if (spans == null) {
                continue;
            }
            spans.endOpenTurns();
            Span span = spans.span;
            span.setAttribute(ATTEMPT_STATUS, a.status().wireName());
            span.setAttribute(CASE_STATUS, result.status().wireName());
            if (!a.reason().isEmpty()) {
                span.setAttribute(REASON, a.reason());
            }
            a.turns().stream().filter(t -> t.harnessFailure() != null).findFirst().ifPresent(t -> {
                span.setAttribute(FAILURE_CODE, t.harnessFailure().code().wireName());
                span.setAttribute(ERROR_TYPE, t.harnessFailure().code().wireName());
            });
            if (a.status() == CaseStatus.FAILED || a.status() == CaseStatus.ERRORED) {
                span.setStatus(StatusCode.ERROR, a.reason());
            }
            span.end(spans.startNanos + a.duration().toNanos(), TimeUnit.NANOSECONDS);
        }
        // Attempts that never reached a result (the case was cut short) end now.
        attempts.keySet().removeIf(k -> {
            if (!k.caseId().equals(result.id())) {
                return false;
            }
            AttemptSpans spans = attempts.get(k);
            if (spans != null) {
                spans.endOpenTurns();
                spans.span.setAttribute(CASE_STATUS, result.status().wireName());
                spans.span.end();
            }
            return true;
        });
        latestAttempt.remove(result.id());
    }

    @Override
    public void runFinished(SuiteResult result) {
        Span r = run;
        if (r == null) {
            return;
        }
        Summary s = result.summary();
        r.setAttribute(COMPLETE, result.complete());
        r.setAttribute("agent_eval.run.passed", (long) s.passed());
        r.setAttribute("agent_eval.run.failed", (long) s.failed());
        r.setAttribute("agent_eval.run.errored", (long) s.errored());
        r.setAttribute("agent_eval.run.skipped", (long) s.skipped());
        if (!result.allPassed()) {
            r.setStatus(StatusCode.ERROR, s.failed() + " failed, " + s.errored() + " errored");
        }
        r.end();
    }

    // ---- TurnHook

    /** Starts the turn's span; returns its W3C {@code traceparent} (and {@code tracestate} when not empty). */
    @Override
    public Map<String, String> beforeTurn(TurnInfo turn) {
        if (closed.get()) {
            return Map.of();
        }
        AttemptKey key = new AttemptKey(turn.testCase().id(), turn.attempt());
        AttemptSpans spans = attempt(key);
        Span span = turnSpan(spans, turn.turn(), null, nowNanos());
        spans.openTurns.put(turn.turn(), span);
        currentAttempt.set(key);
        currentTurn.set(span);
        Map<String, String> headers = new LinkedHashMap<>();
        W3CTraceContextPropagator.getInstance().inject(Context.root().with(span), headers,
                (carrier, k, v) -> carrier.put(k, v));
        return Map.copyOf(headers);
    }

    @Override
    public void turnEnded(TurnInfo turn, TurnResult result) {
        endTurn(new AttemptKey(turn.testCase().id(), turn.attempt()), result);
    }

    /**
     * Ends what is still open, then exports what is left, waiting at most the flush timeout; a
     * collector that does not take the spans in time is a warning. Idempotent.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        for (AttemptSpans spans : attempts.values()) {
            spans.endOpenTurns();
            spans.span.end();
        }
        attempts.clear();
        Optional.ofNullable(run).ifPresent(Span::end); // no-op when runFinished ended it
        CompletableResultCode done = provider.shutdown();
        done.join(flushTimeout.toMillis(), TimeUnit.MILLISECONDS);
        if (!done.isDone()) {
            warnOnce("OpenTelemetry: the collector at " + where + " did not take the run's last spans within "
                    + flushTimeout.toMillis() + " ms; the trace may be incomplete (the results are not affected)");
        }
    }

    // ---- internals

    private AttemptSpans attempt(AttemptKey key) {
        latestAttempt.put(key.caseId(), key);
        return attempts.computeIfAbsent(key, k -> {
            long start = nowNanos();
            var builder = tracer.spanBuilder("case " + k.caseId()).setSpanKind(SpanKind.INTERNAL)
                    .setStartTimestamp(start, TimeUnit.NANOSECONDS)
                    .setAttribute(CASE_ID, k.caseId())
                    .setAttribute(ATTEMPT, (long) k.attempt());
            builder.setNoParent(); // a trace per case attempt (the agent's spans join it), linked to the run's span
            Span r = run;
            if (r != null) {
                builder.addLink(r.getSpanContext()).setAttribute(RUN_TRACE_ID, r.getSpanContext().getTraceId());
            }
            return new AttemptSpans(builder.startSpan(), start);
        });
    }

    /** A turn's span: the agent call, or for the conversation's own scores an evaluation span. */
    private Span turnSpan(AttemptSpans spans, int index, TurnResult result, long startNanos) {
        boolean conversation = result != null && result.isConversation();
        String name = conversation ? "evaluate conversation"
                : agentName != null ? INVOKE_AGENT + " " + agentName : INVOKE_AGENT;
        var builder = tracer.spanBuilder(name)
                .setSpanKind(conversation ? SpanKind.INTERNAL : SpanKind.CLIENT)
                .setParent(Context.root().with(spans.span))
                .setStartTimestamp(startNanos, TimeUnit.NANOSECONDS)
                .setAttribute(TURN, (long) index);
        if (!conversation) {
            builder.setAttribute(OPERATION, INVOKE_AGENT);
            if (agentName != null) {
                builder.setAttribute(AGENT_NAME, agentName);
            }
            if (requestModel != null) {
                builder.setAttribute(REQUEST_MODEL, requestModel);
            }
        }
        return builder.startSpan();
    }

    private void endTurn(AttemptKey key, TurnResult result) {
        AttemptSpans spans = attempts.get(key);
        if (spans == null || !spans.endedTurns.add(result.index())) {
            return; // already ended (hook and listener both report a turn), or its attempt is over
        }
        Span span = spans.openTurns.remove(result.index());
        if (span == null) {
            span = turnSpan(spans, result.index(), result, nowNanos() - result.duration().toNanos());
        }
        if (currentTurn.get() == span) {
            currentTurn.remove();
        }
        describe(span, result);
        span.end();
    }

    private void describe(Span span, TurnResult t) {
        if (t.name() != null) {
            span.setAttribute(TURN_NAME, t.name());
        }
        if (t.agentId() != null) {
            span.setAttribute(AGENT_ID, t.agentId());
        }
        if (t.contextId() != null) {
            span.setAttribute(CONVERSATION_ID, t.contextId());
        }
        usage(span, t.usage());
        if (captureContent && !t.isConversation()) {
            span.setAttribute(INPUT_MESSAGES, messages("user", t.input()));
            if (t.answer() != null) {
                span.setAttribute(OUTPUT_MESSAGES, messages("assistant", t.answer()));
            }
        }
        if (t.harnessFailure() != null) {
            span.setAttribute(ERROR_TYPE, t.harnessFailure().code().wireName());
            span.setAttribute(FAILURE_CODE, t.harnessFailure().code().wireName());
            span.setStatus(StatusCode.ERROR, t.harnessFailure().message());
        }
        for (ScoreResult s : t.scores()) {
            span.addEvent(EVALUATION_EVENT, evaluation(s));
        }
    }

    private void exportFailed(Throwable cause) {
        String why = cause == null || cause.getMessage() == null ? "the export failed"
                : redactor.apply(cause.getMessage());
        warnOnce("OpenTelemetry: could not export the run's spans to " + where + " (" + why
                + "); the run goes on, its trace may be incomplete");
    }

    private void warnOnce(String message) {
        if (warned.compareAndSet(false, true)) {
            warnings.accept(message);
        }
    }

    boolean isClosed() {
        return closed.get();
    }

    Tracer tracer() {
        return tracer;
    }

    /** A judge call's parent: the calling turn's span, else the case attempt's, else the run's. */
    Span judgeParent() {
        Span turn = currentTurn.get();
        if (turn != null) {
            return turn;
        }
        AttemptKey key = currentAttempt.get();
        AttemptSpans spans = key == null ? null : attempts.get(key);
        if (spans != null) {
            return spans.span;
        }
        Span r = run;
        return r != null ? r : Span.getInvalid();
    }

    private static long nowNanos() {
        Instant now = Instant.now();
        return TimeUnit.SECONDS.toNanos(now.getEpochSecond()) + now.getNano();
    }

    private record AttemptKey(String caseId, int attempt) {
    }

    private static final class AttemptSpans {
        final Span span;
        final long startNanos;
        final Map<Integer, Span> openTurns = new ConcurrentHashMap<>();
        final Set<Integer> endedTurns = ConcurrentHashMap.newKeySet();

        AttemptSpans(Span span, long startNanos) {
            this.span = span;
            this.startNanos = startNanos;
        }

        void endOpenTurns() {
            List<Span> open = new ArrayList<>(openTurns.values());
            openTurns.clear();
            open.forEach(Span::end);
        }
    }

    /** Builds a {@link RunTracer}. */
    public static final class Builder {
        private final OtelExportSettings settings;
        private UnaryOperator<String> redactor = UnaryOperator.identity();
        private String agentName;
        private String requestModel;
        private boolean captureContent;
        private boolean quietSdkLogging = true;
        private Consumer<String> warnings = LOG::warn;

        private Builder(OtelExportSettings settings) {
            this.settings = Objects.requireNonNull(settings, "settings");
        }

        /**
         * The run's redactor (e.g. {@code secrets::redact} of {@code dev.agenteval.spi.Secrets}):
         * applied to every exported name, attribute, event and status text. Identity by default.
         */
        public Builder redactor(UnaryOperator<String> redactor) {
            this.redactor = Objects.requireNonNull(redactor, "redactor");
            return this;
        }

        /** {@code gen_ai.agent.name} of the turn spans (e.g. the agent's name or URL); none by default. */
        public Builder agentName(String agentName) {
            this.agentName = agentName == null || agentName.isBlank() ? null : agentName.strip();
            return this;
        }

        /** {@code gen_ai.request.model} of the turn spans, when the run knows the agent's model. */
        public Builder requestModel(String requestModel) {
            this.requestModel = requestModel == null || requestModel.isBlank() ? null : requestModel.strip();
            return this;
        }

        /**
         * Whether turn spans carry the message sent and the answer ({@code gen_ai.input.messages},
         * {@code gen_ai.output.messages}, redacted); off by default, as the GenAI conventions ask.
         */
        public Builder captureContent(boolean captureContent) {
            this.captureContent = captureContent;
            return this;
        }

        /** Where the tracer's one warning goes; the {@code RunTracer} SLF4J logger by default. */
        public Builder warnings(Consumer<String> warnings) {
            this.warnings = Objects.requireNonNull(warnings, "warnings");
            return this;
        }

        /**
         * Whether the SDK's own java.util.logging lines about failed exports are silenced (the
         * tracer's single warning says it instead); true by default.
         */
        public Builder quietSdkLogging(boolean quiet) {
            this.quietSdkLogging = quiet;
            return this;
        }

        /** The tracer; its exporter thread starts now. */
        public RunTracer build() {
            return new RunTracer(this);
        }
    }
}
