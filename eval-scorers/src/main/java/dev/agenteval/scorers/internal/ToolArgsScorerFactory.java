package dev.agenteval.scorers.internal;

import dev.agenteval.api.Check;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ToolCall;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerParams;
import dev.agenteval.spi.TypedScorerFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code tool_args}: some call of {@code tool} has arguments satisfying every JSONPath assertion
 * in {@code assertions} and matching {@code fragment} in {@code arg_mode} (default {@code subset}:
 * the arguments contain it, a {@link JsonSubset}; see {@link ArgumentMode}); at least one of
 * {@code assertions} and {@code fragment} is required. The checks report the call that came closest.
 */
public final class ToolArgsScorerFactory extends TypedScorerFactory<ToolArgsScorerFactory.Config> {

    /**
     * @param tool       the tool name
     * @param assertions JSONPath assertions over the arguments, maybe empty
     * @param fragment   the partial arguments, or null
     * @param mode       how {@code fragment} is compared with the arguments
     */
    record Config(String tool, List<JsonPathAssertion> assertions, Map<?, ?> fragment, ArgumentMode mode) {
    }

    /** One call's verdict per term: the assertions' outcomes, then the fragment's mismatch (null when it matched). */
    private record CallVerdict(int index, List<JsonPathAssertion.Outcome> outcomes, String fragmentMismatch) {
        long failures() {
            return outcomes.stream().filter(o -> !o.held()).count() + (fragmentMismatch == null ? 0 : 1);
        }
    }

    /** Used by {@link java.util.ServiceLoader}. */
    public ToolArgsScorerFactory() {
        super("tool_args");
    }

    @Override
    protected Config parse(ScorerParams params) {
        String tool = params.string("tool");
        if (!params.has("assertions") && !params.has("fragment")) {
            params.problem("needs 'assertions' (a list of {path, comparators} maps) and/or 'fragment' (an object)");
            return new Config(tool, List.of(), null, ArgumentMode.SUBSET);
        }
        List<JsonPathAssertion> assertions = params.has("assertions")
                ? JsonPathAssertion.parseAll(params, "assertions", "assertion") : List.of();
        Map<?, ?> fragment = null;
        if (params.has("fragment")) {
            Object f = params.value("fragment").orElseThrow();
            if (f instanceof Map<?, ?> m) {
                fragment = m;
            } else {
                params.problem("'fragment' must be an object (tool arguments are an object) but was " + Texts.json(f));
            }
        }
        ArgumentMode mode = ArgumentMode.SUBSET;
        if (params.has("arg_mode")) {
            mode = ArgumentMode.parse(params.value("arg_mode").orElseThrow(), "'arg_mode'", List.of("arg_mode"), params);
            if (!params.has("fragment")) {
                params.problem("'arg_mode' compares 'fragment', which this scorer does not have");
            }
        }
        return new Config(tool, assertions, fragment, mode == null ? ArgumentMode.SUBSET : mode);
    }

    @Override
    protected Scorer scorer(Config config) {
        String tool = config.tool();
        return ctx -> {
            List<ToolCall> calls = ctx.response().toolCalls().stream().filter(c -> c.name().equals(tool)).toList();
            if (calls.isEmpty()) {
                List<String> called = ctx.response().toolCalls().stream().map(ToolCall::name).toList();
                return ScoreResult.ofChecks(id(), Check.fail(tool, "tool '" + tool + "' was not called ("
                        + (called.isEmpty() ? "no tool calls" : "calls: " + String.join(", ", called)) + ")"));
            }
            CallVerdict best = null;
            for (int i = 0; i < calls.size() && (best == null || best.failures() > 0); i++) {
                CallVerdict verdict = judge(config, i, calls.get(i).arguments());
                if (best == null || verdict.failures() < best.failures()) {
                    best = verdict;
                }
            }
            return ScoreResult.ofChecks(id(), checks(config, best, calls.size()));
        };
    }

    private static CallVerdict judge(Config config, int index, Map<String, Object> arguments) {
        List<JsonPathAssertion.Outcome> outcomes = new ArrayList<>();
        for (JsonPathAssertion a : config.assertions()) {
            outcomes.add(a.evaluate(arguments));
        }
        String mismatch = config.fragment() == null ? null : config.mode().mismatch(config.fragment(), arguments);
        return new CallVerdict(index, outcomes, mismatch);
    }

    private static List<Check> checks(Config config, CallVerdict verdict, int callCount) {
        String call = "call " + (verdict.index() + 1) + " of " + callCount + " to '" + config.tool() + "'";
        String failedOn = verdict.failures() > 0 && callCount > 1
                ? "no call satisfies every check; closest, " + call : call;
        List<Check> checks = new ArrayList<>();
        for (int i = 0; i < config.assertions().size(); i++) {
            JsonPathAssertion.Outcome o = verdict.outcomes().get(i);
            String label = config.assertions().get(i).label();
            checks.add(o.held() ? Check.pass(label, "held on " + call)
                    : Check.fail(label, failedOn + ": " + o.describe()));
        }
        if (config.fragment() != null) {
            String label = config.mode().kind() == ArgumentMode.Kind.SUBSET
                    ? "arguments include " + Texts.json(config.fragment())
                    : "arguments match " + Texts.json(config.fragment()) + " (arg_mode " + config.mode().describe() + ")";
            checks.add(verdict.fragmentMismatch() == null ? Check.pass(label, "matched " + call)
                    : Check.fail(label, failedOn + ": " + verdict.fragmentMismatch()));
        }
        return checks;
    }
}
