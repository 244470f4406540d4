package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.opik.FakeOpik;
import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run --opik} against a loopback fake Opik: the experiment, trace links in the files, the exit codes. */
class OpikCliTest {

    @TempDir
    Path dir;

    FakeOpik opik;

    @BeforeEach
    void start() throws IOException {
        Files.copy(Path.of("src/test/resources/suites/greetings.yaml"), dir.resolve("greetings.yaml"));
        TestAgents.Counting.reset();
        opik = new FakeOpik();
    }

    @AfterEach
    void stop() {
        opik.close();
    }

    private CommandResult run(Map<String, String> env, String... args) {
        return CommandRunner.in(dir).withEnvironment(env).run(args);
    }

    private Map<String, String> env() {
        Map<String, String> env = new HashMap<>();
        env.put("OPIK_URL_OVERRIDE", opik.url().toString());
        env.put("OPIK_WORKSPACE", "team");
        env.put("OPIK_API_KEY", "cli-opik-key-98765");
        return env;
    }

    private String[] args(String... more) {
        String[] base = {"run", "greetings.yaml", "--protocol", "test-count", "--agent-url", "http://127.0.0.1:1",
                "--concurrency", "1", "--report-dir", dir.resolve("out").toString(), "--opik"};
        String[] all = new String[base.length + more.length];
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(more, 0, all, base.length, more.length);
        return all;
    }

    @Test
    void should_record_the_run_and_link_every_case_to_its_trace_in_the_files() throws IOException {
        CommandResult o = run(env(), args("--dataset-name", "greetings-ds", "--experiment-name", "nightly"));

        assertThat(o.exitCode()).as(o.err()).isIn(0, 1);
        assertThat(opik.violations).isEmpty();
        assertThat(opik.keys().get(0)).isEqualTo("GET /api/is-alive/ping");
        String datasetId = opik.datasets.get("greetings-ds");
        assertThat(opik.items.get(datasetId)).hasSize(2);
        assertThat(opik.experiments.values()).extracting(e -> e.path("name").asText()).containsExactly("nightly");
        assertThat(opik.experimentItems).hasSize(2);
        assertThat(opik.experimentItems).extracting(i -> i.path("trace_id").asText())
                .allMatch(opik.traces::containsKey);
        assertThat(opik.requests).allSatisfy(r -> assertThat(r.headers()).containsEntry("authorization", "cli-opik-key-98765"));
        assertThat(o.err()).contains("Opik experiment: http://127.0.0.1:" + opik.url().getPort() + "/team/experiments/");

        JsonNode results = new ObjectMapper().readTree(dir.resolve("out/results.json").toFile());
        String link = "http://127.0.0.1:" + opik.url().getPort() + "/team/projects/" + opik.projects.get("Agents")
                + "/traces?trace=";
        String all = results.toString();
        for (JsonNode item : opik.experimentItems) {
            assertThat(all).contains(link + item.path("trace_id").asText());
        }
        assertThat(Files.readString(dir.resolve("out/results.md"))).contains("Trace: <" + link);
        assertThat(Files.readString(dir.resolve("out/report.html"))).contains("<a href=\"" + link);
    }

    @Test
    void should_put_trace_url_in_the_harness_result_file() throws IOException {
        CommandResult o = run(env(), "run", "greetings.yaml", "--protocol", "test-count", "--agent-url", "http://127.0.0.1:1",
                "--output", "harness.json", "--opik");

        assertThat(o.exitCode()).as(o.err()).isIn(0, 1);
        JsonNode results = new ObjectMapper().readTree(dir.resolve("harness.json").toFile());
        String link = "http://127.0.0.1:" + opik.url().getPort() + "/team/projects/" + opik.projects.get("Agents")
                + "/traces?trace=";
        assertThat(results).hasSize(2);
        for (JsonNode c : results) {
            String traceId = c.path("trace_url").asText().substring(link.length());
            assertThat(c.path("trace_url").asText()).startsWith(link);
            assertThat(c.path("step_results").get(0).path("trace_url").asText()).isEqualTo(c.path("trace_url").asText());
            assertThat(opik.traces).containsKey(traceId);
            assertThat(opik.traces.get(traceId).path("name").asText()).isEqualTo(c.path("name").asText());
        }
        assertThat(Files.readString(dir.resolve("harness.md"))).contains("Trace: ");
    }

