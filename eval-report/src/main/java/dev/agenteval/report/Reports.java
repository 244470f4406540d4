package dev.agenteval.report;

import dev.agenteval.api.SuiteResult;
import dev.agenteval.report.internal.CompositeSink;
import dev.agenteval.report.internal.ConsoleSink;
import dev.agenteval.report.internal.FileSink;
import dev.agenteval.report.internal.HarnessFormat;
import dev.agenteval.report.internal.HarnessReport;
import dev.agenteval.report.internal.HarnessTranscript;
import dev.agenteval.report.internal.HtmlReport;
import dev.agenteval.report.internal.JUnitXmlReport;
import dev.agenteval.report.internal.JsonReport;
import dev.agenteval.report.internal.JsonReportReader;
import dev.agenteval.report.internal.MarkdownReport;
import dev.agenteval.report.internal.ReportFolderLock;
import dev.agenteval.report.internal.ConsoleFormat;
import dev.agenteval.report.internal.HtmlFormat;
import dev.agenteval.report.internal.JUnitXmlFormat;
import dev.agenteval.report.internal.JsonFormat;
import dev.agenteval.report.internal.MarkdownFormat;
import dev.agenteval.report.stats.Confidence;
import dev.agenteval.spi.ReportFormat;
import dev.agenteval.spi.ReportOptions;
import dev.agenteval.spi.ResultSink;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The built-in result sinks: JSON, a Markdown transcript, JUnit XML, an HTML report and a console summary.
 *
 * <pre>{@code
 * ResultSink sink = Reports.all(Path.of("results"));   // results.json, results.md, junit.xml, report.html
 * sink.write(suiteResult);
 * Reports.console(System.out).write(suiteResult);
 * }</pre>
 *
 * <h2>Report formats</h2>
 *
 * Each file of a report folder is written by a {@link ReportFormat} chosen by id: the built-ins
 * ({@link #builtInFormats()}) are {@code json}, {@code md}, {@code junit}, {@code html},
 * {@code console} ({@value #SUMMARY_FILE}, the console summary as text) and {@code harness}
 * ({@value #HARNESS_FILE} and {@code harness.md}, the Python harness's files); {@link #all(Path)}
 * writes the {@link #DEFAULT_FORMATS}, {@link #folder(Path, List)} any list, plugins' included
 * ({@code Providers.discover().reportFormat("csv")}; the CLI's {@code --format}).
 *
 * <p>File sinks write atomically: the text goes to a temporary file in the same folder, which
 * then replaces the target in one move, so readers never see a partial report and a failed write
 * leaves the previous report in place. Parent folders are created. Files are UTF-8. The JSON and
 * Markdown sinks render each case as {@link ResultSink#caseFinished} hands it over, on one
 * background thread per file, so that {@code write} at the end of a run only assembles (and waits
 * for that thread); the file is the same, byte for byte, as when everything is rendered at the end
 * (a case result passed to {@code write} that is not the very object announced is rendered then).
 *
 * <h2>JSON format</h2>
 *
 * Other tools parse this document; its keys are stable. Pretty-printed, UTF-8, non-ASCII text
 * kept as is. Durations are seconds with millisecond precision; {@code startedAt} is ISO-8601
 * ({@code 2025-01-31T09:00:00.123Z}).
 *
 * <pre>{@code
 * {
 *   "suite": "pharmacy",
 *   "startedAt": "2025-01-31T09:00:00.123Z",
 *   "durationSeconds": 12.345,
 *   "complete": true,                  // false when the run was interrupted or stopped early
 *   "shard": {"index": 2, "count": 4}, // only when the run was sharded: its cases are that shard's
 *   "fingerprint": {                   // what was evaluated; omitted when not recorded
 *     "suite": "9f2c...",              // SHA-256 of the whole suite in canonical form
 *     "suiteCases": 3,                 // cases in the suite (a filtered run has fewer in "cases")
 *     "agent": "a2a http://localhost:8080/",   // the target, never a secret
 *     "judge": "gpt-4o-mini",          // or "none" when no case needs a judge
 *     "value": "41d0..."               // SHA-256 of the three: equal values, same configuration
 *   },
 *   "summary": {"cases": 3, "passed": 2, "failed": 1, "errored": 0, "skipped": 0, "passRate": 0.6666666666666666,
 *               "flaky": 0},           // flaky: cases whose attempts disagree
 *   "usage": {"inputTokens": 120, "outputTokens": 30, "credits": null, "cost": null},   // or null; also
 *            // "costEstimated": true when the cost was (partly) computed from the user's prices, and
 *            // "model" when every summand names the same model
 *   "baseline": {                      // only when compared with a baseline
 *     "source": "previous/results.json", "startedAt": "...", "passRate": 1.0, "passRateChange": -0.333,
 *     "significance": 0.05,            // repeated cases: a change counts when Fisher's p is below it
 *     "regressions": [ {"id": "...", "before": {"status": "passed", "attempts": 5, "passedAttempts": 5},
 *                       "after": {"status": "failed", "attempts": 5, "passedAttempts": 0}, "pValue": 0.0079} ],
 *     "fixes": [...], "unconfirmed": [...],   // unconfirmed: verdict changed, p >= significance
 *     "new": [ {"id": "...", "before": null, "after": {...}, "pValue": null} ],
 *     "removed": [ {"id": "...", "before": {...}, "after": null, "pValue": null} ],
 *     "notCompared": ["..."],         // skipped on a side, or not selected in this run
 *     "pairs": 3, "regressed": 1, "improved": 0,   // the cases in both runs; passed -> not, not -> passed
 *     "mcnemarP": 1.0, "significant": false,      // McNemar's exact test on the paired verdicts
 *     "scorers": [ {"id": "correctness", "meanDelta": -0.2, "low": -0.6, "high": 0.0,
 *                   "p": 0.5, "pAdjusted": 0.5} ]  // paired difference, bootstrap interval, sign-flip p, Holm
 *   },
 *   "cases": [ {
 *     "id": "painkiller-lookup",
 *     "tags": ["smoke"],
 *     "expectPass": true,
 *     "passed": false,
 *     "status": "failed",              // passed | failed | errored | skipped
 *     "reason": "...",                 // empty when passed
 *     "durationSeconds": 3.142,
 *     "usage": {...} or null,
 *     "passRate": 0.5,                 // this and the next four only when the case ran more than one attempt
 *     "passThreshold": 1.0,            // the share of attempts that had to pass
 *     "passAtK": true,                 // some attempt passed
 *     "passHatK": false,               // every attempt passed
 *     "flaky": true,                   // attempts disagree
 *     "attempts": [ {                  // only when the case ran more than one attempt
 *       "attempt": 1, "status": "passed", "reason": "", "durationSeconds": 1.5, "usage": null,
 *       "turns": [...]
 *     } ],
 *     "turns": [ {                     // the turns of the first attempt
 *       "index": 1,
 *       "name": "lookup",              // omitted when the turn has no name
 *       "input": "Which painkillers ...?",  // a data part as its JSON text
 *       "inputParts": [ {"kind": "data", "data": {...}} ],   // only when the message was not one text part
 *       "request": {...} or null,      // the payload as sent, secrets redacted
 *       "response": {...} or null,     // the raw response
 *       "answer": "..." or null,
 *       "state": "input-required" or null,
 *       "toolCalls": [ {"name": "search", "arguments": {...}, "result": ...} ],   // result omitted when not reported
 *       "durationSeconds": 3.141,
 *       "usage": {...} or null,
 *       "harnessFailure": null or {"code": "eval_timeout", "message": "...", "context": {...}},
 *       "traceUrl": "...",             // only when known (e.g. --opik): the turn's trace in Opik
 *       "scores": [ {
 *         "type": "must_include",
 *         "status": "failed",          // passed | failed | skipped | errored
 *         "value": 0.5 or null,
 *         "reason": "...",
 *         "checks": [ {"label": "ibuprofen", "passed": false, "detail": "not found in response"} ],
 *         "usage": {...},              // judge usage; omitted when none
 *         "failure": {...}             // like harnessFailure; omitted unless errored
 *       } ]
 *     } ]
 *   } ]
 * }
 * }</pre>
 *
 * A usage object always has all four keys, each null when not reported. Failure codes are the
 * wire names of {@link dev.agenteval.api.FailureCode} ({@code timeout}, {@code network_error},
 * {@code http_error}, {@code invalid_response}, {@code judge_error}, {@code eval_timeout},
 * {@code internal}); task states those of {@link dev.agenteval.api.TaskState}.
 *
 * <h2>Markdown transcript</h2>
 *
 * A title, a summary table (cases, passed, failed, errored, skipped, pass rate, duration, cost)
 * and a table of the failed and errored cases with why (what a CI job summary shows first), then
 * per case its verdict (✅ passed, ❌ failed, ⚠️ errored,
 * ⏭️ skipped), tags, duration, usage, an {@code Errors:} list derived only from failed checks and
 * harness failures, and every turn's input, request (a passing case's only when verbose), answer, state, tool calls and scores. Text
 * from agents sits in fenced blocks longer than any backtick run inside it. A repeated case also
 * lists its attempts and a {@code Repeats:} line (pass@k, pass^k, flaky, pass threshold); given a
 * {@link Baseline}, a "Compared with baseline" section precedes the cases.
 *
 * <h2>JUnit XML</h2>
 *
 * One {@code <testsuite>} named after the suite, one {@code <testcase>} per case: failed cases
 * carry a {@code <failure type="failed">} listing failed checks, errored cases an
 * {@code <error>} whose type is the harness failure code, skipped cases a {@code <skipped>};
 * {@code <system-out>} holds the inputs and answers. The timestamp is UTC.
 *
 * <h2>HTML report</h2>
 *
 * One self-contained page (inline style and script, nothing fetched; a content security policy
 * forbids anything else): the pass rate, counts, duration, agent and judge usage, a table of the
 * cases, and per case its verdict, failed checks and harness failures, and every turn's input,
 * answer, state, tool calls, usage and scores with their reasons (judge reasons included), the
 * request and raw response folded away. Readable on phones and desktops; without script it shows
 * everything, with it a filter by verdict. Agent text is HTML-escaped.
 *
 * <h2>Harness format</h2>
 *
 * The result file of the Python agent-evaluation harness, key for key, so that tooling reading it
 * keeps working ({@link #harness(Path)}; its JSON Schema is {@link #harnessSchema()}). A JSON
 * array: one entry per case, and after a sequential case one entry per step.
 *
 * <pre>{@code
 * [
 *   {
 *     "name": "painkiller_lookup",       // the case id; "<case>#<attempt>" per attempt when repeated
 *     "success": true,
 *     "agent_id": "..." or null,         // the agent created or named by agent_id
 *     "duration_seconds": 3.142,
 *     "step_results": [ {
 *       "name": null,                    // the step's name in a sequential case, else null
 *       "success": true,
 *       "request": {...} or null,        // the payload as sent, secrets redacted; null when aborted
 *       "response": {...} or null,       // the raw response; null when aborted
 *       "harness_error": null or {"code": "http_error", "message": "...", "context": {...}},
 *       "duration_seconds": 3.141,
 *       "context_id": "..." or null,
 *       "usage": {"input_tokens": 26514, "output_tokens": 3319, "credits": 0.15916} or null,
 *       "expectation_results": [ {
 *         "key": "must_include",         // the YAML field, i.e. the scorer type
 *         "checks": [ {"label": "ibuprofen", "passed": true, "detail": "passed"} ],
 *         "show_on_pass": false          // true for max_duration_seconds, expected_output_text, judge scorers
 *       } ],
 *       "trace_url": "..."               // only when known
 *     } ],
 *     "usage": {...} or null,            // field-wise sum over the steps
 *     "trace_url": "..."                 // only when known: the first step's that has one
 *   },
 *   {                                    // after a sequential case: each of its steps again
 *     "name": "intake_follow_up/initial_prompt",   // "<case>/<step name>", "<case>/<index>" when unnamed
 *     "is_step_result": true,
 *     "case_name": "intake_follow_up", "step_name": "initial_prompt" or null, "step_index": 1,
 *     "agent_id": "..." or null,
 *     "success": ..., "request": ..., ...          // then the step's own fields, as in step_results
 *   }
 * ]
 * }</pre>
 *
 * A step the harness could not evaluate (timeout, network or HTTP error, invalid response, case
 * timeout) was aborted: null {@code request} and {@code response}, empty
 * {@code expectation_results}, exactly one {@code harness_error}. A scorer that errored (the judge
 * gave no verdict) also fills {@code harness_error}; that step keeps its request and response.
 * Usage fields are null when not reported, the key null when nothing was; a case's usage is the
 * field-wise sum of its steps'. Cases that did not run (an interrupted or stopped run) have no
 * entry; the Markdown sibling lists them. The runner's own rules appear as expectations
 * {@code task_state} (the task ended failed or rejected) and {@code answered} (a case built
 * in Java without scorers must get an answer; a harness eval without expectations has none).
 *
 * <p>The Markdown sibling has per entry its duration, a {@code Trace:} line when a trace link is
 * known, an {@code Errors:} line derived only from failed checks, a {@code Harness error:} line,
 * and the pretty-printed input and output of every step.
 */
public final class Reports {

    /** The lock file {@link #lockFolder} keeps in a report folder. */
    public static final String LOCK_FILE = ReportFolderLock.FILE_NAME;

    /**
     * A report folder held by one run, from {@link #lockFolder} until {@link #close()}.
     * Thread-safe; closing twice is harmless.
     */
    public interface FolderLock extends AutoCloseable {
        /** The folder held (absolute). */
        Path folder();

        /** Releases the folder. */
        @Override
        void close();
    }

    /**
     * Takes {@code folder} for one run before anything is sent, so that a run that cannot write
     * its reports, or that would mix its files with another run's, stops first: creates the
     * folder, checks that files can be created in it, and locks {@value #LOCK_FILE} in it with an
     * operating-system file lock ({@link java.nio.channels.FileChannel#tryLock()}), held until
     * {@link FolderLock#close()} or the end of the process, however it ends. The lock file records
     * {@code owner} with the process id and start time; a second run into the folder is refused
     * with a message naming the folder and that holder. The lock file stays in the folder, empty,
     * after the run.
     *
     * @param owner what runs, e.g. {@code agent-eval run evals/} (no secrets)
     * @throws dev.agenteval.api.ConfigurationException naming the folder when it cannot be created,
     *         is not writable, or another run (in this process or another) holds it
     */
    public static FolderLock lockFolder(Path folder, String owner) {
        Objects.requireNonNull(folder, "folder");
        Objects.requireNonNull(owner, "owner");
        return ReportFolderLock.acquire(folder, owner);
    }

    /** The JSON report's file name in {@link #all(Path)}. */
    public static final String JSON_FILE = "results.json";
    /** The Markdown transcript's file name in {@link #all(Path)}. */
    public static final String MARKDOWN_FILE = "results.md";
    /** The JUnit XML report's file name in {@link #all(Path)}. */
    public static final String JUNIT_FILE = "junit.xml";
    /** The HTML report's file name in {@link #all(Path)}. */
    public static final String HTML_FILE = "report.html";
    /** The file name of the {@code console} format: the console summary as text (not in {@link #all(Path)}). */
    public static final String SUMMARY_FILE = "summary.txt";

    /**
     * The file name of the {@code harness} format: the Python harness's result file (not in
     * {@link #all(Path)}); its Markdown sibling is {@code harness.md}.
     */
    public static final String HARNESS_FILE = "harness.json";

    /** The ids of the formats {@link #all(Path)} writes, in order. */
    public static final List<String> DEFAULT_FORMATS = List.of("json", "md", "junit", "html");

    private Reports() {
    }

    /** Writes the JSON report to {@code file}, atomically. */
    public static ResultSink json(Path file) {
        return new FileSink(file, "JSON", JsonReport.renderer(r -> null));
    }

    /** Writes the JSON report to {@code file}, atomically, with its comparison with {@code baseline}. */
    public static ResultSink json(Path file, Baseline baseline) {
        Objects.requireNonNull(baseline, "baseline");
        return new FileSink(file, "JSON", JsonReport.renderer(baseline::compare));
    }

    /**
     * Writes the JSON report to {@code file}, atomically, as the {@code json} format of
     * {@link #folder(Path, List, ReportOptions)} does with {@code options}: compared with their
     * {@link Baseline}, the error bars at their {@link Confidence} (95% with the default seed when none).
     */
    public static ResultSink json(Path file, ReportOptions options) {
        Objects.requireNonNull(options, "options");
        return new JsonFormat().create(Objects.requireNonNull(file, "file"), options);
    }

    /**
     * Writes the Markdown transcript to {@code file}, atomically, as the {@code md} format of
     * {@link #folder(Path, List, ReportOptions)} does with {@code options} (its {@link Baseline},
     * {@link Detail} and {@link Confidence}).
     */
    public static ResultSink markdown(Path file, ReportOptions options) {
        Objects.requireNonNull(options, "options");
        return new MarkdownFormat().create(Objects.requireNonNull(file, "file"), options);
    }

    /** Writes the Markdown transcript to {@code file}, atomically. */
    public static ResultSink markdown(Path file) {
        return new FileSink(file, "Markdown", MarkdownReport.renderer(r -> null, false));
    }

    /**
     * Like {@link #markdown(Path)}; the full requests of passing cases are written only when
     * {@code verbose} (what {@code agent-eval run -v} asks for), those of the others always.
     */
    public static ResultSink markdown(Path file, boolean verbose) {
        return new FileSink(file, "Markdown", MarkdownReport.renderer(r -> null, verbose));
    }

    /** Like {@link #markdown(Path, Baseline)}, with passing cases' requests only when {@code verbose}. */
    public static ResultSink markdown(Path file, Baseline baseline, boolean verbose) {
        Objects.requireNonNull(baseline, "baseline");
        return new FileSink(file, "Markdown", MarkdownReport.renderer(baseline::compare, verbose));
    }

    /**
     * How much detail the reports of a folder hold, as an option of {@link #folder(Path, List, ReportOptions)}
     * ({@code ReportOptions.none().with(Reports.Detail.class, Reports.Detail.VERBOSE)}): the built-in
     * {@code md} format writes passing cases' full requests only when {@link #VERBOSE}.
     */
    public enum Detail {
        /** The default: what a person reads first. */
        SUMMARY,
        /** Everything, e.g. {@code agent-eval run -v}. */
        VERBOSE
    }

    /**
     * Writes the Markdown transcript to {@code file}, atomically, with a section comparing it
     * with {@code baseline} before the cases.
     */
    public static ResultSink markdown(Path file, Baseline baseline) {
        Objects.requireNonNull(baseline, "baseline");
        return new FileSink(file, "Markdown", MarkdownReport.renderer(baseline::compare, false));
    }

    /**
     * Writes the Python harness's result file to {@code file} and its Markdown transcript beside it
     * (same name, extension {@code .md}), atomically. See "Harness format" above.
     */
    public static ResultSink harness(Path file) {
        Objects.requireNonNull(file, "file");
        return new CompositeSink(List.of(new FileSink(file, "harness JSON", HarnessReport::write),
                new FileSink(markdownSibling(file), "harness Markdown", HarnessTranscript::write)));
    }

    /** The Markdown file written beside {@code file}: the same name with extension {@code .md}. */
    public static Path markdownSibling(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return file.resolveSibling((dot > 0 ? name.substring(0, dot) : name) + ".md");
    }

    /** The harness result file as text, as {@link #harness(Path)} writes it. */
    public static String toHarnessJson(SuiteResult result) {
        return HarnessReport.render(Objects.requireNonNull(result, "result"));
    }

    /** The harness result file's Markdown sibling as text, as {@link #harness(Path)} writes it. */
    public static String toHarnessMarkdown(SuiteResult result) {
        return HarnessTranscript.render(Objects.requireNonNull(result, "result"));
    }

    /**
     * The JSON Schema (draft 2020-12) of the harness result file, as shipped in this jar
     * ({@code dev/agenteval/report/harness-results.schema.json}); never null.
     */
    public static String harnessSchema() {
        return Schemas.HARNESS;
    }

    /**
     * The JSON Schema (draft 2020-12) of agent-eval's own {@code results.json}, as {@link #json(Path)}
     * writes it, shipped in this jar beside the writer ({@code dev/agenteval/report/results.schema.json});
     * never null.
     */
    public static String resultsSchema() {
        return Schemas.RESULTS;
    }

    private static final class Schemas {
        static final String HARNESS = resource("harness-results.schema.json");
        static final String RESULTS = resource("results.schema.json");

        private static String resource(String name) {
            try (java.io.InputStream in = Reports.class.getResourceAsStream(name)) {
                if (in == null) {
                    throw new IllegalStateException(name + " is missing from the jar");
                }
                return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }

    /**
     * Passes results to each of {@code sinks} in order; every sink is written even when an earlier
     * one fails, and the first failure is then thrown with the others suppressed.
     */
    public static ResultSink composite(List<? extends ResultSink> sinks) {
        return new CompositeSink(Objects.requireNonNull(sinks, "sinks"));
    }

    /** Writes the JUnit XML report to {@code file}, atomically. */
    public static ResultSink junitXml(Path file) {
        return new FileSink(file, "JUnit XML", JUnitXmlReport::write);
    }

    /** Writes the self-contained HTML report to {@code file}, atomically. */
    public static ResultSink html(Path file) {
        return new FileSink(file, "HTML", HtmlReport::write);
    }

    /**
     * Prints a summary to {@code out} when the run ends: a totals line such as
     * {@code Suite pharmacy: 5 cases: 3 passed, 1 failed, 1 errored, 0 skipped; pass rate 60% (95% CI 23-88%, n=5) in 12.3s},
     * then one line per failed or errored case with its reason (each case once), e.g.
     * {@code   FAIL  lookup (0.5s): turn 1 must_include 'ibuprofen': not found in response}.
     * Plain text, no colours.
     */
    public static ResultSink console(PrintStream out) {
        return console(out, false);
    }

    /**
     * Like {@link #console(PrintStream)}; when {@code verbose}, also prints a line as each case
     * finishes.
     */
    public static ResultSink console(PrintStream out, boolean verbose) {
        return console(out, verbose, false);
    }

    /**
     * Like {@link #console(PrintStream, boolean)}; when {@code ansiColours}, status marks are
     * coloured with ANSI escape codes (for terminals only).
     */
    public static ResultSink console(PrintStream out, boolean verbose, boolean ansiColours) {
        Objects.requireNonNull(out, "out");
        return new ConsoleSink(out, verbose, ansiColours);
    }

    /**
     * Like {@link #console(PrintStream, boolean, boolean)}; before the totals line, also prints the
     * comparison with {@code baseline}: the pass-rate change and one line per regressed, fixed,
     * unconfirmed, new and removed case.
     */
    public static ResultSink console(PrintStream out, boolean verbose, boolean ansiColours, Baseline baseline) {
        Objects.requireNonNull(out, "out");
        Objects.requireNonNull(baseline, "baseline");
        return new ConsoleSink(out, verbose, ansiColours, baseline);
    }

    /**
     * Prints only the totals line of {@link #console(PrintStream)} to {@code out} when the run ends
     * (what {@code agent-eval run -q} prints).
     */
    public static ResultSink consoleTotals(PrintStream out) {
        return consoleTotals(out, Confidence.DEFAULT);
    }

    /** Like {@link #consoleTotals(PrintStream)}, the interval at {@code confidence}'s level (e.g. {@code 90% CI}). */
    public static ResultSink consoleTotals(PrintStream out, Confidence confidence) {
        Objects.requireNonNull(out, "out");
        return new ConsoleSink(out, false, false, null, true, confidence);
    }

    /**
     * Like {@link #console(PrintStream, boolean, boolean, Baseline)} with {@code baseline} null
     * when there is none to compare with, and the interval of the totals line at
     * {@code confidence}'s level (e.g. {@code pass rate 84% (90% CI 79-88%, n=120)}).
     */
    public static ResultSink console(PrintStream out, boolean verbose, boolean ansiColours, Baseline baseline,
                                     Confidence confidence) {
        Objects.requireNonNull(out, "out");
        return new ConsoleSink(out, verbose, ansiColours, baseline, false, confidence);
    }

    /**
     * Writes {@value #JSON_FILE}, {@value #MARKDOWN_FILE}, {@value #JUNIT_FILE} and {@value #HTML_FILE} into
     * {@code reportDir}, creating it. Each file is written even when another fails; the first
     * failure is then thrown.
     */
    public static ResultSink all(Path reportDir) {
        return folder(reportDir, defaultFormats());
    }

    /**
     * Like {@link #all(Path)}, handing {@code options} to every format (the {@link Baseline}, the
     * {@link Confidence}, ...).
     */
    public static ResultSink all(Path reportDir, ReportOptions options) {
        return folder(reportDir, defaultFormats(), options);
    }

    /**
     * The built-in report formats: {@code json}, {@code md}, {@code junit}, {@code html} (the
     * {@link #DEFAULT_FORMATS}, in that order), {@code console} and {@code harness}. Also registered as services of
     * {@link ReportFormat}, so {@code Providers.discover()} finds them with any plugin's.
     */
    public static List<ReportFormat> builtInFormats() {
        return List.of(new JsonFormat(), new MarkdownFormat(), new JUnitXmlFormat(), new HtmlFormat(),
                new ConsoleFormat(), new HarnessFormat());
    }

    private static List<ReportFormat> defaultFormats() {
        return builtInFormats().stream().filter(f -> DEFAULT_FORMATS.contains(f.id())).toList();
    }

    /**
     * Writes each of {@code formats} into {@code reportDir} (creating it), each to its
     * {@link ReportFormat#fileName()}, in order; each file is written even when another fails,
     * and the first failure is then thrown.
     *
     * @throws IllegalArgumentException when {@code formats} is empty or two of them write the same file
     */
    public static ResultSink folder(Path reportDir, List<? extends ReportFormat> formats) {
        return folder(reportDir, formats, ReportOptions.none());
    }

    /**
     * Like {@link #folder(Path, List)}; the formats that compare (the built-in {@code json},
     * {@code md}, {@code junit}, {@code html} and {@code console}; a plugin's through
     * {@code options.get(Baseline.class)}) also compare each result with {@code baseline}.
     */
    public static ResultSink folder(Path reportDir, List<? extends ReportFormat> formats, Baseline baseline) {
        Objects.requireNonNull(baseline, "baseline");
        return folder(reportDir, formats, ReportOptions.none().with(Baseline.class, baseline));
    }

    /**
     * Like {@link #folder(Path, List)}, handing {@code options} to every format: the
     * {@link Baseline} to compare with, the {@link Detail}, a plugin's own.
     */
    public static ResultSink folder(Path reportDir, List<? extends ReportFormat> formats, ReportOptions options) {
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(reportDir, "reportDir");
        Objects.requireNonNull(formats, "formats");
        if (formats.isEmpty()) {
            throw new IllegalArgumentException("no report format given");
        }
        Map<String, String> byFile = new HashMap<>();
        List<ResultSink> sinks = new ArrayList<>(formats.size());
        for (ReportFormat format : formats) {
            String name = format.fileName();
            String other = byFile.putIfAbsent(name, format.id());
            if (other != null) {
                throw new IllegalArgumentException("report formats '" + other + "' and '" + format.id()
                        + "' both write " + name);
            }
            sinks.add(Objects.requireNonNull(format.create(reportDir.resolve(name), options), format.id()));
        }
        return new CompositeSink(sinks);
    }

    /**
     * Writes the HTML report to {@code file}, atomically, with a section comparing it with
     * {@code baseline} and the regressed cases highlighted.
     */
    public static ResultSink html(Path file, Baseline baseline) {
        Objects.requireNonNull(baseline, "baseline");
        return new FileSink(file, "HTML", (r, out) -> HtmlReport.write(r, baseline.compare(r), out));
    }

    /**
     * Like {@link #all(Path)}, the JSON, Markdown, JUnit XML and HTML reports also comparing each
     * result with {@code baseline}.
     */
    public static ResultSink all(Path reportDir, Baseline baseline) {
        return folder(reportDir, defaultFormats(), baseline);
    }

    /** The JSON report as text with a {@code baseline} section, as {@link #json(Path, Baseline)} writes it. */
    public static String toJson(SuiteResult result, BaselineComparison comparison) {
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(comparison, "comparison");
        java.io.StringWriter out = new java.io.StringWriter();
        try {
            JsonReport.write(result, comparison, out);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return out.toString();
    }

    /** The Markdown transcript with its baseline section, as {@link #markdown(Path, Baseline)} writes it. */
    public static String toMarkdown(SuiteResult result, BaselineComparison comparison) {
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(comparison, "comparison");
        java.io.StringWriter out = new java.io.StringWriter();
        try {
            MarkdownReport.write(result, comparison, out);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return out.toString();
    }

    /** The JSON report as text, as {@link #json(Path)} writes it. */
    public static String toJson(SuiteResult result) {
        return JsonReport.render(Objects.requireNonNull(result, "result"));
    }

    /**
     * Reads a JSON report ({@link #json(Path)}'s format) back into a result, e.g. to merge shards
     * ({@link SuiteResults#merge}) or compare with a baseline. Keys it does not know are ignored,
     * so reports with later additive keys still read. A case written without {@code attempts}
     * (one attempt) reads back as one attempt holding its turns.
     *
     * @throws dev.agenteval.api.ConfigurationException when the file is missing or unreadable, is
     *         not JSON, or lacks a key the result needs; the message names the file and the key
     *         (e.g. {@code results.json: cases[2].status: missing})
     */
    public static SuiteResult readJson(Path file) {
        return JsonReportReader.read(Objects.requireNonNull(file, "file"));
    }

    /**
     * The results file {@code path} names: {@code path} itself, or the {@value #JSON_FILE} in it
     * when it is a folder (a report folder). The one rule of every command that reads a past run
     * ({@code --baseline}, {@code merge}, {@code record --from}, {@code calibrate}).
     */
    public static Path jsonFile(Path path) {
        return Files.isDirectory(Objects.requireNonNull(path, "path")) ? path.resolve(JSON_FILE) : path;
    }

    /** The Markdown transcript as text, as {@link #markdown(Path)} writes it. */
    public static String toMarkdown(SuiteResult result) {
        return MarkdownReport.render(Objects.requireNonNull(result, "result"));
    }
}
