package dev.agenteval.yaml;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.TurnResult;
import dev.agenteval.common.text.Quoting;
import dev.agenteval.common.text.Suggestions;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A conversation recorded by a {@link SessionRecorder}: what was sent on each turn and what the
 * agent did, ready to become a case ({@link RecordingWriter} writes it as YAML; the DSL
 * can build one from it too).
 *
 * <pre>{@code
 * Recording recording = SessionRecorder.of(agent).record("refund", List.of("Where is my refund?"));
 * Case.Builder c = Case.id(recording.caseId());
 * for (RecordedTurn t : recording.turns()) {
 *     c.turn(Turn.of(t.input()).expect(Scorers.toolsInOrder(t.tools().toArray(String[]::new))));
 * }
 * }</pre>
 *
 * @param caseId the id of the case it records, also the case id its session was opened with;
 *               never blank
 * @param turns  the turns in the order they were sent, at least one; never null
 */
@API(status = MAINTAINED)
public record Recording(String caseId, List<RecordedTurn> turns) {

    /** Validates and copies. */
    public Recording {
        requireId(caseId);
        turns = List.copyOf(Objects.requireNonNull(turns, "turns"));
        if (turns.isEmpty()) {
            throw new IllegalArgumentException("a recording needs at least one turn");
        }
    }

    /**
     * The case {@code runCaseId} of a past run as a recording with the id {@code caseId}, as
     * {@link #of(CaseResult, String)}.
     *
     * @throws IllegalArgumentException when the run has no such case (the message suggests the
     *                                  closest id and lists the run's ids), or as
     *                                  {@link #of(CaseResult, String)}
     */
    public static Recording of(SuiteResult run, String runCaseId, String caseId) {
        Objects.requireNonNull(run, "run");
        Objects.requireNonNull(runCaseId, "runCaseId");
        return of(run.find(runCaseId).orElseThrow(() -> {
            List<String> ids = run.cases().stream().map(CaseResult::id).toList();
            String listed = ids.size() <= 20 ? String.join(", ", ids) : String.join(", ", ids.subList(0, 20)) + ", …";
            return new IllegalArgumentException("no case '" + runCaseId + "' in the run of suite '" + run.suite() + "'"
                    + Suggestions.didYouMean(runCaseId, ids) + (ids.isEmpty() ? " (it has no cases)" : " (cases: " + listed + ")"));
        }), caseId);
    }

    /**
     * A case of a past run as a recording ("save as test case" from a results file, e.g. one read
     * with eval-results' {@code ResultsFile.read}): every turn of its first attempt, each with the
     * input as it was sent (placeholders resolved, secrets redacted; a feature input's data part kept
     * as data, {@link RecordedTurn#inputParts()}), the answer, the task state and
     * the tools called, in order. No request is sent. A simulated case freezes into a scripted one:
     * the messages its simulated user generated become the turns (the conversation turn is left out).
     *
     * <pre>{@code
     * CaseResult past = ResultsFile.read(Path.of("target/agent-eval/results.json")).find("refund").orElseThrow();
     * RecordingWriter.defaults().save(Recording.of(past, "refund"), Path.of("eval/eval.yaml"));
     * }</pre>
     *
     * @param result the case's result
     * @param caseId the id of the case to write (often {@code result.id()}); never blank
     * @throws IllegalArgumentException when the case did not run (no turns), or a turn could not be
     *                                  evaluated (a harness failure) or its task ended failed,
     *                                  rejected or canceled: the message says which turn and why
     */
    public static Recording of(CaseResult result, String caseId) {
        Objects.requireNonNull(result, "result");
        requireId(caseId);
        List<TurnResult> turns = result.turns();
        if (turns.isEmpty()) {
            throw new IllegalArgumentException("case '" + result.id() + "' did not run (" + result.status().name()
                    .toLowerCase(java.util.Locale.ROOT) + (result.reason().isBlank() ? "" : ": " + result.reason())
                    + "): nothing to record");
        }
        List<RecordedTurn> recorded = new ArrayList<>();
        for (TurnResult t : turns) {
            if (t.isConversation()) {
                // The conversation scorers' turn sent nothing: a simulated conversation freezes
                // into the user messages it generated.
                continue;
            }
            if (t.harnessFailure() != null) {
                throw new IllegalArgumentException("case '" + result.id() + "' turn " + t.index() + " could not be evaluated ("
                        + t.harnessFailure().code().wireName() + ": " + t.harnessFailure().message()
                        + "): record from a run where every turn completed");
            }
            if (t.state() != null && t.state().isFailure()) {
                throw new IllegalArgumentException("case '" + result.id() + "' turn " + t.index() + ": the agent's task ended in '"
                        + t.state().wireName() + "' (" + Quoting.preview(t.answer() == null ? "" : t.answer())
                        + "): nothing recorded");
            }
            AgentResponse.Builder response = AgentResponse.builder().text(t.answer() == null ? "" : t.answer())
                    .toolCalls(t.toolCalls());
            if (t.state() != null) {
                response.state(t.state());
            }
            recorded.add(new RecordedTurn(t.input(), response.build(), t.duration(), t.inputParts()));
        }
        return new Recording(caseId, recorded);
    }

    /** Every tool called, turn after turn, in order; never null. */
    public List<String> tools() {
        return turns.stream().flatMap(t -> t.tools().stream()).toList();
    }

    static void requireId(String caseId) {
        Objects.requireNonNull(caseId, "caseId");
        if (caseId.isBlank()) {
            throw new IllegalArgumentException("caseId must not be blank");
        }
    }
}
