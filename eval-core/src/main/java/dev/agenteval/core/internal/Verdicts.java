package dev.agenteval.core.internal;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.CaseAttempt;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.Check;
import dev.agenteval.api.Part;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.api.TaskState;
import dev.agenteval.api.Turn;
import dev.agenteval.api.TurnResult;
import dev.agenteval.api.Usage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/** The verdict rules, in one place. */
public final class Verdicts {

    /** Type of the synthetic score of a case without scorers: the agent must answer. */
    public static final String ANSWERED = "answered";
    /** Type of the synthetic score of a turn that called tools in a suite that requires every tool to be mocked. */
    public static final String TOOLS_MOCKED = "tools_mocked";
    /** Type of the synthetic score for a task that ended failed or rejected. */
    public static final String TASK_STATE = "task_state";

    /**
     * The states the guard fails a turn for: the harness's failure set, {@code failed} and
     * {@code rejected}. A canceled task is not one: the harness lets it pass.
     */
    private static final Set<TaskState> GUARDED = EnumSet.of(TaskState.FAILED, TaskState.REJECTED);

    private Verdicts() {
    }

    /**
     * The "agent answered" check for cases built without scorers (the in-app seed's rule); not
     * run for a case built with {@code answerRequired(false)}, such as a harness eval without
     * expectations.
     */
    public static ScoreResult answered(AgentResponse response) {
        boolean answered = !response.text().isBlank()
                || response.parts().stream().anyMatch(p -> p instanceof Part.Data);
        return ScoreResult.ofChecks(ANSWERED, answered ? Check.pass("agent answered")
                : Check.fail("agent answered", "the agent's answer was empty"));
    }

    /**
     * The state guard: a failed check when the task ended failed or rejected (in any spelling)
     * and the turn does not expect a state; empty otherwise (a canceled task, a response without
     * a state). It runs on every turn, with or without scorers.
     */
    public static Optional<ScoreResult> taskState(Turn turn, AgentResponse response) {
        Optional<TaskState> state = response.state();
        if (state.isEmpty() || !GUARDED.contains(state.get()) || turn.expectedState().isPresent()) {
            return Optional.empty();
        }
        return Optional.of(ScoreResult.ofChecks(TASK_STATE,
                Check.fail("state", "task ended in '" + state.get().wireName() + "'")));
    }

    /**
     * The check of a suite that requires every tool to be mocked, on a turn that called tools: it
     * fails naming the first tool called without a mock; empty when the turn called none.
     */
    public static Optional<ScoreResult> toolsMocked(AgentResponse response) {
        return response.toolCalls().isEmpty() ? Optional.empty() : Optional.of(ScoreResult.ofChecks(TOOLS_MOCKED,
                response.toolCalls().stream().filter(c -> !c.mocked()).findFirst()
                        .map(c -> Check.fail(TOOLS_MOCKED, "tool '" + c.name() + "' was called but is not mocked,"
                                + " and the suite requires every tool to be mocked"))
                        .orElse(Check.pass(TOOLS_MOCKED))));
    }

    /**
     * The verdict of one attempt: errored when a turn or scorer has a harness failure; failed
     * when every scorer was skipped; undecided when no scorer failed but one was undecided (with
     * or without {@code expectPass: false}); otherwise passed when no scorer failed, inverted by
     * {@code expectPass: false}. An attempt without any score (a case that does not require an
     * answer, whose state guard held on every turn) has nothing failed, so it passes.
     */
    public static CaseAttempt attempt(int attempt, boolean expectPass, Duration duration, List<TurnResult> turns,
                                      boolean allTurnsRan) {
        Usage usage = Usage.sum(turns.stream().map(TurnResult::usage).toList());
        for (TurnResult t : turns) {
            if (t.harnessFailure() != null) {
                return new CaseAttempt(attempt, CaseStatus.ERRORED, "turn " + t.index() + ": "
                        + t.harnessFailure().code().wireName() + ": " + t.harnessFailure().message(), duration, usage, turns);
            }
            for (ScoreResult s : t.scores()) {
                if (s.status() == ScoreStatus.ERRORED) {
                    return new CaseAttempt(attempt, CaseStatus.ERRORED, "turn " + t.index() + ": scorer '" + s.type()
                            + "' errored: " + s.reason(), duration, usage, turns);
                }
            }
        }
        if (!allTurnsRan) {
            return new CaseAttempt(attempt, CaseStatus.ERRORED, "not every turn ran", duration, usage, turns);
        }
        List<ScoreResult> scored = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        List<String> undecided = new ArrayList<>();
        for (TurnResult t : turns) {
            for (ScoreResult s : t.scores()) {
                if (s.status() == ScoreStatus.SKIPPED) {
                    skipped.add("turn " + t.index() + " " + s.type() + ": " + s.reason());
                } else {
                    if (s.status() == ScoreStatus.UNDECIDED) {
                        undecided.add("turn " + t.index() + " " + s.type() + ": " + s.reason());
                    }
                    scored.add(s);
                }
            }
            t.failedChecks().forEach(f -> failed.add("turn " + t.index() + " " + f));
        }
        // Nothing scored because the case asked for nothing (no scorer, no answer required, the
        // state guard held) is not a skip: it passes as a harness eval without expectations does.
        if (scored.isEmpty() && (!skipped.isEmpty() || turns.isEmpty())) {
            return new CaseAttempt(attempt, CaseStatus.FAILED, "every scorer was skipped: " + String.join("; ", skipped),
                    duration, usage, turns);
        }
        boolean anyFailed = !failed.isEmpty()
                || scored.stream().anyMatch(s -> s.status() == ScoreStatus.FAILED);
        if (!anyFailed && !undecided.isEmpty()) {
            // Neither a pass nor a failure, whatever expectPass says: a person must decide.
            return new CaseAttempt(attempt, CaseStatus.UNDECIDED, String.join("; ", undecided), duration, usage, turns);
        }
        boolean scoresPassed = failed.isEmpty() && scored.stream().allMatch(ScoreResult::passed);
        if (expectPass) {
            return new CaseAttempt(attempt, scoresPassed ? CaseStatus.PASSED : CaseStatus.FAILED,
                    scoresPassed ? "" : String.join("; ", failed), duration, usage, turns);
        }
        return new CaseAttempt(attempt, scoresPassed ? CaseStatus.FAILED : CaseStatus.PASSED,
                scoresPassed ? "expected a scorer to fail (expectPass: false) but every scorer passed" : "",
                duration, usage, turns);
    }

