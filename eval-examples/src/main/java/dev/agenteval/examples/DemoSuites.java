package dev.agenteval.examples;

import static dev.agenteval.api.Scorers.containsIgnoringCase;
import static dev.agenteval.api.Scorers.contains;
import static dev.agenteval.api.Scorers.correctness;
import static dev.agenteval.api.Scorers.custom;
import static dev.agenteval.api.Scorers.expectedOutputText;
import static dev.agenteval.api.Scorers.expectedState;
import static dev.agenteval.api.Scorers.faithfulness;
import static dev.agenteval.api.Scorers.jsonPath;
import static dev.agenteval.api.Scorers.maxDuration;
import static dev.agenteval.api.Scorers.maxTokens;
import static dev.agenteval.api.Scorers.mustInclude;
import static dev.agenteval.api.Scorers.mustIncludeJson;
import static dev.agenteval.api.Scorers.mustNotInclude;
import static dev.agenteval.api.Scorers.regex;
import static dev.agenteval.api.Scorers.rubric;
import static dev.agenteval.api.Scorers.toolArgs;
import static dev.agenteval.api.Scorers.toolArgsMatching;
import static dev.agenteval.api.Scorers.toolInvocation;
import static dev.agenteval.api.Scorers.toolSelection;
import static dev.agenteval.api.Scorers.toolsInOrder;

