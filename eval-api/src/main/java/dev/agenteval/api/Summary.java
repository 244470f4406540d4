package dev.agenteval.api;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import java.util.List;

/**
 * Counts over a suite's case results.
 *
 * @param cases     cases selected
 * @param passed    cases that met their expectation
 * @param failed    cases that did not
 * @param errored   cases the harness could not evaluate
 * @param skipped   cases not run
 * @param undecided cases a judge score left undecided (inside an {@code undecidedBetween} band);
 *                  never counted as passed
 * @param flaky     repeated cases whose attempts disagree ({@link CaseResult#flaky()}), whatever
 *                  their status
 */
@API(status = STABLE)
public record Summary(int cases, int passed, int failed, int errored, int skipped, int undecided, int flaky) {

    /** Counts without flaky cases. */
    public Summary(int cases, int passed, int failed, int errored, int skipped, int undecided) {
        this(cases, passed, failed, errored, skipped, undecided, 0);
    }

    /** Counts without undecided or flaky cases (as before the undecided band existed). */
    public Summary(int cases, int passed, int failed, int errored, int skipped) {
        this(cases, passed, failed, errored, skipped, 0, 0);
    }

    /** Counts the given results. */
    public static Summary of(List<CaseResult> results) {
        int p = 0;
        int f = 0;
        int e = 0;
        int s = 0;
        int u = 0;
        int flaky = 0;
        for (CaseResult r : results) {
            if (r.flaky()) {
                flaky++;
            }
            switch (r.status()) {
                case PASSED -> p++;
                case FAILED -> f++;
                case ERRORED -> e++;
                case SKIPPED -> s++;
                case UNDECIDED -> u++;
            }
        }
        return new Summary(results.size(), p, f, e, s, u, flaky);
    }

    /** Passed cases over all cases, 0..1; 0 for an empty suite. */
    public double passRate() {
        return cases == 0 ? 0.0 : (double) passed / cases;
    }
}
