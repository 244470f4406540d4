package dev.agenteval.springai;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import dev.agenteval.agents.FrameworkAgentClient;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.FrameworkAgent;
import dev.agenteval.spi.SessionRequest;
import dev.agenteval.spi.ToolGate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.advisor.MessageChatMemoryAdvisor;
import org.springframework.ai.chat.client.advisor.api.Advisor;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.memory.MessageWindowChatMemory;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.support.ToolCallbacks;
import org.springframework.ai.tool.ToolCallback;

/**
 * A Spring AI {@link ChatClient} with tools, as a {@link FrameworkAgent}: run suites against its
 * {@link #client()} ({@link FrameworkAgentClient}) and every case gets its own chat
 * memory conversation, every tool call the model makes is recorded (name, arguments, result or
 * error, in order) and can be mocked per case, and each answer carries the model's token usage
 * from Spring AI's {@code ChatResponse} metadata.
 *
 * <pre>{@code
 * class ClinicTools {
 *     @Tool(description = "Free check-up slots on a day")
 *     List<String> freeSlots(String day) { ... }
 *
 *     @Tool(description = "Books a check-up slot")
 *     String book(String slot) { ... }
 * }
 *
 * SpringAiAgent agent = SpringAiAgent.builder(chatModel)        // or builder(chatClient)
 *         .systemPrompt("You book check-ups at the clinic.")
 *         .tools(new ClinicTools())
 *         .build();
 * SuiteResult result = EvalRunner.builder().agent(agent.client()).build().run(suite);
 * }</pre>
 *
 * <p>Tools may be given here ({@link Builder#tools}, {@link Builder#toolCallbacks}) or to the
 * {@code ChatClient} itself ({@code defaultTools}, {@code defaultToolCallbacks}): each request's
 * tool callbacks go through the conversation's {@link ToolGate} before the model sees them,
 * whether the model runs the tool loop (Spring AI's default) or a {@code ToolCallAdvisor} does.
 * A mocked tool never runs; a failing mock, or an unmocked tool where the suite requires mocks,
 * reaches the model as a tool error, the way Spring AI reports an exception thrown by a
 * {@code @Tool} method (its message as the tool's result). Tools the {@code ChatClient} names
 * only ({@code defaultToolNames}, resolved from a Spring context) cannot be gated: a turn that
 * has any fails with a {@link dev.agenteval.api.ConfigurationException}.
 *
 * <p>History: each conversation has its own id in a {@link MessageWindowChatMemory} (or the
 * {@link Builder#chatMemory given memory}), passed to a {@link MessageChatMemoryAdvisor} as
 * {@link ChatMemory#CONVERSATION_ID}, and cleared when the conversation closes. A
 * {@code ChatClient} that already has a memory advisor keeps it ({@link Builder#memoryOfClient()}):
 * the agent only gives it the conversation's id. Thread-safe.
 */
@API(status = EXPERIMENTAL)
public final class SpringAiAgent implements FrameworkAgent {

    private final ChatClient client;
    private final String systemPrompt;
    private final List<ToolCallback> tools;
    private final ChatMemory memory;
    private final String description;

    private SpringAiAgent(Builder b) {
        this.client = b.client;
        this.systemPrompt = b.systemPrompt;
        this.tools = List.copyOf(b.tools);
        this.memory = b.memoryOfClient ? null
                : b.memory != null ? b.memory : MessageWindowChatMemory.builder().build();
        this.description = b.description;
    }

    /** An agent over {@code client}, as the application builds it (its defaults are kept). */
    public static Builder builder(ChatClient client) {
        return new Builder(Objects.requireNonNull(client, "client"));
    }

    /** An agent over a plain {@code ChatClient} of {@code model}. */
    public static Builder builder(ChatModel model) {
        return builder(ChatClient.create(Objects.requireNonNull(model, "model")));
    }

