package dev.agenteval.judge.internal;

import dev.agenteval.judge.ChatBackend.Message;
import dev.agenteval.judge.PromptTemplate;
import dev.agenteval.spi.SimulationRequest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The chat messages asking a user simulator for one turn: the {@code user_simulator} template with
 * the persona, the goal and the conversation so far fenced as data (as {@link Prompt} fences a
 * judge's material), then a short request for the turn.
 *
 * @param system  the rendered template
 * @param user    the request for this turn
 * @param version the template id, e.g. {@code user_simulator@1}
 */
public record SimulatorPrompt(String system, String user, String version) {

    static final String MAY_END = "When your goal is met, or the agent has clearly done all it can for it, reply"
            + " {\"message\": \"\", \"goal_met\": true} instead of a message.";
    static final String MUST_GO_ON = "Always write a message; do not end the conversation yourself.";

    /** Renders the request with {@code template}. */
    public static SimulatorPrompt render(PromptTemplate template, SimulationRequest request) {
        String transcript = Prompt.transcript(request.transcript());
        String fence = Prompt.fenceId(request.goal(), transcript);
        Map<String, String> values = new LinkedHashMap<>();
        values.put("fence", fence);
        values.put("persona", request.persona() == null ? null : request.persona().strip());
        values.put("goal", request.goal().strip());
        values.put("transcript", Prompt.fenced("transcript", fence, request.transcript().isEmpty()
                ? "(nothing yet: write the first message)" : transcript));
        values.put("turn", Integer.toString(request.turn()));
        values.put("max_turns", Integer.toString(request.maxTurns()));
        values.put("ending", request.mayEnd() ? MAY_END : MUST_GO_ON);
        return new SimulatorPrompt(template.render(values), "Reply with the JSON object for turn " + request.turn() + ".",
                template.id());
    }

    /** The messages as sent: system, then user. */
    public List<Message> messages() {
        return List.of(new Message("system", system), new Message("user", user));
    }
}
