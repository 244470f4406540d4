package dev.agenteval.scorers.internal;

import dev.agenteval.api.Check;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ToolCall;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerParams;
import dev.agenteval.spi.TypedScorerFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code tools_in_order}: the tools in {@code expected} were called in that order, other calls
 * allowed between them. Matched greedily left to right; one check per expected tool.
 */
public final class ToolsInOrderScorerFactory extends TypedScorerFactory<List<String>> {

    /** Used by {@link java.util.ServiceLoader}. */
    public ToolsInOrderScorerFactory() {
        super("tools_in_order");
    }

    @Override
    protected List<String> parse(ScorerParams params) {
        return params.strings("expected");
    }

    @Override
    protected Scorer scorer(List<String> expected) {
        return ctx -> {
            List<String> called = ctx.response().toolCalls().stream().map(ToolCall::name).toList();
            String calls = called.isEmpty() ? "no tool calls" : "calls: " + String.join(", ", called);
            List<Check> checks = new ArrayList<>();
            int next = 0;
            String previous = null;
            for (String tool : expected) {
                int at = indexOf(called, tool, next);
                if (at >= 0) {
                    checks.add(Check.pass(tool, "call " + (at + 1)));
                    next = at + 1;
                    previous = tool;
                } else if (!called.contains(tool) || previous == null) {
                    checks.add(Check.fail(tool, "not called (" + calls + ")"));
                } else {
                    checks.add(Check.fail(tool, "not called after '" + previous + "' (" + calls + ")"));
                }
            }
            return ScoreResult.ofChecks(id(), checks);
        };
    }

    private static int indexOf(List<String> called, String tool, int from) {
        for (int i = from; i < called.size(); i++) {
            if (called.get(i).equals(tool)) {
                return i;
            }
        }
        return -1;
    }
}
