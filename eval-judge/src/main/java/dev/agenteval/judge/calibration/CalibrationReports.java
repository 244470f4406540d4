package dev.agenteval.judge.calibration;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.TurnResult;
import dev.agenteval.common.json.JsonTrees;
import dev.agenteval.judge.calibration.CalibrationResult.Confusion;
import dev.agenteval.judge.calibration.CalibrationResult.Group;
import dev.agenteval.judge.calibration.CalibrationResult.Outcome;
import dev.agenteval.results.internal.AtomicFiles;
import dev.agenteval.results.internal.JsonReportReader;
import dev.agenteval.results.stats.Bootstrap;
import dev.agenteval.results.stats.Interval;
import dev.agenteval.results.stats.internal.Kappa;
import dev.agenteval.results.stats.internal.Normal;
import dev.agenteval.results.stats.Proportions;
import dev.agenteval.yaml.LabelledTurn;
import dev.agenteval.yaml.RecordedTurn;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Renders a {@link CalibrationResult} (a console table, {@code calibration.md},
 * {@code calibration.json}) and reads labels from a results file whose scores carry a
 * {@code human} field ({@code "pass"} or {@code "fail"}). Every group's agreement comes with its
 * Wilson interval and its kappa with a percentile bootstrap interval over the decided labels
 * ({@value Bootstrap#DEFAULT_RESAMPLES} resamples, seeded: the same numbers on every run with the same
 * {@link Intervals}), so a kappa from 30 labels is not read as settled.
 *
 * <pre>{@code
 * CalibrationResult r = Calibration.of(labels).judge(judge).run();
 * System.out.print(CalibrationReports.table(r));
 * CalibrationReports.write(r, Path.of("target/agent-eval"));
 * }</pre>
 */
@API(status = MAINTAINED)
public final class CalibrationReports {

    /** The JSON file {@link #write} writes. */
    public static final String JSON_FILE = "calibration.json";
    /** The Markdown file {@link #write} writes. */
    public static final String MARKDOWN_FILE = "calibration.md";

    private CalibrationReports() {
    }

    /**
     * How the intervals are computed: their confidence level and the seed of kappa's bootstrap.
     *
     * @param level the confidence level, in (0, 1)
     * @param seed  the seed of the bootstrap resamples
     */
    public record Intervals(double level, long seed) {

        /** 95%, with {@link Bootstrap#DEFAULT_SEED}. */
        public static final Intervals DEFAULTS = new Intervals(Normal.DEFAULT_LEVEL, Bootstrap.DEFAULT_SEED);

        /**
         * Checks the level.
         *
         * @throws IllegalArgumentException unless {@code 0 < level < 1}
         */
        public Intervals {
            if (!(level > 0 && level < 1)) {
                throw new IllegalArgumentException("level must be > 0 and < 1 but was " + level);
            }
        }

        /**
         * The Wilson interval of the group's agreement (labels where judge and person agree over
         * the decided labels); empty when none was decided.
         */
        public Optional<Interval> agreement(Group g) {
            Confusion c = g.confusion();
            return c.decided() == 0 ? Optional.empty()
                    : Optional.of(Proportions.wilson(c.passPass() + c.failFail(), c.decided(), level));
        }

        /** The bootstrap interval of the group's kappa over its decided labels; empty where kappa is undefined. */
        public Optional<Interval> kappa(Group g) {
            Confusion c = g.confusion();
            return Kappa.bootstrap(c.passPass(), c.passFail(), c.failPass(), c.failFail(), level,
                    Bootstrap.DEFAULT_RESAMPLES, seed);
        }
    }

    /**
     * The console text: per scorer and template version the counts, agreement, kappa and
     * confusion matrix, then the disagreements, the undecided and the errored labels, and a last
     * line counting them all ({@code Calibrated 6 labels: 5 decided, 1 undecided, 0 errored}); the
     * intervals at 95% with the default seed.
     */
    public static String table(CalibrationResult result) {
        return table(result, Intervals.DEFAULTS);
    }

    /**
     * As {@link #table(CalibrationResult)}, with the intervals computed as {@code intervals} says:
     * {@code agreement 60.0% (95% CI 23-88%), kappa 0.17 (95% CI -0.67 to 1.00)}.
     */
    public static String table(CalibrationResult result, Intervals intervals) {
        Objects.requireNonNull(intervals, "intervals");
        StringBuilder sb = new StringBuilder();
        for (Group g : result.groups()) {
            sb.append(g.scorer()).append(" (").append(g.template()).append("): ").append(figures(g, intervals))
                    .append('\n');
            sb.append(String.format(Locale.ROOT, "  %-12s %10s %10s %10s\n", "", "judge pass", "judge fail",
                    "undecided"));
            for (Object[] row : rows(g.confusion())) {
                sb.append(String.format(Locale.ROOT, "  %-12s %10d %10d %10d\n", row));
            }
            if (!g.note().isEmpty()) {
                sb.append("  note: ").append(g.note()).append('\n');
            }
        }
        lists(result).forEach((title, outcomes) -> list(sb, title, outcomes));
        return sb.append("Calibrated ").append(counts(result)).append('\n').toString();
    }

    /** The Markdown report, {@code calibration.md}, with the intervals at 95% and the default seed. */
    public static String markdown(CalibrationResult result) {
        return markdown(result, Intervals.DEFAULTS);
    }

    /** The Markdown report, {@code calibration.md}, with the intervals computed as {@code intervals} says. */
    public static String markdown(CalibrationResult result, Intervals intervals) {
        Objects.requireNonNull(intervals, "intervals");
        StringBuilder md = new StringBuilder("# Judge calibration\n\n").append(counts(result)).append(".\n\n");
        String ci = levelText(intervals.level()) + " CI";
        md.append("| Scorer | Template | Labels | Decided | Agreement | Agreement ").append(ci).append(" | Kappa | Kappa ")
                .append(ci).append(" | Undecided | Errored |\n")
                .append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Group g : result.groups()) {
            md.append("| ").append(cell(g.scorer())).append(" | ").append(cell(g.template())).append(" | ")
                    .append(g.labels()).append(" | ").append(g.confusion().decided()).append(" | ")
                    .append(percent(g.agreement())).append(" | ")
                    .append(intervals.agreement(g).map(CalibrationReports::percentBounds).orElse("n/a")).append(" | ")
                    .append(kappa(g)).append(" | ")
                    .append(intervals.kappa(g).map(CalibrationReports::kappaBounds).orElse("n/a")).append(" | ")
                    .append(g.undecided()).append(" | ").append(g.errored()).append(" |\n");
        }
        md.append("\nAgreement's interval is Wilson's, kappa's a percentile bootstrap over the decided labels (")
                .append(Bootstrap.DEFAULT_RESAMPLES).append(" resamples, seed ").append(intervals.seed()).append(").\n");
        for (Group g : result.groups()) {
            md.append("\n## ").append(cell(g.scorer())).append(" (").append(cell(g.template())).append(")\n\n")
                    .append("| | Judge pass | Judge fail | Undecided |\n|---|---:|---:|---:|\n");
            for (Object[] row : rows(g.confusion())) {
                md.append(String.format(Locale.ROOT, "| **%s** | %d | %d | %d |\n", row));
            }
            if (!g.note().isEmpty()) {
                md.append("\n").append(g.note()).append(".\n");
            }
        }
        lists(result).forEach((title, outcomes) -> mdList(md, title, outcomes));
        return md.toString();
    }

    /**
     * The JSON document, {@code calibration.json}, with the intervals at 95% and the default seed;
     * kappa is {@code null} where undefined.
     */
    public static String json(CalibrationResult result) {
        return json(result, Intervals.DEFAULTS);
    }

    /**
     * The JSON document, {@code calibration.json}; kappa is {@code null} where undefined, and each
     * group's {@code agreementInterval} ({@code method: wilson}) and {@code kappaInterval}
     * ({@code method: bootstrap}, with its {@code seed}) are {@code null} where there is none.
     */
    public static String json(CalibrationResult result, Intervals intervals) {
        Objects.requireNonNull(intervals, "intervals");
        ObjectNode root = JsonTrees.NODES.objectNode();
        root.put("labels", result.outcomes().size());
        root.put("decided", result.decided());
        root.put("undecided", result.undecided().size());
        root.put("errored", result.errored().size());
        ArrayNode groups = root.putArray("groups");
        for (Group g : result.groups()) {
            ObjectNode n = groups.addObject();
            n.put("scorer", g.scorer());
            n.put("template", g.template());
            n.put("labels", g.labels());
            n.put("decided", g.confusion().decided());
            putNumber(n, "agreement", g.agreement());
            putNumber(n, "kappa", g.kappa());
            putInterval(n, "agreementInterval", intervals.agreement(g), null);
            putInterval(n, "kappaInterval", intervals.kappa(g), intervals.seed());
            if (!g.note().isEmpty()) {
                n.put("note", g.note());
            }
            n.put("undecided", g.undecided());
            n.put("errored", g.errored());
            ObjectNode confusion = n.putObject("confusion");
            Confusion c = g.confusion();
            row(confusion.putObject("humanPass"), c.passPass(), c.passFail(), c.passUndecided());
            row(confusion.putObject("humanFail"), c.failPass(), c.failFail(), c.failUndecided());
        }
        ArrayNode outcomes = root.putArray("outcomes");
        for (Outcome o : result.outcomes()) {
            ObjectNode n = outcomes.addObject();
            n.put("id", o.id());
            n.put("scorer", o.scorer());
            n.put("template", o.template());
            n.put("human", o.humanPassed() ? "pass" : "fail");
            n.put("judge", o.judge().wireName());
            n.put("value", o.value());
            n.put("disagrees", o.disagrees());
            n.put("reason", o.reason());
        }
        return JsonTrees.pretty(root) + "\n";
    }

    /** Writes {@value #JSON_FILE} and {@value #MARKDOWN_FILE} into {@code dir} (created if needed), atomically. */
    public static void write(CalibrationResult result, Path dir) throws IOException {
        write(result, dir, List.of("json", "md"));
    }

    /** As {@link #write(CalibrationResult, Path, java.util.Collection, Intervals)} at 95% with the default seed. */
    public static List<Path> write(CalibrationResult result, Path dir, java.util.Collection<String> formats)
            throws IOException {
        return write(result, dir, formats, Intervals.DEFAULTS);
    }

    /**
     * Writes the files of {@code formats} ({@code json}: {@value #JSON_FILE}, {@code md}:
     * {@value #MARKDOWN_FILE}) into {@code dir} (created if needed), atomically, with the intervals
     * computed as {@code intervals} says; returns them.
     */
    public static List<Path> write(CalibrationResult result, Path dir, java.util.Collection<String> formats,
                                   Intervals intervals) throws IOException {
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        if (formats.contains("json")) {
            AtomicFiles.writeString(dir.resolve(JSON_FILE), json(result, intervals));
            written.add(dir.resolve(JSON_FILE));
        }
        if (formats.contains("md")) {
            AtomicFiles.writeString(dir.resolve(MARKDOWN_FILE), markdown(result, intervals));
            written.add(dir.resolve(MARKDOWN_FILE));
        }
        return written;
    }

    /**
     * The labels of a results file (as {@code results.json}) whose scores carry a {@code human}
     * field, {@code "pass"} or {@code "fail"}; scores without one are left out. Each label keeps the
     * judge's verdict as recorded ({@link LabelledTurn#recorded()}), so calibrating them asks no
     * judge. Ids are {@code <case>/<turn>/<scorer>} (with {@code #2}, ... for a scorer type repeated
     * on a turn).
     *
     * @throws ConfigurationException naming the file and the score's path when the file is not a
     *                                results file, a {@code human} field is neither pass nor fail,
     *                                or no score has one
     */
    public static List<LabelledTurn> readLabels(Path resultsFile) {
        JsonNode root = JsonReportReader.tree(resultsFile);
        SuiteResult suite = JsonReportReader.parse(root, resultsFile.toString());
        List<LabelledTurn> labels = new ArrayList<>();
        JsonNode cases = root.path("cases");
        for (int i = 0; i < cases.size(); i++) {
            CaseResult c = suite.cases().get(i);
            JsonNode turns = cases.get(i).path("turns");
            for (int j = 0; j < turns.size() && j < c.turns().size(); j++) {
                TurnResult t = c.turns().get(j);
                JsonNode scores = turns.get(j).path("scores");
                for (int k = 0; k < scores.size() && k < t.scores().size(); k++) {
                    JsonNode human = scores.get(k).get("human");
                    if (human == null || human.isNull()) {
                        continue;
                    }
                    String at = "cases[" + i + "].turns[" + j + "].scores[" + k + "].human";
                    if (!human.isTextual() || !List.of("pass", "fail").contains(human.asText())) {
                        throw new ConfigurationException(resultsFile + ": " + at + ": must be \"pass\" or \"fail\" but was "
                                + human);
                    }
                    ScoreResult s = t.scores().get(k);
                    labels.add(new LabelledTurn(labelId(c, t, k), recorded(t), List.of(), ScorerSpec.of(s.type()),
                            human.asText().equals("pass"), null, s));
                }
            }
        }
        if (labels.isEmpty()) {
            throw new ConfigurationException(resultsFile + ": no score has a 'human' field (\"pass\" or \"fail\"):"
                    + " nothing to calibrate");
        }
        return List.copyOf(labels);
    }

    private static String labelId(CaseResult c, TurnResult t, int k) {
        String type = t.scores().get(k).type();
        long before = t.scores().subList(0, k).stream().filter(s -> s.type().equals(type)).count();
        return c.id() + "/" + t.index() + "/" + type + (before == 0 ? "" : "#" + (before + 1));
    }

    private static RecordedTurn recorded(TurnResult t) {
        AgentResponse response = AgentResponse.builder().text(t.answer() == null ? "" : t.answer())
                .toolCalls(t.toolCalls()).build();
        return new RecordedTurn(t.input(), response, t.duration());
    }

    /** The labels listed after the matrices, by title, in order. */
    private static java.util.Map<String, List<Outcome>> lists(CalibrationResult r) {
        java.util.Map<String, List<Outcome>> lists = new java.util.LinkedHashMap<>();
        lists.put("Disagreements", r.disagreements());
        lists.put("Undecided", r.undecided());
        lists.put("Errored", r.errored());
        return lists;
    }

    /** The matrix's rows: the person's verdict, then the judge's pass, fail and undecided counts. */
    private static List<Object[]> rows(Confusion c) {
        return List.of(new Object[] {"human pass", c.passPass(), c.passFail(), c.passUndecided()},
                new Object[] {"human fail", c.failPass(), c.failFail(), c.failUndecided()});
    }

    /** {@code 6 labels: 5 decided, 1 undecided, 0 errored}: every label counted once. */
    private static String counts(CalibrationResult r) {
        return r.outcomes().size() + " labels: " + r.decided() + " decided, " + r.undecided().size() + " undecided, "
                + r.errored().size() + " errored";
    }

    private static String figures(Group g, Intervals intervals) {
        String ci = " (" + levelText(intervals.level()) + " CI ";
        return g.labels() + " labels, " + g.confusion().decided() + " decided, agreement " + percent(g.agreement())
                + intervals.agreement(g).map(i -> ci + percentBounds(i) + ")").orElse("")
                + ", kappa " + kappa(g) + intervals.kappa(g).map(i -> ci + kappaBounds(i) + ")").orElse("")
                + ", " + g.undecided() + " undecided, " + g.errored() + " errored";
    }

    /** {@code 23-88%}: the bounds in whole percent. */
    private static String percentBounds(Interval i) {
        return Math.round(i.low() * 100) + "-" + Math.round(i.high() * 100) + "%";
    }

    /** {@code -0.62 to 0.83}: "to", as a bound may be negative. */
    private static String kappaBounds(Interval i) {
        return String.format(Locale.ROOT, "%.2f to %.2f", i.low(), i.high());
    }

    /** {@code 95%}, {@code 99.5%}. */
    private static String levelText(double level) {
        return java.math.BigDecimal.valueOf(Math.round(level * 1000) / 10.0).stripTrailingZeros().toPlainString() + "%";
    }

    private static void putInterval(ObjectNode n, String key, Optional<Interval> interval, Long seed) {
        if (interval.isEmpty()) {
            n.putNull(key);
            return;
        }
        ObjectNode i = n.putObject(key);
        i.put("level", interval.get().level());
        i.put("method", interval.get().method());
        putNumber(i, "low", interval.get().low());
        putNumber(i, "high", interval.get().high());
        if (seed != null) {
            i.put("resamples", Bootstrap.DEFAULT_RESAMPLES);
            i.put("seed", seed);
        }
    }

    private static void list(StringBuilder sb, String title, List<Outcome> outcomes) {
        if (outcomes.isEmpty()) {
            return;
        }
        sb.append(title).append(" (").append(outcomes.size()).append("):\n");
        for (Outcome o : outcomes) {
            sb.append("  ").append(o.id()).append("  ").append(o.scorer()).append("  ").append(verdicts(o))
                    .append(": ").append(oneLine(o.reason())).append('\n');
        }
    }

    private static void mdList(StringBuilder md, String title, List<Outcome> outcomes) {
        if (outcomes.isEmpty()) {
            return;
        }
        md.append("\n## ").append(title).append("\n\n| Label | Scorer | Human | Judge | Reason |\n|---|---|---|---|---|\n");
        for (Outcome o : outcomes) {
            md.append("| ").append(cell(o.id())).append(" | ").append(cell(o.scorer())).append(" | ")
                    .append(o.humanPassed() ? "pass" : "fail").append(" | ").append(o.judge().wireName()).append(" | ")
                    .append(cell(o.reason())).append(" |\n");
        }
    }

    private static String verdicts(Outcome o) {
        return "human " + (o.humanPassed() ? "pass" : "fail") + ", judge " + o.judge().wireName();
    }

    private static void row(ObjectNode n, int pass, int fail, int undecided) {
        n.put("judgePass", pass);
        n.put("judgeFail", fail);
        n.put("undecided", undecided);
    }

    private static void putNumber(ObjectNode n, String key, double v) {
        if (Double.isNaN(v)) {
            n.putNull(key);
        } else {
            n.put(key, Math.round(v * 10000) / 10000.0);
        }
    }

    private static String percent(double share) {
        return Double.isNaN(share) ? "n/a" : String.format(Locale.ROOT, "%.1f%%", share * 100);
    }

    private static String kappa(Group g) {
        return Double.isNaN(g.kappa()) ? "undefined" : String.format(Locale.ROOT, "%.2f", g.kappa());
    }

    private static String oneLine(String text) {
        return text.replaceAll("[\\p{Cntrl}]+", " ").strip();
    }

    private static String cell(String text) {
        return oneLine(text).replace("|", "\\|");
    }
}
