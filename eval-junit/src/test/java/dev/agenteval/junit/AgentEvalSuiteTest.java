package dev.agenteval.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.Suite;
import dev.agenteval.junit.Launch.Outcome;
import dev.agenteval.junit.internal.ClasspathSuites;
import dev.agenteval.testkit.FakeA2aAgent;
import dev.agenteval.yaml.SuiteLoader;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult.Status;
import org.opentest4j.AssertionFailedError;

class AgentEvalSuiteTest {

    private static final String FACTORY = "agentEval(AgentEvalSetup)";

    @TempDir
    Path dir;

    @Test
    void should_run_one_test_per_yaml_case_against_an_a2a_agent_from_configuration_parameters() throws Exception {
        try (FakeA2aAgent agent = OrdersAgent.start()) {
            Path reports = dir.resolve("reports");

            Launch launch = Launch.run(A2aYamlEvals.class, dir, Map.of("agent-eval.agent-url", agent.url().toString(),
                    "agent-eval.judge", "overlap", "agent-eval.report-dir", reports.toString()));

            assertThat(launch.tests).containsOnlyKeys("greets", "names-a-dose", "agent-breaks");
            assertThat(launch.test("greets").status()).isEqualTo(Status.SUCCESSFUL);

            Outcome failed = launch.test("names-a-dose");
            assertThat(failed.throwable()).isInstanceOf(AssertionFailedError.class);
            assertThat(failed.message()).startsWith("case 'names-a-dose' failed\nfailed checks:\n"
                            + "  - turn 1: must_include '200 mg': not found in response\n")
                    .contains("\njudge reasons:\n  - turn 1: correctness failed: overlap judge (token overlap, not a model)")
                    .endsWith("\nanswers:\n  - turn 1: \"I cannot say.\"");

            Outcome errored = launch.test("agent-breaks");
            assertThat(errored.status()).isEqualTo(Status.FAILED);
            assertThat(errored.throwable()).isInstanceOf(InfrastructureFailureException.class);
            assertThat(((InfrastructureFailureException) errored.throwable()).code()).contains(FailureCode.INVALID_RESPONSE);
            assertThat(errored.message()).contains("turn 1: invalid_response: ").contains("-32603");

            assertThat(agent.requestCount()).isEqualTo(3);
            assertThat(launch.containers.get(FACTORY).status()).isEqualTo(Status.SUCCESSFUL);
            // The suite's own subfolder: the suites of other test classes write in the same report folder.
            assertThat(reports.resolve("pharmacy/report.html")).content(StandardCharsets.UTF_8).contains("names-a-dose");
            assertThat(reports.resolve("pharmacy/results.json")).exists();
            assertThat(reports.resolve("results.json")).doesNotExist();
        }
    }

    @Test
    void should_make_one_container_per_suite_when_the_annotation_names_several() throws Exception {
        try (FakeA2aAgent agent = OrdersAgent.start()) {
            Launch launch = Launch.run(TwoSuitesEvals.class, dir, Map.of("agent-eval.agent-url", agent.url().toString(),
                    "agent-eval.judge", "overlap"));

            assertThat(launch.containers).containsKeys("greeting", "pharmacy");
            assertThat(launch.tests).as("suite › case, so that reports of several suites tell the cases apart")
                    .containsOnlyKeys("greeting › says-hello", "pharmacy › greets", "pharmacy › names-a-dose",
                            "pharmacy › agent-breaks");
            assertThat(launch.test("greeting › says-hello").status()).isEqualTo(Status.SUCCESSFUL);
            assertThat(launch.test("pharmacy › names-a-dose").status()).isEqualTo(Status.FAILED);
        }
    }

    @Test
    void should_fail_the_factory_naming_a_suite_that_is_not_on_the_class_path() {
        Launch launch = Launch.run(MissingSuiteEvals.class, dir, Map.of("agent-eval.agent-url", "http://127.0.0.1:9/"));

        Outcome factory = launch.containers.get(FACTORY);
        assertThat(factory.status()).isEqualTo(Status.FAILED);
        assertThat(factory.throwable()).isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("suite 'evals/missing.yaml' is not on the class path");
        assertThat(launch.tests).isEmpty();
    }