import dev.agenteval.api.Case;
import dev.agenteval.api.Check;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.JsonPathCheck;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.Suite;
import dev.agenteval.api.ToolSpec;
import dev.agenteval.api.Turn;
import dev.agenteval.yaml.SuiteLoader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The demo suites, all run against {@link dev.agenteval.testkit.demo.DemoAgent}: one written with the Java DSL
 * ({@link #javaDsl()}), one in each YAML dialect ({@link #platformYaml()}, {@link #harnessYaml()}).
 * Together they use every scorer family: deterministic checks on the answer and the raw response,
 * checks on data parts and task states, tool checks, and judge scorers (judged offline by the
 * {@code overlap} judge, so their criteria and references are worded close to the demo agent's
 * answers), plus negative cases ({@code expectPass: false}). Every case meets its expectation
 * against the demo agent.
 *
 * <p>The YAML suites are resources of this module: {@code demo/platform/eval/eval.yaml} (with
 * {@code cases/assets.yaml} included) and {@code demo/harness/demo.yaml}.
 */
public final class DemoSuites {

    /** The tools of the demo agent, as the tool scorers expect them to be called. */
    public static final List<ToolSpec> TOOLS = List.of(
            ToolSpec.of("find_assets", "Find assets in the asset catalogue."
                    + " Parameters: filter (string, required: the kind of asset, e.g. pump), limit (integer, optional)."),
            ToolSpec.of("get_asset_status", "Get the status of assets."
                    + " Parameters: ids (list of asset ids, required)."));

    static final String PLATFORM_ROOT = "demo/platform/eval/eval.yaml";
    static final List<String> PLATFORM_FILES = List.of(PLATFORM_ROOT, "demo/platform/eval/cases/assets.yaml");
    static final String HARNESS_FILE = "demo/harness/demo.yaml";
    private static final ClassLoader LOADER = DemoSuites.class.getClassLoader();

    private DemoSuites() {
    }

    /** The three demo suites by report folder name: {@code java-dsl}, {@code platform-yaml}, {@code harness-yaml}. */
    public static Map<String, Suite> all() {
        Map<String, Suite> all = new LinkedHashMap<>();
        all.put("java-dsl", javaDsl());
        all.put("platform-yaml", platformYaml());
        all.put("harness-yaml", harnessYaml());
        return all;
    }

    /** The suite written with the Java DSL. */
    public static Suite javaDsl() {
        return Suite.named("java-dsl")
                .add(Case.id("greeting").tag("smoke")
                        .turn(Turn.of("Hi, what can you help me with?").expect(
                                containsIgnoringCase("hello"),
                                mustNotInclude("error"),
                                correctness("A friendly hello that offers help with three things: looking up assets"
                                        + " such as pumps, showing the latest vitals and booking check-ups."),
                                rubric("Says hello and lists the three things it can help with: looking up assets,"
                                        + " showing vitals, booking check-ups."))))
                .add(Case.id("follow-up")
                        .turn("What can you help me with?", regex("(?i)assets.*vitals.*check-ups"))
                        .turn("Can you elaborate on the first thing you mentioned?",
                                contains("looking up assets"),
                                correctness("Elaborates on looking up assets: searches the asset catalogue with the"
                                        + " find_assets tool, for example for pumps, then reports the status of each"
                                        + " asset found.")))
                .add(Case.id("find-pumps").tag("tools")
                        .tools(TOOLS)
                        .turn(Turn.of("Find pumps").expect(
                                toolsInOrder("find_assets", "get_asset_status"),
                                toolArgs("find_assets", JsonPathCheck.at("$.filter").isEqualTo("pump")),
                                toolArgsMatching("get_asset_status", Map.of("ids", List.of("P-101", "P-102"))),
                                toolSelection(),
                                toolInvocation(),
                                faithfulness("There are 3 pumps: P-101 Feed pump (Plant A) is running, P-102 Cooling"
                                        + " water pump (Plant A) is stopped, P-201 Booster pump (Plant B) is running."))))
                .add(Case.id("vitals").tag("data")
                        .turn(Turn.of("Show the latest vitals").expect(
                                jsonPath(JsonPathCheck.at("$.items").length(4),
                                        JsonPathCheck.at("$.items[*].type").contains("TEMP", "SYS", "DIAS", "PULSE"),
                                        JsonPathCheck.at("$.items[*].value").min(0).max(300),
                                        JsonPathCheck.at("$.items[*].timestamp").regex("^\\d{4}-\\d{2}-\\d{2}T")),
                                mustIncludeJson(Map.of("items", List.of(
                                        Map.of("type", "TEMP", "value", 38.5, "unitName", "°C"),
                                        Map.of("type", "PULSE", "value", 90, "unitName", "Bpm")))),
                                expectedOutputText("The latest vitals: temperature 38.5 °C, blood pressure 120/80 mmHg,"
                                        + " pulse 90 Bpm."),
                                maxTokens(100),
                                maxDuration(Duration.ofSeconds(30)))))
                .add(Case.id("book-check-up").tag("multi-turn")
                        .turn(Turn.of("I need to book a check-up.").expect(
                                expectedState("input-required"),
                                mustInclude("\"state\": \"input-required\""),
                                contains("Which day")))
                        .turn(Turn.of("Tuesday, please.").expect(
                                expectedState("completed"),
                                contains("Booked for Tuesday"),
                                expectedOutputText("Booked for Tuesday at 09:00."))))
                .add(Case.id("crash").tag("failure")
                        .turn(Turn.of("Please crash.").expect(
                                expectedState("failed"),
                                contains("simulated failure"),
                                custom("no-stack-trace", ctx -> ScoreResult.ofChecks("no-stack-trace",
                                        ctx.response().text().contains("Exception")
                                                ? Check.fail("no stack trace", "the error message shows an exception")
                                                : Check.pass("no stack trace"))))))
                .add(Case.id("refund-is-refused").tag("negative").expectPass(false)
                        .turn(Turn.of("I want a refund for my last check-up.").expect(
                                contains("refund has been issued"),
                                correctness("Confirms that the refund has been issued to the card."))))
                .build();
    }

    /** The platform-dialect suite {@code demo/platform/eval/eval.yaml}, with its include. */
    public static Suite platformYaml() {
        return SuiteLoader.defaults().load(fileOf(LOADER, PLATFORM_ROOT, PLATFORM_FILES));
    }

    /** The harness-dialect suite {@code demo/harness/demo.yaml}. */
    public static Suite harnessYaml() {
        return SuiteLoader.defaults().load(fileOf(LOADER, HARNESS_FILE, List.of(HARNESS_FILE)));
    }

    /**
     * The file of resource {@code target} on disk. The loader reads files, so when the resources
     * are inside a jar, {@code files} (the target and what it includes) are copied to a temporary
     * folder first.
     */
    static Path fileOf(ClassLoader loader, String target, List<String> files) {
        URL url = loader.getResource(target);
        if (url == null) {
            throw new ConfigurationException("demo suite resource '" + target + "' is missing from the class path");
        }
        try {
            if (url.getProtocol().equals("file")) {
                return Path.of(url.toURI());
            }
            Path dir = Files.createTempDirectory("agent-eval-demo-suites");
            dir.toFile().deleteOnExit();
            for (String file : files) {
                Path copy = dir.resolve(file);
                Path folder = dir;
                for (Path name : dir.relativize(copy.getParent())) {
                    folder = folder.resolve(name.toString());
                    if (Files.notExists(folder)) {
                        Files.createDirectory(folder);
                        folder.toFile().deleteOnExit(); // deleted in reverse order: files first, then folders
                    }
                }
                try (InputStream in = loader.getResourceAsStream(file)) {
                    if (in == null) {
                        throw new ConfigurationException("demo suite resource '" + file + "' is missing");
                    }
                    Files.copy(in, copy);
                }
                copy.toFile().deleteOnExit();
            }
            return dir.resolve(target);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy the demo suites out of the jar", e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException("unexpected resource URL " + url, e);
        }
    }
}
