package dev.agenteval.scorers.internal;

import dev.agenteval.api.Check;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerParams;
import dev.agenteval.spi.TypedScorerFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code jsonpath}: each assertion ({@code assertions}: list of {@code {path, comparators...}})
 * must hold, all its comparators on the same data part, on at least one data part. Each part is
 * tried on its own, whatever JSON value its payload is; a response without data parts fails every
 * assertion (a failed check, not an error).
 */
public final class JsonPathScorerFactory extends TypedScorerFactory<List<JsonPathAssertion>> {

    /** Used by {@link java.util.ServiceLoader}. */
    public JsonPathScorerFactory() {
        super("jsonpath");
    }

    @Override
    protected List<JsonPathAssertion> parse(ScorerParams params) {
        return JsonPathAssertion.parseAll(params, "assertions", "jsonpath assertion");
    }

    @Override
    protected Scorer scorer(List<JsonPathAssertion> assertions) {
        return ctx -> {
            List<Object> parts = ctx.response().dataParts();
            List<Check> checks = new ArrayList<>();
            for (JsonPathAssertion assertion : assertions) {
                checks.add(check(assertion, parts));
            }
            return ScoreResult.ofChecks(id(), checks);
        };
    }

    private static Check check(JsonPathAssertion assertion, List<Object> parts) {
        String label = assertion.label();
        if (parts.isEmpty()) {
            return Check.fail(label, "no data parts in response");
        }
        JsonPathAssertion.Outcome closest = null;
        int closestIndex = 0;
        for (int i = 0; i < parts.size(); i++) {
            JsonPathAssertion.Outcome outcome = assertion.evaluate(parts.get(i));
            if (outcome.held()) {
                return Check.pass(label, "held on data part " + (i + 1));
            }
            if (closest == null || outcome.closerThan(closest)) {
                closest = outcome;
                closestIndex = i;
            }
        }
        String where = parts.size() == 1 ? "data part 1"
                : "held on none of " + parts.size() + " data parts; closest, data part " + (closestIndex + 1);
        return Check.fail(label, where + ": " + closest.describe());
    }
}
