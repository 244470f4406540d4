package dev.agenteval.core;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.AgentException;
import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.Message;
import dev.agenteval.api.Part;
import dev.agenteval.api.TaskState;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.AgentSession;
import dev.agenteval.spi.SessionRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Function;

/**
 * An agent that is a Java function, for users' unit tests and for trying suites without a server.
 *
 * <pre>{@code
 * AgentClient agent = InProcessAgent.replying(text -> text.contains("refund") ? "Refund issued" : "Hello!");
 *
 * AgentClient stateful = InProcessAgent.of((conversation, message) ->
 *         conversation.turn() == 1
 *                 ? AgentResponse.builder().text("Which date?").state(TaskState.INPUT_REQUIRED).build()
 *                 : AgentResponse.ofText("Booked for " + message.text()));
 * }</pre>
 *
 * The handler is called on the case's worker thread and may block; it should respond to
 * interruption. An exception other than {@link AgentException} is recorded as an
 * {@code internal} harness failure on the turn.
 */
@API(status = STABLE)
public final class InProcessAgent implements AgentClient {

    /** Answers one message of a conversation. */
    @FunctionalInterface
    public interface Handler {
        /** The agent's response to {@code message}. */
        AgentResponse respond(Conversation conversation, Message message) throws Exception;
    }

    /**
     * The state of one session, as the handler sees it.
     *
     * @param request   what the runner opened the session with (case id, agent payload, ...)
     * @param contextId a random id, stable for the session
     * @param turn      the 1-based index of the message being answered
     * @param history   the messages received before this one, in order
     */
    public record Conversation(SessionRequest request, String contextId, int turn, List<Message> history) {
        /** Copies the history. */
        public Conversation {
            history = List.copyOf(history);
        }

        /** The case id. */
        public String caseId() {
            return request.caseId();
        }
    }

    private final Handler handler;

    private InProcessAgent(Handler handler) {
        this.handler = Objects.requireNonNull(handler, "handler");
    }

    /** An agent answering with {@code handler}. */
    public static InProcessAgent of(Handler handler) {
        return new InProcessAgent(handler);
    }

    /** An agent answering each message's text with a text reply, in state {@code completed}. */
    public static InProcessAgent replying(Function<String, String> reply) {
        Objects.requireNonNull(reply, "reply");
        return of((conversation, message) -> AgentResponse.builder()
                .part(Part.text(reply.apply(message.text())))
                .state(TaskState.COMPLETED)
                .contextId(conversation.contextId())
                .build());
    }

    @Override
    public AgentSession openSession(SessionRequest request) {
        return new Session(request);
    }

    private final class Session implements AgentSession {
        private final SessionRequest request;
        private final String contextId = UUID.randomUUID().toString();
        private final List<Message> history = new ArrayList<>();

        Session(SessionRequest request) {
            this.request = request;
        }

        @Override
        public AgentResponse send(Message message) throws InterruptedException {
            Conversation conversation = new Conversation(request, contextId, history.size() + 1, history);
            history.add(message);
            try {
                return handler.respond(conversation, message);
            } catch (InterruptedException | AgentException e) {
                throw e;
            } catch (Exception e) {
                throw new AgentException(FailureCode.INTERNAL, "in-process agent threw "
                        + e.getClass().getSimpleName() + ": " + e.getMessage(), Map.of(), e);
            }
        }
    }
}
