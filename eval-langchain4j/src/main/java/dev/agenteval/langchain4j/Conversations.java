package dev.agenteval.langchain4j;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Usage;
import dev.agenteval.spi.FrameworkAgent.Conversation;
import dev.agenteval.spi.FrameworkAgent.Reply;
import dev.agenteval.spi.ToolGate;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.memory.ChatMemory;
import dev.langchain4j.memory.chat.ChatMemoryProvider;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.TokenUsage;
import dev.langchain4j.observability.api.event.AiServiceResponseReceivedEvent;
import dev.langchain4j.observability.api.listener.AiServiceResponseReceivedListener;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.Result;
import dev.langchain4j.service.tool.AiServiceTool;
import dev.langchain4j.service.tool.ToolProvider;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Consumer;

/** What a {@link LangChain4jAgent} was built with, and how it opens one conversation: one AI Service per case attempt. */
final class Conversations<T> {

    private final Class<T> serviceInterface;
    private final ChatModel chatModel;
    private final List<AiServiceTool> tools;
    private final List<ToolProvider> toolProviders;
    private final ChatMemoryProvider memory;
    private final Consumer<AiServices<T>> customizer;
    private final BiFunction<? super T, String, ?> ask;

    Conversations(Class<T> serviceInterface, ChatModel chatModel, List<AiServiceTool> tools,
                  List<ToolProvider> toolProviders, ChatMemoryProvider memory, Consumer<AiServices<T>> customizer,
                  BiFunction<? super T, String, ?> ask) {
        this.serviceInterface = serviceInterface;
        this.chatModel = chatModel;
        this.tools = List.copyOf(tools);
        this.toolProviders = List.copyOf(toolProviders);
        this.memory = memory;
        this.customizer = customizer;
        this.ask = ask;
    }

    String description() {
        return "langchain4j " + serviceInterface.getSimpleName() + " (" + chatModel.getClass().getSimpleName() + ")";
    }

    List<String> toolNames() {
        return tools.stream().map(AiServiceTool::name).toList();
    }

    /** A new AI Service over a new memory, its tools behind {@code gate}, its usage counted per message. */
    Conversation open(String memoryId, ToolGate gate) {
        ChatMemory chatMemory = memory.get(memoryId);
        UsageCounter usage = new UsageCounter();
        AiServices<T> services = AiServices.builder(serviceInterface).chatModel(chatModel).chatMemory(chatMemory)
                .registerListener(usage);
        if (!tools.isEmpty()) {
            services.tools(tools.stream().map(t -> GatedTool.wrap(t, gate)).toList());
        }
        if (!toolProviders.isEmpty()) {
            services.toolProviders(toolProviders.stream().map(p -> GatedTool.wrap(p, gate)).toList());
        }
        customizer.accept(services);
        T service = services.build();
        return new Conversation() {
            @Override
            public Reply send(String message) {
                usage.reset();
                Object answer = ask.apply(service, message);
                return new Reply(text(answer), usage.total());
            }

            @Override
            public void close() {
                chatMemory.clear();
            }
        };
    }

    /** The answer's text: a String, a {@code Result}'s content, an {@code AiMessage}'s text, else {@code toString()}. */
    static String text(Object answer) {
        Object content = answer instanceof Result<?> result ? result.content() : answer;
        if (content instanceof AiMessage message) {
            content = message.text();
        }
        return content == null ? "" : content.toString();
    }

    /** Calls the one abstract method of {@code type} taking a single String, or fails naming what to do instead. */
    static <T> BiFunction<T, String, Object> defaultAsk(Class<T> type) {
        List<Method> candidates = Arrays.stream(type.getMethods())
                .filter(m -> Modifier.isAbstract(m.getModifiers()) && m.getParameterCount() == 1
                        && m.getParameterTypes()[0] == String.class)
                .toList();
        if (candidates.size() != 1) {
            throw new ConfigurationException("LangChain4jAgent for " + type.getName() + ": "
                    + (candidates.isEmpty() ? "no method" : candidates.size() + " methods ("
                    + candidates.stream().map(Method::getName).sorted().toList() + ")")
                    + " taking one String to send the user's message with; say which with"
                    + " ask((service, message) -> service.method(message))");
        }
        Method method = candidates.get(0);
        return (service, message) -> {
            try {
                return method.invoke(service, message);
            } catch (InvocationTargetException e) {
                if (e.getCause() instanceof RuntimeException r) {
                    throw r;
                }
                if (e.getCause() instanceof Error error) {
                    throw error;
                }
                throw new IllegalStateException(e.getCause());
            } catch (IllegalAccessException e) {
                throw new IllegalStateException("cannot call " + method + ": " + e.getMessage(), e);
            }
        };
    }

    /**
     * The usage of one message: every model response of the AI Service's tool loop, as LangChain4j
     * reports them to its listeners, added up; the model is the one the responses name.
     */
    static final class UsageCounter implements AiServiceResponseReceivedListener {
        private Usage total;

        synchronized void reset() {
            total = null;
        }

        synchronized Usage total() {
            return total;
        }

        @Override
        public void onEvent(AiServiceResponseReceivedEvent event) {
            Usage usage = usage(event.response());
            if (usage != null) {
                synchronized (this) {
                    total = usage.plus(total);
                }
            }
        }

        /** A response's token usage with its model, or null when it reported none. */
        static Usage usage(ChatResponse response) {
            TokenUsage tokens = response == null ? null : response.tokenUsage();
            if (tokens == null || tokens.inputTokenCount() == null && tokens.outputTokenCount() == null) {
                return null;
            }
            return new Usage(toLong(tokens.inputTokenCount()), toLong(tokens.outputTokenCount()), null, null,
                    response.modelName(), false);
        }

        private static Long toLong(Integer count) {
            return count == null ? null : count.longValue();
        }
    }
}
