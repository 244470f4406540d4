package dev.agenteval.judge.calibration;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import dev.agenteval.api.ScoreStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What {@link Calibration#run()} found: each label's outcome, and per scorer type and template
 * version the agreement between judge and person, Cohen's kappa and the confusion matrix.
 *
 * <pre>{@code
 * CalibrationResult r = Calibration.of(labels).judge(judge).run();
 * for (CalibrationResult.Group g : r.groups()) {
 *     System.out.println(g.scorer() + " " + g.template() + ": kappa " + g.kappa());
 * }
 * r.disagreements().forEach(o -> System.out.println(o.id() + ": " + o.reason()));
 * }</pre>
 *
 * @param outcomes the outcome of every label, in the labels' order; never null
 * @param groups   one group per scorer type and template version, in order of first appearance; never null
 */
@API(status = MAINTAINED)
public record CalibrationResult(List<Outcome> outcomes, List<Group> groups) {

    /** Validates and copies. */
    public CalibrationResult {
        outcomes = List.copyOf(Objects.requireNonNull(outcomes, "outcomes"));
        groups = List.copyOf(Objects.requireNonNull(groups, "groups"));
    }

    /** Groups {@code outcomes} by scorer type and template version and computes each group's figures. */
    public static CalibrationResult of(List<Outcome> outcomes) {
        Map<List<String>, List<Outcome>> byGroup = new LinkedHashMap<>();
        for (Outcome o : outcomes) {
            byGroup.computeIfAbsent(List.of(o.scorer(), o.template()), k -> new ArrayList<>()).add(o);
        }
        List<Group> groups = new ArrayList<>();
        byGroup.forEach((key, members) -> groups.add(Group.of(key.get(0), key.get(1), members)));
        return new CalibrationResult(outcomes, groups);
    }

    /** The labels where the judge decided otherwise than the person (undecided and errored are not). */
    public List<Outcome> disagreements() {
        return outcomes.stream().filter(Outcome::disagrees).toList();
    }

    /** The labels whose judge score fell inside the scorer's undecided band. */
    public List<Outcome> undecided() {
        return outcomes.stream().filter(o -> o.judge() == ScoreStatus.UNDECIDED).toList();
    }

    /** The labels the judge could not score (e.g. no clear verdict); counted apart, never dropped. */
    public List<Outcome> errored() {
        return outcomes.stream().filter(o -> o.judge() == ScoreStatus.ERRORED || o.judge() == ScoreStatus.SKIPPED)
                .toList();
    }

    /** How many labels the judge passed or failed (over all groups). */
    public int decided() {
        return (int) outcomes.stream().filter(Outcome::decided).count();
    }

    /**
     * True when no label could be judged: every one errored (judge failures, replies without a
     * verdict, timeouts), so agreement and kappa say nothing; false without labels. The command
     * exits 3 then.
     */
    public boolean judgedNone() {
        return !outcomes.isEmpty() && errored().size() == outcomes.size();
    }

    /**
     * One label's outcome.
     *
     * @param id          the label's id; never null
     * @param scorer      the scorer type; never null
     * @param template    the judge's template as {@code name@version}, {@code recorded} for a
     *                    verdict read from a results file, or {@code unversioned}; never null
     * @param humanPassed the person's verdict
     * @param judge       the judge scorer's status; never null
     * @param value       the judge's score, or null
     * @param reason      the judge's reason (or why it errored); never null
     */
    public record Outcome(String id, String scorer, String template, boolean humanPassed, ScoreStatus judge,
                          Double value, String reason) {

        /** Validates. */
        public Outcome {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(scorer, "scorer");
            Objects.requireNonNull(template, "template");
            Objects.requireNonNull(judge, "judge");
            Objects.requireNonNull(reason, "reason");
        }

        /** True when the judge passed or failed the turn (not undecided, errored or skipped). */
        public boolean decided() {
            return judge == ScoreStatus.PASSED || judge == ScoreStatus.FAILED;
        }

        /** True when the judge decided, and otherwise than the person. */
        public boolean disagrees() {
            return decided() && (judge == ScoreStatus.PASSED) != humanPassed;
        }
    }

    /**
     * The person × judge counts of a group. Rows are the person's verdict; columns the judge's:
     * pass, fail, undecided.
     */
    public record Confusion(int passPass, int passFail, int passUndecided, int failPass, int failFail,
                            int failUndecided) {

        /** The decided labels: those the judge passed or failed. */
        public int decided() {
            return passPass + passFail + failPass + failFail;
        }
    }

    /**
     * The figures of one scorer type and template version.
     *
     * @param scorer    the scorer type; never null
     * @param template  the template version (see {@link Outcome#template()}); never null
     * @param labels    every label of the group
     * @param confusion the confusion matrix; never null
     * @param errored   labels the judge could not score (not in the matrix)
     * @param agreement the share of decided labels where judge and person agree, 0..1; NaN when
     *                  none was decided
     * @param kappa     Cohen's kappa over the decided labels; NaN when undefined (see {@code note})
     * @param note      why kappa is undefined, else empty; never null
     */
    public record Group(String scorer, String template, int labels, Confusion confusion, int errored,
                        double agreement, double kappa, String note) {

        /** Validates. */
        public Group {
            Objects.requireNonNull(scorer, "scorer");
            Objects.requireNonNull(template, "template");
            Objects.requireNonNull(confusion, "confusion");
            Objects.requireNonNull(note, "note");
        }

        /** How many labels the judge left undecided. */
        public int undecided() {
            return confusion.passUndecided() + confusion.failUndecided();
        }

        /**
         * Counts {@code members} and computes the observed agreement {@code po}, the agreement
         * expected by chance {@code pe} from the marginals, and {@code kappa = (po - pe) / (1 - pe)}.
         */
        static Group of(String scorer, String template, List<Outcome> members) {
            int[] m = new int[6];
            int errored = 0;
            for (Outcome o : members) {
                int row = o.humanPassed() ? 0 : 3;
                switch (o.judge()) {
                    case PASSED -> m[row]++;
                    case FAILED -> m[row + 1]++;
                    case UNDECIDED -> m[row + 2]++;
                    case ERRORED, SKIPPED -> errored++;
                }
            }
            Confusion c = new Confusion(m[0], m[1], m[2], m[3], m[4], m[5]);
            int n = c.decided();
            if (n == 0) {
                return new Group(scorer, template, members.size(), c, errored, Double.NaN, Double.NaN,
                        "no label was decided by the judge");
            }
            double po = (double) (c.passPass() + c.failFail()) / n;
            double humanPass = (double) (c.passPass() + c.passFail()) / n;
            double judgePass = (double) (c.passPass() + c.failPass()) / n;
            double pe = humanPass * judgePass + (1 - humanPass) * (1 - judgePass);
            if (pe >= 1 - 1e-12) {
                return new Group(scorer, template, members.size(), c, errored, po, Double.NaN,
                        "kappa undefined: judge and person each gave one verdict only (expected agreement 1)");
            }
            return new Group(scorer, template, members.size(), c, errored, po, (po - pe) / (1 - pe), "");
        }
    }
}
