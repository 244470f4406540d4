package dev.agenteval.scorers.internal;

import dev.agenteval.api.Check;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerParams;
import dev.agenteval.spi.ScoringContext;
import dev.agenteval.spi.Secrets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** The substring scorers: one check per value, present or absent in some text of the response. */
final class Substrings {

    /**
     * @param values     the substrings, each a check
     * @param ignoreCase whether case is ignored
     */
    record Config(List<String> values, boolean ignoreCase) {
    }

    private Substrings() {
    }

    /** Reads {@code values} and, when the scorer offers it, {@code ignoreCase}. */
    static Config parse(ScorerParams params, boolean ignoreCaseOption) {
        List<String> values = params.strings("values");
        boolean ignoreCase = ignoreCaseOption && params.flag("ignoreCase", false);
        return new Config(values, ignoreCase);
    }

    /**
     * A scorer checking each value against {@code haystack(ctx)}.
     *
     * @param mustAppear true for include/contains, false for the negated forms
     * @param where      what the haystack is called in details, e.g. {@code "response"}
     */
    static Scorer scorer(String type, Config config, boolean mustAppear, String where,
                         Function<ScoringContext, String> haystack) {
        return ctx -> {
            String text = haystack.apply(ctx);
            List<Check> checks = new ArrayList<>();
            for (String value : config.values()) {
                int at = indexOf(text, value, config.ignoreCase());
                if (at < 0) {
                    checks.add(new Check(value, !mustAppear, "not found in " + where));
                } else if (mustAppear) {
                    checks.add(Check.pass(value, "found in " + where));
                } else {
                    checks.add(Check.fail(value, "found in " + where + quoted(ctx.secrets(), text, value, config.ignoreCase())));
                }
            }
            return ScoreResult.ofChecks(type, checks);
        };
    }

    /**
     * The context around the match, cut from the text with its secrets masked first, so the cut
     * never leaves part of a secret; nothing when the match lies inside a secret.
     */
    private static String quoted(Secrets secrets, String text, String value, boolean ignoreCase) {
        String masked = secrets.redact(text);
        int at = indexOf(masked, value, ignoreCase);
        return at < 0 ? " (inside a secret value, not quoted)" : ": " + Texts.excerpt(masked, at, value.length());
    }

    /** The first index of {@code needle} in {@code haystack}, or -1. */
    static int indexOf(String haystack, String needle, boolean ignoreCase) {
        if (!ignoreCase) {
            return haystack.indexOf(needle);
        }
        for (int i = 0; i + needle.length() <= haystack.length(); i++) {
            if (haystack.regionMatches(true, i, needle, 0, needle.length())) {
                return i;
            }
        }
        return -1;
    }
}
