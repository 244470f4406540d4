package dev.agenteval.langchain4j;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import dev.agenteval.agents.FrameworkAgentClient;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.spi.FrameworkAgent;
import dev.agenteval.spi.SessionRequest;
import dev.agenteval.spi.ToolGate;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.memory.chat.ChatMemoryProvider;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.tool.AiServiceTool;
import dev.langchain4j.service.tool.ToolExecutor;
import dev.langchain4j.service.tool.ToolProvider;
import dev.langchain4j.service.tool.ToolService;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.function.BiFunction;
import java.util.function.Consumer;

/**
 * A LangChain4j AI Service as a {@link FrameworkAgent}: each case attempt gets its own AI Service
 * instance with its own chat memory, so cases never share history, even when they run in
 * parallel. Every tool the service may call ({@code @Tool} methods of the tool objects, or
 * {@link ToolSpecification}/{@link ToolExecutor} pairs) is wrapped so that each execution goes
 * through agent-eval's {@link ToolGate}: a mocked call never reaches the real tool, and every call
 * is recorded with its arguments ({@code ToolExecutionRequest.arguments()}) and its result or
 * error. The token usage of each message is the sum of the model responses of its tool loop, as
 * LangChain4j reports them to an AI Service listener ({@code AiServiceResponseReceivedEvent}),
 * with the model name the responses carry.
 *
 * <pre>{@code
 * interface Assistant {
 *     String chat(String message);
 * }
 *
 * LangChain4jAgent agent = LangChain4jAgent.builder(Assistant.class)
 *         .chatModel(OpenAiChatModel.builder().apiKey(key).modelName("gpt-4o-mini").build())
 *         .tools(new BookingTools())           // objects with @Tool methods
 *         .build();
 * EvalRunner.builder().agent(agent.client()).build().run(suite);
 * }</pre>
 *
 * The message is sent by calling the interface's one abstract method taking a {@code String}
 * (its result may be a {@code String}, a {@code Result<?>} or an {@code AiMessage}); name another
 * with {@link Builder#ask}. Thread-safe: conversations are independent.
 */
@API(status = EXPERIMENTAL)
public final class LangChain4jAgent implements FrameworkAgent {

    /** The default memory: the last 100 messages of one conversation (tool calls and results count). */
    public static final int DEFAULT_MAX_MESSAGES = 100;

    private final Conversations<?> conversations;

    private LangChain4jAgent(Conversations<?> conversations) {
        this.conversations = conversations;
    }

    /** A builder of an agent over the AI Service interface {@code serviceInterface}. */
    public static <T> Builder<T> builder(Class<T> serviceInterface) {
        return new Builder<>(serviceInterface);
    }

    /** This agent as an {@link dev.agenteval.spi.AgentClient} that honours tool mocks ({@link FrameworkAgentClient}). */
    public FrameworkAgentClient client() {
        return FrameworkAgentClient.of(this);
    }

    @Override
    public Conversation open(SessionRequest request, ToolGate tools) {
        String memoryId = request.caseId() + "#" + request.attempt() + "/" + UUID.randomUUID();
        return conversations.open(memoryId, tools);
    }

    @Override
    public String description() {
        return conversations.description();
    }

    /** The names of the tools the AI Service is given, in order. */
    public List<String> toolNames() {
        return conversations.toolNames();
    }

    /**
     * How a {@link LangChain4jAgent} is built: the interface, the chat model (required), the tools,
     * the memory and any other AI Service setting.
     *
     * @param <T> the AI Service interface
     */
    @API(status = EXPERIMENTAL)
    public static final class Builder<T> {
        private final Class<T> serviceInterface;
        private ChatModel chatModel;
        private final List<AiServiceTool> tools = new ArrayList<>();
        private final List<ToolProvider> toolProviders = new ArrayList<>();
        private ChatMemoryProvider memory = id -> MessageWindowChatMemory.builder().id(id)
                .maxMessages(DEFAULT_MAX_MESSAGES).build();
        private Consumer<AiServices<T>> customizer = services -> { };
        private BiFunction<? super T, String, ?> ask;