    /** The verdict of a case over its attempts: passed when every attempt passed. */
    public static CaseResult caseResult(String id, List<String> tags, boolean expectPass, List<CaseAttempt> attempts) {
        return caseResult(id, tags, expectPass, attempts, 1.0);
    }

    /**
     * The verdict of a case over its attempts: passed when the share of passed attempts meets
     * {@code passThreshold}; otherwise failed when an attempt failed, else undecided when an
     * attempt was undecided, else errored.
     */
    public static CaseResult caseResult(String id, List<String> tags, boolean expectPass, List<CaseAttempt> attempts,
                                        double passThreshold) {
        int passed = (int) attempts.stream().filter(CaseAttempt::passed).count();
        CaseStatus status;
        if (!attempts.isEmpty() && meets(passed, attempts.size(), passThreshold)) {
            status = CaseStatus.PASSED;
        } else if (attempts.stream().anyMatch(a -> a.status() == CaseStatus.FAILED)) {
            status = CaseStatus.FAILED;
        } else if (attempts.stream().anyMatch(a -> a.status() == CaseStatus.UNDECIDED)) {
            status = CaseStatus.UNDECIDED;
        } else {
            status = CaseStatus.ERRORED;
        }
        String reason;
        if (status == CaseStatus.PASSED) {
            reason = "";
        } else if (attempts.size() == 1) {
            reason = attempts.get(0).reason();
        } else {
            reason = distinctReasons(attempts);
            if (passThreshold < 1) {
                reason = passed + " of " + attempts.size() + " attempts passed, fewer than the pass threshold "
                        + percent(passThreshold) + ": " + reason;
            }
        }
        Duration duration = attempts.stream().map(CaseAttempt::duration).reduce(Duration.ZERO, Duration::plus);
        Usage usage = Usage.sum(attempts.stream().map(CaseAttempt::usage).toList());
        return new CaseResult(id, tags, expectPass, status, reason, duration, usage, attempts, passThreshold);
    }

    /**
     * The reasons of the attempts that did not pass, each distinct one once in the order first met,
     * with how many attempts gave it: {@code "turn 1 ...: not found (3 of 5 attempts)"}.
     */
    private static String distinctReasons(List<CaseAttempt> attempts) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (CaseAttempt a : attempts) {
            if (!a.passed()) {
                counts.merge(a.reason(), 1, Integer::sum);
            }
        }
        return counts.entrySet().stream()
                .map(e -> e.getKey() + " (" + e.getValue() + " of " + attempts.size() + " attempts)")
                .collect(Collectors.joining("; "));
    }

    /**
     * True when {@code passed} of {@code attempts} meets the threshold. Compared as counts, with a
     * tolerance for thresholds such as 0.7 that binary fractions cannot hold exactly.
     */
    public static boolean meets(int passed, int attempts, double passThreshold) {
        return passed >= passThreshold * attempts - 1e-9;
    }

    private static String percent(double share) {
        java.math.BigDecimal p = java.math.BigDecimal.valueOf(share * 100).setScale(1, java.math.RoundingMode.HALF_UP)
                .stripTrailingZeros();
        return (p.scale() < 0 ? p.setScale(0) : p).toPlainString() + "%";
    }
}
