package dev.agenteval.report.internal;

import dev.agenteval.api.CaseAttempt;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.Check;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.InfrastructureFailure;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.TaskState;
import dev.agenteval.api.ToolCall;
import dev.agenteval.api.TurnResult;
import dev.agenteval.api.Usage;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Suite results built by hand for the report tests. */
public final class SampleResults {

    public static final Instant STARTED = Instant.parse("2025-01-31T09:00:00.123Z");
    public static final String GREETING = "Grüße 👋 — ünïcödé ✓";
    /** An answer that would close a three-backtick fence. */
    public static final String ANSWER_WITH_FENCE = "Here:\n```\nrm -rf /\n```\ndone";
    /** Text with XML-special characters and a BEL control character. */
    public static final String XML_HOSTILE_INPUT = "Compare <b>aspirin</b> & \"ibuprofen\" 'now'\u0007]]>";

    private SampleResults() {
    }

    /**
     * Five cases, run interrupted: {@code greet} passed, {@code lookup} failed a check,
     * {@code slow} errored with an eval timeout, {@code later} skipped, {@code flaky} repeated
     * twice with one failed attempt.
     */
    public static SuiteResult mixed() {
        return new SuiteResult("pharmacy", STARTED, Duration.ofMillis(12345), false,
                List.of(greet(), lookup(), slow(), later(), flaky()));
    }

    /** One passed case, run complete. */
    public static SuiteResult allPassed() {
        return new SuiteResult("pharmacy", STARTED, Duration.ofMillis(1500), true, List.of(greet()));
    }

    public static CaseResult greet() {
        Map<String, Object> request = new LinkedHashMap<>();
        Map<String, Object> message = new LinkedHashMap<>();   // ordered: the HTML golden files hold this JSON
        message.put("role", "user");
        message.put("parts", List.of(Map.of("text", "Hi")));
        request.put("message", message);
        request.put("contextId", null);
        Map<String, Object> response = new LinkedHashMap<>();
        response.put("id", "task-1");
        response.put("status", Map.of("state", "completed"));
        TurnResult turn = new TurnResult(1, "hello", "Hi", request, response, GREETING, TaskState.COMPLETED,
                List.of(new ToolCall("search", Map.of("q", "greeting"), Map.of("hits", 1)),
                        ToolCall.of("log", Map.of())),
                Duration.ofMillis(1234), new Usage(100L, null, 0.5, null),
                null, List.of(ScoreResult.ofChecks("must_include", Check.pass("Grüße"))));
        return new CaseResult("greet", List.of("smoke", "ünï"), true, CaseStatus.PASSED, "",
                Duration.ofMillis(1234), new Usage(100L, null, 0.5, null),
                List.of(new CaseAttempt(1, CaseStatus.PASSED, "", Duration.ofMillis(1234),
                        new Usage(100L, null, 0.5, null), List.of(turn))));
    }

    public static CaseResult lookup() {
        TurnResult turn = new TurnResult(1, null, XML_HOSTILE_INPUT, Map.of("text", XML_HOSTILE_INPUT), null,
                ANSWER_WITH_FENCE, TaskState.INPUT_REQUIRED, List.of(), Duration.ofMillis(500), null, null,
                List.of(ScoreResult.ofChecks("must_include",
                                Check.pass("aspirin"), Check.fail("ibuprofen", "not found in response")),
                        ScoreResult.ofChecks("max_duration", Check.pass("under 5s"))));
        return new CaseResult("lookup", List.of(), true, CaseStatus.FAILED,
                "must_include 'ibuprofen': not found in response", Duration.ofMillis(500), null,
                List.of(new CaseAttempt(1, CaseStatus.FAILED, "must_include 'ibuprofen': not found in response",
                        Duration.ofMillis(500), null, List.of(turn))));
    }

    public static CaseResult slow() {
        TurnResult first = new TurnResult(1, "start", "Start a long job", null, null, "Working on it", TaskState.WORKING,
                List.of(), Duration.ofMillis(1000), null, null,
                List.of(ScoreResult.errored("llm_judge", InfrastructureFailure.of(FailureCode.JUDGE_ERROR, "no clear verdict"))
                        .withUsage(Usage.tokens(10, 2))));
        TurnResult second = new TurnResult(2, null, "Is it done?", null, null, null, null, List.of(),
                Duration.ofMillis(30000), null,
                new InfrastructureFailure(FailureCode.EVAL_TIMEOUT, "case exceeded its 30s bound",
                        Map.of("timeoutSeconds", 30)),
                List.of());
        return new CaseResult("slow", List.of("long"), true, CaseStatus.ERRORED,
                "eval_timeout: case exceeded its 30s bound", Duration.ofMillis(31000), null,
                List.of(new CaseAttempt(1, CaseStatus.ERRORED, "eval_timeout: case exceeded its 30s bound",
                        Duration.ofMillis(31000), null, List.of(first, second))));
    }

    public static CaseResult later() {
        return new CaseResult("later", List.of(), true, CaseStatus.SKIPPED, "stopped after the first failure",
                Duration.ZERO, null, List.of());
    }

    public static CaseResult flaky() {
        List<CaseAttempt> attempts = new ArrayList<>();
        attempts.add(new CaseAttempt(1, CaseStatus.PASSED, "", Duration.ofMillis(800), Usage.tokens(5, 7),
                List.of(refundTurn("Refunds take 5 days.", Check.pass("refund")))));
        attempts.add(new CaseAttempt(2, CaseStatus.FAILED, "must_include 'refund': not found in response",
                Duration.ofMillis(900), Usage.tokens(6, 8),
                List.of(refundTurn("I cannot help.", Check.fail("refund", "not found in response")))));
        return new CaseResult("flaky", List.of(), true, CaseStatus.FAILED, "1 of 2 attempts failed",
                Duration.ofMillis(1700), Usage.tokens(11, 15), attempts);
    }

    private static TurnResult refundTurn(String answer, Check check) {
        return new TurnResult(1, null, "How long do refunds take?", null, null, answer, TaskState.COMPLETED,
                List.of(), Duration.ofMillis(700), null, null, List.of(ScoreResult.ofChecks("must_include", check)));
    }
}