    @Test
    void should_take_the_agent_from_the_environment_when_no_parameter_is_set() throws Throwable {
        try (FakeA2aAgent agent = OrdersAgent.start();
             AgentEvalSetup setup = new AgentEvalSetup(A2aYamlEvals.class, new String[] {"evals/greeting.yaml"},
                     name -> Optional.empty(), Map.of("AGENT_EVAL_AGENT_URL", agent.url().toString())::get)) {

            List<DynamicNode> tests = setup.dynamicTests().toList();

            assertThat(tests).extracting(DynamicNode::getDisplayName).containsExactly("says-hello");
            ((DynamicTest) tests.get(0)).getExecutable().execute();
            assertThat(agent.requestCount()).isEqualTo(1);
        }
    }

    @Test
    void should_prefer_the_configuration_parameter_to_the_environment() throws Throwable {
        try (FakeA2aAgent agent = OrdersAgent.start();
             AgentEvalSetup setup = new AgentEvalSetup(A2aYamlEvals.class, new String[] {"evals/greeting.yaml"},
                     name -> Optional.ofNullable(Map.of("agent-eval.agent-url", agent.url().toString()).get(name)),
                     Map.of("AGENT_EVAL_AGENT_URL", "http://127.0.0.1:9/")::get)) {

            ((DynamicTest) setup.dynamicTests().toList().get(0)).getExecutable().execute();

            assertThat(agent.requestCount()).isEqualTo(1);
        }
    }

    @Test
    void should_run_a_suite_written_in_code_with_the_agent_judge_and_report_folder_of_the_parameters() throws Exception {
        try (FakeA2aAgent agent = OrdersAgent.start()) {
            Path reports = dir.resolve("reports");

            Launch launch = Launch.run(CodeSuiteEvals.class, dir, Map.of("agent-eval.agent-url", agent.url().toString(),
                    "agent-eval.judge", "overlap", "agent-eval.report-dir", reports.toString()));

            assertThat(launch.tests).containsOnlyKeys("greets");
            assertThat(launch.test("greets").status()).as(String.valueOf(launch.test("greets").throwable()))
                    .isEqualTo(Status.SUCCESSFUL);
            assertThat(reports.resolve("code_support/results.json")).content(StandardCharsets.UTF_8)
                    .contains("greets").contains("overlap");
        }
    }

    @Test
    void should_name_the_settings_that_choose_a_judge_when_a_suite_written_in_code_needs_one() throws Exception {
        try (FakeA2aAgent agent = OrdersAgent.start()) {
            Launch launch = Launch.run(CodeSuiteEvals.class, dir, Map.of("agent-eval.agent-url", agent.url().toString()));

            Outcome greets = launch.test("greets");
            assertThat(greets.throwable()).isInstanceOf(InfrastructureFailureException.class)
                    .hasRootCauseInstanceOf(ConfigurationException.class);
            assertThat(greets.message()).contains("scorer 'correctness' needs a judge, but none is configured:",
                    "-Dagent-eval.judge=overlap", "AGENT_EVAL_JUDGE_MODEL");
            assertThat(agent.requestCount()).isZero();
        }
    }

    @Test
    void should_say_which_settings_name_the_agent_when_none_is_set() {
        AgentEvalSetup setup = new AgentEvalSetup(A2aYamlEvals.class, new String[] {"evals/greeting.yaml"},
                name -> Optional.empty(), name -> null);

        assertThatThrownBy(setup::dynamicTests).isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("no agent for dev.agenteval.junit.A2aYamlEvals: set agent-eval.agent-url"
                        + " (or AGENT_EVAL_AGENT_URL) to the agent's URL")
                .hasMessageContaining("agent-eval.target (or AGENT_EVAL_TARGET)");
    }

    @Test
    void should_say_the_class_needs_the_annotation() {
        AgentEvalSetup setup = new AgentEvalSetup(String.class, null, name -> Optional.empty(), name -> null);

        assertThatThrownBy(setup::suites).isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("java.lang.String has no @AgentEvalSuite");
    }

    @Test
    void should_load_a_suite_from_a_jar_on_the_class_path() throws Exception {
        Path jar = dir.resolve("suites.jar");
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file)) {
            out.putNextEntry(new JarEntry("evals/"));
            out.putNextEntry(new JarEntry("evals/jarred.yaml"));
            out.write(Files.readAllBytes(Path.of("src/test/resources/evals/greeting.yaml")));
            out.closeEntry();
        }
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null)) {
            Suite suite = ClasspathSuites.load(loader, "/evals/jarred.yaml", SuiteLoader.defaults());

            assertThat(suite.name()).isEqualTo("jarred");
            assertThat(suite.cases()).extracting(c -> c.id()).containsExactly("says-hello");
        }
    }
}
