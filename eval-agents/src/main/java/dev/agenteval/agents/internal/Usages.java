package dev.agenteval.agents.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agenteval.api.Usage;

/**
 * Usage in the shapes agents report it: the agent service's {@code $usage} ({@code inputTokens},
 * {@code outputTokens}, {@code credits}) and {@code _usage} ({@code input_tokens},
 * {@code output_tokens}, with {@code credits} beside it), a plain {@code usage}, and OpenAI's
 * {@code prompt_tokens}/{@code completion_tokens}. The model is the usage object's {@code model}
 * (the agent service's {@code $usage} names it), else the metadata's {@code model}.
 */
final class Usages {

    private Usages() {
    }

    /** The usage in a task's (or message's) metadata; null when nothing is reported. */
    static Usage fromMetadata(JsonNode metadata) {
        if (metadata == null || !metadata.isObject()) {
            return null;
        }
        JsonNode u = Json.field(metadata, "$usage", "_usage", "usage");
        Usage usage = fromObject(u);
        Double credits = Json.decimal(metadata, "credits");
        Double cost = Json.decimal(metadata, "cost");
        if (usage == null) {
            usage = Usage.NONE;
        }
        usage = new Usage(usage.inputTokens(), usage.outputTokens(),
                usage.credits() != null ? usage.credits() : credits, usage.cost() != null ? usage.cost() : cost,
                usage.model() != null ? usage.model() : Json.text(metadata, "model"), false);
        return usage.isEmpty() ? null : usage;
    }

    /** A usage object with either spelling of its fields; null when it reports nothing. */
    static Usage fromObject(JsonNode u) {
        if (u == null || !u.isObject()) {
            return null;
        }
        Usage usage = new Usage(
                Json.whole(u, "inputTokens", "input_tokens", "promptTokens", "prompt_tokens"),
                Json.whole(u, "outputTokens", "output_tokens", "completionTokens", "completion_tokens"),
                Json.decimal(u, "credits"),
                Json.decimal(u, "cost"),
                Json.text(u, "model"), false);
        return usage.isEmpty() ? null : usage;
    }

    /** {@code usage} produced by {@code model} when it names none; null stays null. */
    static Usage withModel(Usage usage, String model) {
        return usage == null || usage.model() != null ? usage : usage.withModel(model);
    }
}
