package dev.agenteval.scorers.internal;

import dev.agenteval.api.Check;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerParams;
import dev.agenteval.spi.ScorerProblem;
import dev.agenteval.spi.TypedScorerFactory;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/** {@code regex}: a regular expression (param {@code pattern}) found somewhere in the answer text. */
public final class RegexScorerFactory extends TypedScorerFactory<Pattern> {

    /** Used by {@link java.util.ServiceLoader}. */
    public RegexScorerFactory() {
        super("regex");
    }

    @Override
    protected Pattern parse(ScorerParams params) {
        String pattern = params.string("pattern");
        Pattern compiled = compile(pattern, "'pattern'", List.of("pattern"), params);
        return compiled == null ? Pattern.compile("") : compiled;
    }

    @Override
    protected Scorer scorer(Pattern pattern) {
        return ctx -> {
            String text = ctx.response().text();
            Matcher m = pattern.matcher(text);
            Check check = m.find()
                    ? Check.pass(pattern.pattern(), "matched " + Texts.json(m.group()))
                    : Check.fail(pattern.pattern(), "no match in answer text " + Texts.json(text));
            return ScoreResult.ofChecks(id(), check);
        };
    }

    /**
     * Compiles {@code regex}, recording a problem at the parameter path {@code at} naming it
     * ({@code what}) and the syntax error when invalid; null then.
     */
    static Pattern compile(String regex, String what, List<Object> at, ScorerParams params) {
        try {
            return Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            params.problem(new ScorerProblem(at, what + " is not a valid regular expression: '" + regex + "' ("
                    + e.getDescription() + " near index " + e.getIndex() + ")"));
            return null;
        }
    }
}
