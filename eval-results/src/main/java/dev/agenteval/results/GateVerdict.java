package dev.agenteval.results;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

/**
 * What a {@link Gate} decided about a result.
 *
 * @param met              true when the result covers every current case and its pass rate
 *                         meets the threshold
 * @param covered          true when the result covers every current case of an exact,
 *                         recorded configuration (see {@link Gate})
 * @param passRate         passed cases over the result's cases, 0..1
 * @param thresholdPercent the gate's threshold, 0..100
 * @param reason           one sentence saying why, naming the pass rate, the threshold and every
 *                         coverage problem; never null
 */
@API(status = MAINTAINED)
public record GateVerdict(boolean met, boolean covered, double passRate, double thresholdPercent, String reason) {

    /** Validates. */
    public GateVerdict {
        java.util.Objects.requireNonNull(reason, "reason");
        if (met && !covered) {
            throw new IllegalArgumentException("a gate cannot be met by a result that does not cover every case");
        }
    }
}