    /** The {@link AgentClient} to run suites against: {@code FrameworkAgentClient.of(this)}. */
    public AgentClient client() {
        return FrameworkAgentClient.of(this);
    }

    @Override
    public Conversation open(SessionRequest request, ToolGate gate) {
        String id = "agent-eval/" + request.caseId() + "/" + request.attempt() + "/" + UUID.randomUUID();
        return new SpringAiConversation(id, gate);
    }

    @Override
    public String description() {
        return description;
    }

    /** One case attempt: its own conversation id, so its history is its own. */
    private final class SpringAiConversation implements Conversation {
        private final String id;
        private final ToolGate gate;

        SpringAiConversation(String id, ToolGate gate) {
            this.id = id;
            this.gate = gate;
        }

        @Override
        public Reply send(String message) {
            UsageAdvisor usage = new UsageAdvisor();
            List<Advisor> advisors = new ArrayList<>(List.of(new ToolGatingAdvisor(gate), usage));
            if (memory != null) {
                advisors.add(MessageChatMemoryAdvisor.builder(memory).conversationId(id).build());
            }
            ChatClient.ChatClientRequestSpec spec = client.prompt();
            if (systemPrompt != null) {
                spec = spec.system(systemPrompt);
            }
            spec = spec.user(message)
                    .advisors(a -> a.param(ChatMemory.CONVERSATION_ID, id))
                    .advisors(advisors);
            if (!tools.isEmpty()) {
                spec = spec.toolCallbacks(tools);
            }
            return new Reply(text(spec.call().chatResponse()), usage.total());
        }

        @Override
        public void close() {
            if (memory != null) {
                memory.clear(id);
            }
        }
    }

    private static String text(ChatResponse response) {
        Generation result = response == null ? null : response.getResult();
        String text = result == null || result.getOutput() == null ? null : result.getOutput().getText();
        return text == null ? "" : text;
    }

    /** Builds a {@link SpringAiAgent}. */
    public static final class Builder {
        private final ChatClient client;
        private String systemPrompt;
        private final List<ToolCallback> tools = new ArrayList<>();
        private ChatMemory memory;
        private boolean memoryOfClient;
        private String description = "spring-ai ChatClient";

        private Builder(ChatClient client) {
            this.client = client;
        }

        /** The system prompt of every turn (at first the {@code ChatClient}'s default, if any). */
        public Builder systemPrompt(String systemPrompt) {
            this.systemPrompt = Objects.requireNonNull(systemPrompt, "systemPrompt");
            return this;
        }

        /** Objects with {@code @Tool} methods, each method one tool. */
        public Builder tools(Object... toolObjects) {
            return toolCallbacks(ToolCallbacks.from(toolObjects));
        }

        /** Tools as Spring AI tool callbacks ({@code FunctionToolCallback}, {@code MethodToolCallback}, ...). */
        public Builder toolCallbacks(ToolCallback... callbacks) {
            tools.addAll(Arrays.asList(callbacks));
            return this;
        }

        /**
         * The chat memory the conversations keep their history in, each under its own id (at
         * first a new {@link MessageWindowChatMemory} of this agent).
         */
        public Builder chatMemory(ChatMemory memory) {
            this.memory = Objects.requireNonNull(memory, "memory");
            this.memoryOfClient = false;
            return this;
        }

        /**
         * The {@code ChatClient} has its own chat memory advisor: add none, only give it each
         * conversation's id ({@link ChatMemory#CONVERSATION_ID}). The conversations then stay in
         * that memory after their cases end (the agent cannot clear a memory it does not hold).
         */
        public Builder memoryOfClient() {
            this.memoryOfClient = true;
            this.memory = null;
            return this;
        }

        /** The agent as the run's fingerprint names it (at first {@code spring-ai ChatClient}); never a secret. */
        public Builder description(String description) {
            this.description = Objects.requireNonNull(description, "description");
            return this;
        }

        /** The agent. */
        public SpringAiAgent build() {
            return new SpringAiAgent(this);
        }
    }
}