    @Test
    void should_fail_fast_with_exit_3_naming_the_url_when_opik_is_unhealthy() throws IOException {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        Map<String, String> env = env();
        env.put("OPIK_URL_OVERRIDE", "http://127.0.0.1:" + port + "/api");
        CommandResult o = run(env, args());

        assertThat(o.exitCode()).isEqualTo(3);
        assertThat(o.err()).contains("http://127.0.0.1:" + port + "/api");
        assertThat(TestAgents.Counting.SENT.get()).isZero();
        assertThat(dir.resolve("out/results.json")).doesNotExist();
    }

    @Test
    void should_keep_the_files_and_exit_4_when_the_upload_fails() {
        opik.fault("POST /api/v1/private/experiments", FakeOpik.Fault.of(401,
                "{\"code\":401,\"message\":\"API key is invalid\",\"details\":\"\"}"));
        CommandResult o = run(env(), args());

        assertThat(o.exitCode()).as(o.err()).isEqualTo(4);
        assertThat(o.err()).contains("answered 401: API key is invalid").doesNotContain("cli-opik-key-98765");
        assertThat(TestAgents.Counting.SENT.get()).isEqualTo(2);
        assertThat(dir.resolve("out/results.json")).isNotEmptyFile();
        assertThat(dir.resolve("out/results.md")).isNotEmptyFile();
    }

    @Test
    void should_link_the_agents_traces_without_recording_when_an_opik_is_configured() throws IOException {
        opik.projects.put("Agents", "0190a8b2-0000-7000-8000-000000000001");
        CommandResult o = run(env(), "run", "greetings.yaml", "--protocol", "test-traced", "--agent-url", "http://127.0.0.1:1",
                "--report-dir", dir.resolve("out").toString());

        assertThat(o.exitCode()).as(o.err()).isIn(0, 1);
        // one look-up of the project, nothing written
        assertThat(opik.keys()).containsExactly("POST /api/v1/private/projects/retrieve");
        String link = "http://127.0.0.1:" + opik.url().getPort() + "/team/projects/0190a8b2-0000-7000-8000-000000000001"
                + "/traces?trace=" + TestAgents.Traced.TRACE;
        assertThat(Files.readString(dir.resolve("out/results.md"))).contains("Trace: <" + link);
        assertThat(o.err()).doesNotContain("Opik experiment");

        // a local run without Opik simply has no trace links
        CommandResult bare = run(Map.of(), "run", "greetings.yaml", "--protocol", "test-traced", "--agent-url",
                "http://127.0.0.1:1", "--report-dir", dir.resolve("bare").toString());
        assertThat(bare.exitCode()).as(bare.err()).isIn(0, 1);
        assertThat(Files.readString(dir.resolve("bare/results.md"))).doesNotContain("Trace:");
    }

    @Test
    void should_record_in_the_opik_of_an_environment_of_the_harness_variables() {
        Map<String, String> env = new HashMap<>();
        env.put("AGENT_API_URL_EU", "http://127.0.0.1:1");
        env.put("AGENT_API_TOKEN_EU", "eu-token-abcdef");
        env.put("AGENT_API_OPIK_URL_EU", opik.url().toString());
        CommandResult o = run(env, "run", "greetings.yaml", "--env", "eu", "--protocol", "test-count", "--concurrency", "1",
                "--report-dir", dir.resolve("out").toString(), "--opik");

        assertThat(o.exitCode()).as(o.err()).isIn(0, 1);
        assertThat(opik.violations).isEmpty();
        assertThat(opik.keys().get(0)).isEqualTo("GET /api/is-alive/ping");
        assertThat(opik.experimentItems).hasSize(2);
    }

