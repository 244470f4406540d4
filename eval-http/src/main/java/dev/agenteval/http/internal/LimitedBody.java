package dev.agenteval.http.internal;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A body handler that keeps at most {@code limit} bytes: a larger body (announced by
 * Content-Length or discovered while streaming) is abandoned with {@link TooLarge} without
 * being read whole into memory. With a deadline, a body not complete that long after its headers
 * arrived is abandoned with an {@link HttpTimeoutException} (the JDK's request timeout only
 * bounds the wait for the headers).
 */
public final class LimitedBody implements HttpResponse.BodyHandler<byte[]> {

    /** The body exceeded the limit. */
    public static final class TooLarge extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TooLarge(long limit) {
            super("response body larger than " + limit + " bytes");
        }
    }

    private final long limit;
    private final Duration deadline;

    /** A handler keeping at most {@code limit} bytes, with no deadline. */
    public LimitedBody(long limit) {
        this(limit, null);
    }

    /** A handler keeping at most {@code limit} bytes, abandoning a body not complete {@code deadline} after its headers (null: none). */
    public LimitedBody(long limit, Duration deadline) {
        this.limit = limit;
        this.deadline = deadline;
    }

    @Override
    public HttpResponse.BodySubscriber<byte[]> apply(HttpResponse.ResponseInfo info) {
        long announced = info.headers().firstValueAsLong("content-length").orElse(-1);
        Subscriber subscriber = new Subscriber(limit, announced > limit);
        if (deadline != null && !subscriber.body.isDone()) {
            ScheduledFuture<?> expiry = Deadlines.TIMER.schedule(() -> subscriber.expire(deadline),
                    deadline.toNanos(), TimeUnit.NANOSECONDS);
            subscriber.body.whenComplete((b, e) -> expiry.cancel(false));
        }
        return subscriber;
    }

    /** One daemon thread for every deadline of the process, created on first use. */
    private static final class Deadlines {
        static final ScheduledThreadPoolExecutor TIMER = timer();

        private static ScheduledThreadPoolExecutor timer() {
            ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, r -> {
                Thread t = new Thread(r, "agent-eval-http-deadlines");
                t.setDaemon(true);
                return t;
            });
            timer.setRemoveOnCancelPolicy(true);
            return timer;
        }
    }

    private static final class Subscriber implements HttpResponse.BodySubscriber<byte[]> {
        private final long limit;
        private final boolean tooLargeUpFront;
        private final CompletableFuture<byte[]> body = new CompletableFuture<>();
        private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        private volatile Flow.Subscription subscription;

        Subscriber(long limit, boolean tooLargeUpFront) {
            this.limit = limit;
            this.tooLargeUpFront = tooLargeUpFront;
        }

        @Override
        public CompletionStage<byte[]> getBody() {
            return body;
        }

        @Override
        public void onSubscribe(Flow.Subscription subscription) {
            this.subscription = subscription;
            if (tooLargeUpFront) {
                subscription.cancel();
                body.completeExceptionally(new TooLarge(limit));
                return;
            }
            subscription.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(List<ByteBuffer> items) {
            if (body.isDone()) {
                return;
            }
            for (ByteBuffer b : items) {
                if (buffer.size() + (long) b.remaining() > limit) {
                    subscription.cancel();
                    body.completeExceptionally(new TooLarge(limit));
                    return;
                }
                byte[] bytes = new byte[b.remaining()];
                b.get(bytes);
                buffer.write(bytes, 0, bytes.length);
            }
        }

        void expire(Duration deadline) {
            if (body.completeExceptionally(new HttpTimeoutException("response body not complete "
                    + deadline.toMillis() / 1000.0 + " s after its headers"))) {
                Flow.Subscription s = subscription;
                if (s != null) {
                    s.cancel();
                }
            }
        }

        @Override
        public void onError(Throwable throwable) {
            body.completeExceptionally(throwable);
        }

        @Override
        public void onComplete() {
            body.complete(buffer.toByteArray());
        }
    }
}
