package dev.agenteval.spi;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

/**
 * Decides what deterministic checks cannot. Must be thread-safe. A judge that cannot give a
 * clear verdict throws {@link dev.agenteval.api.JudgeException}: never a silent pass or fail.
 */
@FunctionalInterface
@API(status = STABLE)
public interface Judge {

    /**
     * Judges one request.
     *
     * @throws dev.agenteval.api.JudgeException when no clear verdict could be obtained
     */
    JudgeVerdict judge(JudgeRequest request) throws InterruptedException;

    /**
     * Checks the judge can work (key present, endpoint answers) before any agent call; the
     * runner calls it once per run when a selected scorer needs a judge.
     *
     * @throws dev.agenteval.api.JudgeException with a clear message when it cannot
     */
    default void preflight() throws InterruptedException {
    }

    /**
     * The prompt template this judge uses for a scorer type, as {@code name@version} (e.g.
     * {@code correctness@1}), so that calibrations can be told apart by template version; empty
     * when the judge has no versioned template. Wrapping judges delegate.
     */
    default java.util.Optional<String> templateVersion(String scorerType) {
        return java.util.Optional.empty();
    }

    /** A name shown in scores, e.g. the model; defaults to the class name. */
    default String name() {
        return getClass().getSimpleName();
    }
}
