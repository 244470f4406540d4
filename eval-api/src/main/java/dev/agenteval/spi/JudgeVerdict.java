package dev.agenteval.spi;

import dev.agenteval.api.Usage;
import java.util.Objects;

/**
 * A judge's typed verdict.
 *
 * @param passed whether the answer passes
 * @param score  a score in 0..1
 * @param reason the judge's reason; never null
 * @param usage  the judge's own usage, or null
 */
public record JudgeVerdict(boolean passed, double score, String reason, Usage usage) {

    /** Validates. */
    public JudgeVerdict {
        if (!(score >= 0.0 && score <= 1.0)) {
            throw new IllegalArgumentException("score must be in 0..1 but was " + score);
        }
        Objects.requireNonNull(reason, "reason");
    }
}
