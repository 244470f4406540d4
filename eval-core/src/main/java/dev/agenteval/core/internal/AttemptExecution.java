package dev.agenteval.core.internal;

import dev.agenteval.api.AgentException;
import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Case;
import dev.agenteval.api.CaseAttempt;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.InfrastructureFailure;
import dev.agenteval.api.JudgeException;
import dev.agenteval.api.Message;
import dev.agenteval.api.Prices;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Simulation;
import dev.agenteval.api.StopCondition;
import dev.agenteval.api.TaskState;
import dev.agenteval.api.Turn;
import dev.agenteval.api.TurnResult;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.AgentSession;
import dev.agenteval.spi.Exchange;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.RunListener;
import dev.agenteval.spi.SimulatedTurn;
import dev.agenteval.spi.SimulationRequest;
import dev.agenteval.spi.UserSimulator;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One attempt of one case: opens a session, sends the turns in order (scripted, or asked of the
 * user simulator one at a time), scores each turn, then scores the whole conversation. Ends
 * exactly once, either by the worker running it or by {@link #abort} (the case timeout, or the run
 * being interrupted), whichever comes first; whatever the other side does afterwards is dropped.
 */
final class AttemptExecution implements Runnable {

    private static final Logger LOG = LoggerFactory.getLogger(AttemptExecution.class);

    private final PreparedCase prepared;
    private final int attempt;
    private final AgentClient client;
    private final Preparation preparation;
    private final RunListener listener;
    private final TurnScoring scoring;
    private final CompletableFuture<CaseAttempt> result = new CompletableFuture<>();

    private final Object lock = new Object();
    private final List<TurnResult> turns = new ArrayList<>();
    private long startNanos;
    private long turnStartNanos;
    /** The message of a simulated turn in flight, once the simulator gave it; null before. */
    private String pendingInput;
    /** True while the conversation scorers run (every turn has a result). */
    private boolean conversationPhase;
    /** Why a simulated conversation stopped, once it did. */
    private String stopReason;
    /** The last turn sent, kept for the conversation turn only; guarded by {@link #lock}. */
    private Last last;
    private volatile Thread worker;
    private volatile AgentSession session;
    private boolean ended;

    AttemptExecution(PreparedCase prepared, int attempt, boolean repeated, AgentClient client, Judge judge,
                     Preparation preparation, RunListener listener, Prices prices) {
        this.prepared = prepared;
        this.attempt = attempt;
        this.client = client;
        this.preparation = preparation;
        this.listener = listener;
        this.scoring = new TurnScoring(prepared, attempt, repeated, judge, preparation, prices);
        synchronized (lock) {
            this.startNanos = System.nanoTime();
            this.turnStartNanos = startNanos;
        }
    }

    CompletableFuture<CaseAttempt> result() {
        return result;
    }

    PreparedCase prepared() {
        return prepared;
    }

    @Override
    public void run() {
        worker = Thread.currentThread();
        Case c = prepared.testCase();
        synchronized (lock) {
            if (ended) {
                return;
            }
            startNanos = System.nanoTime();
            turnStartNanos = startNanos;
        }
        listener.caseStarted(c, attempt);
        boolean allRan = false;
        AgentSession s = null;
        try {
            s = client.openSession(prepared.sessionFor(attempt));
            session = s;
            if (isEnded()) {
                s.cancel();
                return;
            }
            allRan = runTurns(s);
        } catch (InterruptedException e) {
            // Only abort() interrupts this thread; it has recorded the outcome already.
            Thread.currentThread().interrupt();
            return;
        } catch (AgentException e) {
            recordFailure(e.toFailure());
        } catch (RuntimeException | Error e) {
            LOG.debug("Case '{}' attempt {} failed in the harness", c.id(), attempt, e);
            recordFailure(internal(e));
        } finally {
            closeQuietly(s);
        }
        finish(allRan);
    }

    /** The scripted or simulated turns, then the conversation turn when there is one; true when all ran. */
    private boolean runTurns(AgentSession s) throws InterruptedException {
        boolean ran = prepared.simulation() != null ? runSimulation(s) : runScripted(s);
        if (!ran || !hasConversationTurn()) {
            return ran;
        }
        synchronized (lock) {
            if (ended) {
                return false;
            }
            conversationPhase = true;
            turnStartNanos = System.nanoTime();
        }
        return addTurn(conversationTurn());
    }

