package dev.agenteval.spi;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import java.util.Objects;

/**
 * One earlier turn of the conversation, as a judge needs it to score a follow-up.
 *
 * @param input  what the user sent (placeholders resolved, secrets as sent); never null
 * @param answer what the agent answered; never null
 */
@API(status = STABLE)
public record Exchange(String input, String answer) {

    /** Validates. */
    public Exchange {
        Objects.requireNonNull(input, "input");
        Objects.requireNonNull(answer, "answer");
    }
}
