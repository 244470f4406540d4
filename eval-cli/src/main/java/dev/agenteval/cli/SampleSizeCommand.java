package dev.agenteval.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.common.json.JsonTrees;
import dev.agenteval.results.stats.SampleSize;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code agent-eval sample-size --rate 0.8 --delta 0.1}: how many cases a comparison of two runs
 * needs to detect a change in pass rate, before the run ({@link SampleSize}).
 */
@Command(name = "sample-size", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Answers, before a run, how many cases detect a change of DELTA in a pass rate of RATE with a"
                + " two-sided test at the given significance and power: for two runs on separate cases (the"
                + " two-proportion z-test) and, with --paired, for two runs on the same cases (McNemar's test, from the"
                + " share of cases whose verdict differs between the runs). Normal approximations, named in the output."
                + " Rates are fractions (0.8) or percentages (80%%). Sends nothing.",
                "Exit codes: 0 answered; 2 invalid command line."})
final class SampleSizeCommand implements Callable<Integer> {

    /** -v/-q, as every command takes them ({@link Logging} reads them). */
    @picocli.CommandLine.Mixin
    Verbosity verbosity = new Verbosity();

    @Option(names = "--rate", required = true, paramLabel = "RATE", converter = Share.class,
            description = "The pass rate now (or expected), e.g. 0.8 or 80%%.")
    double rate;

    @Option(names = "--delta", required = true, paramLabel = "DELTA", converter = Share.class,
            description = "The smallest change in pass rate worth detecting, either way, e.g. 0.1 or 10%% (10 points);"
                    + " the answer is for the direction that needs more cases (towards 50%%).")
    double delta;

    @Option(names = "--power", paramLabel = "P", converter = Share.class,
            description = "The chance of detecting a change of DELTA when there is one. Default: 0.8.")
    double power = SampleSize.DEFAULT_POWER;

    @Option(names = "--significance", paramLabel = "ALPHA", converter = Share.class,
            description = "The two-sided significance level (false alarms when nothing changed). Default: 0.05.")
    double significance = SampleSize.DEFAULT_SIGNIFICANCE;

    @Option(names = "--paired", description = "Also answer for two runs on the same cases, matched by id (as a"
            + " comparison with --baseline is).")
    boolean paired;

    @Option(names = "--discordant", paramLabel = "SHARE", converter = Share.class,
            description = "With --paired: the expected share of cases that pass in one run only, e.g. (regressed +"
                    + " improved) / pairs of an earlier run with --baseline ('paired over N cases'). Default: as if the"
                    + " runs' verdicts were independent, RATE·(1−TO) + TO·(1−RATE), the most a paired design should assume.")
    Double discordant;

    @Option(names = "--repeats", paramLabel = "N", description = "Attempts per case (run --repeat N). Needs --icc when"
            + " above 1. Default: 1.")
    int repeats = 1;

    @Option(names = "--icc", paramLabel = "R", description = "With --repeats: how alike one case's attempts are, the"
            + " intraclass correlation of their verdicts, 0 (independent coin flips) to 1 (always the same verdict,"
            + " when repeats do not help).")
    Double icc;

