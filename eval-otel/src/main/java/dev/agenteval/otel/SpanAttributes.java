package dev.agenteval.otel;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.Usage;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.trace.Span;
import java.util.List;
import java.util.Map;

/**
 * The attributes {@link RunTracer} exports: the GenAI semantic conventions' where they have one
 * ({@code gen_ai.*}, {@code error.type}), {@code agent_eval.*} for the rest.
 */
final class SpanAttributes {

    static final AttributeKey<String> OPERATION = AttributeKey.stringKey("gen_ai.operation.name");
    static final AttributeKey<String> AGENT_NAME = AttributeKey.stringKey("gen_ai.agent.name");
    static final AttributeKey<String> AGENT_ID = AttributeKey.stringKey("gen_ai.agent.id");
    static final AttributeKey<String> CONVERSATION_ID = AttributeKey.stringKey("gen_ai.conversation.id");
    static final AttributeKey<String> REQUEST_MODEL = AttributeKey.stringKey("gen_ai.request.model");
    static final AttributeKey<String> RESPONSE_MODEL = AttributeKey.stringKey("gen_ai.response.model");
    static final AttributeKey<Long> INPUT_TOKENS = AttributeKey.longKey("gen_ai.usage.input_tokens");
    static final AttributeKey<Long> OUTPUT_TOKENS = AttributeKey.longKey("gen_ai.usage.output_tokens");
    static final AttributeKey<String> INPUT_MESSAGES = AttributeKey.stringKey("gen_ai.input.messages");
    static final AttributeKey<String> OUTPUT_MESSAGES = AttributeKey.stringKey("gen_ai.output.messages");
    static final AttributeKey<String> EVALUATION_NAME = AttributeKey.stringKey("gen_ai.evaluation.name");
    static final AttributeKey<Double> SCORE_VALUE = AttributeKey.doubleKey("gen_ai.evaluation.score.value");
    static final AttributeKey<String> SCORE_LABEL = AttributeKey.stringKey("gen_ai.evaluation.score.label");
    static final AttributeKey<String> EXPLANATION = AttributeKey.stringKey("gen_ai.evaluation.explanation");
    static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");
    static final AttributeKey<String> SUITE = AttributeKey.stringKey("agent_eval.suite.name");
    static final AttributeKey<Long> SELECTED = AttributeKey.longKey("agent_eval.run.selected_cases");
    static final AttributeKey<Boolean> COMPLETE = AttributeKey.booleanKey("agent_eval.run.complete");
    static final AttributeKey<String> CASE_ID = AttributeKey.stringKey("agent_eval.case.id");
    static final AttributeKey<String> RUN_TRACE_ID = AttributeKey.stringKey("agent_eval.run.trace_id");
    static final AttributeKey<Long> ATTEMPT = AttributeKey.longKey("agent_eval.case.attempt");
    static final AttributeKey<String> ATTEMPT_STATUS = AttributeKey.stringKey("agent_eval.attempt.status");
    static final AttributeKey<String> CASE_STATUS = AttributeKey.stringKey("agent_eval.case.status");
    static final AttributeKey<String> REASON = AttributeKey.stringKey("agent_eval.reason");
    static final AttributeKey<String> FAILURE_CODE = AttributeKey.stringKey("agent_eval.failure.code");
    static final AttributeKey<Long> TURN = AttributeKey.longKey("agent_eval.turn.index");
    static final AttributeKey<String> TURN_NAME = AttributeKey.stringKey("agent_eval.turn.name");
    static final AttributeKey<String> SCORER = AttributeKey.stringKey("agent_eval.scorer.type");
    static final AttributeKey<String> JUDGE_NAME = AttributeKey.stringKey("agent_eval.judge.name");
    static final AttributeKey<Boolean> JUDGE_PASSED = AttributeKey.booleanKey("agent_eval.judge.passed");
    static final AttributeKey<Double> JUDGE_SCORE = AttributeKey.doubleKey("agent_eval.judge.score");
    static final AttributeKey<Double> JUDGE_AGREEMENT = AttributeKey.doubleKey("agent_eval.judge.agreement");


    private static final ObjectMapper JSON = new ObjectMapper();

    private SpanAttributes() {
    }

    /** The GenAI usage attributes (response model, input and output tokens) that {@code u} reports. */
    static void usage(Span span, Usage u) {
        if (u == null) {
            return;
        }
        if (u.model() != null) {
            span.setAttribute(RESPONSE_MODEL, u.model());
        }
        if (u.inputTokens() != null) {
            span.setAttribute(INPUT_TOKENS, u.inputTokens());
        }
        if (u.outputTokens() != null) {
            span.setAttribute(OUTPUT_TOKENS, u.outputTokens());
        }
    }

    /** The {@code gen_ai.evaluation.result} attributes of one score. */
    static Attributes evaluation(ScoreResult s) {
        AttributesBuilder a = Attributes.builder()
                .put(EVALUATION_NAME, s.type())
                .put(SCORE_LABEL, s.status().wireName());
        if (s.value() != null) {
            a.put(SCORE_VALUE, s.value());
        }
        if (!s.reason().isEmpty()) {
            a.put(EXPLANATION, s.reason());
        }
        if (s.failure() != null) {
            a.put(ERROR_TYPE, s.failure().code().wireName());
        }
        return a.build();
    }

    static String messages(String role, String text) {
        List<Map<String, Object>> parts = List.of(Map.of("type", "text", "content", text));
        try {
            return JSON.writeValueAsString(List.of(Map.of("role", role, "parts", parts)));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
