package dev.agenteval.springai;

import dev.agenteval.api.Usage;
import org.springframework.ai.chat.metadata.ChatResponseMetadata;
import org.springframework.ai.chat.metadata.EmptyUsage;
import org.springframework.ai.chat.model.ChatResponse;

/** Spring AI's usage of one chat response as agent-eval's {@link Usage}. */
final class Usages {

    private Usages() {
    }

    /**
     * The tokens {@code response}'s metadata reports, with the model that answered; null when the
     * response reports no usage ({@link EmptyUsage}, or neither count).
     */
    static Usage of(ChatResponse response) {
        ChatResponseMetadata metadata = response == null ? null : response.getMetadata();
        org.springframework.ai.chat.metadata.Usage usage = metadata == null ? null : metadata.getUsage();
        if (usage == null || usage instanceof EmptyUsage) {
            return null;
        }
        Integer input = usage.getPromptTokens();
        Integer output = usage.getCompletionTokens();
        if (input == null && output == null) {
            return null;
        }
        return new Usage(input == null ? null : input.longValue(), output == null ? null : output.longValue(),
                null, null).withModel(metadata.getModel());
    }
}
