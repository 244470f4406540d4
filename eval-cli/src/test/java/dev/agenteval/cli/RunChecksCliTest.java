package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code validate} makes every check {@code run} makes before its first request, and {@code run}
 * with several suites checks them all before it sends anything.
 */
class RunChecksCliTest {

    /** Loads, but cannot run: an unset env: variable and a placeholder no variable resolves. */
    private static final String SECRETS = """
            variables:
              token: env:RUN_CHECKS_TOKEN
              who: world
            evals:
              - name: uses_token
                message:
                  message:
                    parts:
                      - kind: text
                        text: "token {{token}} for {{nobody}}"
                expectations:
                  must_include: [hello]
            """;

    /** Loads, but needs a judge (also the judged suite of {@link HarnessEnvironmentsCliTest}). */
    static final String JUDGED = """
            cases:
              - id: judged
                turns:
                  - input: "Hi"
                    scorers:
                      - type: correctness
                        criteria: The answer greets the user.
            """;

    @TempDir
    Path dir;

    private CommandResult last;

    @BeforeEach
    void writeSuites() throws IOException {
        Files.writeString(dir.resolve("secrets.yaml"), SECRETS);
        Files.writeString(dir.resolve("judged.yaml"), JUDGED);
        Files.copy(Path.of("src/test/resources/suites/greetings.yaml"), dir.resolve("greetings.yaml"));
        Files.copy(Path.of("src/test/resources/suites/broken.yaml"), dir.resolve("broken.yaml"));
        TestAgents.Counting.reset();
    }

    private int run(Map<String, String> env, String... args) {
        last = CommandRunner.in(dir).withEnvironment(env).run(args);
        return last.exitCode();
    }

    private int run(String... args) {
        return run(Map.of(), args);
    }

    private String err() {
        return last.err();
    }

    private String at(String file) {
        return dir.resolve(file).toString();
    }

    @Test
    void validate_should_report_unset_env_variables_at_their_declaration_and_unresolved_placeholders_at_the_value_holding_them() {
        int code = run("validate", "secrets.yaml");

        assertThat(code).as(err()).isEqualTo(2);
        assertThat(err()).contains(at("secrets.yaml") + ":2:10: variables.token: environment variable RUN_CHECKS_TOKEN is not set")
                .contains(at("secrets.yaml") + ":10:19: case 'uses_token' turn 1: unresolved placeholder '{{nobody}}'")
                .doesNotContain("'{{token}}'") // reported once, as unset, not again as an unresolved placeholder
                .contains("2 problems");
    }

    @Test
    void validate_should_read_env_variables_from_the_environment_as_run_does() {
        int code = run(Map.of("RUN_CHECKS_TOKEN", "s3cret"), "validate", "secrets.yaml");

        assertThat(code).isEqualTo(2);
        assertThat(err()).doesNotContain("RUN_CHECKS_TOKEN").doesNotContain("s3cret")
                .contains("unresolved placeholder '{{nobody}}'").contains("1 problem");
    }

    @Test
    void validate_should_report_a_judge_scorer_without_a_judge_and_accept_one_given_as_to_run() {
        assertThat(run("validate", "judged.yaml")).isEqualTo(2);
        assertThat(err()).contains(at("judged.yaml") + ":2:9: case 'judged' turn 1: scorer 'correctness' needs a judge,"
                + " but none is configured");

        assertThat(run("validate", "judged.yaml", "--judge", "overlap")).as(err()).isZero();
        assertThat(last.out()).contains("OK judged: 1 case");
    }

    @Test
    void validate_should_check_the_selection_the_agent_and_the_options_it_is_given_like_run() throws IOException {
        Path file = Files.writeString(dir.resolve("somefile"), "not a folder");

        int code = run("validate", "greetings.yaml", "--case", "nope", "--protocol", "nope", "--agent-url", "http://127.0.0.1:1",
                "--concurrency", "0", "--report-dir", "somefile/reports");

        assertThat(code).isEqualTo(2);
        assertThat(err()).contains(at("greetings.yaml") + ": unknown case id 'nope' in suite 'greetings'; known: greets, repeats")
                .contains("unknown agent client 'nope'")
                .contains("--concurrency must be >= 1 but was 0")
                .contains("report folder '" + file.resolve("reports") + "' cannot be created: '" + file + "' is a file, not a folder")
                .contains("4 problems");
        assertThat(dir.resolve("somefile")).hasContent("not a folder");
    }