    private boolean hasConversationTurn() {
        return prepared.simulation() != null || !prepared.conversationScorers().isEmpty();
    }

    private boolean runScripted(AgentSession s) throws InterruptedException {
        Case c = prepared.testCase();
        for (int i = 0; i < c.turns().size(); i++) {
            Turn turn = c.turns().get(i);
            synchronized (lock) {
                if (ended) {
                    return false;
                }
                turnStartNanos = System.nanoTime();
            }
            if (!turn.delay().isZero()) {
                Thread.sleep(turn.delay().toMillis());
            }
            if (exchange(s, i, turn.name().orElse(null), prepared.inputs().get(i), turn, prepared.scorers().get(i))
                    == null) {
                return false;
            }
        }
        return true;
    }

    /**
     * The simulated turns: asks the simulator for the user's next message, sends it, scores it with
     * the simulation's per-turn scorers and checks the stop conditions, up to {@code maxTurns}.
     */
    private boolean runSimulation(AgentSession s) throws InterruptedException {
        Simulation sim = prepared.simulation();
        UserSimulator simulator = preparation.simulator();
        boolean mayEnd = sim.stopWhen().contains(StopCondition.goalMet());
        for (int i = 0; i < sim.maxTurns(); i++) {
            synchronized (lock) {
                if (ended) {
                    return false;
                }
                turnStartNanos = System.nanoTime();
                pendingInput = null;
            }
            long t0 = System.nanoTime();
            SimulatedTurn next;
            try {
                next = simulator.next(new SimulationRequest(prepared.testCase().id(), sim.persona().orElse(null),
                        sim.goal(), history(), i + 1, sim.maxTurns(), attempt, mayEnd));
                if (next == null) {
                    throw new JudgeException("user simulator '" + simulator.name() + "' returned no turn");
                }
                if (next.goalMet() && (i == 0 || !mayEnd)) {
                    throw new JudgeException("user simulator '" + simulator.name() + "' ended the conversation "
                            + (i == 0 ? "before its first message" : "although stopWhen does not include goal_met"));
                }
            } catch (AgentException e) {
                addTurn(AttemptTurns.simulatorFailed(i, Duration.ofNanos(System.nanoTime() - t0), e.toFailure(),
                        configuredAgentId()));
                return false;
            } catch (RuntimeException e) {
                LOG.debug("User simulator failed on case '{}' turn {}", prepared.testCase().id(), i + 1, e);
                addTurn(AttemptTurns.simulatorFailed(i, Duration.ofNanos(System.nanoTime() - t0), internal(e),
                        configuredAgentId()));
                return false;
            }
            if (next.goalMet()) {
                return stopped(StopCondition.Kind.GOAL_MET.wireName());
            }
            synchronized (lock) {
                pendingInput = next.message();
            }
            Message input = Message.user(next.message());
            Turn turn = Turn.of(input).expect(sim.turnScorers()).build();
            AgentResponse response = exchange(s, i, null, input, turn, sim.turnScorers());
            if (response == null) {
                return false;
            }
            String reason = stopReason(sim, response);
            if (reason != null) {
                return stopped(reason);
            }
        }
        return stopped(CaseAttempt.MAX_TURNS);
    }

    private boolean stopped(String reason) {
        synchronized (lock) {
            stopReason = reason;
        }
        return true;
    }

    /** The first stop condition after the agent's answer that holds, as its wire name; null when none. */
    private static String stopReason(Simulation sim, AgentResponse response) {
        for (StopCondition condition : sim.stopWhen()) {
            boolean holds = switch (condition.kind()) {
                case GOAL_MET -> false;
                case TASK_COMPLETED -> response.state().map(st -> st == TaskState.COMPLETED || st.isFailure())
                        .orElse(false);
                case CONTAINS -> response.text().toLowerCase(Locale.ROOT)
                        .contains(condition.text().toLowerCase(Locale.ROOT));
            };
            if (holds) {
                return condition.kind().wireName();
            }
        }
        return null;
    }

