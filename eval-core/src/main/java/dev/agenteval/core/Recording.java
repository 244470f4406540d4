package dev.agenteval.core;

import java.util.List;
import java.util.Objects;

/**
 * A conversation recorded by a {@link SessionRecorder}: what was sent on each turn and what the
 * agent did, ready to become a case (eval-yaml's {@code CaseRecorder} writes it as YAML; the DSL
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
public record Recording(String caseId, List<RecordedTurn> turns) {

    /** Validates and copies. */
    public Recording {
        requireId(caseId);
        turns = List.copyOf(Objects.requireNonNull(turns, "turns"));
        if (turns.isEmpty()) {
            throw new IllegalArgumentException("a recording needs at least one turn");
        }
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
