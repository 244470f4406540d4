package dev.agenteval.agents;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Prices;
import dev.agenteval.yaml.internal.Node;
import dev.agenteval.yaml.internal.YamlFiles;
import dev.agenteval.yaml.internal.YamlValue.Scalar;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;

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
@API(status = MAINTAINED)
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
        return parse(YamlFiles.read(file, "no price file at " + file.toAbsolutePath()));
    }

    /**
     * Parses a price table from YAML (or JSON) text whose root is a mapping {@code prices:}.
     *
     * @param source the file name for messages
     * @throws ConfigurationException naming the source, line, column and field of every problem
     */
    public static Prices parse(String text, String source) {
        return parse(YamlFiles.parse(text, source));
    }

    private static Prices parse(Node root) {
        Node block = root.get("prices");
        if (block == null) {
            root.error("expected a mapping 'prices:' of model names to {inputPerMillion, outputPerMillion}");
        }
        root.checkKeys(List.of("prices"));
        Prices prices = fromNode(block);
        root.problems().throwIfAny();
        return prices;
    }

    /**
     * A {@code prices:} block (null: none), in a price file or a target; its problems are reported
     * with the file, line, column and field ({@code targets.eu.prices.gpt-4o-mini.inputPerMillion}).
     */
    static Prices fromNode(Node block) {
        Prices.Builder b = Prices.builder();
        if (block == null || block.isNull()) {
            return b.build();
        }
        if (!block.isMapping()) {
            block.error("expected a mapping of model names to {inputPerMillion, outputPerMillion}");
            return b.build();
        }
        for (Map.Entry<String, Node> e : block.entries()) {
            String model = e.getKey().strip();
            Node price = e.getValue();
            if (model.isEmpty()) {
                block.errorAtKey(e.getKey(), "a model name must be a non-empty string");
                continue;
            }
            if (!price.isMapping()) {
                price.error("expected {inputPerMillion: NUMBER, outputPerMillion: NUMBER}");
                continue;
            }
            price.checkKeys(PRICE_KEYS);
            Double in = number(price, "inputPerMillion", "input");
            Double out = number(price, "outputPerMillion", "output");
            if (in != null && out != null) {
                b.price(model, in, out);
            }
        }
        return b.build();
    }

    /** The price of a million {@code tokens} tokens under {@code key}, or null after reporting. */
    private static Double number(Node price, String key, String tokens) {
        Node node = price.get(key);
        if (node == null) {
            price.missing(key, " (the price of a million " + tokens + " tokens)");
            return null;
        }
        String text = node.value() instanceof Scalar s ? s.text().strip() : null;
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
        node.error("must be a number >= 0 (a price per million tokens) but was "
                + (text == null ? node.value().describe() : "'" + text + "'"));
        return null;
    }
}
