package dev.agenteval.api;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.internal.Checks;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * What a run evaluated, recorded in its {@link SuiteResult}, so that a result (and a gate verdict
 * on it) is tied to one exact configuration: the suite, the agent target and the judge. Two runs
 * with the same {@link #value()} evaluated the same thing.
 *
 * <pre>{@code
 * Fingerprint now = runner.fingerprint(suite);
 * boolean current = result.fingerprint() != null && result.fingerprint().value().equals(now.value());
 * }</pre>
 *
 * @param suite      SHA-256 (lower-case hex) of the whole suite in canonical form, with each case's
 *                   effective repeat, pass threshold and timeout resolved; never blank
 * @param suiteCases how many cases the suite has: a run that selected fewer did not cover it
 * @param agent      the agent target, without secrets (for example {@code a2a http://localhost:8080/});
 *                   never blank
 * @param judge      the judge and its settings, or {@code none} when no case needs one; never blank
 * @param value      SHA-256 (lower-case hex) of the suite hash, agent and judge; never blank
 */
@API(status = STABLE)
public record Fingerprint(String suite, int suiteCases, String agent, String judge, String value) {

    /** The judge description when no case of the suite needs a judge. */
    public static final String NO_JUDGE = "none";

    /** Validates. */
    public Fingerprint {
        Checks.requireNonBlank(suite, "fingerprint suite");
        Checks.requireNonBlank(agent, "fingerprint agent");
        Checks.requireNonBlank(judge, "fingerprint judge");
        Checks.requireNonBlank(value, "fingerprint value");
        if (suiteCases < 0) {
            throw new IllegalArgumentException("fingerprint suiteCases must be >= 0 but was " + suiteCases);
        }
    }

    /** A fingerprint whose {@link #value()} is computed from the other parts. */
    public static Fingerprint of(String suite, int suiteCases, String agent, String judge) {
        Checks.requireNonBlank(suite, "fingerprint suite");
        Checks.requireNonBlank(agent, "fingerprint agent");
        Checks.requireNonBlank(judge, "fingerprint judge");
        return new Fingerprint(suite, suiteCases, agent, judge,
                sha256("suite=" + suite + "\nagent=" + agent + "\njudge=" + judge + "\n"));
    }

    /** SHA-256 of the UTF-8 bytes of {@code text}, in lower-case hex. */
    public static String sha256(String text) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(digest.digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