    /**
     * Sends one turn and scores it; records the turn. Returns the agent's response, or null when the
     * turn failed or the attempt ended meanwhile.
     */
    private AgentResponse exchange(AgentSession s, int i, String name, Message input, Turn turn,
                                   List<ScorerSpec> specs) throws InterruptedException {
        Case c = prepared.testCase();
        long t0 = System.nanoTime();
        AgentResponse response;
        try {
            response = s.send(input, prepared.turnContext(i));
            if (response == null) {
                throw new AgentException(FailureCode.INVALID_RESPONSE, "the agent client returned no response");
            }
            response = scoring.priced(response);
        } catch (AgentException e) {
            addTurn(failedTurn(i, name, input, s, t0, e.toFailure()));
            return null;
        } catch (RuntimeException e) {
            LOG.debug("Agent client failed on case '{}' turn {}", c.id(), i + 1, e);
            addTurn(failedTurn(i, name, input, s, t0, internal(e)));
            return null;
        }
        Duration duration = Duration.ofNanos(System.nanoTime() - t0);
        List<ScoreResult> scores = scoring.score(i, input, turn, specs, response, duration, history());
        TurnResult result = new TurnResult(i + 1, name, input.readableText(), request(s, input),
                response.raw(), response.text(), response.state().orElse(null), response.toolCalls(), duration,
                response.usage().orElse(null), null, scores, response.agentId().orElse(configuredAgentId()),
                response.contextId().orElse(null), response.taskId().orElse(null), response.traceUrl().orElse(null),
                TurnResult.partsBeyondText(input));
        if (hasConversationTurn()) {
            synchronized (lock) {
                last = new Last(i, input, response, duration);
            }
        }
        return addTurn(result) ? response : null;
    }

    /** The last turn sent, for the conversation scorers. */
    private record Last(int index, Message input, AgentResponse response, Duration duration) {
    }

    /**
     * The conversation turn: the conversation scorers, each given the last turn with every earlier
     * one as its history, and the stop reason of a simulated conversation.
     */
    private TurnResult conversationTurn() throws InterruptedException {
        Last l;
        String reason;
        int count;
        synchronized (lock) {
            l = last;
            reason = stopReason;
            count = turns.size();
        }
        long t0 = System.nanoTime();
        List<Exchange> history = history();
        List<ScoreResult> scores = new ArrayList<>();
        scoring.scoreEach(prepared.conversationScorers(), l.index(), l.input(), history.subList(0, history.size() - 1),
                l.response(), l.duration(), scores);
        return AttemptTurns.conversation(count, reason, Duration.ofNanos(System.nanoTime() - t0), scores,
                configuredAgentId());
    }

    /** The earlier turns of this attempt, as recorded (secrets redacted). */
    private List<Exchange> history() {
        synchronized (lock) {
            return turns.stream().map(t -> new Exchange(t.input(), t.answer() == null ? "" : t.answer())).toList();
        }
    }

    private Object request(AgentSession s, Message input) {
        return s.lastRequest().orElseGet(() -> Preparation.messageValue(input));
    }

    /** Turn {@code index}, sent on {@code s} at {@code t0} (nanos), that the agent failed. */
    private TurnResult failedTurn(int index, String name, Message input, AgentSession s, long t0, InfrastructureFailure f) {
        return AttemptTurns.failed(index, name, input, request(s, input), Duration.ofNanos(System.nanoTime() - t0), f,
                configuredAgentId());
    }

    /** The turn in flight: its 0-based index, its name (or null) and the input it shows. */
    private record InFlight(int index, String name, String input) {
        TurnResult cutOff(Duration duration, InfrastructureFailure failure, String agentId) {
            return AttemptTurns.cutOff(index, name, input, duration, failure, agentId);
        }
    }

