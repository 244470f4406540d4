package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.testkit.CommandRunner;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Choosing the agent as the platform's CLI does, through {@code agent-eval run} against a
 * loopback platform chat API: {@code --external-id} over the target's id, the platform settings
 * as options and variables with {@code --agent-url}, the {@code externalId} of the local
 * {@code <name>.agent.yaml} by default, {@code --system-agent} without reading that file (and
 * without its tools as the tool scorers' fallback), and {@code eval/eval.yaml} of the working
 * folder when no suite is given.
 */
class PlatformAgentSelectionCliTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static final String SUITE = """
            cases:
              - id: pumps
                turns:
                  - input: "Find pumps"
                    scorers:
                      - type: contains
                        values: [P-101]
            """;

    private static final String TOOL_SUITE = """
            cases:
              - id: pumps
                turns:
                  - input: "Find pumps"
                    scorers:
                      - type: toolSelection
            """;

    private static final String AGENT_FILE = """
            externalId: pump_agent
            name: Pump agent
            tools:
              - name: find_assets
                type: query
                description: Find assets in the knowledge graph.
            """;

    @StartStop
    private final MockWebServer platform = new MockWebServer();

    @TempDir
    Path dir;

    private final List<JsonNode> bodies = new CopyOnWriteArrayList<>();
    private final List<String> paths = new CopyOnWriteArrayList<>();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final Map<String, String> env = new HashMap<>();

    @BeforeEach
    void platformAnswersWithAToolCall() {
        platform.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                paths.add(request.getTarget());
                try {
                    JsonNode body = JSON.readTree(request.getBody() == null ? "{}" : request.getBody().utf8());
                    bodies.add(body);
                    String answer = """
                            {"agentExternalId":"%s","response":{"type":"result","cursor":"cur-1","messages":[
                              {"role":"agent","content":{"type":"text","text":"Found P-101."},
                               "reasoning":[{"content":[],"data":[{"type":"toolCall","toolCall":{"id":"tc-1",
                                 "name":"find_assets","input":{"filter":"pump"},"result":{"output":"1 asset"}}}]}]}]}}
                            """.formatted(body.path("agentExternalId").asText());
                    return new MockResponse.Builder().code(200).addHeader("Content-Type", "application/json")
                            .body(answer).build();
                } catch (IOException e) {
                    return new MockResponse.Builder().code(400).build();
                }
            }
        });
    }

    private String url() {
        return "http://127.0.0.1:" + platform.getPort() + "/";
    }

    private int run(Path workDir, String... args) {
        List<String> all = new ArrayList<>(List.of("run"));
        all.addAll(List.of(args));
        all.addAll(List.of("--report-dir", dir.resolve("reports").toString()));
        return CommandRunner.in(workDir).withEnvironment(env).run(all.toArray(String[]::new),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    /** An agent project {@code pumps/} with its agent file and {@code eval/eval.yaml}. */
    private Path project(String suite, String agentFile) throws IOException {
        Path project = dir.resolve("pumps");
        Files.createDirectories(project.resolve("eval"));
        Files.writeString(project.resolve("eval/eval.yaml"), suite);
        if (agentFile != null) {
            Files.writeString(project.resolve("pumps.agent.yaml"), agentFile);
        }
        return project;
    }

    /** {@code suite.yaml}, and the target {@code dev}: the platform project {@code acme-dev}, agent {@code target_agent}. */
    private void devTarget() throws IOException {
        Files.writeString(dir.resolve("suite.yaml"), SUITE);
        Files.writeString(dir.resolve("agent-eval.targets.yaml"), """
                targets:
                  dev:
                    protocol: platform-chat
                    url: %s
                    settings: {project: acme-dev, agentExternalId: target_agent}
                """.formatted(url()));
    }

    private JsonNode caseResult() throws IOException {
        JsonNode results = JSON.readTree(dir.resolve("reports/results.json").toFile());
        return results.path("cases").get(0);
    }

    @Test
    void should_let_external_id_override_the_agent_of_an_env_target() throws IOException {
        devTarget();

        int code = run(dir, "suite.yaml", "--env", "dev", "--external-id", "override_agent");

        assertThat(code).as(err()).isZero();
        assertThat(paths).containsExactly("/api/v1/projects/acme-dev/ai/agents/chat");
        assertThat(bodies.get(0).path("agentExternalId").asText()).isEqualTo("override_agent");
        assertThat(caseResult().path("status").asText()).isEqualTo("passed");
    }

    @Test
    void should_keep_the_targets_agent_without_external_id_and_let_the_project_option_override_its_project()
            throws IOException {
        devTarget();

        int code = run(dir, "suite.yaml", "--env", "dev", "--project", "acme-prod");

        assertThat(code).as(err()).isZero();
        assertThat(paths).containsExactly("/api/v1/projects/acme-prod/ai/agents/chat");
        assertThat(bodies.get(0).path("agentExternalId").asText()).isEqualTo("target_agent");
    }

    @Test
    void should_take_the_platform_settings_from_options_with_agent_url() throws IOException {
        Files.writeString(dir.resolve("suite.yaml"), SUITE);

        int code = run(dir, "suite.yaml", "--agent-url", url(), "--protocol", "platform-chat", "--project", "acme",
                "--external-id", "maintenance_agent");

        assertThat(code).as(err()).isZero();
        assertThat(paths).containsExactly("/api/v1/projects/acme/ai/agents/chat");
        assertThat(bodies.get(0).path("agentExternalId").asText()).isEqualTo("maintenance_agent");
        assertThat(caseResult().path("status").asText()).isEqualTo("passed");
    }

    @Test
    void should_take_the_platform_settings_from_the_variables() throws IOException {
        Files.writeString(dir.resolve("suite.yaml"), SUITE);
        env.put("AGENT_EVAL_AGENT_URL", url());
        env.put("AGENT_EVAL_PROTOCOL", "platform-chat");
        env.put("AGENT_EVAL_PROJECT", "acme-test");
        env.put("AGENT_EVAL_EXTERNAL_ID", "var_agent");
        env.put("AGENT_EVAL_MAX_ACTION_ROUNDS", "0");

        int refused = run(dir, "suite.yaml");

        assertThat(refused).isEqualTo(2);
        assertThat(err()).contains("maxActionRounds");
        assertThat(paths).isEmpty();

        env.remove("AGENT_EVAL_MAX_ACTION_ROUNDS");
        env.put("AGENT_EVAL_TOOL_CONFIRMATION", "allow");
        int code = run(dir, "suite.yaml");

        assertThat(code).as(err()).isZero();
        assertThat(paths).containsExactly("/api/v1/projects/acme-test/ai/agents/chat");
        assertThat(bodies.get(0).path("agentExternalId").asText()).isEqualTo("var_agent");
    }

    @Test
    void should_take_the_agent_id_from_the_local_agent_yaml_by_default() throws IOException {
        Path project = project(SUITE, AGENT_FILE);

        int code = run(dir, project.resolve("eval/eval.yaml").toString(), "--agent-url", url(), "--protocol",
                "platform-chat", "--project", "acme");

        assertThat(code).as(err()).isZero();
        assertThat(bodies).hasSize(1);
        assertThat(bodies.get(0).path("agentExternalId").asText()).isEqualTo("pump_agent");
    }

    @Test
    void should_record_against_the_agent_of_the_local_agent_yaml_as_run_does() throws IOException {
        Path project = project(SUITE, AGENT_FILE);

        int code = CommandRunner.in(dir).withEnvironment(env).run(new String[] {"record", "--to",
                        project.resolve("eval/eval.yaml").toString(), "--input", "Find valves", "--agent-url", url(),
                        "--protocol", "platform-chat", "--project", "acme"},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));

        assertThat(code).as(err()).isZero();
        assertThat(bodies).hasSize(1);
        assertThat(bodies.get(0).path("agentExternalId").asText()).isEqualTo("pump_agent");
        assertThat(Files.readString(project.resolve("eval/eval.yaml"))).contains("Find valves");
    }

    @Test
    void should_bind_the_fingerprint_to_the_agent_yaml_and_not_to_it_with_external_id() throws Exception {
        Path project = project(SUITE, AGENT_FILE);
        String suite = project.resolve("eval/eval.yaml").toString();

        assertThat(run(dir, suite, "--agent-url", url(), "--protocol", "platform-chat", "--project", "acme"))
                .as(err()).isZero();
        String fromFile = JSON.readTree(dir.resolve("reports/results.json").toFile()).at("/fingerprint/agent").asText();
        assertThat(fromFile).contains("externalId=pump_agent").matches(".* configuration [0-9a-f]{16}");

        // a deployed agent: the local file is not read, so it is not part of the fingerprint
        assertThat(run(dir, suite, "--agent-url", url(), "--protocol", "platform-chat", "--project", "acme",
                "--external-id", "other_agent")).as(err()).isZero();
        String deployed = JSON.readTree(dir.resolve("reports/results.json").toFile()).at("/fingerprint/agent").asText();
        assertThat(deployed).endsWith("externalId=other_agent").doesNotContain("configuration");
    }

    @Test
    void should_prefer_external_id_to_the_agent_yaml_and_not_read_it() throws IOException {
        Path project = project(SUITE, "externalId: [not, an, id]\n");

        int code = run(dir, project.resolve("eval/eval.yaml").toString(), "--agent-url", url(), "--protocol",
                "platform-chat", "--project", "acme", "--external-id", "other_agent");

        assertThat(code).as(err()).isZero();
        assertThat(bodies.get(0).path("agentExternalId").asText()).isEqualTo("other_agent");
    }

    @Test
    void should_name_the_agent_yaml_when_its_external_id_is_invalid() throws IOException {
        Path project = project(SUITE, "externalId: [not, an, id]\n");

        int code = run(dir, project.resolve("eval/eval.yaml").toString(), "--agent-url", url(), "--protocol",
                "platform-chat", "--project", "acme");

        assertThat(code).isEqualTo(2);
        assertThat(err()).contains("pumps.agent.yaml:1:").contains("externalId").contains("--external-id");
        assertThat(paths).isEmpty();
    }

    @Test
    void should_refuse_a_platform_chat_run_that_names_no_agent() throws IOException {
        Path project = project(SUITE, null);

        int code = run(dir, project.resolve("eval/eval.yaml").toString(), "--agent-url", url(), "--protocol",
                "platform-chat", "--project", "acme");

        assertThat(code).isEqualTo(2);
        assertThat(err()).contains("no agent to talk to").contains("--external-id").contains("--system-agent");
        assertThat(paths).isEmpty();
    }

    @Test
    void should_evaluate_a_system_agent_without_the_agent_yaml_and_skip_the_tool_scorer_without_eval_tools()
            throws IOException {
        Path project = project(TOOL_SUITE, AGENT_FILE);

        int code = run(dir, project.resolve("eval/eval.yaml").toString(), "--agent-url", url(), "--protocol",
                "platform-chat", "--project", "acme", "--system-agent", "sys_sandbox", "--judge", "overlap");

        assertThat(code).as(err()).isEqualTo(1); // a case whose only scorer was skipped fails
        assertThat(bodies.get(0).path("agentExternalId").asText()).isEqualTo("sys_sandbox");
        JsonNode score = caseResult().path("turns").get(0).path("scores").get(0);
        assertThat(score.path("status").asText()).isEqualTo("skipped");
        assertThat(score.path("reason").asText()).contains("no tools resolved");
        assertThat(caseResult().path("status").asText()).isEqualTo("failed");
    }

    @Test
    void should_not_use_the_agent_yaml_tools_with_external_id() throws IOException {
        Path project = project(TOOL_SUITE, AGENT_FILE);

        int code = run(dir, project.resolve("eval/eval.yaml").toString(), "--agent-url", url(), "--protocol",
                "platform-chat", "--project", "acme", "--external-id", "pump_agent_v2", "--judge", "overlap");

        assertThat(code).as(err()).isEqualTo(1);
        assertThat(bodies.get(0).path("agentExternalId").asText()).isEqualTo("pump_agent_v2");
        assertThat(caseResult().path("turns").get(0).path("scores").get(0).path("status").asText()).isEqualTo("skipped");
    }

    @Test
    void should_judge_the_tools_of_the_agent_yaml_when_it_names_the_agent() throws IOException {
        Path project = project(TOOL_SUITE, AGENT_FILE);

        run(dir, project.resolve("eval/eval.yaml").toString(), "--agent-url", url(), "--protocol", "platform-chat",
                "--project", "acme", "--judge", "overlap");

        assertThat(bodies.get(0).path("agentExternalId").asText()).isEqualTo("pump_agent");
        JsonNode score = caseResult().path("turns").get(0).path("scores").get(0);
        assertThat(score.path("status").asText()).as(score.toString()).isIn("passed", "failed");
    }

    @Test
    void should_refuse_external_id_together_with_system_agent_naming_both() throws IOException {
        Files.writeString(dir.resolve("suite.yaml"), SUITE);

        int code = run(dir, "suite.yaml", "--agent-url", url(), "--protocol", "platform-chat", "--project", "acme",
                "--external-id", "a", "--system-agent", "b");

        assertThat(code).isEqualTo(2);
        assertThat(err()).contains("--external-id and --system-agent are alternatives");
        assertThat(paths).isEmpty();
    }

    @Test
    void should_refuse_a_platform_option_with_another_protocol_naming_it() throws IOException {
        Files.writeString(dir.resolve("suite.yaml"), SUITE);

        int code = run(dir, "suite.yaml", "--agent-url", url(), "--protocol", "a2a", "--project", "acme");

        assertThat(code).isEqualTo(2);
        assertThat(err()).contains("--project is a setting of the platform-chat protocol, but the agent's protocol is 'a2a'");
        assertThat(paths).isEmpty();
    }

    @Test
    void should_read_eval_yaml_of_the_agent_project_when_no_suite_is_given() throws IOException {
        Path project = project(SUITE, AGENT_FILE);

        int code = run(project, "--agent-url", url(), "--protocol", "platform-chat", "--project", "acme");

        assertThat(code).as(err()).isZero();
        assertThat(bodies).hasSize(1);
        assertThat(bodies.get(0).path("agentExternalId").asText()).isEqualTo("pump_agent");
        assertThat(caseResult().path("id").asText()).isEqualTo("pumps");
    }

    @Test
    void should_say_where_the_suite_is_read_when_no_suite_is_given_outside_a_project() {
        int code = run(dir, "--agent-url", url(), "--protocol", "platform-chat", "--project", "acme");

        assertThat(code).isEqualTo(2);
        assertThat(err()).contains("no suite").contains("eval/eval.yaml");
        assertThat(paths).isEmpty();
    }
}
