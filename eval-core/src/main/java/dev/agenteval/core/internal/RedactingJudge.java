package dev.agenteval.core.internal;

import dev.agenteval.api.ToolCall;
import dev.agenteval.spi.Exchange;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.JudgeRequest;
import dev.agenteval.spi.JudgeVerdict;
import java.util.List;

/**
 * A judge that masks the run's secrets in what it is asked before asking the real judge, which
 * may be a hosted service: the question, the answer, the criteria, the reference and the tool
 * calls. Verdicts pass through unchanged (results are redacted anyway).
 */
public final class RedactingJudge implements Judge {

    private final Judge judge;
    private final Redactor redactor;

    public RedactingJudge(Judge judge, Redactor redactor) {
        this.judge = judge;
        this.redactor = redactor;
    }

    @Override
    public JudgeVerdict judge(JudgeRequest r) throws InterruptedException {
        if (redactor.secrets().isEmpty()) {
            return judge.judge(r);
        }
        List<ToolCall> calls = r.toolCalls().stream().map(redactor::redact).toList();
        return judge.judge(new JudgeRequest(r.scorerType(), redactor.redact(r.question()), redactor.redact(r.answer()),
                redactor.redact(r.criteria()), redactor.redact(r.reference()), r.tools(), calls, r.attempt(), r.samples(),
                r.bypassCache(), r.transcript().stream()
                        .map(e -> new Exchange(redactor.redact(e.input()), redactor.redact(e.answer()))).toList()));
    }

    @Override
    public void preflight() throws InterruptedException {
        judge.preflight();
    }

    @Override
    public java.util.Optional<String> templateVersion(String scorerType) {
        return judge.templateVersion(scorerType);
    }

    @Override
    public String name() {
        return judge.name();
    }

    @Override
    public String toString() {
        return judge.toString();
    }
}
