package dev.agenteval.opik.internal;

import dev.agenteval.api.CaseAttempt;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.TurnResult;
import dev.agenteval.opik.OpikException;
import dev.agenteval.spi.ResultSink;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * The trace of each case and the links to it: the agent's own trace when its response names one,
 * else an id this sink makes up once per case; results with {@code trace_url} on their turns;
 * and the file sinks written with those links, rewritten when the traces they link were never
 * written to Opik.
 */
public final class TraceLinks {

    private final Clock clock;
    private final List<String> traceIdKeys;
    private final Map<String, String> generatedTraceIds = new ConcurrentHashMap<>();
    // The traces this sink wrote to Opik, of those it made up ids for.
    private final Set<String> writtenTraces = ConcurrentHashMap.newKeySet();
    private final List<Linked> linked = new CopyOnWriteArrayList<>();

    /** Trace ids read under {@code traceIdKeys} (first found wins), made up from {@code clock}. */
    public TraceLinks(Clock clock, List<String> traceIdKeys) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.traceIdKeys = List.copyOf(traceIdKeys);
    }

    /** Whether a case goes to Opik: it ran (was not skipped) and has turns. */
    public static boolean recorded(CaseResult c) {
        return c.status() != CaseStatus.SKIPPED && !c.turns().isEmpty();
    }

    /** The case's trace: the agent's own, else the one made up for it (the same on every call). */
    public String traceId(CaseResult c) {
        return agentTraceId(c).orElseGet(() -> generatedTraceIds.computeIfAbsent(c.id(),
                k -> Uuid7.next(clock).toString()));
    }

    /** The first trace id the agent reported in any of the case's turns. */
    public Optional<String> agentTraceId(CaseResult c) {
        for (TurnResult t : c.turns()) {
            Optional<String> id = agentTraceId(t);
            if (id.isPresent()) {
                return id;
            }
        }
        return Optional.empty();
    }

    private Optional<String> agentTraceId(TurnResult t) {
        return Optional.ofNullable(find(t.response(), 0));
    }

    // The agent's trace id, under one of the keys, at the top of its response or in a metadata
    // object below it (A2A puts it in the task's or the message's metadata).
    private String find(Object node, int depth) {
        if (depth > 6 || node == null) {
            return null;
        }
        if (node instanceof Map<?, ?> map) {
            for (String key : traceIdKeys) {
                if (map.get(key) instanceof String s && !s.isBlank()) {
                    return s.strip();
                }
            }
            return findIn(map.values(), depth);
        }
        return node instanceof Collection<?> list ? findIn(list, depth) : null;
    }

    private String findIn(Collection<?> values, int depth) {
        for (Object v : values) {
            String found = find(v, depth + 1);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    /** Records that the trace made up with id {@code traceId} is now in Opik. */
    public void written(String traceId) {
        writtenTraces.add(traceId);
    }

    /**
     * {@code result} with {@code trace_url} ({@code urlOf} a trace id) on every turn whose trace is
     * known: the agent's own, or the one made up for the case when {@code ownTrace} accepts its id.
     */
    public SuiteResult link(SuiteResult result, Predicate<String> ownTrace, UnaryOperator<String> urlOf) {
        List<CaseResult> cases = new ArrayList<>();
        for (CaseResult c : result.cases()) {
            if (!recorded(c)) {
                cases.add(c);
                continue;
            }
            String caseTrace = agentTraceId(c).orElseGet(() -> {
                String own = traceId(c);
                return ownTrace.test(own) ? own : null;
            });
            List<CaseAttempt> attempts = new ArrayList<>();
            for (CaseAttempt a : c.attempts()) {
                List<TurnResult> turns = new ArrayList<>();
                for (TurnResult t : a.turns()) {
                    String id = agentTraceId(t).orElse(caseTrace);
                    turns.add(t.withTraceUrl(id == null ? null : urlOf.apply(id)));
                }
                attempts.add(new CaseAttempt(a.attempt(), a.status(), a.reason(), a.duration(), a.usage(), turns));
            }
            cases.add(new CaseResult(c.id(), c.tags(), c.expectPass(), c.status(), c.reason(), c.duration(),
                    c.usage(), attempts, c.passThreshold()));
        }
        return new SuiteResult(result.suite(), result.startedAt(), result.duration(), result.complete(), cases,
                result.shard(), result.fingerprint());
    }

    /** {@code delegate}, writing results through {@code link}; remembered for {@link #relink}. */
    public ResultSink linking(ResultSink delegate, UnaryOperator<SuiteResult> link) {
        Objects.requireNonNull(delegate, "delegate");
        Linked l = new Linked(delegate);
        linked.add(l);
        return new ResultSink() {
            @Override
            public void write(SuiteResult result) throws IOException {
                l.last = result;
                delegate.write(link.apply(result));
            }

            @Override
            public void caseFinished(CaseResult result) {
                delegate.caseFinished(result);
            }

            @Override
            public String toString() {
                return delegate.toString();
            }
        };
    }

    /**
     * After a failed upload: the sinks that wrote links to traces never written are written again,
     * linking only the traces Opik has; {@code failure}, saying so when it did, with their own
     * failures suppressed. Nothing is rewritten without a project ({@code projectId} null).
     */
    public OpikException relink(OpikException failure, String projectId, UnaryOperator<String> urlOf) {
        List<Linked> stale = linked.stream().filter(l -> l.last != null).toList();
        boolean allWritten = stale.stream().allMatch(l -> l.last.cases().stream()
                .filter(c -> recorded(c) && agentTraceId(c).isEmpty())
                .allMatch(c -> writtenTraces.contains(traceId(c))));
        if (projectId == null || stale.isEmpty() || allWritten) {
            return failure;
        }
        OpikException out = new OpikException(failure.getMessage() + " (the result files link only the traces Opik has)",
                failure.status(), failure.getCause());
        for (Linked l : stale) {
            try {
                l.delegate.write(link(l.last, writtenTraces::contains, urlOf));
            } catch (IOException | RuntimeException e) {
                out.addSuppressed(e);
            }
        }
        return out;
    }

    private static final class Linked {
        final ResultSink delegate;
        volatile SuiteResult last;

        Linked(ResultSink delegate) {
            this.delegate = delegate;
        }
    }
}
