package dev.agenteval.cli;

import dev.agenteval.results.ResultsFile;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.core.Providers;
import dev.agenteval.judge.calibration.Calibration;
import dev.agenteval.judge.calibration.CalibrationReports;
import dev.agenteval.judge.calibration.CalibrationResult;
import dev.agenteval.launch.Setting;
import dev.agenteval.launch.Settings;
import dev.agenteval.launch.Wiring;
import dev.agenteval.results.Journal;
import dev.agenteval.results.stats.Bootstrap;
import dev.agenteval.results.stats.internal.Normal;
import dev.agenteval.spi.Judge;
import dev.agenteval.yaml.LabelledTurn;
import dev.agenteval.yaml.LabelsLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code agent-eval calibrate LABELS}: runs the judge scorers on people's labelled turns and
 * reports how far the judge agrees with them.
 */
@Command(name = "calibrate", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs the judge scorers on turns people have labelled pass or fail (a labels file), and prints,"
                + " per scorer and template version, the agreement between judge and people (with its Wilson interval),"
                + " Cohen's kappa (with a seeded bootstrap interval over the labels) and the confusion matrix (with an undecided column for scores inside a scorer's undecidedBetween band),"
                + " then the labels where they disagree. Judge errors are counted apart.",
                "LABELS may also be a results.json (or its report folder) whose scores carry \"human\": \"pass\" or"
                        + " \"fail\": its recorded verdicts are compared, and no judge is asked.",
                "Exit codes: 0 calibrated (errored labels are counted in the last line); 2 invalid command line or"
                        + " labels file (nothing sent); 3 the judge could not be reached, or it errored on every label."})
final class CalibrateCommand implements Callable<Integer> {

    private static final List<String> FORMATS = List.of("json", "md");

    @Parameters(paramLabel = "LABELS", description = "The labels file (labels.yaml), or a results.json with \"human\" fields.")
    Path labels;

    @Option(names = "--report-dir", paramLabel = "DIR", description = "Write calibration.json and calibration.md here (or the --formats given). Default: AGENT_EVAL_REPORT_DIR; none: print only.")
    Path reportDir;

    @Option(names = "--format", paramLabel = "ID", split = ",", description = "The files --report-dir writes: json (calibration.json), md (calibration.md). Default: both.")
    List<String> formats = new ArrayList<>(FORMATS);

    @Option(names = "--concurrency", paramLabel = "N", description = "At most this many judge calls at once. Default: 4.")
    int concurrency = 4;

    @Option(names = "--confidence", paramLabel = "LEVEL", converter = Share.class, description = "The confidence level of the intervals of agreement (Wilson) and kappa (bootstrap), as 0.95 or 95%%. Default: 0.95.")
    double confidence = Normal.DEFAULT_LEVEL;

    @Option(names = "--seed", paramLabel = "N", description = "The seed of kappa's bootstrap interval (10000 resamples of the decided labels): the same labels and seed give the same interval. Default: 20240529.")
    long seed = Bootstrap.DEFAULT_SEED;

    @Mixin
    JudgeOptions judgeOptions = new JudgeOptions();

    @Mixin
    PluginOptions pluginOptions = new PluginOptions();

    @Mixin
    Verbosity verbosity = new Verbosity();

    private final AgentEvalCli.Context context;
    private final Plugins plugins;

    CalibrateCommand(AgentEvalCli.Context context, Plugins plugins) {
        this.context = context;
        this.plugins = plugins;
    }

    @Override
    public Integer call() throws IOException {
        List<String> problems = new ArrayList<>();
        if (concurrency < 1) {
            problems.add("--concurrency must be >= 1 but was " + concurrency);
        }
        if (!(confidence > 0 && confidence < 1)) {
            problems.add("--confidence must be > 0 and < 1 (or a percentage below 100%) but was " + confidence);
        }
        formats.stream().filter(f -> !FORMATS.contains(f)).forEach(f -> problems.add("--format: unknown format '" + f
                + "' (known: " + String.join(", ", FORMATS) + ")"));
        if (!problems.isEmpty()) {
            throw new ConfigurationException(problems);
        }
        Providers providers = plugins.providers(pluginOptions.dirs);
        Function<String, String> environment = Launching.environment(context, providers);
        Map<Setting, String> values = new EnumMap<>(Setting.class);
        judgeOptions.putInto(values);
        values.put(Setting.REPORT_DIR, reportDir == null ? null : reportDir.toString());
        Settings settings = Settings.commandLine(values, environment);
        List<LabelledTurn> labelled = read(context.workDir().resolve(labels).normalize(), providers);
        Calibration calibration = Calibration.of(labelled).providers(providers).concurrency(concurrency);
        if (labelled.stream().anyMatch(l -> l.recorded() == null)) {
            Judge judge = Wiring.judge(settings, providers, environment);
            if (judge == null) {
                throw new ConfigurationException("calibrate runs the judge scorers, and no judge is configured: give"
                        + " --judge-url and --judge-model (or AGENT_EVAL_JUDGE_BASE_URL and AGENT_EVAL_JUDGE_MODEL),"
                        + " or --judge ID");
            }
            calibration = calibration.judge(judge);
            if (Wiring.redactJudgeInput(settings)) {
                calibration = calibration.secrets(dev.agenteval.spi.Secrets.shared());
            }
        }
        CalibrationResult result = calibration.run();
        CalibrationReports.Intervals intervals = new CalibrationReports.Intervals(confidence, seed);
        context.out().print(CalibrationReports.table(result, intervals));
        Optional<Path> dir = Wiring.reportDir(settings, context.workDir());
        if (dir.isPresent()) {
            context.out().println(ResultFiles.reportsLine(CalibrationReports.write(result, dir.get(), formats, intervals),
                    context.workDir()));
        }
        if (result.judgedNone()) {
            CalibrationResult.Outcome first = result.outcomes().get(0);
            context.err().println("error: the calibration could not be carried out: no label could be judged, all "
                    + result.outcomes().size() + " errored (first: " + first.id() + ": "
                    + first.reason().replaceAll("\\s+", " ").strip() + ")");
            return AgentEvalCli.NOT_CARRIED_OUT;
        }
        return AgentEvalCli.OK;
    }

    /**
     * A results file (or the report folder holding one) by its {@code .json} name, else a labels
     * file; a journal is neither, and said to be one.
     */
    private static List<LabelledTurn> read(Path file, Providers providers) {
        Path results = ResultsFile.jsonFile(file);
        if (results.getFileName().toString().endsWith(".json")) {
            return CalibrationReports.readLabels(results);
        }
        if (Journal.isJournal(file)) {
            throw new ConfigurationException(Journal.notAResultsFile(file)
                    + "; calibrate reads a labels file or a results.json");
        }
        return LabelsLoader.of(providers).load(file);
    }
}
