package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Issue 29's "done when": a run with {@code --repeat 5} against a stochastic agent (the seeded coin
 * of {@link TestAgents.Coin}) reports every figure (the pass rate's interval, the attempt pass rate
 * with its interval, pass@k and pass^k for k = 1..5, each scorer's mean with its interval) in
 * results.json, results.md, report.html, junit.xml and the console.
 */
class RepeatFiguresAllFormatsCliTest {

    private static final int REPEAT = 5;

    @Test
    void a_repeated_run_should_report_every_figure_in_every_format(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        StringBuilder yaml = new StringBuilder("cases:\n");
        String[] odds = {"0.9", "0.6", "0.4", "0.1"};
        for (int i = 0; i < odds.length; i++) {
            yaml.append("  - id: coin").append(i).append("\n    turns:\n      - input: p=").append(odds[i])
                    .append("\n        scorers:\n          - type: contains\n            values: [heads]\n");
        }
        Files.writeString(dir.resolve("coins.yaml"), yaml);
        Path reports = dir.resolve("reports");
        CommandResult r = CommandRunner.in(dir).run("run", "coins.yaml", "--protocol", "test-coin", "--agent-url",
                "http://127.0.0.1:1/a", "--repeat", String.valueOf(REPEAT), "--threshold", "0", "--report-dir",
                reports.toString(), "--format", "json,md,junit,html");
        String console = r.out();
        assertThat(r.exitCode()).as(console).isZero();

        JsonNode json = new ObjectMapper().readTree(reports.resolve("results.json").toFile());
        JsonNode summary = json.get("summary");
        int cases = summary.get("cases").asInt();
        assertThat(cases).isEqualTo(odds.length);
        assertStochasticAndPassAtKRecomputed(json.get("cases"), summary);

        String md = Files.readString(reports.resolve("results.md"));
        String html = Files.readString(reports.resolve("report.html"));
        Map<String, String> junit = properties(Files.readString(reports.resolve("junit.xml")));

        // The pass rate with its Wilson interval.
        JsonNode rate = summary.get("passRateInterval");
        assertThat(rate.get("method").asText()).isEqualTo("wilson");
        String ci = "95% CI " + whole(rate.get("low")) + "–" + whole(rate.get("high")) + "%";
        String passRate = percent(summary.get("passRate").asDouble());
        assertThat(md).contains("| " + passRate + " (" + ci + ") |");
        assertThat(html).contains(">" + passRate + "<small>pass rate</small><small class=\"ci\" id=\"pass-rate-interval\">"
                + ci + " (Wilson, n=" + cases + ")</small>");
        assertThat(console).contains("pass rate " + passRate + " (" + ci.replace('–', '-') + ", n=" + cases + ")");
        assertSame(junit, "agent-eval.passRate", summary.get("passRate"));
        assertInterval(junit, "agent-eval.passRateInterval.", rate);

        // The attempt pass rate with its clustered standard error and normal interval.
        JsonNode attempts = summary.get("attemptPassRate");
        String sentence = "Attempt pass rate " + percent(attempts.get("mean").asDouble()) + " (95% CI "
                + whole(attempts.get("low")) + "–" + whole(attempts.get("high")) + "%; standard error "
                + percent(attempts.get("stderr").asDouble()) + ", clustered by case, over " + cases + " cases).";
        assertThat(md).contains(sentence + "\n");
        assertThat(html).contains("<p id=\"attempt-pass-rate\">" + sentence + "</p>");
        assertThat(console).contains("  " + sentence.replace('–', '-') + "\n");
        assertSame(junit, "agent-eval.attemptPassRate", attempts.get("mean"));
        assertSame(junit, "agent-eval.attemptPassRate.stderr", attempts.get("stderr"));
        assertThat(junit.get("agent-eval.attemptPassRateInterval.method")).isEqualTo("normal");
        assertSame(junit, "agent-eval.attemptPassRateInterval.low", attempts.get("low"));
        assertSame(junit, "agent-eval.attemptPassRateInterval.high", attempts.get("high"));

        // pass@k and pass^k for every k up to the attempts.
        for (int k = 1; k <= REPEAT; k++) {
            JsonNode at = summary.at("/passAtK/" + k);
            JsonNode hat = summary.at("/passHatK/" + k);
            assertThat(summary.at("/passAtKLeftOut/" + k).asInt()).isZero();
            assertThat(md).contains("| " + k + " | " + percent(at.asDouble()) + " | " + percent(hat.asDouble()) + " | "
                    + cases + " | 0 |\n");
            assertThat(html).contains("<tr data-k=\"" + k + "\"><td class=\"num\">" + k + "</td><td class=\"num\">"
                    + percent(at.asDouble()) + "</td><td class=\"num\">" + percent(hat.asDouble())
                    + "</td><td class=\"num\">" + cases + "</td><td class=\"num\">0</td></tr>");
            assertSame(junit, "agent-eval.passAtK." + k, at);
            assertSame(junit, "agent-eval.passHatK." + k, hat);
            assertThat(junit.get("agent-eval.passAtKLeftOut." + k)).isEqualTo("0");
        }
        assertThat(summary.at("/passAtK/" + (REPEAT + 1)).isMissingNode()).isTrue();
        assertThat(console).contains("  pass@k: k=1 " + percent(summary.at("/passAtK/1").asDouble()) + ", k=2 ")
                .contains("; pass^k: k=1 " + percent(summary.at("/passHatK/1").asDouble()) + ", k=2 ")
                .contains(", k=" + REPEAT + " " + percent(summary.at("/passHatK/" + REPEAT).asDouble()) + "\n");

        // The scorer's mean with its bootstrap interval.
        JsonNode scorer = json.at("/scorers/0");
        assertThat(scorer.get("id").asText()).isEqualTo("contains");
        JsonNode interval = scorer.get("interval");
        assertThat(interval.get("method").asText()).isEqualTo("bootstrap");
        String mean = score(scorer.get("mean"));
        String stderr = score(scorer.get("stderr"));
        String scoreCi = "95% CI " + score(interval.get("low")) + "–" + score(interval.get("high"));
        assertThat(md).contains("| `contains` | " + cases + " | " + mean + " | " + stderr + " | " + scoreCi + " |\n");
        assertThat(html).contains("<tr data-scorer=\"contains\"><td><code>contains</code></td><td class=\"num\">" + cases
                + "</td><td class=\"num mean\">" + mean + "</td><td class=\"num\">" + stderr
                + "</td><td class=\"interval\">" + scoreCi + "</td>");
        assertThat(junit.get("agent-eval.scorer.contains.n")).isEqualTo(String.valueOf(cases));
        assertSame(junit, "agent-eval.scorer.contains.mean", scorer.get("mean"));
        assertSame(junit, "agent-eval.scorer.contains.stderr", scorer.get("stderr"));
        assertInterval(junit, "agent-eval.scorer.contains.interval.", interval);
        assertThat(console).contains("  score contains: mean " + mean + " (" + scoreCi.replace('–', '-') + ", n=" + cases + ")\n");
    }

    /**
     * The coin made the run stochastic (some case passed some but not all of its attempts), and the
     * summary's pass@k and pass^k are those computed here from each case's attempts.
     */
    private static void assertStochasticAndPassAtKRecomputed(JsonNode cases, JsonNode summary) {
        int[] passed = new int[cases.size()];
        boolean mixed = false;
        for (int i = 0; i < cases.size(); i++) {
            JsonNode attempts = cases.get(i).get("attempts");
            assertThat(attempts).hasSize(REPEAT);
            for (JsonNode a : attempts) {
                passed[i] += "passed".equals(a.get("status").asText()) ? 1 : 0;
            }
            mixed |= passed[i] > 0 && passed[i] < REPEAT;
        }
        assertThat(mixed).as("some case neither always nor never passed: %s", java.util.Arrays.toString(passed)).isTrue();
        for (int k = 1; k <= REPEAT; k++) {
            double at = 0;
            double hat = 0;
            for (int c : passed) {
                at += 1 - choose(REPEAT - c, k) / choose(REPEAT, k);
                hat += choose(c, k) / choose(REPEAT, k);
            }
            assertThat(summary.at("/passAtK/" + k).asDouble()).as("pass@%d", k).isCloseTo(at / passed.length, within(1e-12));
            assertThat(summary.at("/passHatK/" + k).asDouble()).as("pass^%d", k).isCloseTo(hat / passed.length, within(1e-12));
        }
    }

    private static double choose(int n, int k) {
        double c = k < 0 || k > n ? 0 : 1;
        for (int i = 1; i <= k && c > 0; i++) {
            c = c * (n - k + i) / i;
        }
        return c;
    }

    /** junit.xml's property {@code name} holds exactly the number results.json has. */
    private static void assertSame(Map<String, String> properties, String name, JsonNode expected) {
        assertThat(properties).containsKey(name);
        assertThat(Double.parseDouble(properties.get(name))).as(name).isEqualTo(expected.asDouble());
    }

    private static void assertInterval(Map<String, String> properties, String prefix, JsonNode interval) {
        assertSame(properties, prefix + "level", interval.get("level"));
        assertThat(properties.get(prefix + "method")).isEqualTo(interval.get("method").asText());
        assertSame(properties, prefix + "low", interval.get("low"));
        assertSame(properties, prefix + "high", interval.get("high"));
    }

    /** A 0..1 rate as the reports print it: percent with at most one decimal, half up. */
    private static String percent(double rate) {
        BigDecimal p = BigDecimal.valueOf(rate * 100).setScale(1, RoundingMode.HALF_UP).stripTrailingZeros();
        return (p.scale() < 0 ? p.setScale(0, RoundingMode.UNNECESSARY) : p).toPlainString() + "%";
    }

    /** An interval's bound as the reports print it: whole percent. */
    private static long whole(JsonNode bound) {
        return Math.round(bound.asDouble() * 100);
    }

    private static String score(JsonNode value) {
        return String.format(Locale.ROOT, "%.3f", value.asDouble());
    }

    private static Map<String, String> properties(String xml) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        NodeList nodes = factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)))
                .getDocumentElement().getElementsByTagName("property");
        Map<String, String> properties = new HashMap<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            Element e = (Element) nodes.item(i);
            properties.put(e.getAttribute("name"), e.getAttribute("value"));
        }
        return properties;
    }
}
