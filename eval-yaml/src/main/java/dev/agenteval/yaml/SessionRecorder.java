package dev.agenteval.yaml;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import dev.agenteval.api.AgentException;
import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.Message;
import dev.agenteval.api.TaskState;
import dev.agenteval.common.text.Quoting;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.AgentSession;
import dev.agenteval.spi.SessionRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Records a conversation with a real agent ("save as test case"): sends the inputs, one turn
 * each, on one new session, and keeps what the agent did on each turn (its response, task state,
 * tool calls and how long it took) as a {@link Recording}. Nothing is scored and nothing is
 * written: {@link CaseRecorder} writes a recording as a YAML case, and the DSL can
 * build a case from it in Java.
 *
 * <pre>{@code
 * Recording recording = SessionRecorder.of(agent)
 *         .record("refund-then-ticket", List.of("Where is my refund for order 42?", "Please escalate"));
 * recording.tools();   // ["find_order", "refund_status", "file_ticket"]
 * }</pre>
 *
 * A turn whose task ended failed, rejected or canceled stops the recording with an
 * {@link AgentException}: an agent that could not do the task gives nothing worth expecting.
 * Thread-safe: it holds only the agent; each call opens its own session.
 */
@API(status = MAINTAINED)
public final class SessionRecorder {

    private static final Logger LOG = LoggerFactory.getLogger(SessionRecorder.class);

    private final AgentClient agent;

    private SessionRecorder(AgentClient agent) {
        this.agent = Objects.requireNonNull(agent, "agent");
    }

    /** A recorder of conversations with {@code agent}; closing the agent stays the caller's job. */
    public static SessionRecorder of(AgentClient agent) {
        return new SessionRecorder(agent);
    }

    /**
     * Sends {@code inputs} to the agent, one turn each, on one new session opened with
     * {@code caseId} as its case id.
     *
     * @param caseId the id of the case being recorded; never blank
     * @param inputs the user messages, at least one, none blank
     * @return what was sent and answered, turn by turn; never null
     * @throws IllegalArgumentException when the id is blank, or there is no input or a blank one
     * @throws AgentException when the agent could not be reached or answered with a task that
     *                        failed, was rejected or canceled (nothing worth recording)
     * @throws InterruptedException when the thread was interrupted while waiting for the agent
     */
    public Recording record(String caseId, List<String> inputs) throws InterruptedException {
        Recording.requireId(caseId);
        Objects.requireNonNull(inputs, "inputs");
        if (inputs.isEmpty()) {
            throw new IllegalArgumentException("give at least one input to send");
        }
        for (int i = 0; i < inputs.size(); i++) {
            if (inputs.get(i) == null || inputs.get(i).isBlank()) {
                throw new IllegalArgumentException("input " + (i + 1) + " is blank");
            }
        }
        List<RecordedTurn> turns = new ArrayList<>();
        try (AgentSession session = agent.openSession(SessionRequest.of(caseId))) {
            for (int i = 0; i < inputs.size(); i++) {
                long start = System.nanoTime();
                AgentResponse response = session.send(Message.user(inputs.get(i)));
                Duration duration = Duration.ofNanos(System.nanoTime() - start);
                TaskState state = response.state().orElse(null);
                if (state != null && state.isFailure()) {
                    throw new AgentException(FailureCode.INVALID_RESPONSE, "turn " + (i + 1) + ": the agent's task ended in '"
                            + state.wireName() + "' (" + Quoting.preview(response.text()) + "): nothing recorded");
                }
                RecordedTurn turn = new RecordedTurn(inputs.get(i), response, duration);
                LOG.debug("Recorded turn {} of case '{}': {} tool call(s)", i + 1, caseId, turn.toolCalls().size());
                turns.add(turn);
            }
        }
        return new Recording(caseId, turns);
    }
}
