package dev.agenteval.spi;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.Usage;
import java.util.Objects;

/**
 * A judge's typed verdict.
 *
 * @param passed    whether the answer passes
 * @param score     a score in 0..1
 * @param reason    the judge's reason; never null
 * @param usage     the judge's own usage, or null
 * @param agreement for a majority vote, the share of samples that agreed with it (above 0.5, at
 *                  most 1); null for a single sample
 * @param judge     the name of the judge that gave the verdict, or null
 */
@API(status = STABLE)
public record JudgeVerdict(boolean passed, double score, String reason, Usage usage, Double agreement,
                           String judge) {

    /** Validates. */
    public JudgeVerdict {
        if (!(score >= 0.0 && score <= 1.0)) {
            throw new IllegalArgumentException("score must be in 0..1 but was " + score);
        }
        Objects.requireNonNull(reason, "reason");
        if (agreement != null && !(agreement > 0.0 && agreement <= 1.0)) {
            throw new IllegalArgumentException("agreement must be in (0, 1] but was " + agreement);
        }
    }

    /** A single-sample verdict without a judge name. */
    public JudgeVerdict(boolean passed, double score, String reason, Usage usage) {
        this(passed, score, reason, usage, null, null);
    }
}
