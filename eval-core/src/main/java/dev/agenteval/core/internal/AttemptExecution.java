package dev.agenteval.core.internal;

import dev.agenteval.api.AgentException;
import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Case;
import dev.agenteval.api.CaseAttempt;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.HarnessFailure;
import dev.agenteval.api.Message;
import dev.agenteval.api.Prices;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.ToolSpec;
import dev.agenteval.api.Turn;
import dev.agenteval.api.TurnResult;
import dev.agenteval.api.Usage;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.AgentSession;
import dev.agenteval.spi.Exchange;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.RunListener;
import dev.agenteval.spi.ScoringContext;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One attempt of one case: opens a session, sends the turns in order, scores each turn. Ends
 * exactly once, either by the worker running it or by {@link #abort} (the case timeout, or the run
 * being interrupted), whichever comes first; whatever the other side does afterwards is dropped.
 */
final class AttemptExecution implements Runnable {

    private static final Logger LOG = LoggerFactory.getLogger(AttemptExecution.class);

    private final PreparedCase prepared;
    private final int attempt;
    private final AgentClient client;
    private final Judge judge;
    private final Preparation preparation;
    private final RunListener listener;
    private final boolean repeated;
    private final Prices prices;
    private final CompletableFuture<CaseAttempt> result = new CompletableFuture<>();

    private final Object lock = new Object();
    private final List<TurnResult> turns = new ArrayList<>();
    private long startNanos;
    private long turnStartNanos;
    private volatile Thread worker;
    private volatile AgentSession session;
    private boolean ended;

    AttemptExecution(PreparedCase prepared, int attempt, boolean repeated, AgentClient client, Judge judge,
                     Preparation preparation, RunListener listener, Prices prices) {
        this.repeated = repeated;
        this.prices = prices;
        this.prepared = prepared;
        this.attempt = attempt;
        this.client = client;
        this.judge = judge;
        this.preparation = preparation;
        this.listener = listener;
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

    private boolean runTurns(AgentSession s) throws InterruptedException {
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
            Message input = prepared.inputs().get(i);
            long t0 = System.nanoTime();
            AgentResponse response;
            try {
                response = s.send(input);
                if (response == null) {
                    throw new AgentException(FailureCode.INVALID_RESPONSE, "the agent client returned no response");
                }
                response = priced(response);
            } catch (AgentException e) {
                addTurn(failedTurn(i, input, s, Duration.ofNanos(System.nanoTime() - t0), e.toFailure()));
                return false;
            } catch (RuntimeException e) {
                LOG.debug("Agent client failed on case '{}' turn {}", c.id(), i + 1, e);
                addTurn(failedTurn(i, input, s, Duration.ofNanos(System.nanoTime() - t0), internal(e)));
                return false;
            }
            Duration duration = Duration.ofNanos(System.nanoTime() - t0);
            List<ScoreResult> scores = score(i, response, duration);
            TurnResult result = new TurnResult(i + 1, turn.name().orElse(null), input.readableText(), request(s, input),
                    response.raw(), response.text(), response.state().orElse(null), response.toolCalls(), duration,
                    response.usage().orElse(null), null, scores, response.agentId().orElse(configuredAgentId()),
                    response.contextId().orElse(null), response.traceUrl().orElse(null));
            if (!addTurn(result)) {
                return false;
            }
        }
        return true;
    }

    /** The response with its cost estimated from the prices when the agent reported tokens but no cost. */
    private AgentResponse priced(AgentResponse response) {
        Usage usage = response.usage().orElse(null);
        Usage estimated = prices.estimate(usage);
        return estimated == usage ? response : response.toBuilder().usage(estimated).build();
    }

    private List<ScoreResult> score(int index, AgentResponse response, Duration duration) throws InterruptedException {
        Case c = prepared.testCase();
        Turn turn = c.turns().get(index);
        List<ScoreResult> scores = new ArrayList<>();
        if (c.hasNoScorers()) {
            // The "agent answered" rule adds to the state guard below; it never replaces it.
            scores.add(Verdicts.answered(response));
        }
        for (ScorerSpec spec : prepared.scorers().get(index)) {
            List<ToolSpec> tools = spec.tools().orElse(c.tools().orElse(null));
            ScoringContext ctx = new ScoringContext(c, index + 1, prepared.inputs().get(index), history(), response,
                    duration, tools, judge, attempt, repeated, preparation.redactor().secrets());
            scores.add(scoreOne(spec, ctx));
        }
        Verdicts.taskState(turn, response).ifPresent(scores::add);
        return scores;
    }

    /** The earlier turns of this attempt, as recorded (secrets redacted). */
    private List<Exchange> history() {
        synchronized (lock) {
            return turns.stream().map(t -> new Exchange(t.input(), t.answer() == null ? "" : t.answer())).toList();
        }
    }

    private ScoreResult scoreOne(ScorerSpec spec, ScoringContext ctx) throws InterruptedException {
        try {
            ScoreResult r = preparation.scorer(spec).score(ctx);
            if (r == null) {
                return ScoreResult.errored(spec.type(), HarnessFailure.of(FailureCode.INTERNAL,
                        "scorer '" + spec.type() + "' returned no result"));
            }
            return r;
        } catch (InterruptedException e) {
            throw e;
        } catch (AgentException e) {
            return ScoreResult.errored(spec.type(), e.toFailure());
        } catch (Exception e) {
            LOG.debug("Scorer '{}' failed on case '{}'", spec.type(), ctx.testCase().id(), e);
            return ScoreResult.errored(spec.type(), HarnessFailure.of(FailureCode.INTERNAL,
                    "scorer '" + spec.type() + "' threw " + e.getClass().getSimpleName() + ": " + e.getMessage()));
        }
    }

    private Object request(AgentSession s, Message input) {
        return s.lastRequest().orElseGet(() -> Preparation.messageValue(input));
    }

    private TurnResult failedTurn(int index, Message input, AgentSession s, Duration duration, HarnessFailure f) {
        Turn turn = prepared.testCase().turns().get(index);
        Object request = s == null ? null : request(s, input);
        return new TurnResult(index + 1, turn.name().orElse(null), input.readableText(), request, null, null, null,
                List.of(), duration, null, f, List.of(), configuredAgentId(), null, null);
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

    private void recordFailure(HarnessFailure failure) {
        int index;
        synchronized (lock) {
            index = Math.min(turns.size(), prepared.inputs().size() - 1);
        }
        Message input = prepared.inputs().get(index);
        addTurn(failedTurn(index, input, null, Duration.ofNanos(System.nanoTime() - turnStartNanosLocked()), failure));
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
                    Duration.ofNanos(System.nanoTime() - startNanos), List.copyOf(turns), allRan);
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
            int index = turns.size();
            List<TurnResult> all = new ArrayList<>(turns);
            boolean complete = index == prepared.testCase().turns().size();
            if (!complete) {
                Turn turn = prepared.testCase().turns().get(index);
                Message input = prepared.inputs().get(index);
                all.add(preparation.redactor().redact(new TurnResult(index + 1, turn.name().orElse(null),
                        input.readableText(), null, null, null, null, List.of(), Duration.ofNanos(now - turnStartNanos), null,
                        new HarnessFailure(code, message, context), List.of(), configuredAgentId(), null, null)));
            }
            outcome = Verdicts.attempt(attempt, prepared.testCase().expectPass(), Duration.ofNanos(now - startNanos),
                    all, complete);
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

    private static HarnessFailure internal(Throwable e) {
        return HarnessFailure.of(FailureCode.INTERNAL, e.getClass().getSimpleName()
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