    @Option(names = "--json", description = "Print the answer as JSON.")
    boolean json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        check();
        double to = to();
        List<SampleSize> answers = new ArrayList<>();
        answers.add(SampleSize.unpaired(rate, to, significance, power));
        if (paired) {
            double psi = discordant != null ? discordant : SampleSize.independentDiscordance(rate, to);
            try {
                answers.add(SampleSize.paired(rate, to, psi, significance, power));
            } catch (IllegalArgumentException e) {
                throw new ConfigurationException("--discordant: " + e.getMessage());
            }
        }
        answers = answers.stream().map(a -> a.withRepeats(repeats, icc == null ? 0 : icc)).toList();
        java.io.PrintWriter out = spec.commandLine().getOut();
        out.print(json ? json(answers) : text(answers));
        out.flush();
        return AgentEvalCli.OK;
    }

    private void check() {
        List<String> problems = new ArrayList<>();
        inRange(problems, "--rate", rate, true);
        if (!(delta > 0 && delta < 1)) {
            problems.add("--delta must be > 0 and < 1 (the size of the change, either way: 0.1 or 10% for 10 points) but was " + delta);
        } else if (rate - delta < 0 && rate + delta > 1) {
            problems.add("--delta " + delta + " leaves [0, 1] either way from --rate " + rate);
        }
        inRange(problems, "--power", power, false);
        inRange(problems, "--significance", significance, false);
        if (discordant != null && !paired) {
            problems.add("--discordant needs --paired");
        }
        if (repeats < 1) {
            problems.add("--repeats must be >= 1 but was " + repeats);
        }
        if (repeats > 1 && icc == null) {
            problems.add("--repeats " + repeats + " needs --icc R: how alike one case's attempts are (0 independent,"
                    + " 1 always the same verdict)");
        }
        if (icc != null && repeats == 1) {
            problems.add("--icc needs --repeats N above 1");
        }
        if (icc != null && !(icc >= 0 && icc <= 1)) {
            problems.add("--icc must be between 0 and 1 but was " + icc);
        }
        if (!problems.isEmpty()) {
            throw new ConfigurationException(problems);
        }
    }

    private static void inRange(List<String> problems, String option, double value, boolean closed) {
        if (closed ? !(value >= 0 && value <= 1) : !(value > 0 && value < 1)) {
            problems.add(option + " must be " + (closed ? "between 0 and 1" : "> 0 and < 1") + " (or a percentage) but was "
                    + value);
        }
    }

    /** The rate DELTA away from RATE in the direction that needs more cases, within [0, 1]. */
    private double to() {
        double down = rate - delta;
        double up = rate + delta;
        if (down < 0) {
            return up;
        }
        if (up > 1) {
            return down;
        }
        return SampleSize.unpaired(rate, down, significance, power).exact()
                >= SampleSize.unpaired(rate, up, significance, power).exact() ? down : up;
    }

    private String text(List<SampleSize> answers) {
        SampleSize first = answers.get(0);
        StringBuilder sb = new StringBuilder("Cases to tell a pass rate of ").append(percent(rate)).append(" from ")
                .append(percent(first.to())).append(" (").append(number(delta * 100)).append(" points")
                .append(rate - delta >= 0 && rate + delta <= 1 ? ", the harder direction" : "")
                .append("), two-sided at significance ").append(plain(significance)).append(" with power ")
                .append(percent(power)).append(repeats > 1 ? ", " + repeats + " attempts per case with intraclass"
                        + " correlation " + plain(icc) : "").append(":\n");
        for (SampleSize a : answers) {
            boolean isPaired = a.comparison() == SampleSize.Comparison.PAIRED;
            sb.append("  ").append(isPaired ? "paired (both runs on the same cases" : "unpaired (two runs on separate cases");
            a.discordant().ifPresent(d -> sb.append(", ").append(percent(d)).append(" of them discordant")
                    .append(discordant == null ? " if the runs' verdicts were independent" : ""));
            sb.append("): ").append(a.cases()).append(isPaired ? " cases" : " cases per run");
            if (repeats > 1) {
                sb.append(", ").append(a.attempts()).append(" attempts");
            }
            sb.append(" (").append(number(a.exact())).append(" before rounding up)\n    ").append(a.approximation());
            sb.append(repeats > 1 ? "; repeats by the design effect 1 + (N-1)·ICC" : "").append('\n');
        }
        if (paired && discordant == null) {
            sb.append("A paired comparison needs fewer cases when the runs agree on most cases, as runs of an agent on the"
                    + " same cases usually do: give --discordant, e.g. (regressed + improved) / pairs of an earlier run"
                    + " with --baseline.\n");
        }
        return sb.toString();
    }

    private String json(List<SampleSize> answers) {
        ObjectNode root = JsonTrees.NODES.objectNode();
        root.put("rate", rate);
        root.put("delta", delta);
        root.put("to", round(answers.get(0).to()));
        root.put("significance", significance);
        root.put("sides", 2);
        root.put("power", power);
        root.put("repeats", repeats);
        if (icc == null) {
            root.putNull("icc");
        } else {
            root.put("icc", icc);
        }
        for (SampleSize a : answers) {
            ObjectNode n = root.putObject(a.comparison().wireName());
            n.put("cases", a.cases());
            n.put("attempts", a.attempts());
            n.put("exact", round(a.exact()));
            a.discordant().ifPresent(d -> {
                n.put("discordant", round(d));
                n.put("discordantAssumed", discordant == null);
            });
            n.put("approximation", a.approximation());
        }
        return JsonTrees.pretty(root) + "\n";
    }

    private static double round(double v) {
        return BigDecimal.valueOf(v).setScale(4, RoundingMode.HALF_UP).doubleValue();
    }

    /** {@code 80%}, {@code 72.5%}. */
    private static String percent(double share) {
        return number(share * 100) + "%";
    }

    /** As given: {@code 0.05}. */
    private static String plain(double v) {
        return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    /** At most one decimal, without trailing zeros: {@code 10}, {@code 293.2}. */
    private static String number(double v) {
        return BigDecimal.valueOf(v).setScale(1, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
    }
}
