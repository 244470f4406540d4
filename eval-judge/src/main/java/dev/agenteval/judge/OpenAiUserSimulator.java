package dev.agenteval.judge;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.JudgeException;
import dev.agenteval.api.Usage;
import dev.agenteval.http.HttpJson;
import dev.agenteval.judge.internal.JudgePreflight;
import dev.agenteval.judge.internal.JudgeTransport;
import dev.agenteval.judge.internal.ModelRole;
import dev.agenteval.spi.SimulatedTurn;
import dev.agenteval.spi.SimulationRequest;
import dev.agenteval.spi.UserSimulator;
import java.net.URI;
import java.time.Duration;
import java.util.Objects;

/**
 * A simulated user on any OpenAI-compatible chat completions endpoint, usually the judge's: an
 * {@link LlmUserSimulator} over this endpoint's {@link ChatBackend}.
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

    private final URI baseUrl;
    private final String model;
    private final JudgePreflight preflight;
    private final LlmUserSimulator turns;

    private OpenAiUserSimulator(Builder b) {
        OpenAiJudge.Builder e = b.endpoint;
        this.baseUrl = OpenAiJudge.normalize(e.baseUrl);
        this.model = e.model;
        HttpJson http = OpenAiJudge.http(baseUrl, e.requestTimeout, e.retryPolicy, e.apiKey);
        this.preflight = new JudgePreflight(http, baseUrl, model, e.apiKey != null, e.requireApiKey, e.keySource,
                ModelRole.USER_SIMULATOR);
        JudgeTransport transport = new JudgeTransport(http, baseUrl, model, ModelRole.USER_SIMULATOR, e.maxConcurrency,
                0, 10, 50, Duration.ofSeconds(30), OpenAiJudge.ResponseFormat.JSON_OBJECT, preflight);
        this.turns = b.turns.backend(transport).templates(e.verdicts.templates).build();
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

    /** The turn {@link LlmUserSimulator} gets from this endpoint, after checking a key is present when it needs one. */
    @Override
    public SimulatedTurn next(SimulationRequest request) throws InterruptedException {
        Objects.requireNonNull(request, "request");
        preflight.requireKey();
        return turns.next(request);
    }

    /** The turn in {@code reply}, as {@link LlmUserSimulator} reads it. */
    static SimulatedTurn parse(String reply, boolean mayEnd, Usage usage) {
        return LlmUserSimulator.parse(reply, mayEnd, usage);
    }

    /**
     * Checks that a key is present when the endpoint needs one and that the endpoint lists the
     * model, as {@link OpenAiJudge#preflight()} does.
     */
    @Override
    public void preflight() throws InterruptedException {
        turns.preflight();
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
        private final LlmUserSimulator.Builder turns = LlmUserSimulator.builder();

        private Builder(OpenAiJudge.Builder endpoint) {
            this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
        }

        /** How many more times to ask after an unusable reply (default 2); then {@code judge_error}. */
        public Builder replyRetries(int replyRetries) {
            turns.replyRetries(replyRetries);
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
