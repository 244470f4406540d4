package dev.agenteval.testkit.internal;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * What a fake answers and what it received: replies queued for the next requests (first in,
 * first out), then rules tried in the order given, then a fallback; and every request in the
 * order received. Thread-safe. Not API.
 *
 * @param <Q> the request as a test reads it
 * @param <R> the reply as a test writes it
 */
public final class Script<Q, R> {

    private record Rule<Q, R>(Predicate<Q> when, Function<Q, R> reply) {
    }

    private final Deque<R> queued = new ArrayDeque<>();
    private final List<Rule<Q, R>> rules = new ArrayList<>();
    private final List<Q> received = new ArrayList<>();
    private Function<Q, R> fallback;
    private int taken;

    /** A script answering with {@code fallback} when nothing else matches. */
    public Script(Function<Q, R> fallback) {
        this.fallback = Objects.requireNonNull(fallback, "fallback");
    }

    /** Queues {@code reply} for the next request no earlier queued reply answers. */
    public synchronized void enqueue(R reply) {
        queued.add(Objects.requireNonNull(reply, "reply"));
    }

    /** Adds a rule tried after the queue and the earlier rules. */
    public synchronized void when(Predicate<Q> when, Function<Q, R> reply) {
        rules.add(new Rule<>(Objects.requireNonNull(when, "when"), Objects.requireNonNull(reply, "reply")));
    }

    /** Replaces the fallback. */
    public synchronized void otherwise(Function<Q, R> reply) {
        fallback = Objects.requireNonNull(reply, "reply");
    }

    /** Records {@code request} without picking a reply for it (a request the fake refuses). */
    public synchronized void record(Q request) {
        received.add(request);
        notifyAll();
    }

    /** Records {@code request} and picks its reply. */
    public R answer(Q request) {
        Function<Q, R> chosen;
        synchronized (this) {
            received.add(request);
            notifyAll();
            R next = queued.poll();
            if (next != null) {
                return next;
            }
            chosen = fallback;
            for (Rule<Q, R> rule : rules) {
                if (rule.when().test(request)) {
                    chosen = rule.reply();
                    break;
                }
            }
        }
        // Outside the lock: a scripted function may take its time, and requests run concurrently.
        return Objects.requireNonNull(chosen.apply(request), "a scripted reply function returned null");
    }

    /** The requests received so far, in order. */
    public synchronized List<Q> received() {
        return List.copyOf(received);
    }

    /** The number of requests received so far. */
    public synchronized int count() {
        return received.size();
    }

    /**
     * The next request no earlier call took, waiting up to {@code timeout} for it to arrive.
     *
     * @throws IllegalStateException naming {@code fake} when none arrives in time
     */
    public synchronized Q take(String fake, Duration timeout) throws InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        while (taken >= received.size()) {
            long left = end - System.nanoTime();
            if (left <= 0) {
                throw new IllegalStateException(fake + " received " + received.size() + " request(s), all taken;"
                        + " no other arrived within " + timeout.toMillis() + " ms");
            }
            wait(Math.max(1, left / 1_000_000));
        }
        return received.get(taken++);
    }
}
