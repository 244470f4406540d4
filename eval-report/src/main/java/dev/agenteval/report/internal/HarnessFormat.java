package dev.agenteval.report.internal;

import dev.agenteval.report.Reports;
import dev.agenteval.spi.ReportFormat;
import dev.agenteval.spi.ReportOptions;
import dev.agenteval.spi.ResultSink;
import java.nio.file.Path;
import java.util.List;

/**
 * The {@code harness} report format: the Python harness's result file ({@value #FILE_NAME})
 * and its Markdown sibling ({@code harness.md}), for tooling that reads the harness's output. It
 * does not compare with a baseline: the harness's file has no place for one.
 *
 * <p>The result file of the Python agent-evaluation harness, key for key, so that tooling reading it
 * keeps working (this format; its JSON Schema is {@link Reports#harnessSchema()}). A JSON
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
public final class HarnessFormat implements ReportFormat {

    /** The file it writes in a report folder; its Markdown sibling is {@code harness.md}. */
    public static final String FILE_NAME = "harness.json";

    @Override
    public String id() {
        return "harness";
    }

    @Override
    public String fileName() {
        return FILE_NAME;
    }

    @Override
    public String description() {
        return "the Python harness's result file (harness.json) and its Markdown sibling (harness.md)";
    }

    @Override
    public ResultSink create(Path file, ReportOptions options) {
        return new CompositeSink(List.of(new FileSink(file, "harness JSON", HarnessReport::write),
                new FileSink(Reports.markdownSibling(file), "harness Markdown", HarnessTranscript::write)));
    }
}
