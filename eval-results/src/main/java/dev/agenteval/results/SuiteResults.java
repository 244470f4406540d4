package dev.agenteval.results;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import dev.agenteval.api.CaseResult;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Fingerprint;
import dev.agenteval.api.Shard;
import dev.agenteval.api.SuiteResult;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Combines the results of one suite run in parts (shards on N CI jobs, see
 * {@link dev.agenteval.core.EvalRunner.Builder#shard(int, int)}) into one result, which the {@code Reports} sinks of eval-report
 * then write as if the suite had run in one go.
 *
 * <pre>{@code
 * SuiteResult merged = SuiteResults.merge(List.of(
 *         ResultsFile.read(Path.of("shard-1/results.json")),
 *         ResultsFile.read(Path.of("shard-2/results.json"))));
 * Reports.all(Path.of("results")).write(merged);
 * }</pre>
 *
 * <p>The inputs must be results of the same suite; a case id may appear in only one input; and
 * either every input is a shard of the same count, each index at most once, or none is sharded
 * (disjoint runs, e.g. by {@code --case}). Every shard 1..N must be given unless missing shards
 * are allowed, in which case the merged result is marked incomplete. Each case of a shard must
 * belong to it (a result of another version's split, or edited by hand, is refused).
 *
 * <p>Every input must record a {@link Fingerprint} (every {@link dev.agenteval.core.EvalRunner} run
 * does), and all the same one: an input without one cannot be checked to be of the same suite,
 * agent and judge, and is refused unless {@link Allowance#UNVERIFIED_INPUTS} is given.
 *
 * <p>The merged result has the suite's name, the earliest start, a duration from the earliest
 * start to the latest end, {@code complete} only when every input was complete, no shard is
 * missing and the cases cover the suite (as many as the fingerprint's
 * {@link Fingerprint#suiteCases()}: a shard edited by hand, or runs selected by {@code --case},
 * may hold fewer), the inputs' fingerprint (null when some input has none), no shard, and the
 * cases of shard 1, then shard 2, and so on (unsharded inputs: in the order given), each in its
 * suite order. {@link #missingCases} says how far a merged result falls short.
 */
@API(status = MAINTAINED)
public final class SuiteResults {

    private static final Logger LOG = LoggerFactory.getLogger(SuiteResults.class);

    private static final int MAX_LISTED = 10;

    private SuiteResults() {
    }

    /** What a merge accepts beyond every shard, each input with the same fingerprint. */
    public enum Allowance {
        /** Some shard 1..N is not among the inputs: the merged result is then incomplete. */
        MISSING_SHARDS,
        /**
         * Some input records no fingerprint, so nothing shows that it evaluated the same suite,
         * agent and judge as the others: it is merged unchecked (logged at WARN) and the merged
         * result has no fingerprint.
         */
        UNVERIFIED_INPUTS
    }

    /**
     * Merges results that together cover every shard; inputs are named "result 1", "result 2", ...
     * in messages.
     *
     * @throws ConfigurationException listing every reason the inputs cannot be merged
     */
    public static SuiteResult merge(List<SuiteResult> results) {
        Objects.requireNonNull(results, "results");
        Map<String, SuiteResult> named = new LinkedHashMap<>();
        for (int i = 0; i < results.size(); i++) {
            named.put("result " + (i + 1), Objects.requireNonNull(results.get(i), "results[" + i + "]"));
        }
        return merge(named);
    }

    /**
     * Merges results named (e.g. by file) for messages, in map order.
     *
     * @param results the results by name; at least one
     * @param allowed what to accept beyond every shard of inputs with one fingerprint: missing
     *                shards (the merged result is then incomplete, {@code complete: false}),
     *                inputs without a fingerprint
     * @throws ConfigurationException listing every reason the inputs cannot be merged: different
     *                                suites or fingerprints, an input without a fingerprint, a case
     *                                id in two inputs, sharded and unsharded inputs together,
     *                                different shard counts, the same shard twice, a missing shard,
     *                                a case outside its shard
     */
    public static SuiteResult merge(Map<String, SuiteResult> results, Allowance... allowed) {
        Objects.requireNonNull(results, "results");
        if (results.isEmpty()) {
            throw new ConfigurationException("nothing to merge: give at least one result");
        }
        java.util.Set<Allowance> allowances = java.util.EnumSet.noneOf(Allowance.class);
        allowances.addAll(List.of(allowed));
        boolean allowMissingShards = allowances.contains(Allowance.MISSING_SHARDS);
        List<String> problems = new ArrayList<>();
        checkSameSuite(results, problems);
        List<String> unverified = unverified(results);
        if (!allowances.contains(Allowance.UNVERIFIED_INPUTS)) {
            unverified.forEach(name -> problems.add(name + " records no fingerprint, so it cannot be checked to have"
                    + " evaluated the same suite, agent and judge as the other inputs (allow unverified inputs to merge"
                    + " it anyway)"));
        } else if (!unverified.isEmpty()) {
            LOG.warn("Merging {} without a fingerprint: not checked to be of the same suite, agent and judge", unverified);
        }
        checkSameFingerprint(results, problems);
        List<Integer> missing = checkShards(results, problems);
        checkUniqueCaseIds(results, problems);
        if (missing != null && !missing.isEmpty() && !allowMissingShards) {
            int count = firstShard(results).count();
            problems.add("missing shard" + (missing.size() > 1 ? "s " : " ")
                    + missing.stream().map(i -> i + "/" + count).collect(Collectors.joining(", "))
                    + " of suite '" + results.values().iterator().next().suite()
                    + "': without every shard the merged result would not cover every case");
        }
        if (!problems.isEmpty()) {
            throw new ConfigurationException(problems);
        }
        List<SuiteResult> ordered = new ArrayList<>(results.values());
        if (missing != null) {
            ordered.sort(Comparator.comparingInt(r -> r.shard().index()));
        }
        List<CaseResult> cases = new ArrayList<>();
        ordered.forEach(r -> cases.addAll(r.cases()));
        Instant start = ordered.stream().map(SuiteResult::startedAt).min(Comparator.naturalOrder()).orElseThrow();
        Instant end = ordered.stream().map(r -> r.startedAt().plus(r.duration())).max(Comparator.naturalOrder())
                .orElseThrow();
        boolean partial = missing != null && !missing.isEmpty();
        if (partial) {
            LOG.warn("Merging without shard(s) {} of {}: the merged result is incomplete", missing,
                    firstShard(results).count());
        }
        Fingerprint fingerprint = ordered.stream().allMatch(r -> r.fingerprint() != null)
                ? ordered.get(0).fingerprint() : null;
        boolean covered = fingerprint == null || cases.size() >= fingerprint.suiteCases();
        boolean complete = !partial && covered && ordered.stream().allMatch(SuiteResult::complete);
        return new SuiteResult(ordered.get(0).suite(), start, Duration.between(start, end), complete, cases, null,
                fingerprint);
    }

    /**
     * How many of its suite's cases {@code result} lacks: the fingerprint's
     * {@link Fingerprint#suiteCases()} less the cases it holds; 0 when it holds them all or records
     * no fingerprint. Which ones only the suite can say: {@link #missingCases(SuiteResult, List)}.
     */
    public static int missingCases(SuiteResult result) {
        Objects.requireNonNull(result, "result");
        Fingerprint f = result.fingerprint();
        return f == null ? 0 : Math.max(0, f.suiteCases() - result.cases().size());
    }

    /** The ids of {@code suiteCaseIds} (the suite's cases, in suite order) that {@code result} has no result for. */
    public static List<String> missingCases(SuiteResult result, List<String> suiteCaseIds) {
        Objects.requireNonNull(result, "result");
        java.util.Set<String> present = result.cases().stream().map(CaseResult::id)
                .collect(Collectors.toCollection(java.util.HashSet::new));
        return suiteCaseIds.stream().filter(id -> !present.contains(id)).toList();
    }

    /**
     * The names of the inputs that record no fingerprint (results written before fingerprints, or
     * edited), in map order: {@link #merge} refuses them unless {@link Allowance#UNVERIFIED_INPUTS}.
     */
    public static List<String> unverified(Map<String, SuiteResult> results) {
        Objects.requireNonNull(results, "results");
        return results.entrySet().stream().filter(e -> e.getValue().fingerprint() == null).map(Map.Entry::getKey).toList();
    }

    /** Inputs that recorded what they evaluated must have evaluated the same thing. */
    private static void checkSameFingerprint(Map<String, SuiteResult> results, List<String> problems) {
        Map<String, List<String>> byValue = new LinkedHashMap<>();
        results.forEach((name, r) -> {
            if (r.fingerprint() != null) {
                byValue.computeIfAbsent(r.fingerprint().value(), k -> new ArrayList<>()).add(name);
            }
        });
        if (byValue.size() > 1) {
            problems.add("cannot merge results of different configurations (suite, agent or judge differ): "
                    + byValue.entrySet().stream().map(e -> String.join(", ", e.getValue()) + " evaluated "
                            + results.get(e.getValue().get(0)).fingerprint().agent() + " with fingerprint "
                            + e.getKey().substring(0, Math.min(12, e.getKey().length())))
                    .collect(Collectors.joining("; ")));
        }
    }

    private static void checkSameSuite(Map<String, SuiteResult> results, List<String> problems) {
        Map<String, List<String>> bySuite = new LinkedHashMap<>();
        results.forEach((name, r) -> bySuite.computeIfAbsent(r.suite(), k -> new ArrayList<>()).add(name));
        if (bySuite.size() > 1) {
            problems.add("cannot merge results of different suites: " + bySuite.entrySet().stream()
                    .map(e -> "'" + e.getKey() + "' (" + String.join(", ", e.getValue()) + ")")
                    .collect(Collectors.joining(", ")));
        }
    }

    /** The missing shard indices when every input is sharded, else null. */
    private static List<Integer> checkShards(Map<String, SuiteResult> results, List<String> problems) {
        List<String> sharded = new ArrayList<>();
        List<String> unsharded = new ArrayList<>();
        results.forEach((name, r) -> (r.shard() == null ? unsharded : sharded).add(name));
        if (sharded.isEmpty()) {
            return null;
        }
        if (!unsharded.isEmpty()) {
            problems.add("cannot merge sharded and unsharded results (an unsharded result overlaps every shard): "
                    + sharded.stream().map(n -> n + " is shard " + results.get(n).shard()).collect(Collectors.joining(", "))
                    + "; " + String.join(", ", unsharded) + (unsharded.size() > 1 ? " are" : " is") + " not sharded");
            return null;
        }
        Map<Integer, List<String>> byCount = new TreeMap<>();
        results.forEach((name, r) -> byCount.computeIfAbsent(r.shard().count(), k -> new ArrayList<>()).add(name));
        if (byCount.size() > 1) {
            problems.add("cannot merge shards of different counts: " + results.entrySet().stream()
                    .map(e -> e.getKey() + " is shard " + e.getValue().shard()).collect(Collectors.joining(", ")));
            return null;
        }
        Map<Integer, List<String>> byIndex = new TreeMap<>();
        results.forEach((name, r) -> byIndex.computeIfAbsent(r.shard().index(), k -> new ArrayList<>()).add(name));
        int count = byCount.keySet().iterator().next();
        byIndex.forEach((index, names) -> {
            if (names.size() > 1) {
                problems.add("overlapping shards: " + String.join(" and ", names) + (names.size() == 2 ? " are both" : " are all")
                        + " shard " + index + "/" + count);
            }
        });
        results.forEach((name, r) -> r.cases().stream().filter(c -> !r.shard().contains(c.id())).findFirst()
                .ifPresent(c -> problems.add(name + ": case '" + c.id() + "' does not belong to shard " + r.shard()
                        + " (it is in shard " + Shard.indexOf(c.id(), count) + "/" + count
                        + "): was the result written by another version, or edited?")));
        return IntStream.rangeClosed(1, count).filter(i -> !byIndex.containsKey(i)).boxed().toList();
    }

    private static void checkUniqueCaseIds(Map<String, SuiteResult> results, List<String> problems) {
        Map<String, List<String>> where = new LinkedHashMap<>();
        results.forEach((name, r) -> r.cases().forEach(c -> where.computeIfAbsent(c.id(), k -> new ArrayList<>()).add(name)));
        List<String> duplicates = where.entrySet().stream().filter(e -> e.getValue().size() > 1)
                .map(e -> "duplicate case id '" + e.getKey() + "' in " + String.join(" and ", e.getValue())).toList();
        problems.addAll(duplicates.subList(0, Math.min(duplicates.size(), MAX_LISTED)));
        if (duplicates.size() > MAX_LISTED) {
            problems.add("... and " + (duplicates.size() - MAX_LISTED) + " more duplicate case ids");
        }
    }

    private static Shard firstShard(Map<String, SuiteResult> results) {
        return results.values().iterator().next().shard();
    }
}
