package dev.agenteval.judge;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.JudgeException;
import dev.agenteval.api.Usage;
import dev.agenteval.common.json.JsonTrees;
import dev.agenteval.http.HttpJson;
import dev.agenteval.judge.internal.Completion;
import dev.agenteval.judge.internal.JudgePreflight;
import dev.agenteval.judge.internal.Prompt;
import dev.agenteval.judge.internal.JudgeTransport;
import dev.agenteval.judge.internal.ModelRole;
import dev.agenteval.judge.internal.SimulatorPrompt;
import dev.agenteval.judge.internal.VerdictAsker;
import dev.agenteval.spi.SimulatedTurn;
import dev.agenteval.spi.SimulationRequest;
import dev.agenteval.spi.UserSimulator;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A simulated user on any OpenAI-compatible chat completions endpoint, usually the judge's.
 *
 * <pre>{@code
 * OpenAiJudge.Builder endpoint = OpenAiJudge.builder().baseUrl("http://localhost:11434/v1").model("llama3.1");
 * EvalRunner.builder().agent(agent)
 *         .judge(endpoint.build())
 *         .simulator(OpenAiUserSimulator.of(endpoint))     // the same endpoint and model
 *         .build();
 * }</pre>
 *
 * <p>Each turn is one {@code POST {baseUrl}/chat/completions} at temperature 0 with
 * {@code response_format} {@code json_object} (none, remembered, when the server rejects it): a
 * system message rendered from the {@code user_simulator} template of {@link PromptTemplates} (the
 * persona, the goal, the conversation so far fenced as data under an id derived from it, so an
 * agent's message cannot close the fence or instruct the simulated user), and a user message
 * asking for the turn. The reply is a JSON object {@code {"message": "...", "goal_met": false}};
 * {@code goal_met: true} ends the conversation. A reply that is neither is asked again up to
 * {@link Builder#replyRetries} times, then the turn fails with a {@link JudgeException}
 * ({@code judge_error}); a message is never invented. Thread-safe.
 */
@API(status = MAINTAINED)
public final class OpenAiUserSimulator implements UserSimulator {

    private static final Logger LOG = LoggerFactory.getLogger(OpenAiUserSimulator.class);

    static final String CORRECTION = "Your reply was not the JSON object asked for. Reply with one JSON object and"
            + " nothing else: {\"message\": \"<your next message to the agent>\", \"goal_met\": false}, or"
            + " {\"message\": \"\", \"goal_met\": true} when your goal is met.";

    private final URI baseUrl;
    private final String model;
    private final PromptTemplates templates;
    private final int replyRetries;
    private final JudgeTransport transport;
    private final JudgePreflight preflight;

    private OpenAiUserSimulator(Builder b) {
        OpenAiJudge.Builder e = b.endpoint;
        this.baseUrl = OpenAiJudge.normalize(e.baseUrl);
        this.model = e.model;
        this.templates = e.templates;
        this.replyRetries = b.replyRetries;
        HttpJson http = OpenAiJudge.http(baseUrl, e.requestTimeout, e.retryPolicy, e.apiKey);
        this.transport = new JudgeTransport(http, baseUrl, model, ModelRole.USER_SIMULATOR, e.maxConcurrency, 0, 10, 50,
                Duration.ofSeconds(30), OpenAiJudge.ResponseFormat.JSON_OBJECT);
        this.preflight = new JudgePreflight(http, baseUrl, model, e.apiKey != null, e.requireApiKey, e.keySource,
                ModelRole.USER_SIMULATOR);
    }

    /** A builder of a simulator on the endpoint {@code endpoint} describes (a judge's, or one of its own). */
    public static Builder builder(OpenAiJudge.Builder endpoint) {
        return new Builder(endpoint);
    }

    /** A simulator on the endpoint {@code endpoint} describes, with the default reply retries. */
    public static OpenAiUserSimulator of(OpenAiJudge.Builder endpoint) {
        return builder(endpoint).build();
    }

    /** The API root requests go to, ending in {@code /}. */
    public URI baseUrl() {
        return baseUrl;
    }

    /** The model: the simulator's name in results. */
    @Override
    public String name() {
        return model;
    }

    @Override
    public SimulatedTurn next(SimulationRequest request) throws InterruptedException {
        Objects.requireNonNull(request, "request");
        preflight.requireKey();
        SimulatorPrompt prompt = SimulatorPrompt.render(templates.userSimulator(), request);
        List<Map<String, Object>> messages = prompt.messages();
        Usage usage = null;
        String reply = null;
        int replies = replyRetries + 1;
        for (int i = 1; i <= replies; i++) {
            Completion c = transport.complete(messages);
            usage = c.usage() == null ? usage : usage == null ? c.usage() : usage.plus(c.usage());
            reply = c.content();
            SimulatedTurn turn = parse(reply, request.mayEnd(), usage);
            if (turn != null) {
                return turn;
            }
            LOG.debug("User simulator {} reply {} of {} on case '{}' turn {} was not usable", model, i, replies,
                    request.caseId(), request.turn());
            messages = new ArrayList<>(prompt.messages());
            messages.add(Prompt.message("assistant", reply == null ? "" : reply));
            messages.add(Prompt.message("user", CORRECTION));
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

    /**
     * Checks that a key is present when the endpoint needs one and that the endpoint lists the
     * model, as {@link OpenAiJudge#preflight()} does.
     */
    @Override
    public void preflight() throws InterruptedException {
        preflight.run();
    }

    @Override
    public String toString() {
        return "OpenAiUserSimulator[" + model + " @ " + baseUrl + "]";
    }

    /**
     * Builder of an {@link OpenAiUserSimulator} on the endpoint an {@link OpenAiJudge.Builder}
     * describes: its base URL, model, API key, request timeout, retries, concurrency bound and
     * prompt templates (the {@code user_simulator} one); the judge-only settings (samples, cache,
     * threshold, rate limit) are not used.
     */
    public static final class Builder {
        private final OpenAiJudge.Builder endpoint;
        private int replyRetries = 2;

        private Builder(OpenAiJudge.Builder endpoint) {
            this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
        }

        /** How many more times to ask after an unusable reply (default 2); then {@code judge_error}. */
        public Builder replyRetries(int replyRetries) {
            if (replyRetries < 0) {
                throw new IllegalArgumentException("replyRetries must be >= 0 but was " + replyRetries);
            }
            this.replyRetries = replyRetries;
            return this;
        }

        /** Builds the simulator from the endpoint's settings as they are now. */
        public OpenAiUserSimulator build() {
            if (endpoint.model == null) {
                throw new ConfigurationException("the user simulator has no model: give its endpoint one with"
                        + " OpenAiJudge.builder().model(...), or take it from the settings (AGENT_EVAL_SIMULATOR_MODEL,"
                        + " else AGENT_EVAL_JUDGE_MODEL)");
            }
            return new OpenAiUserSimulator(this);
        }
    }
}