    /** The turn in flight, or null when every turn has a result. Called holding the lock. */
    private InFlight inFlight() {
        int index = turns.size();
        Case c = prepared.testCase();
        boolean scripted = prepared.simulation() == null;
        boolean turnsDone = conversationPhase || (scripted ? index >= c.turns().size() : stopReason != null);
        if (!turnsDone) {
            return scripted
                    ? new InFlight(index, c.turns().get(index).name().orElse(null),
                            prepared.inputs().get(index).readableText())
                    : new InFlight(index, null, pendingInput != null ? pendingInput : AttemptTurns.AWAITING_SIMULATOR);
        }
        boolean conversationDone = index > 0 && turns.get(index - 1).isConversation();
        return hasConversationTurn() && !conversationDone
                ? new InFlight(index, TurnResult.CONVERSATION, AttemptTurns.conversationSummary(index, stopReason))
                : null;
    }

    /** The existing agent the case names ({@code agent_id}, placeholders resolved), or null. */
    private String configuredAgentId() {
        return prepared.session().agentId();
    }

    /** Adds a turn unless the attempt already ended; true when added. */
    private boolean addTurn(TurnResult turn) {
        TurnResult redacted = preparation.redactor().redact(turn);
        synchronized (lock) {
            if (ended) {
                return false;
            }
            turns.add(redacted);
        }
        listener.turnFinished(prepared.testCase(), redacted);
        return true;
    }

    private void recordFailure(InfrastructureFailure failure) {
        InFlight at;
        synchronized (lock) {
            at = inFlight();
            if (at == null) {
                // Every turn has a result: the failure belongs to the last one's bookkeeping.
                int index = Math.max(0, turns.size() - 1);
                at = new InFlight(index, null, turns.isEmpty() ? AttemptTurns.AWAITING_SIMULATOR
                        : turns.get(index).input());
            }
        }
        addTurn(at.cutOff(Duration.ofNanos(System.nanoTime() - turnStartNanosLocked()), failure, configuredAgentId()));
    }

    private long turnStartNanosLocked() {
        synchronized (lock) {
            return turnStartNanos;
        }
    }

    private void finish(boolean allRan) {
        CaseAttempt outcome;
        synchronized (lock) {
            if (ended) {
                return;
            }
            ended = true;
            outcome = Verdicts.attempt(attempt, prepared.testCase().expectPass(),
                    Duration.ofNanos(System.nanoTime() - startNanos), List.copyOf(turns), allRan)
                    .withStopReason(allRan ? stopReason : null);
        }
        result.complete(outcome);
    }

    /**
     * Ends the attempt from another thread: records {@code failure} on the turn in flight, cancels
     * the session and interrupts the worker. No-op when the attempt already ended.
     */
    void abort(FailureCode code, String message, Map<String, Object> context) {
        CaseAttempt outcome;
        synchronized (lock) {
            if (ended) {
                return;
            }
            ended = true;
            long now = System.nanoTime();
            // The turn in flight is the first one without a result; if every turn has one, only
            // the bookkeeping after the last turn was cut off and the attempt is complete.
            List<TurnResult> all = new ArrayList<>(turns);
            InFlight at = inFlight();
            boolean complete = at == null;
            if (!complete) {
                all.add(preparation.redactor().redact(at.cutOff(Duration.ofNanos(now - turnStartNanos),
                        new InfrastructureFailure(code, message, context), configuredAgentId())));
            }
            outcome = Verdicts.attempt(attempt, prepared.testCase().expectPass(), Duration.ofNanos(now - startNanos),
                    all, complete).withStopReason(complete ? stopReason : null);
        }
        // Cancel before completing: once the result completes, the run may end and report.
        AgentSession s = session;
        if (s != null) {
            try {
                s.cancel();
            } catch (RuntimeException e) {
                LOG.debug("Cancelling the session of case '{}' failed", prepared.testCase().id(), e);
            }
        }
        Thread w = worker;
        if (w != null) {
            w.interrupt();
        }
        result.complete(outcome);
    }

    private boolean isEnded() {
        synchronized (lock) {
            return ended;
        }
    }

    private static InfrastructureFailure internal(Throwable e) {
        return InfrastructureFailure.of(FailureCode.INTERNAL, e.getClass().getSimpleName()
                + (e.getMessage() == null ? "" : ": " + e.getMessage()));
    }

    private void closeQuietly(AgentSession s) {
        if (s == null) {
            return;
        }
        try {
            s.close();
        } catch (RuntimeException e) {
            LOG.warn("Closing the session of case '{}' failed: {}", prepared.testCase().id(), e.toString());
        }
    }
}