        private Builder(Class<T> serviceInterface) {
            this.serviceInterface = Objects.requireNonNull(serviceInterface, "serviceInterface");
            if (!serviceInterface.isInterface()) {
                throw new ConfigurationException("LangChain4jAgent: " + serviceInterface.getName()
                        + " is not an interface; an AI Service is declared by an interface");
            }
        }

        /** The model the AI Service talks to (required). */
        public Builder<T> chatModel(ChatModel chatModel) {
            this.chatModel = Objects.requireNonNull(chatModel, "chatModel");
            return this;
        }

        /**
         * Objects whose {@code @Tool} methods the AI Service may call, as LangChain4j finds them
         * ({@code AiServices.tools(Object...)}); each call goes through the tool gate.
         */
        public Builder<T> tools(Object... objectsWithTools) {
            for (Object o : objectsWithTools) {
                try {
                    ToolService.findTools(Objects.requireNonNull(o, "tool object")).forEach(this::add);
                } catch (RuntimeException e) {
                    throw new ConfigurationException("LangChain4jAgent: the tools of " + o.getClass().getName()
                            + ": " + e.getMessage(), e);
                }
            }
            return this;
        }

        /** A tool given by its specification and executor ({@code AiServices.tools(Map)}); its calls go through the gate. */
        public Builder<T> tool(ToolSpecification specification, ToolExecutor executor) {
            add(AiServiceTool.builder().toolSpecification(Objects.requireNonNull(specification, "specification"))
                    .toolExecutor(Objects.requireNonNull(executor, "executor")).build());
            return this;
        }

        /**
         * Tools found when the AI Service is called ({@code AiServices.toolProvider}, e.g. MCP
         * servers' tools); each call of the tools it provides goes through the gate too.
         */
        public Builder<T> toolProvider(ToolProvider provider) {
            toolProviders.add(Objects.requireNonNull(provider, "provider"));
            return this;
        }

        /**
         * Where each conversation's memory comes from, given a memory id unique to the
         * conversation (case id, attempt and a random part). By default a
         * {@link MessageWindowChatMemory} of {@value #DEFAULT_MAX_MESSAGES} messages. The memory is
         * cleared when the conversation closes.
         */
        public Builder<T> chatMemory(ChatMemoryProvider memory) {
            this.memory = Objects.requireNonNull(memory, "memory");
            return this;
        }

        /**
         * How a user message is sent to the AI Service, e.g. {@code (assistant, message) ->
         * assistant.chat(message)}; the result may be a {@code String}, a {@code Result<?>}, an
         * {@code AiMessage} or anything whose {@code toString()} is the answer. By default the
         * interface's one abstract method taking a single {@code String}.
         */
        public Builder<T> ask(BiFunction<? super T, String, ?> ask) {
            this.ask = Objects.requireNonNull(ask, "ask");
            return this;
        }

        /**
         * Any other AI Service setting (system message, guardrails, retrieval, tool error handlers,
         * ...), applied to each conversation's {@link AiServices} builder after the model, the
         * memory and the gated tools; it must not replace those, and tools it adds would bypass the
         * gate (give them to {@link #tools}, {@link #tool} or {@link #toolProvider}).
         */
        public Builder<T> customize(Consumer<AiServices<T>> customizer) {
            this.customizer = this.customizer.andThen(Objects.requireNonNull(customizer, "customizer"));
            return this;
        }

        /**
         * The agent.
         *
         * @throws ConfigurationException without a chat model, with two tools of one name, or
         *         without {@link #ask} when the interface has no single method taking a {@code String}
         */
        public LangChain4jAgent build() {
            if (chatModel == null) {
                throw new ConfigurationException("LangChain4jAgent for " + serviceInterface.getName()
                        + ": no chat model (call chatModel(...))");
            }
            BiFunction<? super T, String, ?> send = ask != null ? ask : Conversations.defaultAsk(serviceInterface);
            return new LangChain4jAgent(new Conversations<>(serviceInterface, chatModel, tools, toolProviders, memory,
                    customizer, send));
        }

        private void add(AiServiceTool tool) {
            if (tools.stream().anyMatch(t -> t.name().equals(tool.name()))) {
                throw new ConfigurationException("LangChain4jAgent: two tools are named '" + tool.name() + "'");
            }
            tools.add(tool);
        }
    }
}
