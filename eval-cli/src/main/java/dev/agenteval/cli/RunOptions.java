package dev.agenteval.cli;

import dev.agenteval.api.Shard;
import dev.agenteval.launch.Setting;
import dev.agenteval.launch.Settings;
import dev.agenteval.launch.Wiring;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The options of {@code run}, shared with {@code validate} (a picocli mixin), so that
 * {@code validate} accepts the command line of a run and checks it the same way.
 */
final class RunOptions {

    @Parameters(paramLabel = "SUITE", arity = "0..*", description = "Suite files (YAML) or folders of suites; none:"
            + " eval/eval.yaml of the agent project in the working folder, as the platform's CLI reads it.")
    List<Path> suites;

    /** The suite of an agent project, read when no suite is given. */
    static final Path PROJECT_SUITE = Path.of("eval", "eval.yaml");

    @Mixin
    AgentOptions agentOptions = new AgentOptions();

    @Mixin
    PluginOptions pluginOptions = new PluginOptions();

    @Option(names = {"--case", "--name"}, paramLabel = "ID", description = "Run only this case (repeatable).")
    List<String> caseIds = new ArrayList<>();

    @Option(names = "--tag", paramLabel = "TAG", description = "Run only cases with this tag (repeatable; any of).")
    List<String> tags = new ArrayList<>();

    @Option(names = "--shard", paramLabel = "I/N", description = "Run only shard I of N (1-based) of the selected cases, chosen by case id, so N CI jobs split a suite; merge their results.json with 'agent-eval merge'.")
    String shardSpec;

    @Option(names = "--concurrency", paramLabel = "N", description = "Cases in flight at once (default: the suite's, else 4).")
    Integer concurrency;

    @Option(names = "--timeout", paramLabel = "SECONDS", description = "Timeout of cases that set none.")
    Double timeoutSeconds;

    @Option(names = "--stop-on-failure", description = "Start no new case after the first that does not pass.")
    boolean stopOnFailure;

    @Option(names = "--repeat", paramLabel = "N", description = "Run each case N times on fresh sessions (cases and suites that set 'repeat' keep theirs).")
    int repeat = 1;

    @Option(names = Setting.Option.THRESHOLD, paramLabel = "PCT", description = "Gate: exit 0 when the run covered every case of the suite and at least PCT percent of them passed, else 1. A filtered, sharded, stopped or interrupted run never meets it. Default: AGENT_EVAL_THRESHOLD.")
    String threshold;

    @Option(names = Setting.Option.THRESHOLD_LOWER_BOUND, paramLabel = "PCT", description = "Gate on the noise: exit 0 when the run covered every case of the suite and the lower bound of its pass rate's Wilson interval (at --confidence, default 95%%) is at least PCT percent, else 1, so that a pass rate reaching PCT by the luck of a small sample does not meet it (7 of 7 passed: 64.6%%). With --threshold, both must be met. Default: AGENT_EVAL_THRESHOLD_LOWER_BOUND.")
    String thresholdLowerBound;

    @Option(names = Setting.Option.BASELINE, paramLabel = "FILE", description = "An earlier results.json, or the report folder holding it (of a run of several suites: one results.json per suite subfolder, each suite compared with its own), to compare with: regressions, fixes, new and removed cases and the pass-rate change, the paired tests, in every report. Default: AGENT_EVAL_BASELINE.")
    String baselinePath;

    @Option(names = Setting.Option.FAIL_ON_REGRESSION, description = "Exit 1 when a case passed in --baseline and does not now (with repeats: only when Fisher's exact test on the attempt counts gives p below --significance; also AGENT_EVAL_FAIL_ON_REGRESSION=true).")
    boolean failOnRegression;

    @Option(names = Setting.Option.FAIL_ON_SIGNIFICANT_REGRESSION, description = "Exit 1 only when the run as a whole regressed against --baseline: McNemar's exact test on the paired verdicts of the cases in both runs gives p below --significance and more cases regressed than improved. A single flipped case does not fail the run. Also AGENT_EVAL_FAIL_ON_SIGNIFICANT_REGRESSION=true.")
    boolean failOnSignificantRegression;

