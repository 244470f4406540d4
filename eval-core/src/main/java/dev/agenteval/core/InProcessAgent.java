package dev.agenteval.core;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.AgentException;
import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.Message;
import dev.agenteval.api.Part;
import dev.agenteval.api.TaskState;
import dev.agenteval.api.ToolCall;
import dev.agenteval.common.json.JsonTrees;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.AgentSession;
import dev.agenteval.spi.SessionRequest;
import dev.agenteval.spi.ToolCallRecorder;
import dev.agenteval.spi.TurnContext;
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
 * A handler calls its tools through {@link Conversation#tool}, so that a suite's tool mocks
 * answer them (the tool does not run) and the calls are recorded in the turn's response:
 *
 * <pre>{@code
 * AgentClient booking = InProcessAgent.of((conversation, message) -> AgentResponse.ofText(
 *         "Booked: " + conversation.tool("book", Map.of("day", message.text()), () -> calendar.book(message.text()))));
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
     * @param tools     where the handler's tool calls go ({@link #tool}): the turn's mocks, recorded calls
     */
    public record Conversation(SessionRequest request, String contextId, int turn, List<Message> history,
                               ToolCallRecorder tools) {
        /** Copies the history. */
        public Conversation {
            history = List.copyOf(history);
            Objects.requireNonNull(tools, "tools");
        }

        /** A conversation whose tool calls meet no mocks. */
        public Conversation(SessionRequest request, String contextId, int turn, List<Message> history) {
            this(request, contextId, turn, history, new ToolCallRecorder());
        }

        /**
         * Calls a tool through the turn's mocks: a matching mock's value without running
         * {@code real}, else what {@code real} returns. Either way the call (arguments, result or
         * error, mocked or not) is added to the turn's response.
         *
         * @throws dev.agenteval.spi.ToolGate.ToolFailure when a mock fails the call, or the tool is
         *         not mocked and the suite requires every tool to be
         */
        public Object tool(String name, Map<String, ?> arguments, java.util.concurrent.Callable<?> real)
                throws Exception {
            return tools.call(name, arguments, real, out -> JsonTrees.toValue(JsonTrees.toNode(out)));
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

    /** True: a handler's tools called through {@link Conversation#tool} meet the turn's mocks. */
    @Override
    public boolean honoursToolMocks() {
        return true;
    }

    @Override
    public AgentSession openSession(SessionRequest request) {
        return new Session(request);
    }

    private final class Session implements AgentSession {
        private final SessionRequest request;
        private final String contextId = UUID.randomUUID().toString();
        private final List<Message> history = new ArrayList<>();
        private final ToolCallRecorder tools = new ToolCallRecorder();

        Session(SessionRequest request) {
            this.request = request;
        }

        @Override
        public AgentResponse send(Message message) throws InterruptedException {
            return send(message, TurnContext.of(history.size() + 1));
        }

        @Override
        public AgentResponse send(Message message, TurnContext context) throws InterruptedException {
            Conversation conversation = new Conversation(request, contextId, history.size() + 1, history, tools);
            history.add(message);
            tools.begin(context);
            try {
                AgentResponse response = handler.respond(conversation, message);
                List<ToolCall> calls = tools.calls();
                return response == null || calls.isEmpty() ? response : response.toBuilder().toolCalls(calls).build();
            } catch (InterruptedException | AgentException e) {
                throw e;
            } catch (Exception e) {
                throw new AgentException(FailureCode.INTERNAL, "in-process agent threw "
                        + e.getClass().getSimpleName() + ": " + e.getMessage(), Map.of(), e);
            }
        }
    }
}
