package dev.agenteval.http.internal;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * A body handler that keeps at most {@code limit} bytes: a larger body (announced by
 * Content-Length or discovered while streaming) is abandoned with {@link TooLarge} without
 * being read whole into memory.
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

    /** A handler keeping at most {@code limit} bytes. */
    public LimitedBody(long limit) {
        this.limit = limit;
    }

    @Override
    public HttpResponse.BodySubscriber<byte[]> apply(HttpResponse.ResponseInfo info) {
        long announced = info.headers().firstValueAsLong("content-length").orElse(-1);
        return new Subscriber(limit, announced > limit);
    }

    private static final class Subscriber implements HttpResponse.BodySubscriber<byte[]> {
        private final long limit;
        private final boolean tooLargeUpFront;
        private final CompletableFuture<byte[]> body = new CompletableFuture<>();
        private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        private Flow.Subscription subscription;

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
