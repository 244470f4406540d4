package dev.agenteval.core.internal;

import dev.agenteval.api.Case;
import dev.agenteval.api.Message;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Simulation;
import dev.agenteval.api.ToolMock;
import dev.agenteval.spi.SessionRequest;
import dev.agenteval.spi.TurnContext;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A selected case with its placeholders resolved, ready to run.
 *
 * @param testCase the case as written
 * @param inputs   each turn's message with placeholders resolved
 * @param scorers  each turn's scorer specs with placeholders in their parameters resolved
 * @param session  what the agent client gets to open a session (attempt 1)
 * @param timeout  the case's wall-clock bound, or null
 * @param repeat   how many attempts to run: the case's, else the suite's, else the runner's
 * @param passThreshold the share of attempts that must pass: the case's, else the suite's, else 1
 * @param simulation the case's simulation with placeholders resolved, or null when its turns are scripted
 * @param conversationScorers the conversation scorer specs with placeholders resolved
 * @param suiteMocks the suite's tool mocks
 * @param mocksRequired true when the suite requires every tool to be mocked
 */
public record PreparedCase(Case testCase, List<Message> inputs, List<List<ScorerSpec>> scorers, SessionRequest session,
                           Duration timeout, int repeat, double passThreshold, Simulation simulation,
                           List<ScorerSpec> conversationScorers, List<ToolMock> suiteMocks, boolean mocksRequired) {

    /** The session request for a given attempt. */
    public SessionRequest sessionFor(int attempt) {
        return new SessionRequest(session.caseId(), attempt, session.sessionContext(), session.agent(),
                session.agentId(), session.tools());
    }

    /** What the session is sent with turn {@code index} (0-based): its mocks, most specific first. */
    public TurnContext turnContext(int index) {
        List<ToolMock> own = index < testCase.turns().size() ? testCase.turns().get(index).mocks() : List.of();
        return new TurnContext(index + 1, ToolMock.inForce(own, testCase.mocks(), suiteMocks), mocksRequired, Map.of());
    }
}
