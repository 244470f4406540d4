package dev.agenteval.otel;

import static dev.agenteval.otel.SpanAttributes.*;

import dev.agenteval.spi.Judge;
import dev.agenteval.spi.JudgeRequest;
import dev.agenteval.spi.JudgeVerdict;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Context;
import java.util.Optional;

/** A judge whose calls are spans. */
final class TracedJudge implements Judge {
    private final RunTracer owner;
    private final Judge delegate;

    TracedJudge(RunTracer owner, Judge delegate) {
        this.owner = owner;
        this.delegate = delegate;
    }

    @Override
    public JudgeVerdict judge(JudgeRequest request) throws InterruptedException {
        if (owner.isClosed()) {
            return delegate.judge(request);
        }
        Span span = owner.tracer().spanBuilder("judge " + request.scorerType()).setSpanKind(SpanKind.CLIENT)
                .setParent(Context.root().with(owner.judgeParent()))
                .setAttribute(SCORER, request.scorerType())
                .setAttribute(JUDGE_NAME, delegate.name())
                .setAttribute(ATTEMPT, (long) request.attempt())
                .startSpan();
        try {
            JudgeVerdict verdict = delegate.judge(request);
            span.setAttribute(JUDGE_PASSED, verdict.passed());
            span.setAttribute(JUDGE_SCORE, verdict.score());
            if (verdict.agreement() != null) {
                span.setAttribute(JUDGE_AGREEMENT, verdict.agreement());
            }
            usage(span, verdict.usage());
            return verdict;
        } catch (InterruptedException | RuntimeException | Error e) {
            span.setAttribute(ERROR_TYPE, e.getClass().getName());
            span.setStatus(StatusCode.ERROR, String.valueOf(e.getMessage()));
            throw e;
        } finally {
            span.end();
        }
    }

    @Override
    public void preflight() throws InterruptedException {
        delegate.preflight();
    }

    @Override
    public Optional<String> templateVersion(String scorerType) {
        return delegate.templateVersion(scorerType);
    }

    @Override
    public String name() {
        return delegate.name();
    }
}
