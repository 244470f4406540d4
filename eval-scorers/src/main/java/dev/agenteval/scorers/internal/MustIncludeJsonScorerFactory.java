package dev.agenteval.scorers.internal;

import dev.agenteval.api.Check;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerParams;
import dev.agenteval.spi.TypedScorerFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code must_include_json}: each of {@code fragments} must match at least one data part, by
 * {@link JsonSubset} rules. A fragment is any JSON value: an object matches as a subset, a list as
 * an order-independent subset ({@code []} matches any list and nothing else), a scalar equals the
 * whole payload, type-sensitively. A response without data parts fails every fragment.
 */
public final class MustIncludeJsonScorerFactory extends TypedScorerFactory<List<Object>> {

    private static final int MAX_PARTS_EXPLAINED = 3;

    /** Used by {@link java.util.ServiceLoader}. */
    public MustIncludeJsonScorerFactory() {
        super("must_include_json");
    }

    @Override
    protected List<Object> parse(ScorerParams params) {
        return params.list("fragments", "JSON values");
    }

    @Override
    protected Scorer scorer(List<Object> fragments) {
        return ctx -> {
            List<Object> parts = ctx.response().dataParts();
            List<Check> checks = new ArrayList<>();
            for (Object fragment : fragments) {
                checks.add(check(fragment, parts));
            }
            return ScoreResult.ofChecks(id(), checks);
        };
    }

    private static Check check(Object fragment, List<Object> parts) {
        String label = Texts.json(fragment);
        if (parts.isEmpty()) {
            return Check.fail(label, "no data parts in response");
        }
        for (int i = 0; i < parts.size(); i++) {
            if (JsonSubset.matches(fragment, parts.get(i))) {
                return Check.pass(label, "matched data part " + (i + 1));
            }
        }
        if (parts.size() == 1) {
            return Check.fail(label, "data part 1: " + JsonSubset.mismatch(fragment, parts.get(0)));
        }
        StringBuilder detail = new StringBuilder("matched none of " + parts.size() + " data parts");
        for (int i = 0; i < Math.min(parts.size(), MAX_PARTS_EXPLAINED); i++) {
            detail.append("; data part ").append(i + 1).append(": ")
                    .append(JsonSubset.mismatch(fragment, parts.get(i)));
        }
        return Check.fail(label, detail.toString());
    }
}
