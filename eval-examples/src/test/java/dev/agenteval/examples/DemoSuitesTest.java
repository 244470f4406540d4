package dev.agenteval.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.agenteval.agents.AgentClients;
import dev.agenteval.api.Case;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.TaskState;
import dev.agenteval.api.ToolSpec;
import dev.agenteval.api.Turn;
import dev.agenteval.api.Variable;
import dev.agenteval.testkit.demo.DemoAgent;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.judge.OverlapJudge;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.yaml.SuiteLoader;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The demo suites: they load, cover every scorer family, and meet their expectations against the demo agent. */
class DemoSuitesTest {

    private static DemoAgent agent;
    private static AgentClient client;

    @BeforeAll
    static void start() {
        agent = DemoAgent.start();
        client = Demo.a2aClient(agent);
    }

    @AfterAll
    static void stop() {
        client.close();
        agent.close();
    }

    @Test
    void should_load_the_platform_suite_with_its_include_tags_and_tools() {
        Suite suite = DemoSuites.platformYaml();

        assertThat(suite.name()).isEqualTo("platform");
        assertThat(suite.cases()).extracting(Case::id)
                .containsExactly("greeting", "follow-up", "refund-is-refused", "find-pumps", "stopped-pump");
        Case findPumps = suite.find("find-pumps").orElseThrow();
        assertThat(findPumps.tags()).as("file tags unioned with the case's").containsExactlyInAnyOrder("assets", "tools", "ci");
        assertThat(findPumps.tools()).as("root tools inherited").hasValue(DemoSuites.TOOLS);
        ScorerSpec invocation = scorer(findPumps, "toolInvocation");
        assertThat(invocation.tools()).as("a scorer's own tools").hasValueSatisfying(tools ->
                assertThat(tools).extracting(ToolSpec::name).containsExactly("find_assets", "get_asset_status"));
        assertThat(suite.find("refund-is-refused").orElseThrow().expectPass()).isFalse();
        assertThat(suite.find("follow-up").orElseThrow().turns()).hasSize(2);
    }

    @Test
    void should_load_the_harness_suite_with_variables_and_a_sequential_booking() {
        Suite suite = DemoSuites.harnessYaml();

        assertThat(suite.name()).isEqualTo("demo");
        assertThat(suite.variables()).containsEntry("day", Variable.literal("Tuesday"))
                .containsEntry("greeting", Variable.literal("Hello there!"));
        assertThat(suite.concurrency()).hasValue(2);
        Case booking = suite.find("book_check_up").orElseThrow();
        assertThat(booking.turns()).extracting(t -> t.name().orElseThrow()).containsExactly("ask_for_a_day", "give_the_day");
        assertThat(booking.turns().get(0).expectedState()).hasValue(TaskState.INPUT_REQUIRED);
        assertThat(booking.turns().get(1).input().text()).isEqualTo("{{day}}, please.");
        assertThat(scorerTypes(List.of(suite))).contains("must_include", "must_not_include", "max_duration_seconds",
                "expected_output_text", "jsonpath", "must_include_json", "expected_state");
    }

