package dev.agenteval.results;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import dev.agenteval.api.SuiteResult;
import dev.agenteval.results.stats.Confidence;
import java.lang.ref.WeakReference;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * An earlier result to compare runs with: regressions, fixes, new and removed cases, and the
 * change in pass rate ({@link BaselineComparison}). Thread-safe; its settings are immutable.
 *
 * <pre>{@code
 * Baseline baseline = Baseline.read(Path.of("previous/results.json"));
 * BaselineComparison diff = baseline.compare(runner.run(suite));
 * diff.regressions().forEach(c -> System.out.println("regressed: " + c.id()));
 * }</pre>
 *
 * Reports show the comparison when given a baseline ({@code Reports.all(Path, Baseline)} in eval-report). Every
 * report of one result gets the same comparison: a baseline remembers the comparison with the
 * last result it compared, so the JSON, Markdown, HTML and console reports of a run, and a gate
 * on its regressions, compare once.
 */
@API(status = MAINTAINED)
public final class Baseline {

    /** The default significance: a repeated case's change counts when p &lt; 0.05. */
    public static final double DEFAULT_SIGNIFICANCE = 0.05;

    private final SuiteResult result;
    private final String source;
    private final double significance;
    private final Confidence confidence;
    private final AtomicReference<Compared> last = new AtomicReference<>();
    private final AtomicInteger comparisons = new AtomicInteger();

    /** The comparison with a result, held as long as the result is. */
    private record Compared(WeakReference<SuiteResult> current, BaselineComparison comparison) {
    }

    private Baseline(SuiteResult result, String source, double significance, Confidence confidence) {
        this.result = result;
        this.source = source;
        this.significance = significance;
        this.confidence = confidence;
    }

    /** A baseline of an earlier result held in memory. */
    public static Baseline of(SuiteResult earlier) {
        Objects.requireNonNull(earlier, "earlier");
        return new Baseline(earlier, "run of " + earlier.startedAt(), DEFAULT_SIGNIFICANCE, Confidence.DEFAULT);
    }

    /**
     * Reads a JSON report ({@value ResultsFile#FILE_NAME}, of this or an
     * earlier version: keys it does not know are ignored).
     *
     * @throws dev.agenteval.api.ConfigurationException naming the file when it is missing or not a report
     */
    public static Baseline read(Path resultsJson) {
        Objects.requireNonNull(resultsJson, "resultsJson");
        return new Baseline(ResultsFile.read(resultsJson), resultsJson.toString(), DEFAULT_SIGNIFICANCE,
                Confidence.DEFAULT);
    }

    /**
     * A copy whose repeated cases count as regressed or fixed only when Fisher's exact test gives
     * {@code p < significance}.
     *
     * @param significance in (0, 1), e.g. {@code 0.01}
     */
    public Baseline withSignificance(double significance) {
        if (!(significance > 0 && significance < 1)) {
            throw new IllegalArgumentException("significance must be > 0 and < 1 but was " + significance);
        }
        return new Baseline(result, source, significance, confidence);
    }

    /**
     * A copy whose paired comparison gives its intervals at {@code confidence}'s level and seeds its
     * bootstrap and sign flips with its seed (the run's {@code --confidence} and {@code --seed}).
     */
    public Baseline withConfidence(Confidence confidence) {
        Objects.requireNonNull(confidence, "confidence");
        return new Baseline(result, source, significance, confidence);
    }

    /** A copy shown in reports as coming from {@code source} (e.g. a file or a build number). */
    public Baseline withSource(String source) {
        Objects.requireNonNull(source, "source");
        return new Baseline(result, source, significance, confidence);
    }

    /** The earlier result. */
    public SuiteResult result() {
        return result;
    }

    /** Where the baseline came from, as reports show it. */
    public String source() {
        return source;
    }

    /** The p-value below which a repeated case's change counts. */
    public double significance() {
        return significance;
    }

    /** The level and seed of the paired comparison's intervals; {@link Confidence#DEFAULT} unless given. */
    public Confidence confidence() {
        return confidence;
    }

    /**
     * Compares {@code current} with this baseline. Comparing the result last compared (the same
     * instance, as each report of a run is given) returns the same comparison again.
     */
    public BaselineComparison compare(SuiteResult current) {
        Objects.requireNonNull(current, "current");
        Compared known = last.get();
        if (known != null && known.current().get() == current) {
            return known.comparison();
        }
        comparisons.incrementAndGet();
        BaselineComparison comparison = BaselineComparison.of(this, current);
        last.set(new Compared(new WeakReference<>(current), comparison));
        return comparison;
    }

    /** How many comparisons this baseline has worked out (not those it returned again), for tests. */
    int comparisons() {
        return comparisons.get();
    }

    @Override
    public String toString() {
        return "Baseline[" + source + ", " + result.cases().size() + " cases, significance " + significance + "]";
    }
}
