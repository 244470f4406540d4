package dev.agenteval.core.internal;

import dev.agenteval.api.Check;
import dev.agenteval.api.InfrastructureFailure;
import dev.agenteval.api.Part;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ToolCall;
import dev.agenteval.api.TurnResult;
import dev.agenteval.spi.Secrets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Masks the run's secrets ({@link Secrets}, in every form they take) in everything that goes into
 * results, so no report or log built from results can show them: answers, raw requests and
 * responses, tool calls, failure messages and contexts, check labels and details, judge reasons.
 */
public final class Redactor {

    /** The replacement for a secret. */
    public static final String MASK = Secrets.MASK;

    private final Secrets secrets;

    private Redactor(Secrets secrets) {
        this.secrets = secrets;
    }

    /** A redactor for the secrets of a run, including those added to it later. */
    public static Redactor of(Secrets secrets) {
        return new Redactor(java.util.Objects.requireNonNull(secrets, "secrets"));
    }

    /** A redactor for these secret values; empty values are ignored. */
    public static Redactor of(Set<String> secrets) {
        return new Redactor(Secrets.create().addAll(secrets));
    }

    /** A redactor that changes nothing. */
    public static Redactor none() {
        return new Redactor(Secrets.create());
    }

    /** The secrets this redactor masks. */
    public Secrets secrets() {
        return secrets;
    }

    /** The string with every secret masked; null stays null. */
    public String redact(String s) {
        return secrets.redact(s);
    }

    /** A JSON-like value with every secret masked in keys and strings. */
    public Object redactValue(Object value) {
        if (secrets.isEmpty()) {
            return value;
        }
        if (value instanceof String s) {
            return redact(s);
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> copy = new LinkedHashMap<>();
            map.forEach((k, v) -> copy.put(redact((String) k), redactValue(v)));
            return copy;
        }
        if (value instanceof List<?> list) {
            List<Object> copy = new ArrayList<>(list.size());
            list.forEach(v -> copy.add(redactValue(v)));
            return copy;
        }
        return value;
    }

    /** A turn result with every secret masked. */
    public TurnResult redact(TurnResult t) {
        if (secrets.isEmpty()) {
            return t;
        }
        List<ToolCall> calls = t.toolCalls().stream().map(this::redact).toList();
        List<ScoreResult> scores = t.scores().stream().map(this::redact).toList();
        return new TurnResult(t.index(), redact(t.name()), redact(t.input()), redactValue(t.request()),
                redactValue(t.response()), redact(t.answer()), t.state(), calls, t.duration(), t.usage(),
                redact(t.harnessFailure()), scores, redact(t.agentId()), redact(t.contextId()), redact(t.taskId()),
                redact(t.traceUrl()), t.inputParts().stream().map(this::redact).toList());
    }

    /** A tool call with every secret masked, its error and mocked mark kept. */
    public ToolCall redact(ToolCall c) {
        return new ToolCall(redact(c.name()), map(c.arguments()), redactValue(c.result()), redact(c.error()), c.mocked());
    }

    private Part redact(Part p) {
        return p instanceof Part.Text text ? Part.text(redact(text.text())) : Part.data(redactValue(((Part.Data) p).data()));
    }

    /** A failure with every secret masked; null stays null. */
    public InfrastructureFailure redact(InfrastructureFailure f) {
        if (f == null || secrets.isEmpty()) {
            return f;
        }
        return new InfrastructureFailure(f.code(), redact(f.message()), map(f.context()));
    }

    private ScoreResult redact(ScoreResult s) {
        List<Check> checks = s.checks().stream()
                .map(c -> new Check(redact(c.label()), c.passed(), redact(c.detail()))).toList();
        return new ScoreResult(s.type(), s.status(), s.value(), redact(s.reason()), checks, s.usage(),
                redact(s.failure()));
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> map(Map<String, Object> m) {
        return (Map<String, Object>) redactValue(m);
    }
}
