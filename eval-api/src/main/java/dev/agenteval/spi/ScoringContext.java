package dev.agenteval.spi;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Case;
import dev.agenteval.api.JudgeException;
import dev.agenteval.api.Message;
import dev.agenteval.api.ToolSpec;
import dev.agenteval.api.Turn;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything a scorer may look at for one turn.
 *
 * @param testCase  the case; never null
 * @param turnIndex 1-based turn index
 * @param input     the message sent on this turn, placeholders resolved; never null
 * @param history   the earlier turns of this conversation, in order; never null
 * @param response  the agent's response; never null
 * @param duration  the turn's round trip; never null
 * @param tools     the tools resolved for this scorer (scorer's, else the case's), or null
 * @param judge     the configured judge, or null
 * @param attempt   1-based attempt of the case
 * @param repeated  true when the case runs more than once (judge caches must be bypassed)
 * @param secrets   the run's secrets: a scorer that quotes the response in a detail masks them
 *                  <em>before</em> it cuts an excerpt, so no excerpt keeps half a secret; never null
 */
@API(status = STABLE)
public record ScoringContext(Case testCase, int turnIndex, Message input, List<Exchange> history,
                             AgentResponse response, Duration duration, List<ToolSpec> tools, Judge judge, int attempt,
                             boolean repeated, Secrets secrets) {

    /** Validates. */
    public ScoringContext {
        Objects.requireNonNull(testCase, "testCase");
        Objects.requireNonNull(input, "input");
        history = List.copyOf(Objects.requireNonNull(history, "history"));
        Objects.requireNonNull(response, "response");
        Objects.requireNonNull(duration, "duration");
        tools = tools == null ? null : List.copyOf(tools);
        Objects.requireNonNull(secrets, "secrets");
    }

    /** A context without secrets of its own (tests, tools). */
    public ScoringContext(Case testCase, int turnIndex, Message input, List<Exchange> history,
                          AgentResponse response, Duration duration, List<ToolSpec> tools, Judge judge, int attempt,
                          boolean repeated) {
        this(testCase, turnIndex, input, history, response, duration, tools, judge, attempt, repeated, Secrets.create());
    }

    /** A context for the first turn of a case that runs once, its input as written (tests, tools). */
    public ScoringContext(Case testCase, int turnIndex, AgentResponse response, Duration duration,
                          List<ToolSpec> tools, Judge judge, int attempt) {
        this(testCase, turnIndex, testCase.turns().get(turnIndex - 1).input(), List.of(), response, duration, tools,
                judge, attempt, false);
    }

    /**
     * The turn being scored: the scripted turn, or for a {@linkplain Case#simulation() simulated}
     * case the generated one (its input, the simulation's per-turn scorers).
     */
    public Turn turn() {
        if (turnIndex <= testCase.turns().size()) {
            return testCase.turns().get(turnIndex - 1);
        }
        return Turn.of(input).expect(testCase.simulation().map(s -> s.turnScorers()).orElse(List.of())).build();
    }

    /**
     * The whole conversation up to and including this turn, oldest first: the {@link #history()},
     * then this turn's input and answer; never null. Conversation scorers read it.
     */
    public List<Exchange> transcript() {
        List<Exchange> all = new java.util.ArrayList<>(history);
        all.add(new Exchange(input.readableText(), response.text()));
        return List.copyOf(all);
    }

    /** The tools resolved for this scorer, if any level declared them. */
    public Optional<List<ToolSpec>> resolvedTools() {
        return Optional.ofNullable(tools);
    }

    /** The judge, or a {@link JudgeException} when none is configured. */
    public Judge requireJudge() {
        if (judge == null) {
            throw new JudgeException("no judge configured");
        }
        return judge;
    }

    /** The judge, if configured. */
    public Optional<Judge> judgeIfConfigured() {
        return Optional.ofNullable(judge);
    }
}
