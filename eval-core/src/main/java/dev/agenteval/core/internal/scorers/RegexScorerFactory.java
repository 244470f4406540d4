package dev.agenteval.core.internal.scorers;

import dev.agenteval.api.Check;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.spi.Scorer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/** {@code regex}: a regular expression (param {@code pattern}) found somewhere in the answer text. */
public final class RegexScorerFactory extends BuiltInScorerFactory<Pattern> {

    /** Used by {@link java.util.ServiceLoader}. */
    public RegexScorerFactory() {
        super("regex");
    }

    @Override
    Pattern parse(Params params) {
        String pattern = params.string("pattern", false);
        return compile(pattern, "'pattern'", params);
    }

    @Override
    Scorer scorer(Pattern pattern) {
        return ctx -> {
            String text = ctx.response().text();
            Matcher m = pattern.matcher(text);
            Check check = m.find()
                    ? Check.pass(pattern.pattern(), "matched " + Texts.json(m.group()))
                    : Check.fail(pattern.pattern(), "no match in answer text " + Texts.json(text));
            return ScoreResult.ofChecks(id(), check);
        };
    }

    /** Compiles {@code regex}, recording a problem naming it and the syntax error when invalid. */
    static Pattern compile(String regex, String what, Params params) {
        try {
            return Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            params.problem(what + " is not a valid regular expression: '" + regex + "' ("
                    + e.getDescription() + " near index " + e.getIndex() + ")");
            return Pattern.compile("");
        }
    }
}
