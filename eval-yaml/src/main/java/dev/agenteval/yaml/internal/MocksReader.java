package dev.agenteval.yaml.internal;

import dev.agenteval.api.ToolMock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads a {@code mocks} list, the same in both dialects (at the suite's level, a case's and a
 * turn's): each item a tool name ({@code tool}), an optional argument matcher ({@code when}: a
 * JSON object the call's arguments must include) and either what the mocked tool returns
 * ({@code returns}: a JSON value or a text) or the message it fails with ({@code throws}).
 */
final class MocksReader {

    static final List<String> MOCK_KEYS = List.of("tool", "when", "returns", "throws");

    /** Keys written for {@code throws} in other tools' spelling, answered with the right one. */
    private static final List<String> THROWS_ALIASES = List.of("error", "raises", "throw", "fails");

    private MocksReader() {
    }

    /** The mocks of the mapping {@code node}'s {@code mocks} key: none when absent; null after reporting. */
    static List<ToolMock> in(Node node) {
        Node mocks = node.get("mocks");
        return mocks == null ? List.of() : read(mocks);
    }

    /** The mocks {@code node} lists; null after reporting any problem. */
    static List<ToolMock> read(Node node) {
        if (!node.expectNonEmptySequence("must list at least one mock (remove the key for none)")) {
            return null;
        }
        List<ToolMock> out = new ArrayList<>();
        boolean ok = true;
        for (Node item : node.items()) {
            ToolMock mock = mock(item);
            ok &= mock != null;
            out.add(mock);
        }
        return ok ? out : null;
    }

    @SuppressWarnings("unchecked")
    private static ToolMock mock(Node m) {
        if (!m.expectMapping()) {
            return null;
        }
        boolean ok = m.checkKeys(MOCK_KEYS, THROWS_ALIASES);
        for (String alias : THROWS_ALIASES) {
            if (m.has(alias)) {
                m.errorAtKey(alias, "unknown key " + Problems.quote(alias) + ": a mock that fails gives its message"
                        + " as 'throws: <message>'");
                ok = false;
            }
        }
        String tool = null;
        Node toolNode = m.get("tool");
        if (toolNode == null) {
            m.missing("tool", ": the name of the tool the mock answers");
        } else {
            tool = toolNode.nonBlankString();
        }
        Map<String, Object> when = null;
        Node whenNode = m.get("when");
        if (whenNode != null) {
            ok &= whenNode.expectMapping();
            when = whenNode.isMapping() ? (Map<String, Object>) whenNode.json() : null;
        }
        Node returns = m.get("returns");
        Node throwsNode = m.get("throws");
        String error = null;
        if (returns != null && throwsNode != null) {
            m.errorAtKey("throws", "a mock either returns or throws: give 'returns' or 'throws', not both");
            ok = false;
        } else if (returns == null && throwsNode == null && ok) {
            m.error("a mock needs 'returns' (what the tool returns: a JSON value or a text) or 'throws' (the message"
                    + " the tool fails with)");
            ok = false;
        } else if (throwsNode != null) {
            error = throwsNode.nonBlankString();
            ok &= error != null;
        }
        if (!ok || tool == null) {
            return null;
        }
        return new ToolMock(tool, when, returns == null ? null : returns.json(), error);
    }
}
