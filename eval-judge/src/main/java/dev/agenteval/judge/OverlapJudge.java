package dev.agenteval.judge;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import dev.agenteval.api.JudgeException;
import dev.agenteval.api.ToolCall;
import dev.agenteval.api.ToolSpec;
import dev.agenteval.judge.internal.TokenOverlap;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.JudgeRequest;
import dev.agenteval.spi.JudgeVerdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * An offline judge that is not a model, for demos and for users without a model at hand
 * (provider id {@code overlap}). It measures overlap and compares it with a threshold (0.5 by
 * default); the score is the measure, and the answer passes when the score reaches the
 * threshold.
 *
 * <p><b>Text scorers</b> ({@code correctness}, {@code faithfulness}, {@code expected_output_text},
 * {@code rubric}, and any request with a reference or criteria): token-overlap F1 of the answer
 * against the reference (ground truth or reference answer) or, when there is none, the criteria:
 * <ol>
 * <li>both texts are lower-cased and split into runs of letters and digits;</li>
 * <li>common English words and evaluation words such as "answer", "should" or "mention" are
 *     dropped (the list is {@code TokenOverlap.STOP_WORDS} in the sources);</li>
 * <li>a token is shared as many times as it occurs on both sides; precision is shared / answer
 *     tokens, recall is shared / reference tokens, F1 = 2PR / (P + R).</li>
 * </ol>
 *
 * <p><b>{@code toolSelection}</b>: F1 of the distinct names of the tools called against the names
 * of the tools declared (precision: called tools that are declared; recall: declared tools that
 * were called). <b>{@code toolInvocation}</b>: the share of calls that name a declared tool and
 * whose every argument name appears as a word in that tool's description (no calls: 0).
 *
 * <p>Every reason it gives starts with {@value #NAME}, and its {@link #name()} says the same,
 * so nobody mistakes its verdicts for a model's. A request it has nothing to compare for (no
 * reference, no criteria, not a tool scorer, or a reference without content words) ends as
 * {@code judge_error}, never as an invented verdict. It asks nothing twice: {@code samples} has
 * no effect on it, and it needs no cache.
 *
 * <p>It is only used when chosen by id; see {@link Judges#select} for how a judge is chosen.
 */
@API(status = MAINTAINED)
public final class OverlapJudge implements Judge {

    /** The name in every verdict. */
    public static final String NAME = "overlap judge (token overlap, not a model)";

    /** The default threshold. */
    public static final double DEFAULT_THRESHOLD = 0.5;

    private final double threshold;

    private OverlapJudge(double threshold) {
        if (!(threshold >= 0.0 && threshold <= 1.0)) {
            throw new IllegalArgumentException("threshold must be in 0..1 but was " + threshold);
        }
        this.threshold = threshold;
    }

    /** An overlap judge with the default threshold 0.5. */
    public static OverlapJudge defaults() {
        return new OverlapJudge(DEFAULT_THRESHOLD);
    }

    /**
     * The defaults, under their former name.
     *
     * @deprecated use {@link #defaults()}, the name every agent-eval factory of defaults has
     */
    @Deprecated(forRemoval = true)
    public static OverlapJudge ofDefaults() {
        return defaults();
    }

    /** An overlap judge passing answers whose score is at least {@code threshold} (0..1). */
    public static OverlapJudge withThreshold(double threshold) {
        return new OverlapJudge(threshold);
    }

    /** The threshold. */
    public double threshold() {
        return threshold;
    }

    @Override
    public JudgeVerdict judge(JudgeRequest request) {
        if (notBlank(request.reference())) {
            return text(request, request.reference(), "the reference");
        }
        if (notBlank(request.criteria())) {
            return text(request, request.criteria(), "the criteria");
        }
        if (request.scorerType().equals("toolSelection") && !request.tools().isEmpty()) {
            return toolSelection(request);
        }
        if (request.scorerType().equals("toolInvocation") && !request.tools().isEmpty()) {
            return toolInvocation(request);
        }
        throw new JudgeException(NAME + " cannot judge '" + request.scorerType() + "': it compares the answer with a"
                + " reference or criteria, or tool calls with declared tools, and this request gives none of them;"
                + " configure a model judge", Map.of("judge", "overlap", "scorer", request.scorerType()), null);
    }

    private JudgeVerdict text(JudgeRequest request, String reference, String against) {
        TokenOverlap overlap = TokenOverlap.of(request.answer(), reference);
        if (overlap == null) {
            throw new JudgeException(NAME + " cannot judge '" + request.scorerType() + "': " + against
                    + " has no content words to compare with", Map.of("judge", "overlap"), null);
        }
        return verdict(overlap.f1(), String.format(Locale.ROOT, "F1 %.2f against %s (precision %.2f, recall %.2f)",
                overlap.f1(), against, overlap.precision(), overlap.recall()),
                "shared: " + list(overlap.shared()) + "; missing: " + list(overlap.missing()));
    }

    private JudgeVerdict toolSelection(JudgeRequest request) {
        Set<String> declared = new LinkedHashSet<>(request.tools().stream().map(ToolSpec::name).toList());
        Set<String> called = new LinkedHashSet<>(request.toolCalls().stream().map(ToolCall::name).toList());
        List<String> undeclared = called.stream().filter(c -> !declared.contains(c)).toList();
        List<String> notCalled = declared.stream().filter(d -> !called.contains(d)).toList();
        long shared = called.stream().filter(declared::contains).count();
        double precision = called.isEmpty() ? 0.0 : (double) shared / called.size();
        double recall = (double) shared / declared.size();
        double f1 = shared == 0 ? 0.0 : 2 * precision * recall / (precision + recall);
        return verdict(f1, String.format(Locale.ROOT, "F1 %.2f of the tools called against the tools declared"
                + " (precision %.2f, recall %.2f)", f1, precision, recall),
                "called: " + list(List.copyOf(called)) + "; not declared: " + list(undeclared)
                        + "; declared but not called: " + list(notCalled));
    }

    private JudgeVerdict toolInvocation(JudgeRequest request) {
        Map<String, String> descriptions = new LinkedHashMap<>();
        request.tools().forEach(t -> descriptions.put(t.name(), t.description()));
        List<String> problems = new ArrayList<>();
        int good = 0;
        for (ToolCall call : request.toolCalls()) {
            String description = descriptions.get(call.name());
            if (description == null) {
                problems.add(call.name() + " is not declared");
                continue;
            }
            List<String> unknown = call.arguments().keySet().stream()
                    .filter(arg -> !Pattern.compile("(?<![\\p{L}\\p{N}_])" + Pattern.quote(arg) + "(?![\\p{L}\\p{N}_])",
                            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE).matcher(description).find())
                    .toList();
            if (unknown.isEmpty()) {
                good++;
            } else {
                problems.add(call.name() + " has arguments its description does not mention: " + String.join(", ", unknown));
            }
        }
        int calls = request.toolCalls().size();
        double score = calls == 0 ? 0.0 : (double) good / calls;
        return verdict(score, String.format(Locale.ROOT, "%d of %d calls name a declared tool and only arguments its"
                + " description mentions (score %.2f)", good, calls, score),
                calls == 0 ? "the agent made no tool calls" : "problems: " + (problems.isEmpty() ? "none" : String.join("; ", problems)));
    }

    private JudgeVerdict verdict(double score, String measure, String details) {
        double s = Math.max(0.0, Math.min(1.0, score));
        boolean passed = s >= threshold;
        String reason = String.format(Locale.ROOT, "%s: %s is %s the threshold %.2f; %s", NAME, measure,
                passed ? "at or above" : "below", threshold, details);
        return new JudgeVerdict(passed, s, reason, null, null, NAME);
    }

    private static boolean notBlank(String s) {
        return s != null && !s.isBlank();
    }

    private static String list(List<String> items) {
        if (items.isEmpty()) {
            return "none";
        }
        List<String> shown = items.size() > 10 ? items.subList(0, 10) : items;
        return String.join(", ", shown) + (items.size() > 10 ? ", … (" + items.size() + ")" : "");
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String toString() {
        return "OverlapJudge[threshold=" + threshold + "]";
    }
}
