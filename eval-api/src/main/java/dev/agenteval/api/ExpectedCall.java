package dev.agenteval.api;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.internal.Checks;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One expected tool call of a {@link Trajectory}: the tool's name and optionally checks on its
 * arguments, the expected arguments ({@link #withArgs}, compared in an {@link ArgMode}: by
 * default the call's must include them, as {@code must_include_json} matches) and JSONPath
 * assertions ({@link #where}, as {@code tool_args} takes them). An actual call matches when the
 * name is equal and every check holds. Immutable.
 */
@API(status = STABLE)
public final class ExpectedCall {

    private final String name;
    private final Map<String, Object> args;
    private final ArgMode argMode;
    private final List<JsonPathCheck> assertions;

    private ExpectedCall(String name, Map<String, Object> args, ArgMode argMode, List<JsonPathCheck> assertions) {
        this.name = name;
        this.args = args;
        this.argMode = argMode;
        this.assertions = List.copyOf(assertions);
    }

    /** A call of {@code name} with any arguments. */
    public static ExpectedCall of(String name) {
        return new ExpectedCall(Checks.requireNonBlank(name, "tool name"), null, null, List.of());
    }

    /**
     * This call with these expected arguments: the call's must include them (a JSON subset), or
     * match them in the {@link #argMode} set on this call, its tool or the trajectory.
     */
    public ExpectedCall withArgs(Map<String, ?> fragment) {
        Objects.requireNonNull(fragment, "fragment");
        return new ExpectedCall(name, new LinkedHashMap<>(fragment), argMode, assertions);
    }

    /**
     * This call with its arguments compared in {@code mode} ({@code arg_mode} in YAML), whatever
     * its tool's or the trajectory's mode; after {@link #withArgs}, whose arguments it compares.
     */
    @API(status = EXPERIMENTAL)
    public ExpectedCall argMode(ArgMode mode) {
        Objects.requireNonNull(mode, "mode");
        if (args == null) {
            throw new IllegalArgumentException("argMode compares the arguments of withArgs, which expected call '"
                    + name + "' does not have yet");
        }
        return new ExpectedCall(name, args, mode, assertions);
    }

    /** This call whose arguments also satisfy every one of {@code checks}. */
    public ExpectedCall where(JsonPathCheck... checks) {
        List<JsonPathCheck> all = new ArrayList<>(assertions);
        all.addAll(Arrays.asList(checks));
        return new ExpectedCall(name, args, argMode, all);
    }

    /** The tool name. */
    public String name() {
        return name;
    }

    /** The parameter value: the bare name without checks, else {@code {name, args, arg_mode, assertions}}. */
    public Object toValue() {
        if (args == null && assertions.isEmpty()) {
            return name;
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("name", name);
        if (args != null) {
            out.put("args", args);
        }
        if (argMode != null) {
            out.put("arg_mode", argMode.toValue());
        }
        if (!assertions.isEmpty()) {
            out.put("assertions", assertions.stream().map(JsonPathCheck::toMap).toList());
        }
        return out;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ExpectedCall c && c.toValue().equals(toValue());
    }

    @Override
    public int hashCode() {
        return toValue().hashCode();
    }

    @Override
    public String toString() {
        return String.valueOf(toValue());
    }
}