    @Option(names = Setting.Option.SIGNIFICANCE, paramLabel = "P", description = "With --baseline: the p-value below which a comparison counts as significant: the paired McNemar test of the run, and with repeats a changed verdict as a regression or fix (default: AGENT_EVAL_SIGNIFICANCE, else 0.05).")
    String significance;

    @Option(names = Setting.Option.REPORT_DIR, paramLabel = "DIR", description = "Write results.json, results.md, junit.xml and report.html here (--format chooses others; default: AGENT_EVAL_REPORT_DIR). Checked writable and locked for the run before anything is sent: another run into the same folder is refused.")
    Path reportDir;

    @Option(names = "--resume", paramLabel = "DIR", description = "Resume the run that wrote the report folder DIR (its journal.jsonl, which every run with a report folder keeps): run only the cases it lacks, then write the reports of all of them to DIR. Refused when the suite, agent, judge or shard differ from the journal's.")
    Path resume;

    @Option(names = "--retry-errored", description = "With --resume: also run again the cases that ended in a harness failure (errored).")
    boolean retryErrored;

    @Option(names = "--format", paramLabel = "ID", split = ",", description = "The report formats --report-dir writes (comma-separated or repeated): the ids listed under 'Report formats' below, a plugin's of --plugin-path included; default: those marked (default).")
    List<String> formats;

    @Option(names = "--output", paramLabel = "FILE", description = "Write the results here, and a sibling .md transcript: the Python harness's result file for a harness suite (evals:), else the JSON report (--output-format chooses). Without --output and --report-dir, a run writes them to results/<suite>-<UTC start>.json in the working folder. The folder is checked writable before anything is sent.")
    Path output;

    @Option(names = "--output-format", paramLabel = "ID", description = "The format of the --output file (or of the results/ file): harness (the Python harness's result file) or json (the JSON report). Default: harness for a harness suite (evals:), else json.")
    ResultFiles.Format outputFormat;

    @Mixin
    JudgeOptions judgeOptions = new JudgeOptions();

    @Option(names = Setting.Option.OPIK, description = "Also record the run in Opik as an experiment (after the result"
            + " files are written; also AGENT_EVAL_OPIK=true): OPIK_URL_OVERRIDE names the Opik API (else the --env"
            + " target's opik: url, or AGENT_API_OPIK_URL_<NAME>), OPIK_PROJECT_NAME the project (default Agents),"
            + " OPIK_API_KEY and OPIK_WORKSPACE the cloud credentials. Opik is health-checked before any agent call"
            + " (exit 3 when it fails); an upload failure after the run keeps the files and exits 4. Without --opik,"
            + " a configured Opik still gets the agent's traces linked in the results.")
    boolean opik;

    @Option(names = Setting.Option.OPIK_DATASET, paramLabel = "NAME", description = "With --opik: the Opik dataset (default: AGENT_EVAL_OPIK_DATASET_NAME, else the suite's name).")
    String datasetName;

    @Option(names = Setting.Option.OPIK_EXPERIMENT, paramLabel = "NAME", description = "With --opik: the Opik experiment (default: AGENT_EVAL_OPIK_EXPERIMENT_NAME, else the suite's name and the run's start time).")
    String experimentName;

    @Option(names = Setting.Option.TRACE_LINK_TEMPLATE, paramLabel = "URL", description = "A link to each turn's trace in every report: {traceId} is replaced by the W3C trace id sent to the agent in its traceparent, e.g. 'http://localhost:16686/trace/{traceId}' (Jaeger) (default: AGENT_EVAL_TRACE_LINK_TEMPLATE). A link the agent reports wins.")
    String traceLinkTemplate;

    @Option(names = Setting.Option.TRACESTATE, paramLabel = "STATE", description = "A W3C tracestate sent as it is with each turn's traceparent (default: AGENT_EVAL_TRACESTATE).")
    String tracestate;