    @Test
    void validate_should_not_need_an_agent_but_check_one_when_named() {
        assertThat(run("validate", "greetings.yaml")).as(err()).isZero();
        assertThat(run("validate", "greetings.yaml", "--env", "nowhere")).isEqualTo(2);
        assertThat(err()).contains("environment 'nowhere': set AGENT_API_URL_NOWHERE (the agent's base URL), or add a"
                + " target 'nowhere' to " + dir.resolve("agent-eval.targets.yaml"));
    }

    /** An agent-service environment: a run would error every case that has neither an agent payload nor an agent_id. */
    @Test
    void validate_and_run_with_an_agent_service_environment_should_name_each_case_without_an_agent() throws IOException {
        Files.createDirectories(dir.resolve("evals"));
        Files.writeString(dir.resolve("evals/agents.yaml"), """
                evals:
                  - name: no_agent
                    message: {message: {parts: [{kind: text, text: Hi}]}}
                  - name: with_payload
                    agent: {name: Helper, systemPrompt: Be brief.}
                    message: {message: {parts: [{kind: text, text: Hi}]}}
                  - name: with_id
                    agent_id: agent-1
                    message: {message: {parts: [{kind: text, text: Hi}]}}
                  - name: also_no_agent
                    message: {message: {parts: [{kind: text, text: Hi}]}}
                """);
        Map<String, String> eu = Map.of("AGENT_API_URL_EU", "http://127.0.0.1:1", "AGENT_API_TOKEN_EU", "t0ken");
        String needs = "the agent-service protocol needs the case's agent payload (agent:) or an existing agent"
                + " (agent_id:, or the agentId setting)";

        for (String command : new String[] {"validate", "run"}) {
            int code = run(eu, command, "evals/", "--env", "eu");

            assertThat(code).as(command + "\n" + err()).isEqualTo(2);
            assertThat(err()).as(command).contains("agents.yaml:2:11: case 'no_agent': " + needs)
                    .contains("agents.yaml:10:11: case 'also_no_agent': " + needs)
                    .doesNotContain("case 'with_payload'").doesNotContain("case 'with_id'");
        }
    }

    @Test
    void run_should_check_every_suite_before_sending_anything_and_list_every_problem_of_every_suite() {
        int code = run("run", "greetings.yaml", "secrets.yaml", "judged.yaml", "broken.yaml",
                "--protocol", "test-count", "--agent-url", "http://127.0.0.1:1");

        assertThat(code).as(err()).isEqualTo(2);
        assertThat(TestAgents.Counting.SENT.get()).as("messages sent").isZero();
        assertThat(err()).contains(at("broken.yaml") + ":9:7: evals[0].expectations.must_includ (case 'broken')")
                .contains(at("secrets.yaml") + ":2:10: variables.token: environment variable RUN_CHECKS_TOKEN is not set")
                .contains(at("secrets.yaml") + ":10:19: case 'uses_token' turn 1: unresolved placeholder '{{nobody}}'")
                .contains(at("judged.yaml") + ":2:9: case 'judged' turn 1: scorer 'correctness' needs a judge");
    }

    @Test
    void run_should_send_nothing_when_a_later_suite_lacks_a_selected_case() {
        int code = run("run", "greetings.yaml", "secrets.yaml", "--case", "greets",
                "--protocol", "test-count", "--agent-url", "http://127.0.0.1:1");

        assertThat(code).isEqualTo(2);
        assertThat(TestAgents.Counting.SENT.get()).as("messages sent").isZero();
        assertThat(err()).contains(at("secrets.yaml") + ": unknown case id 'greets' in suite 'secrets'");
    }

    @Test
    void run_should_still_run_several_valid_suites() {
        int code = run(Map.of("RUN_CHECKS_TOKEN", "s3cret"), "run", "greetings.yaml", "judged.yaml", "--judge", "overlap",
                "--protocol", "test-count", "--agent-url", "http://127.0.0.1:1", "--report-dir", "reports");

        assertThat(code).as(err()).isLessThan(2);
        assertThat(TestAgents.Counting.SENT.get()).isEqualTo(3);
        assertThat(dir.resolve("reports/greetings/results.json")).exists();
        assertThat(dir.resolve("reports/judged/results.json")).exists();
        assertThat(dir.resolve("reports/.agent-eval.lock")).as("the run held its report folder, then let it go").isEmptyFile();
    }
}
