package dev.agenteval.agents;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.api.AgentException;
import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.Message;
import dev.agenteval.api.TaskState;
import dev.agenteval.api.ToolCall;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.AgentSession;
import dev.agenteval.spi.FrameworkAgent;
import dev.agenteval.spi.SessionRequest;
import dev.agenteval.spi.ToolCallRecorder;
import dev.agenteval.spi.ToolGate;
import dev.agenteval.spi.TurnContext;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * The {@link AgentClient} of a {@link FrameworkAgent}: each case attempt gets its own
 * conversation; each turn's response carries the final text, every tool call the framework made
 * through the {@link ToolGate} (in the order they started, with results or errors, mocked ones
 * marked) and the usage the adapter reported. Honours tool mocks.
 *
 * <pre>{@code
 * AgentClient client = FrameworkAgentClient.of(new LangChain4jAgent(...));
 * }</pre>
 */
@API(status = EXPERIMENTAL)
public final class FrameworkAgentClient implements AgentClient {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final FrameworkAgent agent;

    private FrameworkAgentClient(FrameworkAgent agent) {
        this.agent = Objects.requireNonNull(agent, "agent");
    }

    /** The client of {@code agent}. */
    public static FrameworkAgentClient of(FrameworkAgent agent) {
        return new FrameworkAgentClient(agent);
    }

    @Override
    public boolean honoursToolMocks() {
        return true;
    }

    @Override
    public String description() {
        return agent.description();
    }

    @Override
    public AgentSession openSession(SessionRequest request) {
        Gate gate = new Gate();
        FrameworkAgent.Conversation conversation;
        try {
            conversation = agent.open(request, gate);
        } catch (AgentException e) {
            throw e;
        } catch (Exception e) {
            throw failure("could not open a conversation", e);
        }
        return new Session(conversation, gate);
    }

    private static AgentException failure(String what, Exception e) {
        return new AgentException(FailureCode.INTERNAL, "framework agent " + what + ": "
                + e.getClass().getSimpleName() + ": " + e.getMessage(), Map.of(), e);
    }

    private static final class Session implements AgentSession {
        private final FrameworkAgent.Conversation conversation;
        private final Gate gate;
        private final String contextId = UUID.randomUUID().toString();
        private int turns;

        Session(FrameworkAgent.Conversation conversation, Gate gate) {
            this.conversation = conversation;
            this.gate = gate;
        }

        @Override
        public AgentResponse send(Message message) throws InterruptedException {
            return send(message, TurnContext.of(turns + 1));
        }

        @Override
        public AgentResponse send(Message message, TurnContext context) throws InterruptedException {
            turns++;
            gate.begin(context);
            FrameworkAgent.Reply reply;
            try {
                reply = conversation.send(message.text());
            } catch (InterruptedException | AgentException e) {
                throw e;
            } catch (Exception e) {
                throw failure("threw", e);
            }
            AgentResponse.Builder response = AgentResponse.builder()
                    .text(reply.text())
                    .state(TaskState.COMPLETED)
                    .contextId(contextId)
                    .toolCalls(gate.calls());
            if (reply.usage() != null) {
                response.usage(reply.usage());
            }
            return response.build();
        }

        @Override
        public void close() {
            conversation.close();
        }
    }

    /** The gate of one session: the text form of a {@link ToolCallRecorder}'s calls. */
    static final class Gate implements ToolGate {
        private final ToolCallRecorder recorder = new ToolCallRecorder();

        void begin(TurnContext turn) {
            recorder.begin(turn);
        }

        List<ToolCall> calls() {
            return recorder.calls();
        }

        @Override
        public String call(String tool, String argumentsJson, RealTool real) throws Exception {
            Object out = recorder.call(tool, arguments(argumentsJson), real::run, Gate::value);
            return out instanceof String text ? text : JSON.writeValueAsString(out);
        }

        @SuppressWarnings("unchecked")
        private static Map<String, Object> arguments(String json) {
            if (json == null || json.isBlank()) {
                return Map.of();
            }
            Object value = value(json);
            if (value instanceof Map<?, ?> map) {
                return (Map<String, Object>) map;
            }
            Map<String, Object> wrapped = new LinkedHashMap<>();
            wrapped.put("input", value);
            return wrapped;
        }

        /** {@code text} as a JSON value when it is JSON, else the text itself. */
        private static Object value(String text) {
            if (text == null) {
                return null;
            }
            try {
                return JSON.readValue(text, Object.class);
            } catch (JsonProcessingException e) {
                return text;
            }
        }
    }
}
