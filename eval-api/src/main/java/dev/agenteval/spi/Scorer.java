package dev.agenteval.spi;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.ScoreResult;

/**
 * Scores one turn. Created by a {@link ScorerFactory} from a spec, or written in code:
 *
 * <pre>{@code
 * Scorer shortAnswer = ctx -> ScoreResult.ofChecks("short",
 *         ctx.response().text().length() < 200
 *                 ? Check.pass("length") : Check.fail("length", "answer too long"));
 * }</pre>
 *
 * Must be thread-safe. An exception is recorded as an errored score (a
 * {@link dev.agenteval.api.AgentException} with its code, anything else as {@code internal}).
 */
@FunctionalInterface
@API(status = STABLE)
public interface Scorer {

    /** Scores the turn described by {@code context}. */
    ScoreResult score(ScoringContext context) throws Exception;
}
