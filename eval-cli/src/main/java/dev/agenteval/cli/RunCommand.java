package dev.agenteval.cli;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Shard;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.core.Baseline;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.core.Gate;
import dev.agenteval.core.Providers;
import dev.agenteval.core.ReportException;
import dev.agenteval.core.Reports;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.Judge;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code agent-eval run}: runs suites against an agent and writes the reports. */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Runs the cases of one or more suites (YAML files or folders) against an agent.")
final class RunCommand implements Callable<Integer> {

    @Parameters(paramLabel = "SUITE", arity = "1..*", description = "Suite files (YAML) or folders of suites.")
    List<Path> suites;

    @Mixin
    AgentOptions agentOptions = new AgentOptions();




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

    @Option(names = "--threshold", paramLabel = "PCT", description = "Gate: exit 0 when the run covered every case of the suite and at least PCT percent of them passed, else 1. A filtered, sharded, stopped or interrupted run never meets it.")
    Double threshold;

    @Option(names = "--baseline", paramLabel = "FILE", description = "An earlier results.json (or the report folder holding it) to compare with: regressions, fixes, new and removed cases and the pass-rate change, in the console, results.md and results.json.")
    Path baselinePath;

    @Option(names = "--fail-on-regression", description = "Exit 1 when a case passed in --baseline and does not now (with repeats: only when Fisher's exact test on the attempt counts gives p below --significance).")
    boolean failOnRegression;

    @Option(names = "--significance", paramLabel = "P", description = "With --baseline and repeats: the p-value below which a changed verdict counts as a regression or fix (default 0.05).")
    Double significance;

    @Option(names = "--report-dir", paramLabel = "DIR", description = "Write results.json, results.md and junit.xml here.")
    Path reportDir;

    @Option(names = "--output", paramLabel = "FILE", description = "Write the JSON report here, and a sibling .md transcript.")
    Path output;

    @Option(names = "--judge", paramLabel = "ID", description = "Judge provider id: openai (any OpenAI-compatible endpoint) or overlap (offline token overlap, never chosen unless named). Default: openai when a judge URL or model is given, else none.")
    String judgeId;

    @Option(names = "--judge-url", paramLabel = "URL", description = "An OpenAI-compatible endpoint for the LLM judge.")
    String judgeUrl;

    @Option(names = "--judge-model", paramLabel = "MODEL", description = "The judge's model.")
    String judgeModel;

    @Option(names = "--judge-redact-secrets", negatable = true, arity = "0..1", fallbackValue = "true",
            description = "Mask the run's secrets in what is sent to the judge (default: on; also"
                    + " AGENT_EVAL_JUDGE_REDACT_SECRETS=false). Turn off only for a judge you trust with them.")
    Boolean judgeRedactSecrets;

    @Option(names = {"-v", "--verbose"}, description = "More logging (repeat for debug).")
    boolean[] verbose = new boolean[0];

    @Option(names = {"-q", "--quiet"}, description = "Less output (repeat to silence logging).")
    boolean[] quiet = new boolean[0];

    private final AgentEvalCli.Context context;
    private Baseline baseline;
    private Gate gate;

    RunCommand(AgentEvalCli.Context context) {
        this.context = context;
    }

    @Override
    public Integer call() {
        validateOptions();
        Function<String, String> environment = Wiring.environment(context);
        List<Suite> loaded = SuiteSources.load(suites, context.workDir());
        baseline = baselinePath == null ? null : Gating.readBaseline(baselinePath, significance, context.workDir());
        Gating.requireBaselineSuite(baseline, loaded);
        gate = threshold == null ? null : Gate.atLeast(threshold);
        Providers providers = Providers.discover(RunCommand.class.getClassLoader());
        boolean needsJudge = Wiring.needsJudge(loaded, providers);
        int worst = AgentEvalCli.OK;
        try (Interruption watch = Interruption.watch();
             AgentClient agent = agentOptions.create(environment, context.workDir())) {
            Judge judge = needsJudge ? Wiring.judge(judgeId, judgeUrl, judgeModel, providers, environment) : null;
            for (Suite suite : loaded) {
                worst = Math.max(worst, runSuite(suite, loaded.size() > 1, agent, judge, providers, environment));
                if (Thread.currentThread().isInterrupted()) {
                    context.err().println("Interrupted: reports hold the cases that finished (\"complete\": false).");
                    return AgentEvalCli.NOT_CARRIED_OUT;
                }
            }
        }
        return worst;
    }