    @Option(names = Setting.Option.OTEL, description = "Export the run as an OpenTelemetry trace over OTLP/HTTP to OTEL_EXPORTER_OTLP_ENDPOINT (default http://localhost:4318): run, case, turn and judge spans, one gen_ai.evaluation.result event per score, the agent's own spans joined through traceparent (also AGENT_EVAL_OTEL=true, or the standard OTEL_TRACES_EXPORTER=otlp).")
    boolean otel;

    @Option(names = Setting.Option.OTEL_RECEIVER, paramLabel = "PORT", arity = "0..1", fallbackValue = "true", description = "Receive the agent's own traces: an OTLP/HTTP receiver on 127.0.0.1 (on PORT, else a free port) whose address the run prints; point the agent's OTEL_EXPORTER_OTLP_ENDPOINT at it. A turn whose scorers read tool calls (or usage) the response lacks takes them from the agent's spans of that turn (also AGENT_EVAL_OTEL_RECEIVER=true or a port).")
    String otelReceiver;

    @Option(names = Setting.Option.OTEL_WAIT, paramLabel = "SECONDS", description = "With --otel-receiver: how long a turn waits at most for the agent's spans, only when it needs them (default: AGENT_EVAL_OTEL_WAIT, else 2). A trace that does not arrive is no error: the turn is scored on its response and its toolCallsSource says no_trace.")
    String otelWait;

    @Option(names = Setting.Option.TOOL_CALLS_FROM, paramLabel = "SOURCE", description = "With --otel-receiver: response-first (the agent's trace only when the response reports no tool call) or traces-first (the trace's calls whenever it arrives) (default: AGENT_EVAL_TOOL_CALLS_FROM, else response-first).")
    String toolCallsFrom;

    @Option(names = "--prices", paramLabel = "FILE", description = "Your price table (YAML or JSON: prices: {MODEL: {inputPerMillion: N, outputPerMillion: N}}, a 'default' entry for other models): a turn whose agent reports tokens but no cost gets a cost computed from its model's price, marked estimated in every report. Wins over the --env target's prices:. agent-eval ships no prices.")
    Path pricesFile;

    @Option(names = Setting.Option.CONFIDENCE, paramLabel = "LEVEL", description = "The confidence level of every interval in the console, results.json, results.md, junit.xml and report.html, between 0 and 1 exclusive (default: AGENT_EVAL_CONFIDENCE, else 0.95).")
    String confidence;

    @Option(names = Setting.Option.SEED, paramLabel = "N", description = "The seed of the bootstrap behind the scorers' intervals: the same results and seed give the same numbers (default: AGENT_EVAL_SEED, else a fixed seed).")
    String seed;

    @Mixin
    Verbosity verbosity = new Verbosity();

    /** The problems of the options but the agent's ({@link AgentOptions#agentProblems}). */
    List<String> optionProblems(Settings settings) {
        List<String> problems = new ArrayList<>();
        if (concurrency != null && concurrency < 1) {
            problems.add("--concurrency must be >= 1 but was " + concurrency);
        }
        if (timeoutSeconds != null && !(timeoutSeconds > 0)) {
            problems.add("--timeout must be > 0 but was " + timeoutSeconds);
        }
        if (shardSpec != null) {
            try {
                Shard.parse(shardSpec);
            } catch (IllegalArgumentException e) {
                problems.add("--" + e.getMessage());
            }
        }
        if (retryErrored && resume == null) {
            problems.add("--retry-errored needs --resume DIR (the report folder of the run to resume)");
        }
        if (resume != null && reportDir != null && !reportDir.toAbsolutePath().normalize()
                .equals(resume.toAbsolutePath().normalize())) {
            problems.add("--resume " + resume + " writes the reports to the folder it resumes; --report-dir " + reportDir
                    + " names another (give one of them)");
        }
        if (repeat < 1) {
            problems.add("--repeat must be >= 1 but was " + repeat);
        }
        if (datasetName != null && datasetName.isBlank() || experimentName != null && experimentName.isBlank()) {
            problems.add("--dataset-name and --experiment-name must not be blank");
        }
        if (outputFormat != null && output == null && settings.get(Setting.REPORT_DIR).isPresent()) {
            problems.add("--output-format chooses the format of --output FILE (or of the results/ file written"
                    + " without --output and --report-dir): give --output, or choose the report folder's files with"
                    + " --format");
        }
        return problems;
    }

