package dev.agenteval.report.internal;

import dev.agenteval.api.CaseResult;
import java.io.IOException;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Renders each case's part of a report as the case finishes, on one background thread per report
 * (the case threads only hand the result over), and keeps the UTF-8 text keyed by the result's
 * identity until the report is written. A case whose rendering failed is simply not kept: the
 * report renders it when written, so the failure shows there.
 *
 * <p>{@link #submit} may be called from many threads at once; {@link #drain} waits for the
 * renderer, hands over what it rendered and starts over, so the same report can be written for
 * another run.
 */
final class CaseFragments {

    private static final Logger LOG = LoggerFactory.getLogger(CaseFragments.class);

    /** Renders one case's part of the report as UTF-8. */
    @FunctionalInterface
    interface Renderer {
        byte[] render(CaseResult c) throws IOException;
    }

    /** The fragments of one run and the thread rendering them. */
    private static final class Batch {
        final ExecutorService renderer;
        final Map<CaseResult, byte[]> rendered = Collections.synchronizedMap(new IdentityHashMap<>());

        Batch(String name) {
            // One thread, ending when idle a while (a sink never written keeps no thread).
            ThreadPoolExecutor executor = new ThreadPoolExecutor(1, 1, 10, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                    task -> {
                        Thread t = new Thread(task, "agent-eval-report-" + name);
                        t.setDaemon(true);
                        return t;
                    });
            executor.allowCoreThreadTimeOut(true);
            renderer = executor;
        }
    }

    private final String name;
    private final Renderer renderer;
    private Batch batch; // guarded by this

    CaseFragments(String name, Renderer renderer) {
        this.name = name;
        this.renderer = renderer;
    }

    /** Renders {@code c} in the background. */
    void submit(CaseResult c) {
        synchronized (this) {
            if (batch == null) {
                batch = new Batch(name);
            }
            Batch b = batch;
            try {
                b.renderer.execute(() -> render(b, c));
            } catch (RejectedExecutionException e) {
                // Cannot happen while the batch is current; the report renders the case itself.
                LOG.debug("{} report: case '{}' not rendered ahead", name, c.id(), e);
            }
        }
    }

    private void render(Batch b, CaseResult c) {
        try {
            b.rendered.put(c, renderer.render(c));
        } catch (IOException | RuntimeException e) {
            LOG.debug("{} report: case '{}' not rendered ahead, rendering it with the report", name, c.id(), e);
        }
    }

    /**
     * Waits until every submitted case is rendered, then returns the fragments by result identity
     * and forgets them. Interrupted, it stops waiting and returns what is done (the report renders
     * the rest) with the interrupt flag kept.
     */
    Map<CaseResult, byte[]> drain() {
        Batch b;
        synchronized (this) {
            b = batch;
            batch = null;
        }
        if (b == null) {
            return Map.of();
        }
        b.renderer.shutdown();
        try {
            while (!b.renderer.awaitTermination(1, TimeUnit.MINUTES)) {
                LOG.debug("{} report: still rendering cases", name);
            }
        } catch (InterruptedException e) {
            b.renderer.shutdownNow();
            Thread.currentThread().interrupt();
        }
        synchronized (b.rendered) {
            return new IdentityHashMap<>(b.rendered);
        }
    }
}
