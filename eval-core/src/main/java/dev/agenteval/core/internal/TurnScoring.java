package dev.agenteval.core.internal;

import dev.agenteval.api.AgentException;
import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Case;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.InfrastructureFailure;
import dev.agenteval.api.Message;
import dev.agenteval.api.Prices;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.ToolSpec;
import dev.agenteval.api.Turn;
import dev.agenteval.api.Usage;
import dev.agenteval.spi.Exchange;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.ScoringContext;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The scoring of one attempt's turns: the prepared scorers of each turn and of the whole
 * conversation, each given its own tools else the case's, with the built-in verdicts (the agent
 * answered, the expected task state); usage priced from the price table. A scorer that fails is
 * an errored score, never a lost turn.
 */
final class TurnScoring {

    private static final Logger LOG = LoggerFactory.getLogger(AttemptExecution.class);

    private final PreparedCase prepared;
    private final int attempt;
    private final boolean repeated;
    private final Judge judge;
    private final Preparation preparation;
    private final Prices prices;

    TurnScoring(PreparedCase prepared, int attempt, boolean repeated, Judge judge, Preparation preparation,
                Prices prices) {
        this.prepared = prepared;
        this.attempt = attempt;
        this.repeated = repeated;
        this.judge = judge;
        this.preparation = preparation;
        this.prices = prices;
    }

    /** The response with its cost estimated from the prices when the agent reported tokens but no cost. */
    AgentResponse priced(AgentResponse response) {
        Usage usage = response.usage().orElse(null);
        Usage estimated = prices.estimate(usage);
        return estimated == usage ? response : response.toBuilder().usage(estimated).build();
    }

    /**
     * The scores of turn {@code index} (0-based): the "agent answered" rule of a case without
     * scorers, {@code specs} given the earlier turns as {@code history}, then the task state guard.
     */
    List<ScoreResult> score(int index, Message input, Turn turn, List<ScorerSpec> specs, AgentResponse response,
                            Duration duration, List<Exchange> history) throws InterruptedException {
        Case c = prepared.testCase();
        List<ScoreResult> scores = new ArrayList<>();
        if (c.hasNoScorers() && c.answerRequired()) {
            // The "agent answered" rule adds to the state guard below; it never replaces it.
            scores.add(Verdicts.answered(response));
        }
        if (!specs.isEmpty()) {
            scoreEach(specs, index, input, history, response, duration, scores);
        }
        Verdicts.taskState(turn, response).ifPresent(scores::add);
        if (prepared.mocksRequired()) {
            Verdicts.toolsMocked(response).ifPresent(scores::add);
        }
        return scores;
    }

    /**
     * Adds the score of each of {@code specs} on turn {@code index} (0-based) to {@code scores},
     * each scorer given its own tools, else the case's.
     */
    void scoreEach(List<ScorerSpec> specs, int index, Message input, List<Exchange> history, AgentResponse response,
                   Duration duration, List<ScoreResult> scores) throws InterruptedException {
        Case c = prepared.testCase();
        for (ScorerSpec spec : specs) {
            List<ToolSpec> tools = spec.tools().orElse(c.tools().orElse(null));
            scores.add(scoreOne(spec, new ScoringContext(c, index + 1, input, history, response, duration, tools, judge,
                    attempt, repeated, preparation.redactor().secrets())));
        }
    }

    private ScoreResult scoreOne(ScorerSpec spec, ScoringContext ctx) throws InterruptedException {
        try {
            ScoreResult r = preparation.scorer(spec).score(ctx);
            if (r == null) {
                return ScoreResult.errored(spec.type(), InfrastructureFailure.of(FailureCode.INTERNAL,
                        "scorer '" + spec.type() + "' returned no result"));
            }
            // The judge's usage is priced like the agent's: tokens and a model but no cost get an estimate.
            Usage estimated = prices.estimate(r.usage());
            return estimated == r.usage() ? r : r.withUsage(estimated);
        } catch (InterruptedException e) {
            throw e;
        } catch (AgentException e) {
            return ScoreResult.errored(spec.type(), e.toFailure());
        } catch (Exception e) {
            LOG.debug("Scorer '{}' failed on case '{}'", spec.type(), ctx.testCase().id(), e);
            return ScoreResult.errored(spec.type(), InfrastructureFailure.of(FailureCode.INTERNAL,
                    "scorer '" + spec.type() + "' threw " + e.getClass().getSimpleName() + ": " + e.getMessage()));
        }
    }
}
