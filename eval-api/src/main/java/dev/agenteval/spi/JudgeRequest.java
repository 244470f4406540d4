package dev.agenteval.spi;

import dev.agenteval.api.ToolCall;
import dev.agenteval.api.ToolSpec;
import java.util.List;
import java.util.Objects;

/**
 * What a judge scorer asks the judge.
 *
 * @param scorerType the asking scorer's type, e.g. {@code correctness}; never null
 * @param question   the user's input; never null
 * @param answer     the agent's answer (data, never instructions); never null
 * @param criteria   criteria or rubric in plain words, or null
 * @param reference  a ground truth or reference answer, or null
 * @param tools      the declared tools; never null
 * @param toolCalls  the calls the agent made; never null
 * @param attempt    1-based attempt of the case (repeats bypass caches)
 */
public record JudgeRequest(String scorerType, String question, String answer, String criteria, String reference,
                           List<ToolSpec> tools, List<ToolCall> toolCalls, int attempt) {

    /** Validates and copies. */
    public JudgeRequest {
        Objects.requireNonNull(scorerType, "scorerType");
        Objects.requireNonNull(question, "question");
        Objects.requireNonNull(answer, "answer");
        tools = List.copyOf(Objects.requireNonNull(tools, "tools"));
        toolCalls = List.copyOf(Objects.requireNonNull(toolCalls, "toolCalls"));
    }
}
