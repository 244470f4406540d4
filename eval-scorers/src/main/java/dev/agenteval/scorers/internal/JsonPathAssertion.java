package dev.agenteval.scorers.internal;

import com.jayway.jsonpath.Configuration;
import com.jayway.jsonpath.JsonPath;
import com.jayway.jsonpath.Option;
import com.jayway.jsonpath.spi.json.JacksonJsonProvider;
import com.jayway.jsonpath.spi.mapper.JacksonMappingProvider;
import dev.agenteval.api.JsonPathCheck;
import dev.agenteval.common.text.JsonPathSyntax;
import dev.agenteval.spi.ScorerParams;
import dev.agenteval.spi.ScorerProblem;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A parsed JSONPath assertion ({@code {path, comparators...}}), shared by {@code jsonpath} (over
 * data parts) and {@code tool_args} (over a call's arguments). All comparators are AND-ed on one
 * document. Immutable and thread-safe; the path is compiled once.
 */
final class JsonPathAssertion {

    // Always a list of matched nodes: a definite path gives one element, a missing path none.
    private static final Configuration CONFIGURATION = Configuration.builder()
            .jsonProvider(new JacksonJsonProvider())
            .mappingProvider(new JacksonMappingProvider())
            .options(Option.ALWAYS_RETURN_LIST, Option.SUPPRESS_EXCEPTIONS)
            .build();

    private static final String KNOWN = String.join(", ", JsonPathCheck.COMPARATORS);

    private final String path;
    private final JsonPath compiled;
    private final List<Comparison> comparisons;

    /**
     * The comparators' failures on one document; empty when the assertion holds there.
     *
     * @param matched  the nodes the path matched
     * @param failures one sentence per failed comparator
     */
    record Outcome(List<Object> matched, List<String> failures) {
        boolean held() {
            return failures.isEmpty();
        }

        /** Fewer failures first, then a document where the path matched something. */
        boolean closerThan(Outcome other) {
            if (failures.size() != other.failures.size()) {
                return failures.size() < other.failures.size();
            }
            return !matched.isEmpty() && other.matched.isEmpty();
        }

        String describe() {
            return String.join("; ", failures);
        }
    }

    private JsonPathAssertion(String path, JsonPath compiled, List<Comparison> comparisons) {
        this.path = path;
        this.compiled = compiled;
        this.comparisons = List.copyOf(comparisons);
    }

    /**
     * Parses every entry of {@code param}, a non-empty list of maps, recording problems such as
     * {@code "jsonpath assertion 2 has unknown comparator 'lenght' (known: ...)"}, each about the
     * part of the entry it names ({@code assertions[1].lenght}), else the entry.
     *
     * @param noun what an entry is called in problems, e.g. {@code "jsonpath assertion"}
     */
    static List<JsonPathAssertion> parseAll(ScorerParams params, String param, String noun) {
        List<JsonPathAssertion> out = new ArrayList<>();
        List<Object> entries = params.list(param, "{path, comparators} maps");
        for (int i = 0; i < entries.size(); i++) {
            JsonPathAssertion a = parse(entries.get(i), noun + " " + (i + 1), List.of(param, i), params);
            if (a != null) {
                out.add(a);
            }
        }
        return List.copyOf(out);
    }

    /**
     * Parses {@code entries}, a list of {@code {path, comparators}} maps nested inside a
     * parameter at {@code at} (such as {@code calls[1].assertions}), recording problems as
     * {@link #parseAll} does.
     */
    static List<JsonPathAssertion> parseNested(List<?> entries, String noun, List<Object> at, ScorerParams params) {
        List<JsonPathAssertion> out = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            JsonPathAssertion a = parse(entries.get(i), noun + " " + (i + 1), child(at, i), params);
            if (a != null) {
                out.add(a);
            }
        }
        return List.copyOf(out);
    }

    private static JsonPathAssertion parse(Object entry, String where, List<Object> at, ScorerParams params) {
        if (!(entry instanceof Map<?, ?> map)) {
            params.problem(new ScorerProblem(at, where + " must be a map with a path and comparators but was " + Texts.json(entry)));
            return null;
        }
        int before = params.problems().size();
        List<Object> pathAt = map.containsKey("path") ? child(at, "path") : at;
        JsonPath compiled = compile(map.get("path"), where, pathAt, params);
        List<Comparison> comparisons = new ArrayList<>();
        boolean any = false;
        boolean unknown = false;
        for (Map.Entry<?, ?> e : map.entrySet()) {
            String name = String.valueOf(e.getKey());
            if (name.equals("path")) {
                continue;
            }
            if (!JsonPathCheck.COMPARATORS.contains(name)) {
                params.problem(new ScorerProblem(child(at, name), where + " has unknown comparator '" + name + "' (known: " + KNOWN
                        + ")"));
                unknown = true;
                continue;
            }
            any = true;
            Comparison c = Comparison.parse(name, e.getValue(), where, child(at, name), params);
            if (c != null) {
                comparisons.add(c);
            }
        }
        if (!any && !unknown) {
            params.problem(new ScorerProblem(at, where + " has no comparator (known: " + KNOWN + ")"));
        }
        if (params.problems().size() > before) {
            return null;
        }
        return new JsonPathAssertion((String) map.get("path"), compiled, comparisons);
    }

    private static JsonPath compile(Object path, String where, List<Object> at, ScorerParams params) {
        if (!(path instanceof String p) || p.isBlank()) {
            params.problem(new ScorerProblem(at, where + (path == null ? " needs a path"
                    : " has a path that is not a non-blank string: " + Texts.json(path))));
            return null;
        }
        JsonPathSyntax.Compiled<JsonPath> compiled = JsonPathSyntax.compile(p, JsonPath::compile);
        if (compiled.problem() != null) {
            params.problem(new ScorerProblem(at, where + " has an invalid path '" + p + "': " + compiled.problem()));
        }
        return compiled.path();
    }

    /** {@code at} and then {@code key}. */
    private static List<Object> child(List<Object> at, Object key) {
        List<Object> out = new ArrayList<>(at);
        out.add(key);
        return out;
    }

    /** The path and comparators, e.g. {@code $.items length=4}. */
    String label() {
        return path + " " + comparisons.stream().map(Comparison::label).collect(Collectors.joining(" "));
    }

    /**
     * Evaluates every comparator on the nodes the path matches in {@code document}, any JSON
     * value: an object, a list ({@code $[*]} walks it), a string or number ({@code $} selects it), null.
     */
    Outcome evaluate(Object document) {
        List<Object> matched = select(document);
        List<String> failures = new ArrayList<>();
        for (Comparison c : comparisons) {
            String failure = c.failure(matched);
            if (failure != null) {
                failures.add(failure);
            }
        }
        return new Outcome(matched, List.copyOf(failures));
    }

    private List<Object> select(Object document) {
        if (document == null) {
            // json-path refuses a null document; the root of JSON null is null, and nothing is below it.
            List<Object> root = new ArrayList<>();
            if (compiled.getPath().equals("$")) {
                root.add(null);
            }
            return root;
        }
        Object result = JsonPath.using(CONFIGURATION).parse(document).read(compiled);
        if (result == null) {
            return List.of(); // e.g. a function such as length() on a missing node
        }
        if (result instanceof List<?> list) {
            return new ArrayList<>(list);
        }
        List<Object> single = new ArrayList<>();
        single.add(result);
        return single;
    }
}