    @Test
    void should_load_the_yaml_suites_from_a_jar_as_from_the_class_folder(@TempDir Path tmp) throws IOException {
        Path jar = tmp.resolve("examples.jar");
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file)) {
            for (String resource : Stream.concat(DemoSuites.PLATFORM_FILES.stream(), Stream.of(DemoSuites.HARNESS_FILE))
                    .toList()) {
                out.putNextEntry(new JarEntry(resource));
                try (InputStream in = DemoSuites.class.getClassLoader().getResourceAsStream(resource)) {
                    in.transferTo(out);
                }
            }
        }
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null)) {
            Path platform = DemoSuites.fileOf(loader, DemoSuites.PLATFORM_ROOT, DemoSuites.PLATFORM_FILES);
            Path harness = DemoSuites.fileOf(loader, DemoSuites.HARNESS_FILE, List.of(DemoSuites.HARNESS_FILE));

            assertThat(platform).as("copied out of the jar").isRegularFile()
                    .startsWith(Path.of(System.getProperty("java.io.tmpdir")));
            assertThat(SuiteLoader.defaults().load(platform)).isEqualTo(DemoSuites.platformYaml());
            assertThat(SuiteLoader.defaults().load(harness)).isEqualTo(DemoSuites.harnessYaml());
        }
    }

    @Test
    void should_cover_every_scorer_family_and_a_negative_case() {
        List<Suite> suites = List.copyOf(DemoSuites.all().values());

        assertThat(scorerTypes(suites)).contains(
                "contains", "must_include", "must_not_include", "regex", "jsonpath", "must_include_json",
                "expected_state", "max_duration_seconds", "max_tokens", "tools_in_order", "tool_args",
                "correctness", "faithfulness", "toolSelection", "toolInvocation", "expected_output_text", "rubric");
        assertThat(suites).allSatisfy(s -> assertThat(s.cases()).isNotEmpty());
        assertThat(suites.stream().flatMap(s -> s.cases().stream()).filter(c -> !c.expectPass()))
                .extracting(Case::id).contains("refund-is-refused");
    }

    @Test
    void should_meet_every_expectation_against_the_demo_agent_over_a2a() {
        for (Map.Entry<String, Suite> entry : DemoSuites.all().entrySet()) {
            SuiteResult result = run(client, entry.getValue());

            assertThat(result.cases()).as(entry.getKey() + ": cases that did not meet their expectation")
                    .filteredOn(c -> !c.passed()).extracting(c -> c.id() + ": " + c.reason()).isEmpty();
            assertThat(result.allPassed()).isTrue();
            assertThat(scores(result)).as("no scorer was skipped or errored in " + entry.getKey())
                    .allSatisfy(s -> assertThat(s.status()).isIn(ScoreStatus.PASSED, ScoreStatus.FAILED));
        }
    }

    @Test
    void should_pass_the_negative_case_because_its_scorers_fail() {
        SuiteResult result = run(client, DemoSuites.javaDsl());

        CaseResult refund = result.find("refund-is-refused").orElseThrow();
        assertThat(refund.status()).isEqualTo(CaseStatus.PASSED);
        assertThat(refund.turns().get(0).scores()).extracting(ScoreResult::type, ScoreResult::status).containsExactly(
                tuple("contains", ScoreStatus.FAILED),
                tuple("correctness", ScoreStatus.FAILED),
                tuple("task_state", ScoreStatus.FAILED));
        assertThat(refund.turns().get(0).state()).isEqualTo(TaskState.REJECTED);
    }

    @Test
    void should_judge_text_and_tool_scorers_with_the_overlap_judge() {
        SuiteResult result = run(client, DemoSuites.javaDsl());

        List<ScoreResult> findPumps = result.find("find-pumps").orElseThrow().turns().get(0).scores();
        assertThat(byType(findPumps, "faithfulness").reason()).contains(OverlapJudge.NAME, "F1");
        assertThat(byType(findPumps, "toolSelection").reason()).contains(OverlapJudge.NAME, "not declared: none");
        assertThat(byType(findPumps, "toolSelection").value()).isEqualTo(1.0);
        assertThat(byType(findPumps, "toolInvocation").reason()).contains(OverlapJudge.NAME, "2 of 2 calls");
        List<ScoreResult> greeting = result.find("greeting").orElseThrow().turns().get(0).scores();
        assertThat(byType(greeting, "correctness").value()).isGreaterThanOrEqualTo(OverlapJudge.DEFAULT_THRESHOLD);
        assertThat(byType(greeting, "rubric").value()).isGreaterThanOrEqualTo(OverlapJudge.DEFAULT_THRESHOLD);
    }

    @Test
    void should_fail_the_bookings_with_a_client_that_does_not_carry_the_task_id() {
        try (AgentClient forgetful = AgentClients.create("a2a", agent.url(),
                Map.of("auth", "none", "carryContext", "context-only"), name -> null)) {
            CaseResult dsl = run(forgetful, DemoSuites.javaDsl()).find("book-check-up").orElseThrow();
            CaseResult harness = run(forgetful, DemoSuites.harnessYaml()).find("book_check_up").orElseThrow();

            assertThat(dsl.status()).isEqualTo(CaseStatus.FAILED);
            assertThat(dsl.reason()).contains("Booked for Tuesday");
            assertThat(dsl.turns().get(1).answer()).startsWith("Sorry, I did not understand that.");
            assertThat(harness.status()).isEqualTo(CaseStatus.FAILED);
            assertThat(harness.turns().get(1).state()).isEqualTo(TaskState.COMPLETED);
        }
    }

    // ------------------------------------------------------------------ helpers

    private static SuiteResult run(AgentClient agentClient, Suite suite) {
        return EvalRunner.builder().agent(agentClient).judge(OverlapJudge.defaults())
                .environment(name -> null).build().run(suite);
    }

    private static List<ScoreResult> scores(SuiteResult result) {
        return result.cases().stream().flatMap(c -> c.turns().stream()).flatMap(t -> t.scores().stream()).toList();
    }

    private static ScoreResult byType(List<ScoreResult> scores, String type) {
        return scores.stream().filter(s -> s.type().equals(type)).findFirst().orElseThrow();
    }

    private static ScorerSpec scorer(Case c, String type) {
        return c.turns().stream().flatMap(t -> t.scorers().stream()).filter(s -> s.type().equals(type))
                .findFirst().orElseThrow();
    }

    private static Set<String> scorerTypes(List<Suite> suites) {
        Set<String> types = new TreeSet<>();
        for (Suite s : suites) {
            for (Case c : s.cases()) {
                for (Turn t : c.turns()) {
                    t.scorers().forEach(spec -> types.add(spec.type()));
                }
            }
        }
        return types;
    }
}
