package dev.agenteval.http;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import java.time.Duration;
import java.util.Objects;
import java.util.Set;

/**
 * When and how long to retry an HTTP call: connection failures and the retryable statuses
 * (429, 502, 503, 504 by default), with exponential backoff, honouring {@code Retry-After} up to
 * {@link #maxBackoff()}.
 *
 * <pre>{@code
 * RetryPolicy.builder().maxAttempts(5).initialBackoff(Duration.ofMillis(200)).build();
 * }</pre>
 */
@API(status = MAINTAINED)
public final class RetryPolicy {

    private static final RetryPolicy DEFAULTS = builder().build();
    private static final RetryPolicy NONE = builder().maxAttempts(1).build();

    private final int maxAttempts;
    private final Duration initialBackoff;
    private final Duration maxBackoff;
    private final Set<Integer> retryStatuses;
    private final boolean retryNetworkErrors;

    private RetryPolicy(Builder b) {
        this.maxAttempts = b.maxAttempts;
        this.initialBackoff = b.initialBackoff;
        this.maxBackoff = b.maxBackoff;
        this.retryStatuses = Set.copyOf(b.retryStatuses);
        this.retryNetworkErrors = b.retryNetworkErrors;
    }

    /** 3 attempts, 500 ms initial backoff doubling up to 30 s, on 429/502/503/504 and network errors. */
    public static RetryPolicy defaults() {
        return DEFAULTS;
    }

    /**
     * The defaults, under their former name.
     *
     * @deprecated use {@link #defaults()}, the name every agent-eval factory of defaults has
     */
    @Deprecated(forRemoval = true)
    public static RetryPolicy ofDefaults() {
        return defaults();
    }

    /** A single attempt. */
    public static RetryPolicy none() {
        return NONE;
    }

    /** A builder starting from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** Total attempts including the first; at least 1. */
    public int maxAttempts() {
        return maxAttempts;
    }

    /** The wait before the second attempt. */
    public Duration initialBackoff() {
        return initialBackoff;
    }

    /** The longest wait, also the cap on {@code Retry-After}. */
    public Duration maxBackoff() {
        return maxBackoff;
    }

    /** Statuses that are retried. */
    public Set<Integer> retryStatuses() {
        return retryStatuses;
    }

    /** Whether connection failures are retried. */
    public boolean retryNetworkErrors() {
        return retryNetworkErrors;
    }

    /** The backoff before attempt {@code attempt + 1} when the server gave no {@code Retry-After}. */
    public Duration backoff(int attempt) {
        long millis = initialBackoff.toMillis() << Math.min(attempt - 1, 20);
        return Duration.ofMillis(Math.min(millis, maxBackoff.toMillis()));
    }

    /** A builder holding this policy. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.maxAttempts = maxAttempts;
        b.initialBackoff = initialBackoff;
        b.maxBackoff = maxBackoff;
        b.retryStatuses = retryStatuses;
        b.retryNetworkErrors = retryNetworkErrors;
        return b;
    }

    @Override
    public String toString() {
        return "RetryPolicy[maxAttempts=" + maxAttempts + ", initialBackoff=" + initialBackoff + ", maxBackoff="
                + maxBackoff + ", statuses=" + retryStatuses + ", networkErrors=" + retryNetworkErrors + "]";
    }

    /** Builder of a {@link RetryPolicy}. */
    public static final class Builder {
        private int maxAttempts = 3;
        private Duration initialBackoff = Duration.ofMillis(500);
        private Duration maxBackoff = Duration.ofSeconds(30);
        private Set<Integer> retryStatuses = Set.of(429, 502, 503, 504);
        private boolean retryNetworkErrors = true;

        private Builder() {
        }

        /** Total attempts including the first; must be >= 1. */
        public Builder maxAttempts(int maxAttempts) {
            if (maxAttempts < 1) {
                throw new IllegalArgumentException("maxAttempts must be >= 1 but was " + maxAttempts);
            }
            this.maxAttempts = maxAttempts;
            return this;
        }

        /** The first backoff; must be >= 0. */
        public Builder initialBackoff(Duration initialBackoff) {
            Objects.requireNonNull(initialBackoff, "initialBackoff");
            if (initialBackoff.isNegative()) {
                throw new IllegalArgumentException("initialBackoff must be >= 0 but was " + initialBackoff);
            }
            this.initialBackoff = initialBackoff;
            return this;
        }

        /** The longest backoff and the cap on {@code Retry-After}; must be >= 0. */
        public Builder maxBackoff(Duration maxBackoff) {
            Objects.requireNonNull(maxBackoff, "maxBackoff");
            if (maxBackoff.isNegative()) {
                throw new IllegalArgumentException("maxBackoff must be >= 0 but was " + maxBackoff);
            }
            this.maxBackoff = maxBackoff;
            return this;
        }

        /** The statuses to retry. */
        public Builder retryStatuses(Set<Integer> retryStatuses) {
            this.retryStatuses = Set.copyOf(retryStatuses);
            return this;
        }

        /** Whether to retry connection failures. */
        public Builder retryNetworkErrors(boolean retryNetworkErrors) {
            this.retryNetworkErrors = retryNetworkErrors;
            return this;
        }

        /** Builds the policy. */
        public RetryPolicy build() {
            return new RetryPolicy(this);
        }
    }
}
