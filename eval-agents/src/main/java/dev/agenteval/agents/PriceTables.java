package dev.agenteval.agents;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Prices;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * The user's price table read from a YAML (or JSON) file: a mapping {@code prices:} of model names
 * (exactly as the agent reports them, or {@value Prices#DEFAULT}) to the price of a million input
 * and of a million output tokens, in the user's currency. The same block may stand in a target of
 * {@code agent-eval.targets.yaml}. agent-eval ships no prices.
 *
 * <pre>{@code
 * # prices.yaml
 * prices:
 *   gpt-4o-mini: {inputPerMillion: 0.15, outputPerMillion: 0.60}
 *   default: {inputPerMillion: 1.00, outputPerMillion: 4.00}
 * }</pre>
 *
 * Every problem names the file, its line and column, the model and the field.
 */
public final class PriceTables {

    /** The fields of one model's price. */
    static final List<String> PRICE_KEYS = List.of("inputPerMillion", "outputPerMillion");

    private PriceTables() {
    }

    /**
     * Reads a price file.
     *
     * @throws ConfigurationException naming the file, line, column and field of every problem
     */
    public static Prices load(Path file) {
        Objects.requireNonNull(file, "file");
        return parse(Targets.read(file, "no price file at " + file.toAbsolutePath()), file.toString());
    }

    /**
     * Parses a price table from YAML (or JSON) text whose root is a mapping {@code prices:}.
     *
     * @param source the file name for messages
     * @throws ConfigurationException naming the source, line, column and field of every problem
     */
    public static Prices parse(String text, String source) {
        Node root = Targets.compose(text, source);
        List<String> problems = new ArrayList<>();
        Node block = null;
        if (root instanceof MappingNode m) {
            for (NodeTuple t : m.getValue()) {
                String key = t.getKeyNode() instanceof ScalarNode s ? s.getValue() : null;
                if ("prices".equals(key)) {
                    block = t.getValueNode();
                } else {
                    problems.add(at(source, t.getKeyNode()) + "unknown key '" + key + "' (known: prices)");
                }
            }
        }
        if (block == null) {
            problems.add(0, (root == null ? source + ": " : at(source, root))
                    + "expected a mapping 'prices:' of model names to {inputPerMillion, outputPerMillion}");
            throw new ConfigurationException(problems);
        }
        Prices prices = fromNode(block, source, "prices", problems);
        if (!problems.isEmpty()) {
            throw new ConfigurationException(problems);
        }
        return prices;
    }

    /**
     * A {@code prices:} block; its problems, each with {@code source:line:column:} and
     * {@code where} (e.g. {@code target 'eu' prices}), are added to {@code problems}.
     */
    static Prices fromNode(Node block, String source, String where, List<String> problems) {
        Prices.Builder b = Prices.builder();
        if (block == null || block.getTag().equals(Tag.NULL)) {
            return b.build();
        }
        if (!(block instanceof MappingNode m)) {
            problems.add(at(source, block) + where + ": expected a mapping of model names to {inputPerMillion,"
                    + " outputPerMillion}");
            return b.build();
        }
        Set<String> seen = new HashSet<>();
        for (NodeTuple t : m.getValue()) {
            if (!(t.getKeyNode() instanceof ScalarNode key) || key.getValue().isBlank()) {
                problems.add(at(source, t.getKeyNode()) + where + ": a model name must be a non-empty string");
                continue;
            }
            String model = key.getValue().strip();
            String here = where + " '" + model + "'";
            if (!seen.add(model)) {
                problems.add(at(source, key) + here + ": the model is priced twice");
                continue;
            }
            if (!(t.getValueNode() instanceof MappingNode price)) {
                problems.add(at(source, t.getValueNode()) + here + ": expected {inputPerMillion: NUMBER,"
                        + " outputPerMillion: NUMBER}");
                continue;
            }
            Double in = null;
            Double out = null;
            for (NodeTuple f : price.getValue()) {
                String field = f.getKeyNode() instanceof ScalarNode s ? s.getValue() : "";
                if (!PRICE_KEYS.contains(field)) {
                    problems.add(at(source, f.getKeyNode()) + here + ": unknown key '" + field + "' (known: "
                            + String.join(", ", PRICE_KEYS) + ")");
                    continue;
                }
                Double v = number(f.getValueNode(), source, here + " " + field, problems);
                if (field.equals("inputPerMillion")) {
                    in = v;
                } else {
                    out = v;
                }
            }
            for (String field : PRICE_KEYS) {
                if (!hasKey(price, field)) {
                    problems.add(at(source, price) + here + ": missing '" + field + "' (the price of a million "
                            + (field.startsWith("input") ? "input" : "output") + " tokens)");
                }
            }
            if (in != null && out != null) {
                b.price(model, in, out);
            }
        }
        return b.build();
    }

    private static boolean hasKey(MappingNode m, String key) {
        return m.getValue().stream().anyMatch(t -> t.getKeyNode() instanceof ScalarNode s && s.getValue().equals(key));
    }

    private static Double number(Node node, String source, String where, List<String> problems) {
        String text = node instanceof ScalarNode s ? s.getValue().strip() : null;
        try {
            if (text != null && !text.isEmpty()) {
                BigDecimal d = new BigDecimal(text);
                if (d.signum() >= 0 && !Double.isInfinite(d.doubleValue())) {
                    return d.doubleValue();
                }
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        problems.add(at(source, node) + where + ": must be a number >= 0 (a price per million tokens) but was "
                + (text == null ? "a " + (node instanceof MappingNode ? "mapping" : "list") : "'" + text + "'"));
        return null;
    }

    private static String at(String source, Node node) {
        return at(source, node.getStartMark());
    }

    private static String at(String source, Mark mark) {
        return source + ":" + (mark.getLine() + 1) + ":" + (mark.getColumn() + 1) + ": ";
    }
}
