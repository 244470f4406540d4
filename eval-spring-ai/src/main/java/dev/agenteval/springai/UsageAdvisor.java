package dev.agenteval.springai;

import dev.agenteval.api.Usage;
import org.springframework.ai.chat.client.ChatClientRequest;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.client.advisor.api.CallAdvisor;
import org.springframework.ai.chat.client.advisor.api.CallAdvisorChain;
import org.springframework.core.Ordered;

/**
 * The last advisor before the model of one turn: adds up the usage of every response the model
 * gives. When the model runs the tool loop itself (Spring AI's default), it is called once and
 * its response carries the usage of the whole loop, accumulated by Spring AI; when a
 * {@code ToolCallAdvisor} runs the loop, the model is called once per step and the steps add up
 * here.
 */
final class UsageAdvisor implements CallAdvisor {

    private Usage total;

    @Override
    public ChatClientResponse adviseCall(ChatClientRequest request, CallAdvisorChain chain) {
        ChatClientResponse response = chain.nextCall(request);
        Usage usage = Usages.of(response.chatResponse());
        if (usage != null) {
            synchronized (this) {
                total = usage.plus(total);
            }
        }
        return response;
    }

    /** The usage added up so far; null when no response reported any. */
    synchronized Usage total() {
        return total;
    }

    @Override
    public String getName() {
        return "agent-eval usage";
    }

    @Override
    public int getOrder() {
        // Just before Spring AI's ChatModelCallAdvisor (LOWEST_PRECEDENCE), which calls the model.
        return Ordered.LOWEST_PRECEDENCE - 1;
    }
}
