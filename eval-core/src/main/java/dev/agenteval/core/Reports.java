package dev.agenteval.core;

import dev.agenteval.api.SuiteResult;
import dev.agenteval.core.internal.report.CompositeSink;
import dev.agenteval.core.internal.report.ConsoleSink;
import dev.agenteval.core.internal.report.FileSink;
import dev.agenteval.core.internal.report.JUnitXmlReport;
import dev.agenteval.core.internal.report.JsonReport;
import dev.agenteval.core.internal.report.MarkdownReport;
import dev.agenteval.spi.ResultSink;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * The built-in result sinks: JSON, a Markdown transcript, JUnit XML and a console summary.
 *
 * <pre>{@code
 * ResultSink sink = Reports.all(Path.of("results"));   // results.json, results.md, junit.xml
 * sink.write(suiteResult);
 * Reports.console(System.out).write(suiteResult);
 * }</pre>
 *
 * <p>File sinks write atomically: the text goes to a temporary file in the same folder, which
 * then replaces the target in one move, so readers never see a partial report and a failed write
 * leaves the previous report in place. Parent folders are created. Files are UTF-8.
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
 *   "summary": {"cases": 3, "passed": 2, "failed": 1, "errored": 0, "skipped": 0, "passRate": 0.6666666666666666},
 *   "usage": {"inputTokens": 120, "outputTokens": 30, "credits": null, "cost": null},   // or null
 *   "cases": [ {
 *     "id": "painkiller-lookup",
 *     "tags": ["smoke"],
 *     "expectPass": true,
 *     "passed": false,
 *     "status": "failed",              // passed | failed | errored | skipped
 *     "reason": "...",                 // empty when passed
 *     "durationSeconds": 3.142,
 *     "usage": {...} or null,
 *     "passRate": 0.5,                 // only when the case ran more than one attempt
 *     "attempts": [ {                  // only when the case ran more than one attempt
 *       "attempt": 1, "status": "passed", "reason": "", "durationSeconds": 1.5, "usage": null,
 *       "turns": [...]
 *     } ],
 *     "turns": [ {                     // the turns of the first attempt
 *       "index": 1,
 *       "name": "lookup",              // omitted when the turn has no name
 *       "input": "Which painkillers ...?",
 *       "request": {...} or null,      // the payload as sent, secrets redacted
 *       "response": {...} or null,     // the raw response
 *       "answer": "..." or null,
 *       "state": "input-required" or null,
 *       "toolCalls": [ {"name": "search", "arguments": {...}, "result": ...} ],   // result omitted when not reported
 *       "durationSeconds": 3.141,
 *       "usage": {...} or null,
 *       "harnessFailure": null or {"code": "eval_timeout", "message": "...", "context": {...}},
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
 * A title and summary line, then per case its verdict (✅ passed, ❌ failed, ⚠️ errored,
 * ⏭️ skipped), tags, duration, usage, an {@code Errors:} list derived only from failed checks and
 * harness failures, and every turn's input, request, answer, state, tool calls and scores. Text
 * from agents sits in fenced blocks longer than any backtick run inside it.
 *
 * <h2>JUnit XML</h2>
 *
 * One {@code <testsuite>} named after the suite, one {@code <testcase>} per case: failed cases
 * carry a {@code <failure type="failed">} listing failed checks, errored cases an
 * {@code <error>} whose type is the harness failure code, skipped cases a {@code <skipped>};
 * {@code <system-out>} holds the inputs and answers. The timestamp is UTC.
 */
public final class Reports {

    /** The JSON report's file name in {@link #all(Path)}. */
    public static final String JSON_FILE = "results.json";
    /** The Markdown transcript's file name in {@link #all(Path)}. */
    public static final String MARKDOWN_FILE = "results.md";
    /** The JUnit XML report's file name in {@link #all(Path)}. */
    public static final String JUNIT_FILE = "junit.xml";

    private Reports() {
    }

    /** Writes the JSON report to {@code file}, atomically. */
    public static ResultSink json(Path file) {
        return new FileSink(file, "JSON", JsonReport::write);
    }

    /** Writes the Markdown transcript to {@code file}, atomically. */
    public static ResultSink markdown(Path file) {
        return new FileSink(file, "Markdown", MarkdownReport::write);
    }

    /** Writes the JUnit XML report to {@code file}, atomically. */
    public static ResultSink junitXml(Path file) {
        return new FileSink(file, "JUnit XML", JUnitXmlReport::write);
    }

    /**
     * Prints a summary table to {@code out} when the run ends: one line per case, the failed
     * checks and harness failures of failed and errored cases, and a totals line such as
     * {@code 5 cases: 3 passed, 1 failed, 1 errored, 0 skipped (pass rate 60%) in 12.3s}.
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
     * Writes {@value #JSON_FILE}, {@value #MARKDOWN_FILE} and {@value #JUNIT_FILE} into
     * {@code reportDir}, creating it. Each file is written even when another fails; the first
     * failure is then thrown.
     */
    public static ResultSink all(Path reportDir) {
        Objects.requireNonNull(reportDir, "reportDir");
        return new CompositeSink(List.of(json(reportDir.resolve(JSON_FILE)),
                markdown(reportDir.resolve(MARKDOWN_FILE)), junitXml(reportDir.resolve(JUNIT_FILE))));
    }

    /** The JSON report as text, as {@link #json(Path)} writes it. */
    public static String toJson(SuiteResult result) {
        return JsonReport.render(Objects.requireNonNull(result, "result"));
    }

    /** The Markdown transcript as text, as {@link #markdown(Path)} writes it. */
    public static String toMarkdown(SuiteResult result) {
        return MarkdownReport.render(Objects.requireNonNull(result, "result"));
    }
}
