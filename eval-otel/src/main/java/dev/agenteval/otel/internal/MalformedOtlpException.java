package dev.agenteval.otel.internal;

/** A request body that is not a valid OTLP export request; the message names where and why. Not API. */
public final class MalformedOtlpException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** With a message naming the field (path) and the problem. */
    public MalformedOtlpException(String message) {
        super(message);
    }

    /** With a message naming the field (path) and the problem, caused by {@code cause}. */
    public MalformedOtlpException(String message, Throwable cause) {
        super(message, cause);
    }
}