    private int runSuite(Suite suite, boolean several, AgentClient agent, Judge judge, Providers providers,
                         Function<String, String> environment) {
        EvalRunner.Builder b = EvalRunner.builder().agent(agent).judge(judge).providers(providers)
                .environment(environment).stopOnFailure(stopOnFailure).repeat(repeat)
                .listener(new Progress(context.err(), context.terminal(), quiet.length > 0))
                .agentDescription(agentOptions.describe());
        Baseline compared = Gating.baselineFor(baseline, suite, several, context.err());
        b.sink(compared == null ? Reports.console(context.out()) : Reports.console(context.out(), false, false, compared));
        if (judge != null) {
            b.judgeDescription(Gating.describeJudge(judge));
            b.redactJudgeInput(Wiring.redactJudgeInput(judgeRedactSecrets, environment));
        }
        caseIds.forEach(b::caseId);
        tags.forEach(b::tag);
        if (shardSpec != null) {
            b.shard(Shard.parse(shardSpec));
        }
        if (concurrency != null) {
            b.concurrency(concurrency);
        }
        if (timeoutSeconds != null) {
            b.caseTimeout(Duration.ofMillis((long) (timeoutSeconds * 1000)));
        }
        Path dir = reportDir != null ? context.workDir().resolve(reportDir) : Wiring.defaultReportDir(environment, context.workDir());
        if (dir != null) {
            Path suiteDir = several ? dir.resolve(fileName(suite.name())) : dir;
            b.sink(compared == null ? Reports.all(suiteDir) : Reports.all(suiteDir, compared));
        }
        if (output != null) {
            Path file = context.workDir().resolve(output);
            Path json = several ? sibling(file, "-" + fileName(suite.name()) + ".json") : file;
            if (compared == null) {
                b.sink(Reports.json(json)).sink(Reports.markdown(sibling(json, ".md")));
            } else {
                b.sink(Reports.json(json, compared)).sink(Reports.markdown(sibling(json, ".md"), compared));
            }
        }
        SuiteResult result;
        try {
            result = b.build().run(suite);
        } catch (ReportException e) {
            context.err().println("error: " + e.getMessage());
            return AgentEvalCli.NOT_CARRIED_OUT;
        }
        var summary = result.summary();
        if (summary.cases() > 0 && summary.errored() == summary.cases()) {
            context.err().println("error: the run could not be carried out: every case ended with a harness failure ("
                    + result.cases().get(0).reason() + ")");
            return AgentEvalCli.NOT_CARRIED_OUT;
        }
        return Gating.exitCode(result, gate, compared, failOnRegression, context.out());
    }

    private void validateOptions() {
        List<String> problems = new ArrayList<>();
        agentOptions.validate(problems);
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
        if (repeat < 1) {
            problems.add("--repeat must be >= 1 but was " + repeat);
        }
        if (threshold != null && !(threshold >= 0 && threshold <= 100)) {
            problems.add("--threshold must be between 0 and 100 (percent) but was " + threshold);
        }
        if (failOnRegression && baselinePath == null) {
            problems.add("--fail-on-regression needs --baseline FILE (an earlier results.json)");
        }
        if (significance != null && baselinePath == null) {
            problems.add("--significance needs --baseline FILE (an earlier results.json)");
        }
        if (significance != null && !(significance > 0 && significance < 1)) {
            problems.add("--significance must be > 0 and < 1 but was " + significance);
        }
        if (!problems.isEmpty()) {
            throw new ConfigurationException(problems);
        }
    }

    private static String fileName(String suiteName) {
        return suiteName.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    private static Path sibling(Path file, String suffix) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String base = dot > 0 ? name.substring(0, dot) : name;
        return file.resolveSibling(base + suffix);
    }
}
