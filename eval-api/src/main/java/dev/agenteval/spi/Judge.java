package dev.agenteval.spi;

/**
 * Decides what deterministic checks cannot. Must be thread-safe. A judge that cannot give a
 * clear verdict throws {@link dev.agenteval.api.JudgeException}: never a silent pass or fail.
 */
@FunctionalInterface
public interface Judge {

    /**
     * Judges one request.
     *
     * @throws dev.agenteval.api.JudgeException when no clear verdict could be obtained
     */
    JudgeVerdict judge(JudgeRequest request) throws InterruptedException;

    /** A name shown in scores, e.g. the model; defaults to the class name. */
    default String name() {
        return getClass().getSimpleName();
    }
}