    @Test
    void should_keep_no_link_to_a_trace_it_could_not_write() throws IOException {
        FakeOpik.Fault boom = FakeOpik.Fault.of(503, "{\"code\":503,\"message\":\"overloaded\"}", "Retry-After", "0");
        opik.fault("POST /api/v1/private/traces/batch", boom, boom, boom);
        CommandResult o = run(env(), args());

        assertThat(o.exitCode()).as(o.err()).isEqualTo(4);
        assertThat(o.err()).contains("answered 503: overloaded").contains("the result files link only the traces Opik has");
        assertThat(Files.readString(dir.resolve("out/results.json"))).doesNotContain("traceUrl");
        assertThat(Files.readString(dir.resolve("out/results.md"))).doesNotContain("Trace:");
        assertThat(TestAgents.Counting.SENT.get()).isEqualTo(2);
    }

    @Test
    void should_refuse_opik_names_without_opik_and_opik_without_a_url() {
        CommandResult o = run(Map.of(), "run", "greetings.yaml", "--protocol", "test-count", "--agent-url", "http://127.0.0.1:1",
                "--dataset-name", "x", "--experiment-name", "y");
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.err()).contains("--dataset-name names the Opik dataset: it needs --opik")
                .contains("--experiment-name names the Opik experiment: it needs --opik");

        CommandResult noUrl = run(Map.of(), "run", "greetings.yaml", "--protocol", "test-count", "--agent-url",
                "http://127.0.0.1:1", "--opik");
        assertThat(noUrl.exitCode()).isEqualTo(2);
        assertThat(noUrl.err()).contains("--opik needs OPIK_URL_OVERRIDE");
        assertThat(TestAgents.Counting.SENT.get()).isZero();
        assertThat(opik.requests).isEmpty();
    }

    @Test
    void should_list_the_opik_options_and_variables_in_run_help() {
        CommandResult o = run(Map.of(), "run", "--help");
        assertThat(o.out() + o.err()).contains("--opik", "--dataset-name", "--experiment-name", "OPIK_URL_OVERRIDE",
                "OPIK_PROJECT_NAME", "OPIK_API_KEY", "OPIK_WORKSPACE");
    }

    @Test
    void should_take_the_opik_url_project_and_workspace_from_the_env_target_without_opik_url_override() throws IOException {
        Files.writeString(dir.resolve("agent-eval.targets.yaml"), "targets:\n  local:\n    protocol: test-count\n"
                + "    url: http://127.0.0.1:1\n    opik:\n      url: " + opik.url() + "\n      project: Pharmacy\n"
                + "      workspace: team\n      traceIdKeys: [my_trace]\n");
        CommandResult o = run(Map.of(), "run", "greetings.yaml", "--env", "local", "--concurrency", "1",
                "--report-dir", dir.resolve("out").toString(), "--opik");

        assertThat(o.exitCode()).as(o.err()).isIn(0, 1);
        assertThat(opik.violations).isEmpty();
        assertThat(opik.keys().get(0)).isEqualTo("GET /api/is-alive/ping");
        assertThat(opik.projects).containsKey("Pharmacy");
        assertThat(opik.experimentItems).hasSize(2);
        assertThat(o.err()).contains("Opik experiment: http://127.0.0.1:" + opik.url().getPort() + "/team/experiments/");
    }

    @Test
    void should_locate_a_bad_opik_block_in_the_targets_file() throws IOException {
        Files.writeString(dir.resolve("agent-eval.targets.yaml"), "targets:\n  local:\n    protocol: test-count\n"
                + "    url: http://127.0.0.1:1\n    opik:\n      url: ftp://x\n      traceIdKeys: []\n      colour: red\n");
        CommandResult o = run(Map.of(), "run", "greetings.yaml", "--env", "local", "--opik");

        assertThat(o.exitCode()).as(o.err()).isEqualTo(2);
        assertThat(o.err()).contains("agent-eval.targets.yaml:6:12: targets.local.opik.url: must be an absolute http(s)"
                        + " URL but was 'ftp://x'")
                .contains("agent-eval.targets.yaml:7:20: targets.local.opik.traceIdKeys: must be a non-empty list of strings")
                .contains("agent-eval.targets.yaml:8:7: targets.local.opik.colour: unknown key 'colour'");
        assertThat(opik.requests).isEmpty();
    }
}
