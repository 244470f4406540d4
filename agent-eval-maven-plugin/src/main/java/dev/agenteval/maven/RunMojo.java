package dev.agenteval.maven;

import dev.agenteval.results.ResultsFile;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.cli.AgentEvalCli;
import dev.agenteval.launch.Setting;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.descriptor.MojoDescriptor;
import org.apache.maven.plugin.descriptor.PluginDescriptor;
import org.apache.maven.plugin.logging.Log;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Runs agent-eval suites against an agent and fails the build by the command's exit rules: the
 * goal is {@code agent-eval run} in-process ({@link AgentEvalCli#execute(String[], AgentEvalCli.Context)}), with the options
 * below mapped onto its command line, its output in the Maven log, and its exit code turned into
 * the build's outcome: 0 passes; 1 (a case did not meet its expectation, the {@code threshold}
 * gate was not met, or {@code failOnRegression} found a regression) is a
 * {@link MojoFailureException} with the summary; 2 (an invalid suite or configuration; nothing was
 * sent), 3 (the run could not be carried out) and 4 (the Opik upload failed) are a
 * {@link MojoExecutionException} naming every problem the command printed (each also logged at
 * ERROR).
 *
 * <p>Every parameter is also a user property, {@code -Dagent-eval.agent-url=...}, named as the
 * setting's JUnit configuration parameter; a value the pom's {@code <configuration>} sets wins over
 * it (Maven's rule), which the goal warns about. The environment ({@code AGENT_EVAL_*}, a {@code .env}
 * file in the project folder) and {@code agent-eval.targets.yaml} in the project folder are read as
 * the command reads them.
 */
@Mojo(name = "run", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true, requiresProject = true)
public class RunMojo extends AbstractMojo {

    /** The folder read when {@link #suites} is not given, relative to the project folder. */
    static final String DEFAULT_SUITES = "src/test/agent-eval";

    /** Skips the goal. */
    @Parameter(property = "agent-eval.skip", defaultValue = "false")
    boolean skip;

    /** The project folder: the run's working folder (agent-eval.targets.yaml, .env, agent projects). */
    @Parameter(defaultValue = "${project.basedir}", readonly = true, required = true)
    File basedir;

    /**
     * Suite files (YAML) or folders of suites. Default: {@code src/test/agent-eval}; when that
     * folder does not exist and none is given, the goal has nothing to run and says so.
     */
    @Parameter(property = "agent-eval.suites")
    List<File> suites;

    /** {@code --agent-url}: the agent's base URL. */
    @Parameter(property = "agent-eval.agent-url")
    String agentUrl;

    /** {@code --protocol}: a2a (default), agent-service, platform-chat, openai-chat, http or a plugin's. */
    @Parameter(property = "agent-eval.protocol")
    String protocol;

    /** {@code --env}: a named target of agent-eval.targets.yaml in the project folder. */
    @Parameter(property = "agent-eval.target")
    String target;

    /** {@code --external-id}: the agent's external id (platform chat API). */
    @Parameter(property = "agent-eval.external-id")
    String externalId;

    /** {@code --system-agent}: a deployed system agent (platform chat API). */
    @Parameter(property = "agent-eval.system-agent")
    String systemAgent;

    /** {@code --project}: the project the agent lives in (platform chat API). */
    @Parameter(property = "agent-eval.project")
    String platformProject;

    /** {@code --report-dir}: where results.json, results.md, junit.xml and report.html are written. */
    @Parameter(property = "agent-eval.report-dir", defaultValue = "${project.build.directory}/agent-eval")
    File reportDir;

    /** {@code --format}: the report formats written (default json, md, junit, html). */
    @Parameter(property = "agent-eval.formats")
    List<String> formats;

    /** {@code --threshold}: the gate, in percent of the suite's cases that must pass. */
    @Parameter(property = "agent-eval.threshold")
    Double threshold;

    /**
     * {@code --confidence}: the confidence level of every interval in the reports, between 0 and 1
     * exclusive (default 0.95).
     */
    @Parameter(property = "agent-eval.confidence")
    String confidence;

    /** {@code --seed}: the seed of the bootstrap behind the scorers' intervals (default: a fixed seed). */
    @Parameter(property = "agent-eval.seed")
    String seed;

    /**
     * {@code --threshold-lower-bound}: the gate on the noise, in percent that the lower bound of the
     * pass rate's 95% Wilson interval must reach.
     */
    @Parameter(property = "agent-eval.threshold-lower-bound")
    Double thresholdLowerBound;

    /**
     * {@code --baseline}: an earlier results.json, or its report folder (a subfolder per suite when
     * several ran), to compare with. When it does not exist yet, the run is not compared and a
     * warning says how to make it from this run's reports.
     */
    @Parameter(property = "agent-eval.baseline")
    File baseline;

    /** {@code --fail-on-regression}: fail when a case that passed in the baseline does not now. */
    @Parameter(property = "agent-eval.fail-on-regression", defaultValue = "false")
    boolean failOnRegression;

    /**
     * {@code --fail-on-significant-regression}: fail only when the run as a whole regressed against
     * the baseline (McNemar's test on the paired verdicts below the significance, more cases
     * regressed than improved).
     */
    @Parameter(property = "agent-eval.fail-on-significant-regression", defaultValue = "false")
    boolean failOnSignificantRegression;

    /** {@code --significance}: with a baseline, the p-value below which a comparison is significant (default 0.05). */
    @Parameter(property = "agent-eval.significance")
    Double significance;

    /** {@code --judge}: the judge provider by id (openai, overlap). */
    @Parameter(property = "agent-eval.judge")
    String judge;

    /** {@code --judge-url}: an OpenAI-compatible endpoint for the LLM judge. */
    @Parameter(property = "agent-eval.judge-url")
    String judgeUrl;

    /** {@code --judge-model}: the judge's model. */
    @Parameter(property = "agent-eval.judge-model")
    String judgeModel;

    /** {@code --case}: run only these cases. */
    @Parameter(property = "agent-eval.cases")
    List<String> cases;

    /** {@code --tag}: run only cases with any of these tags. */
    @Parameter(property = "agent-eval.tags")
    List<String> tags;

    /** {@code --concurrency}: cases in flight at once. */
    @Parameter(property = "agent-eval.concurrency")
    Integer concurrency;

    /** {@code --timeout}: the timeout of cases that set none, in seconds. */
    @Parameter(property = "agent-eval.timeout")
    Double timeout;

    /** {@code --repeat}: run each case this many times. */
    @Parameter(property = "agent-eval.repeat")
    Integer repeat;

    /** {@code --prices}: your price table (YAML or JSON). */
    @Parameter(property = "agent-eval.prices")
    File prices;

    /** {@code -v}: each case's answers and tool calls as it finishes. */
    @Parameter(property = "agent-eval.verbose", defaultValue = "false")
    boolean verbose;

    /** More options of {@code agent-eval run}, as written on its command line (e.g. {@code --shard}, {@code 1/2}). */
    @Parameter
    List<String> arguments;

    /** The session's user properties ({@code -D...}): those the pom's configuration overrides are warned about. */
    @Parameter(defaultValue = "${session.userProperties}", readonly = true)
    Properties userProperties;

    /** This plugin's descriptor: which user property each parameter reads. */
    @Parameter(defaultValue = "${plugin}", readonly = true)
    PluginDescriptor plugin;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        Log log = getLog();
        overriddenUserProperties().forEach(log::warn);
        if (skip) {
            log.info("agent-eval: skipped (agent-eval.skip)");
            return;
        }
        if ((suites == null || suites.isEmpty()) && !Files.isDirectory(defaultSuites())) {
            log.info("agent-eval: no suites in " + defaultSuites() + ": nothing to run");
            return;
        }
        boolean firstBaseline = baseline != null && !baseline.exists();
        if (firstBaseline) {
            log.warn("agent-eval: no baseline at " + shown(baseline) + " yet (this run is not compared with one);"
                    + " this run's results.json can become it: " + firstBaselineCommand());
        }
        List<String> args = arguments(!firstBaseline);
        log.debug("agent-eval " + String.join(" ", args));
        Instant started = Instant.now();
        List<String> errors = new ArrayList<>();
        List<String> verdicts = new ArrayList<>();
        int code;
        try (PrintStream out = stream(line -> {
                 if (line.startsWith("gate ") || line.startsWith("--fail-on-regression:")
                         || line.startsWith("--fail-on-significant-regression: the run regressed")) {
                     verdicts.add(line);
                 }
                 log.info(line);
             });
             PrintStream err = stream(line -> {
                 // The command prints each problem on a line of its own, "error: ...".
                 if (line.startsWith("error:")) {
                     errors.add(line);
                     log.error(line);
                 } else if (line.startsWith("warning:") || line.startsWith("WARN")) {
                     log.warn(line);
                 } else {
                     log.info(line);
                 }
             })) {
            code = AgentEvalCli.execute(args.toArray(String[]::new),
                    new AgentEvalCli.Context(out, err, System.getenv(), basedir.toPath().toAbsolutePath(), false));
        }
        switch (code) {
            case AgentEvalCli.OK -> log.info("agent-eval: " + (threshold == null && thresholdLowerBound == null ? "every case met its expectation"
                    : "the gate is met") + reportsNote());
            case AgentEvalCli.CASES_FAILED -> throw new MojoFailureException(failureMessage(started, verdicts));
            case AgentEvalCli.INVALID -> throw new MojoExecutionException(problem(
                    "the suites or the plugin's configuration are invalid; nothing was sent", code, errors));
            case AgentEvalCli.UPLOAD_FAILED -> throw new MojoExecutionException(problem(
                    "the run finished and its reports are written, but recording it in Opik failed", code, errors));
            default -> throw new MojoExecutionException(problem("the run could not be carried out", code, errors));
        }
    }

    /** The command line of {@code agent-eval run} this configuration stands for. */
    List<String> arguments() {
        return arguments(true);
    }

    /**
     * The command line of {@code agent-eval run}; without {@code --baseline} and
     * {@code --fail-on-regression} unless {@code compare}.
     */
    private List<String> arguments(boolean compare) {
        List<String> a = new ArrayList<>();
        a.add("run");
        option(a, "--agent-url", agentUrl);
        option(a, "--protocol", protocol);
        option(a, "--env", target);
        option(a, "--external-id", externalId);
        option(a, "--system-agent", systemAgent);
        option(a, "--project", platformProject);
        option(a, "--report-dir", reportDir == null ? null : reportDir.getAbsolutePath());
        if (formats != null && !formats.isEmpty()) {
            option(a, "--format", String.join(",", formats));
        }
        option(a, "--threshold", threshold == null ? null : threshold.toString());
        option(a, Setting.Option.CONFIDENCE, confidence);
        option(a, Setting.Option.SEED, seed);
        option(a, "--baseline", baseline == null || !compare ? null : baseline.getAbsolutePath());
        if (failOnRegression && compare) {
            a.add("--fail-on-regression");
        }
        if (failOnSignificantRegression && compare) {
            a.add("--fail-on-significant-regression");
        }
        option(a, "--significance", significance == null || !compare ? null : significance.toString());
        option(a, "--threshold-lower-bound", thresholdLowerBound == null ? null : thresholdLowerBound.toString());
        option(a, "--judge", judge);
        option(a, "--judge-url", judgeUrl);
        option(a, "--judge-model", judgeModel);
        for (String c : cases == null ? List.<String>of() : cases) {
            option(a, "--case", c);
        }
        for (String t : tags == null ? List.<String>of() : tags) {
            option(a, "--tag", t);
        }
        option(a, "--concurrency", concurrency == null ? null : concurrency.toString());
        option(a, "--timeout", timeout == null ? null : timeout.toString());
        option(a, "--repeat", repeat == null ? null : repeat.toString());
        option(a, "--prices", prices == null ? null : prices.getAbsolutePath());
        if (verbose) {
            a.add("-v");
        }
        if (arguments != null) {
            a.addAll(arguments);
        }
        // After the options, so that a suite path starting with '-' is not read as one.
        a.add("--");
        if (suites == null || suites.isEmpty()) {
            a.add(defaultSuites().toString());
        } else {
            suites.forEach(s -> a.add(s.getAbsolutePath()));
        }
        return a;
    }

    /**
     * A warning for each {@code -Dagent-eval.*} the goal does not use because the pom's
     * {@code <configuration>} sets its parameter: Maven lets the configuration win over a user
     * property, so a value meant to be overridden from the command line belongs in the pom's
     * {@code <properties>}.
     */
    List<String> overriddenUserProperties() {
        MojoDescriptor mojo = plugin == null ? null : plugin.getMojo("run");
        if (mojo == null || userProperties == null) {
            return List.of();
        }
        List<String> warnings = new ArrayList<>();
        for (org.apache.maven.plugin.descriptor.Parameter p : mojo.getParameters()) {
            String expression = p.getExpression();
            String property = expression == null || !expression.matches("\\$\\{agent-eval\\.[^}]+}") ? null
                    : expression.substring(2, expression.length() - 1);
            String given = property == null ? null : userProperties.getProperty(property);
            if (given != null && !holds(p.getName(), given)) {
                warnings.add("agent-eval: -D" + property + "=" + given + " is not used: the pom's <configuration> sets <"
                        + p.getName() + ">, which Maven lets win over a user property; to let the command line override"
                        + " it, set <" + property + "> in the pom's <properties> instead");
            }
        }
        return warnings;
    }

    /** Whether parameter {@code name} holds the value of the user property {@code given}, as Maven converts it. */
    private boolean holds(String name, String given) {
        try {
            return holds(RunMojo.class.getDeclaredField(name).get(this), given);
        } catch (ReflectiveOperationException e) {
            return true;
        }
    }

    private boolean holds(Object value, String given) {
        try {
            if (value instanceof Number n) {
                return n.doubleValue() == Double.parseDouble(given);
            }
        } catch (NumberFormatException e) {
            return true; // Maven refuses such a value itself
        }
        if (value instanceof File file) {
            return file.toPath().toAbsolutePath().normalize().equals(basedir.toPath().toAbsolutePath().resolve(given).normalize());
        }
        if (value instanceof List<?> list) {
            List<String> items = Stream.of(given.split(",")).map(String::trim).toList();
            return list.size() == items.size() && IntStream.range(0, items.size()).allMatch(i -> holds(list.get(i), items.get(i)));
        }
        return value instanceof Boolean ? value.equals(Boolean.valueOf(given)) : given.equals(value);
    }

    private Path defaultSuites() {
        return basedir.toPath().toAbsolutePath().resolve(DEFAULT_SUITES);
    }

    private static void option(List<String> args, String name, String value) {
        if (value != null && !value.isBlank()) {
            args.add(name);
            args.add(value);
        }
    }

    /**
     * How this run's reports become the baseline: the report folder copied as a whole (it holds
     * results.json, or a subfolder per suite when several run), or its results.json when the
     * baseline is a file.
     */
    private String firstBaselineCommand() {
        File reports = reportDir == null ? new File(basedir, "target/agent-eval") : reportDir;
        if (!baseline.getName().endsWith(".json")) {
            return "cp -r " + shown(reports) + " " + shown(baseline);
        }
        File folder = baseline.getAbsoluteFile().getParentFile();
        return (folder.isDirectory() ? "" : "mkdir -p " + shown(folder) + " && ") + "cp "
                + shown(new File(reports, ResultsFile.FILE_NAME)) + " " + shown(baseline);
    }

    /** {@code file} relative to the project folder when inside it (the folder Maven runs in), else absolute. */
    private String shown(File file) {
        Path project = basedir.toPath().toAbsolutePath().normalize();
        Path path = file.toPath().toAbsolutePath().normalize();
        return path.startsWith(project) && !path.equals(project) ? project.relativize(path).toString() : path.toString();
    }

    private String reportsNote() {
        return reportDir == null ? "" : "; reports in " + reportDir;
    }

    /**
     * The failure of a run that did not meet its expectations: the totals of each results.json
     * this run wrote (one per suite), the gate's and the regression check's verdicts, and where the
     * reports are.
     */
    private String failureMessage(Instant started, List<String> verdicts) {
        List<String> parts = new ArrayList<>();
        for (Path file : resultFiles(started)) {
            try {
                SuiteResult r = ResultsFile.read(file);
                var s = r.summary();
                parts.add(String.format(Locale.ROOT, "suite '%s': %d of %d cases passed (%d failed, %d errored, %d skipped%s)",
                        r.suite(), s.passed(), s.cases(), s.failed(), s.errored(), s.skipped(),
                        s.undecided() == 0 ? "" : ", " + s.undecided() + " undecided"));
            } catch (RuntimeException e) {
                getLog().debug("agent-eval: could not read " + file + ": " + e);
            }
        }
        parts.addAll(verdicts);
        if (parts.isEmpty()) {
            parts.add("some case did not meet its expectation");
        }
        return "agent-eval: " + String.join("; ", parts) + reportsNote();
    }

    /** The results.json files in the report folder (or its suites' subfolders) written since {@code started}. */
    private List<Path> resultFiles(Instant started) {
        if (reportDir == null || !reportDir.isDirectory()) {
            return List.of();
        }
        FileTime since = FileTime.from(started.minusSeconds(2));
        try (Stream<Path> files = Files.find(reportDir.toPath(), 2,
                (p, attributes) -> p.getFileName().toString().equals(ResultsFile.FILE_NAME)
                        && attributes.lastModifiedTime().compareTo(since) >= 0)) {
            return files.sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static String problem(String what, int code, List<String> errors) {
        return "agent-eval: " + what + " (exit " + code + ")" + (errors.isEmpty() ? "" : ":\n" + String.join("\n", errors));
    }

    private static PrintStream stream(Consumer<String> lines) {
        return new PrintStream(new LineOutputStream(lines), true, StandardCharsets.UTF_8);
    }
}
