package dev.agenteval.report.internal;

import dev.agenteval.spi.ReportFormat;
import dev.agenteval.spi.ReportOptions;
import dev.agenteval.spi.ResultSink;
import java.nio.file.Path;

/**
 * The {@code json} report format: the JSON report (results.json), with its baseline section when compared.
 *
 * <p>Other tools parse this document; its keys are stable. Pretty-printed, UTF-8, non-ASCII text
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
 *       "toolCalls": [ {"name": "search", "arguments": {...}, "result": ...} ],   // result omitted when not reported;
 *                                              // "error": "..." when the call failed, "mocked": true when a mock answered it
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
 */
public final class JsonFormat implements ReportFormat {

    /** The file it writes in a report folder: the results that baselines, merges and resumed runs read back. */
    public static final String FILE_NAME = dev.agenteval.results.ResultsFile.FILE_NAME;

    @Override
    public String id() {
        return "json";
    }

    @Override
    public String fileName() {
        return FILE_NAME;
    }

    @Override
    public String description() {
        return "the JSON report (results.json), with its baseline section when compared";
    }

    @Override
    public ResultSink create(Path file, ReportOptions options) {
        return new FileSink(file, "JSON", JsonReport.renderer(ReportText.comparison(options),
                ReportText.confidence(options)));
    }
}
