package dev.agenteval.yaml;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.ToolCall;
import dev.agenteval.api.ToolSpec;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * A person's verdict on one recorded turn, for eval-judge's
 * {@code dev.agenteval.judge.calibration.Calibration}: what was asked, what the agent answered (and
 * called), the judge scorer to calibrate, and whether the person says it passes. A labels file
 * ({@link LabelsLoader}) or a results file with people's verdicts gives a list of them.
 *
 * <pre>{@code
 * LabelledTurn label = LabelledTurn.of("paris", "What is the capital of France?", "Paris.",
 *         Scorers.correctness("Names Paris as the capital"), true);
 * }</pre>
 *
 * @param id          the label's id, unique among the labels; never blank
 * @param turn        the recorded turn: the input sent and the agent's response; never null
 * @param tools       the tools declared for the turn, used when the scorer declares none (tool
 *                    scorers need them); never null, may be empty
 * @param scorer      the judge scorer to run on the turn; never null
 * @param humanPassed the person's verdict: true for pass
 * @param humanScore  the person's score in 0..1, or null when they gave none (informational)
 * @param recorded    the judge's verdict as recorded in a results file, or null: when set, it is
 *                    compared with the person's and the judge is not asked again
 */
@API(status = MAINTAINED)
public record LabelledTurn(String id, RecordedTurn turn, List<ToolSpec> tools, ScorerSpec scorer, boolean humanPassed,
                           Double humanScore, ScoreResult recorded) {

    /** Validates and copies. */
    public LabelledTurn {
        Objects.requireNonNull(id, "id");
        if (id.isBlank()) {
            throw new IllegalArgumentException("a label's id must not be blank");
        }
        Objects.requireNonNull(turn, "turn");
        tools = List.copyOf(Objects.requireNonNull(tools, "tools"));
        Objects.requireNonNull(scorer, "scorer");
        if (humanScore != null && !(humanScore >= 0 && humanScore <= 1)) {
            throw new IllegalArgumentException("label '" + id + "': humanScore must be in 0..1 but was " + humanScore);
        }
    }

    /** A label of a one-turn answer without tool calls. */
    public static LabelledTurn of(String id, String input, String answer, ScorerSpec scorer, boolean humanPassed) {
        return new LabelledTurn(id, new RecordedTurn(input, AgentResponse.ofText(answer), Duration.ZERO), List.of(),
                scorer, humanPassed, null, null);
    }

    /** A copy whose turn also reports these tool calls (for toolSelection and toolInvocation). */
    public LabelledTurn withToolCalls(List<ToolCall> toolCalls) {
        AgentResponse r = turn.response();
        AgentResponse withCalls = AgentResponse.builder().text(r.text()).toolCalls(toolCalls).build();
        return new LabelledTurn(id, new RecordedTurn(turn.input(), withCalls, turn.duration()), tools, scorer,
                humanPassed, humanScore, recorded);
    }

    /** A copy with these declared tools. */
    public LabelledTurn withTools(List<ToolSpec> tools) {
        return new LabelledTurn(id, turn, tools, scorer, humanPassed, humanScore, recorded);
    }

    /** A copy with the person's score. */
    public LabelledTurn withHumanScore(double humanScore) {
        return new LabelledTurn(id, turn, tools, scorer, humanPassed, humanScore, recorded);
    }
}
