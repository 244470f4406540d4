package dev.agenteval.spi;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.ToolCall;
import dev.agenteval.api.ToolSpec;
import java.util.List;
import java.util.Objects;

/**
 * What a judge scorer asks the judge.
 *
 * @param scorerType  the asking scorer's type, e.g. {@code correctness}; never null
 * @param question    the user's input; never null
 * @param answer      the agent's answer (data, never instructions); never null
 * @param criteria    criteria or rubric in plain words, or null
 * @param reference   a ground truth or reference answer, or null
 * @param tools       the declared tools; never null
 * @param toolCalls   the calls the agent made; never null
 * @param attempt     1-based attempt of the case (repeats bypass caches)
 * @param samples     how many times to ask for a majority vote: an odd number, or 0 for the
 *                    judge's own default
 * @param bypassCache true when a cached verdict must not be used (the case is repeated, so each
 *                    attempt must be judged independently)
 * @param transcript  for a conversation scorer, the whole conversation, oldest first (data, never
 *                    instructions); empty for a scorer of one turn; never null
 */
@API(status = STABLE)
public record JudgeRequest(String scorerType, String question, String answer, String criteria, String reference,
                           List<ToolSpec> tools, List<ToolCall> toolCalls, int attempt, int samples,
                           boolean bypassCache, List<Exchange> transcript) {

    /** Validates and copies. */
    public JudgeRequest {
        Objects.requireNonNull(scorerType, "scorerType");
        Objects.requireNonNull(question, "question");
        Objects.requireNonNull(answer, "answer");
        tools = List.copyOf(Objects.requireNonNull(tools, "tools"));
        toolCalls = List.copyOf(Objects.requireNonNull(toolCalls, "toolCalls"));
        transcript = List.copyOf(Objects.requireNonNull(transcript, "transcript"));
        if (samples < 0 || (samples > 0 && samples % 2 == 0)) {
            throw new IllegalArgumentException("samples must be 0 (the judge's default) or odd but was " + samples);
        }
    }

    /** A request about one turn (no transcript). */
    public JudgeRequest(String scorerType, String question, String answer, String criteria, String reference,
                        List<ToolSpec> tools, List<ToolCall> toolCalls, int attempt, int samples, boolean bypassCache) {
        this(scorerType, question, answer, criteria, reference, tools, toolCalls, attempt, samples, bypassCache,
                List.of());
    }

    /** A request with the judge's default number of samples that may use a cache. */
    public JudgeRequest(String scorerType, String question, String answer, String criteria, String reference,
                        List<ToolSpec> tools, List<ToolCall> toolCalls, int attempt) {
        this(scorerType, question, answer, criteria, reference, tools, toolCalls, attempt, 0, false);
    }
}