    /**
     * The suites to load: those given, else {@link #PROJECT_SUITE} when the working folder is an
     * agent project; empty (a problem) otherwise.
     */
    List<Path> suitePaths(Path workDir) {
        if (suites != null && !suites.isEmpty()) {
            return suites;
        }
        return java.nio.file.Files.isRegularFile(workDir.resolve(PROJECT_SUITE)) ? List.of(PROJECT_SUITE) : List.of();
    }

    /** The shard, or null (also when {@code --shard} is invalid: {@link #optionProblems} reports that). */
    Shard shard() {
        try {
            return shardSpec == null ? null : Shard.parse(shardSpec);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** The default case timeout, or null. */
    Duration caseTimeout() {
        return timeoutSeconds == null || !(timeoutSeconds > 0) ? null : Duration.ofMillis((long) (timeoutSeconds * 1000));
    }

    /** The default repeat (1 when the option is invalid: its problem is reported). */
    int defaultRepeat() {
        return Math.max(1, repeat);
    }

    /**
     * The launch settings of these options (an option not given falls back to its variable in
     * {@code environment}, then its default).
     */
    Settings settings(Function<String, String> environment) {
        Map<Setting, String> values = agentOptions.values();
        judgeOptions.putInto(values);
        values.put(Setting.REPORT_DIR, reportDir == null ? null : reportDir.toString());
        values.put(Setting.OPIK, opik ? "true" : null);
        values.put(Setting.OPIK_DATASET, datasetName);
        values.put(Setting.OPIK_EXPERIMENT, experimentName);
        values.put(Setting.CONFIDENCE, confidence);
        values.put(Setting.SEED, seed);
        values.put(Setting.THRESHOLD, threshold);
        values.put(Setting.THRESHOLD_LOWER_BOUND, thresholdLowerBound);
        values.put(Setting.BASELINE, baselinePath);
        values.put(Setting.FAIL_ON_REGRESSION, failOnRegression ? "true" : null);
        values.put(Setting.FAIL_ON_SIGNIFICANT_REGRESSION, failOnSignificantRegression ? "true" : null);
        values.put(Setting.SIGNIFICANCE, significance);
        values.put(Setting.TRACE_LINK_TEMPLATE, traceLinkTemplate);
        values.put(Setting.TRACESTATE, tracestate);
        values.put(Setting.OTEL, otel ? "true" : null);
        values.put(Setting.OTEL_RECEIVER, otelReceiver);
        values.put(Setting.OTEL_WAIT, otelWait);
        values.put(Setting.TOOL_CALLS_FROM, toolCallsFrom);
        return Settings.commandLine(values, environment);
    }

    /**
     * The report folder: the folder {@code --resume} resumes, else {@code --report-dir}, else
     * {@code AGENT_EVAL_REPORT_DIR}, else null.
     */
    Path reportFolder(Settings settings, Path workDir) {
        if (resume != null) {
            return workDir.resolve(resume);
        }
        return Wiring.reportDir(settings, workDir).orElse(null);
    }

    /** The file {@code --output} names, or null. */
    Path outputFile(Path workDir) {
        return output == null ? null : workDir.resolve(output);
    }

    /**
     * The folder of the default results file ({@value ResultFiles#DEFAULT_FOLDER} in the working
     * folder) when neither {@code --output} nor a report folder is given, else null.
     */
    Path defaultResultsFolder(Settings settings, Path workDir) {
        return output == null && reportFolder(settings, workDir) == null ? workDir.resolve(ResultFiles.DEFAULT_FOLDER)
                : null;
    }
}
