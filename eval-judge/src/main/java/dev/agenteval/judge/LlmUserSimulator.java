package dev.agenteval.judge;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.JudgeException;
import dev.agenteval.api.Usage;
import dev.agenteval.common.json.JsonTrees;
import dev.agenteval.judge.ChatBackend.Message;
import dev.agenteval.judge.internal.Completion;
import dev.agenteval.judge.internal.ModelCalls;
import dev.agenteval.judge.internal.ModelRole;
import dev.agenteval.judge.internal.Prompt;
import dev.agenteval.judge.internal.SimulatorPrompt;
import dev.agenteval.judge.internal.VerdictAsker;
import dev.agenteval.spi.SimulatedTurn;
import dev.agenteval.spi.SimulationRequest;
import dev.agenteval.spi.UserSimulator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A simulated user on any chat model, reached through a {@link ChatBackend}: the same prompt,
 * reply parsing and retries as {@link OpenAiUserSimulator} (which is this simulator over its own
 * OpenAI-compatible backend).
 *
 * <pre>{@code
 * ChatBackend backend = ...;          // eval-langchain4j, eval-spring-ai, or your own
 * EvalRunner.builder().agent(agent)
 *         .judge(LlmJudge.builder().backend(backend).build())
 *         .simulator(LlmUserSimulator.builder().backend(backend).build())
 *         .build();
 * }</pre>
 *
 * <p>Each turn asks the backend with a system message rendered from the {@code user_simulator}
 * template of {@link PromptTemplates} (the persona, the goal, the conversation so far fenced as
 * data) and a user message asking for the turn. The reply is a JSON object
 * {@code {"message": "...", "goal_met": false}}; {@code goal_met: true} ends the conversation. A
 * reply that is neither is asked again up to {@link Builder#replyRetries} times, then the turn
 * fails with a {@link JudgeException} ({@code judge_error}); a message is never invented.
 * Whatever the backend throws besides a {@link JudgeException} becomes one naming the model
 * ({@code user simulator 'model' failed: ...}); the backend's preflight is this simulator's.
 * Thread-safe when the backend is.
 */
@API(status = EXPERIMENTAL)
public final class LlmUserSimulator implements UserSimulator {

    private static final Logger LOG = LoggerFactory.getLogger(LlmUserSimulator.class);

    static final String CORRECTION = "Your reply was not the JSON object asked for. Reply with one JSON object and"
            + " nothing else: {\"message\": \"<your next message to the agent>\", \"goal_met\": false}, or"
            + " {\"message\": \"\", \"goal_met\": true} when your goal is met.";

    private final ModelCalls calls;
    private final String model;
    private final PromptTemplates templates;
    private final int replyRetries;

    private LlmUserSimulator(Builder b) {
        this.calls = new ModelCalls(b.backend, ModelRole.USER_SIMULATOR);
        this.model = calls.model();
        this.templates = b.templates;
        this.replyRetries = b.replyRetries;
    }

    /** A new builder. */
    public static Builder builder() {
        return new Builder();
    }

    /** The backend asked for turns. */
    public ChatBackend backend() {
        return calls.backend();
    }

    /** The backend's model: the simulator's name in results. */
    @Override
    public String name() {
        return model;
    }

    @Override
    public SimulatedTurn next(SimulationRequest request) throws InterruptedException {
        Objects.requireNonNull(request, "request");
        SimulatorPrompt prompt = SimulatorPrompt.render(templates.userSimulator(), request);
        List<Message> messages = prompt.messages();
        Usage usage = null;
        String reply = null;
        int replies = replyRetries + 1;
        for (int i = 1; i <= replies; i++) {
            Completion c = calls.complete(messages);
            usage = c.usage() == null ? usage : usage == null ? c.usage() : usage.plus(c.usage());
            reply = c.content();
            SimulatedTurn turn = parse(reply, request.mayEnd(), usage);
            if (turn != null) {
                return turn;
            }
            LOG.debug("User simulator {} reply {} of {} on case '{}' turn {} was not usable", model, i, replies,
                    request.caseId(), request.turn());
            messages = Prompt.again(prompt.messages(), reply, CORRECTION);
        }
        Map<String, Object> context = new LinkedHashMap<>();
        context.put("simulator", model);
        context.put("replies", replies);
        String excerpt = VerdictAsker.excerpt(reply);
        context.put("lastReply", excerpt);
        throw new JudgeException("user simulator '" + model + "' gave no usable message on case '" + request.caseId()
                + "' turn " + request.turn() + " in " + replies + (replies == 1 ? " reply" : " replies")
                + "; last reply: " + excerpt, context, null);
    }

    /** The turn in {@code reply}, or null when it holds none: a goal met the request does not allow is none. */
    static SimulatedTurn parse(String reply, boolean mayEnd, Usage usage) {
        if (reply == null) {
            return null;
        }
        String s = reply.strip();
        int start = s.indexOf('{');
        int end = s.lastIndexOf('}');
        if (start < 0 || end < start) {
            return null;
        }
        JsonNode node;
        try {
            node = JsonTrees.MAPPER.readTree(s.substring(start, end + 1));
        } catch (java.io.IOException e) {
            return null;
        }
        JsonNode goal = node.path("goal_met");
        boolean goalMet = goal.isBoolean() ? goal.booleanValue() : goal.isTextual() && goal.asText().strip()
                .equalsIgnoreCase("true");
        String message = node.path("message").isTextual() ? node.path("message").asText().strip() : "";
        if (goalMet && mayEnd) {
            return new SimulatedTurn(null, true, message.isEmpty() ? null : message, usage);
        }
        return message.isEmpty() ? null : new SimulatedTurn(message, false, null, usage);
    }

    /** The backend's {@link ChatBackend#preflight()}; its failures are {@link JudgeException}s naming the model. */
    @Override
    public void preflight() throws InterruptedException {
        calls.preflight();
    }

    @Override
    public String toString() {
        return "LlmUserSimulator[" + model + "]";
    }

    /** Builder of an {@link LlmUserSimulator}; only the backend is required. */
    public static final class Builder {
        private ChatBackend backend;
        private PromptTemplates templates = PromptTemplates.defaults();
        private int replyRetries = 2;

        private Builder() {
        }

        /** The chat model asked for the user's turns. Required. */
        public Builder backend(ChatBackend backend) {
            this.backend = Objects.requireNonNull(backend, "backend");
            return this;
        }

        /** The prompt templates, of which the {@code user_simulator} one is used (default {@link PromptTemplates#defaults()}). */
        public Builder templates(PromptTemplates templates) {
            this.templates = Objects.requireNonNull(templates, "templates");
            return this;
        }

        /** How many more times to ask after an unusable reply (default 2); then {@code judge_error}. */
        public Builder replyRetries(int replyRetries) {
            if (replyRetries < 0) {
                throw new IllegalArgumentException("replyRetries must be >= 0 but was " + replyRetries);
            }
            this.replyRetries = replyRetries;
            return this;
        }

        /**
         * Builds the simulator.
         *
         * @throws ConfigurationException when no backend was given
         */
        public LlmUserSimulator build() {
            if (backend == null) {
                throw new ConfigurationException("the user simulator has no chat backend: give one with"
                        + " LlmUserSimulator.builder().backend(...)");
            }
            return new LlmUserSimulator(this);
        }
    }
}
