package dev.agenteval.springai;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.spi.ToolGate;
import java.util.List;
import org.springframework.ai.chat.client.ChatClientRequest;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.client.advisor.api.CallAdvisor;
import org.springframework.ai.chat.client.advisor.api.CallAdvisorChain;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.core.Ordered;

/**
 * The first advisor of a conversation's requests: every tool callback of the request (the
 * agent's, and the {@code ChatClient}'s default tools) is replaced by one that goes through the
 * conversation's {@link ToolGate}, before any other advisor or the model sees it, so a tool loop
 * run by the model ({@code internalToolExecutionEnabled}, the default) or by a
 * {@code ToolCallAdvisor} executes only gated tools. Tools given by name only (resolved from a
 * Spring context when called) cannot be gated and are refused.
 */
final class ToolGatingAdvisor implements CallAdvisor {

    private final ToolGate gate;

    ToolGatingAdvisor(ToolGate gate) {
        this.gate = gate;
    }

    @Override
    public ChatClientResponse adviseCall(ChatClientRequest request, CallAdvisorChain chain) {
        return chain.nextCall(gated(request));
    }

    private ChatClientRequest gated(ChatClientRequest request) {
        ChatOptions options = request.prompt().getOptions();
        if (!(options instanceof ToolCallingChatOptions tools)) {
            return request;
        }
        if (!tools.getToolNames().isEmpty()) {
            List<String> names = tools.getToolNames().stream().sorted().toList();
            throw new ConfigurationException("Spring AI agent: the tools " + names + " are given by name only"
                    + " (resolved from a Spring context when called), so agent-eval cannot record or mock their"
                    + " calls; give their ToolCallback or @Tool object to SpringAiAgent.Builder"
                    + " (tools, toolCallbacks) or to the ChatClient (defaultTools, defaultToolCallbacks) instead");
        }
        List<ToolCallback> callbacks = tools.getToolCallbacks();
        if (callbacks.stream().allMatch(c -> c instanceof GatedToolCallback g && g.gatedBy(gate))) {
            return request;
        }
        ToolCallingChatOptions copy = copyOf(tools);
        copy.setToolCallbacks(callbacks.stream()
                .map(c -> c instanceof GatedToolCallback g && g.gatedBy(gate) ? c : new GatedToolCallback(c, gate))
                .toList());
        return request.mutate().prompt(request.prompt().mutate().chatOptions(copy).build()).build();
    }

    /** A copy, so the options a ChatClient shares between requests are never changed. */
    private static ToolCallingChatOptions copyOf(ToolCallingChatOptions options) {
        ChatOptions copy = options.copy();
        if (copy instanceof ToolCallingChatOptions tools) {
            return tools;
        }
        throw new IllegalStateException(options.getClass().getName() + ".copy() returned "
                + copy.getClass().getName() + ", which holds no tools");
    }

    @Override
    public String getName() {
        return "agent-eval tool gate";
    }

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }
}
