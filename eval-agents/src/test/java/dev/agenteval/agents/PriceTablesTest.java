package dev.agenteval.agents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Prices;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PriceTablesTest {

    @TempDir
    Path dir;

    @Test
    void should_read_a_price_file_in_yaml_or_json() throws Exception {
        Path yaml = Files.writeString(dir.resolve("prices.yaml"), """
                prices:
                  gpt-4o-mini: {inputPerMillion: 0.15, outputPerMillion: 0.60}
                  default:
                    inputPerMillion: 1
                    outputPerMillion: 4
                """);
        Prices prices = PriceTables.load(yaml);
        assertThat(prices).isEqualTo(Prices.builder().price("gpt-4o-mini", 0.15, 0.60).price("default", 1, 4).build());

        Prices json = PriceTables.parse("{\"prices\": {\"m\": {\"inputPerMillion\": 2, \"outputPerMillion\": 3}}}", "p.json");
        assertThat(json.find("m")).contains(new Prices.Price(2, 3));
    }

    @Test
    void should_name_file_line_column_model_and_field_of_every_problem() throws Exception {
        Path file = Files.writeString(dir.resolve("prices.yaml"), """
                prices:
                  gpt-4o-mini: {inputPerMillion: cheap, outputPerMillion: 0.60}
                  claude:
                    inputPerMillion: -3
                    outputPerMillon: 15
                  llama: 0.1
                """);
        assertThatThrownBy(() -> PriceTables.load(file))
                .isInstanceOf(ConfigurationException.class)
                .satisfies(e -> assertThat(((ConfigurationException) e).problems()).containsExactly(
                        file + ":2:34: prices.gpt-4o-mini.inputPerMillion: must be a number >= 0 (a price per"
                                + " million tokens) but was 'cheap'",
                        file + ":4:5: prices.claude.outputPerMillion: missing required key 'outputPerMillion' (the price"
                                + " of a million output tokens)",
                        file + ":4:22: prices.claude.inputPerMillion: must be a number >= 0 (a price per million"
                                + " tokens) but was '-3'",
                        file + ":5:5: prices.claude.outputPerMillon: unknown key 'outputPerMillon' — did you mean"
                                + " 'outputPerMillion'?",
                        file + ":6:10: prices.llama: expected {inputPerMillion: NUMBER, outputPerMillion: NUMBER}"));
    }

    @Test
    void should_refuse_a_file_without_a_prices_block_or_with_other_keys() {
        assertThatThrownBy(() -> PriceTables.parse("gpt-4o-mini: {inputPerMillion: 1, outputPerMillion: 2}\n", "p.yaml"))
                .hasMessageContaining("p.yaml:1:1: expected a mapping 'prices:'")
                .hasMessageContaining("p.yaml:1:1: gpt-4o-mini: unknown key 'gpt-4o-mini' (allowed: prices)");
        assertThatThrownBy(() -> PriceTables.parse("prices: [1, 2]\n", "p.yaml"))
                .hasMessage("p.yaml:1:9: prices: expected a mapping of model names to {inputPerMillion, outputPerMillion}");
        assertThatThrownBy(() -> PriceTables.parse("prices: {a: 1\n", "p.yaml")).hasMessageContaining("p.yaml:2:1: invalid YAML");
        assertThatThrownBy(() -> PriceTables.load(dir.resolve("missing.yaml"))).hasMessageContaining("no price file at");
    }

    @Test
    void should_read_a_targets_prices_block_and_locate_its_problems() {
        Targets targets = Targets.parse("""
                targets:
                  openai:
                    protocol: openai-chat
                    url: http://127.0.0.1:9
                    prices:
                      gpt-4o-mini: {inputPerMillion: 0.15, outputPerMillion: 0.60}
                  plain:
                    protocol: a2a
                    url: http://127.0.0.1:9
                """, "agent-eval.targets.yaml");
        assertThat(targets.get("openai").prices().find("gpt-4o-mini")).contains(new Prices.Price(0.15, 0.60));
        assertThat(targets.get("plain").prices()).isEqualTo(Prices.none());

        assertThatThrownBy(() -> Targets.parse("""
                targets:
                  openai:
                    protocol: openai-chat
                    url: http://127.0.0.1:9
                    prices:
                      gpt-4o-mini: {inputPerMillion: 0.15}
                """, "agent-eval.targets.yaml"))
                .hasMessage("agent-eval.targets.yaml:6:20: targets.openai.prices.gpt-4o-mini.outputPerMillion: missing"
                        + " required key 'outputPerMillion' (the price of a million output tokens)");
    }

    @Test
    void should_locate_a_typo_in_a_price_file_and_suggest_the_key_meant() throws Exception {
        Path file = Files.writeString(dir.resolve("prices.yaml"), """
                price:
                  gpt-4o-mini: {inputPerMillion: 0.15, outputPerMillion: 0.60}
                """);
        assertThatThrownBy(() -> PriceTables.load(file))
                .isInstanceOfSatisfying(ConfigurationException.class, e -> assertThat(e.problems())
                        .contains(file + ":1:1: price: unknown key 'price' — did you mean 'prices'?"));

        Files.writeString(file, """
                prices:
                  gpt-4o-mini: {inputPerMillion: 0.15, outputPerMilion: 0.60}
                """);
        assertThatThrownBy(() -> PriceTables.load(file))
                .isInstanceOfSatisfying(ConfigurationException.class, e -> assertThat(e.problems()).contains(
                        file + ":2:40: prices.gpt-4o-mini.outputPerMilion: unknown key 'outputPerMilion'"
                                + " — did you mean 'outputPerMillion'?"));
    }
}
