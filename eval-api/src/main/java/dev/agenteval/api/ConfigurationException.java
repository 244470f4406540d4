package dev.agenteval.api;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import java.util.List;

/**
 * The suite, a provider or the runner's configuration is invalid; nothing was sent. Holds every
 * problem found, each naming its location (file, line, case, turn, scorer) where known.
 */
@API(status = STABLE)
public class ConfigurationException extends EvalException {

    private static final long serialVersionUID = 1L;

    private final List<String> problems;

    /** One problem. */
    public ConfigurationException(String problem) {
        this(List.of(problem));
    }

    /** One problem with a cause. */
    public ConfigurationException(String problem, Throwable cause) {
        super(problem, cause);
        this.problems = List.of(problem);
    }

    /** Several problems, reported together. */
    public ConfigurationException(List<String> problems) {
        super(render(problems));
        this.problems = List.copyOf(problems);
    }

    /** Every problem found, in order; never empty. */
    public List<String> problems() {
        return problems;
    }

    private static String render(List<String> problems) {
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("problems must not be empty");
        }
        return problems.size() == 1 ? problems.get(0)
                : problems.size() + " problems:\n  " + String.join("\n  ", problems);
    }
}
