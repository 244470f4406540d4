package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The in-app gate's rules: a result meets a threshold only for the exact configuration it ran,
 * the agent's definition ({@code <name>.agent.yaml}: prompt, tools, model, settings) and every
 * current case; renaming the agent or rewording its description needs no new run. Checked by
 * {@code merge --threshold --suite}, against the test echo agent.
 */
class GateFingerprintCliTest {

    @TempDir
    Path work;

    private String out;
    private String err;

    private static final String AGENT = """
            name: Support
            description: Helps customers
            instructions: Be kind and brief.
            model: gpt-4o-mini
            tools:
              - name: find_order
                description: Finds an order by number.
            """;

    private static final String SUITE = """
            cases:
              - id: greets
                turns:
                  - input: "Hello"
                    scorers:
                      - type: contains
                        values: [hello]
            """;

    @BeforeEach
    void project() throws Exception {
        Files.createDirectories(work.resolve("support/eval"));
        Files.writeString(work.resolve("support/support.agent.yaml"), AGENT);
        Files.writeString(work.resolve("support/eval/eval.yaml"), SUITE);
    }

    private int run(String... args) {
        CommandResult result = CommandRunner.in(work).run(args);
        int code = result.exitCode();
        out = result.out();
        err = result.err();
        return code;
    }

    private static final String[] AGENT_OPTIONS = {"--protocol", "test-echo", "--agent-url", "http://127.0.0.1:1"};

    private int gate(String results, String... agent) {
        List<String> args = new ArrayList<>(List.of("merge", results, "--threshold", "100", "--suite", "support/eval/eval.yaml"));
        args.addAll(List.of(agent.length == 0 ? AGENT_OPTIONS : agent));
        return run(args.toArray(String[]::new));
    }

    private void edit(String file, String from, String to) throws Exception {
        Path p = work.resolve(file);
        String before = Files.readString(p);
        assertThat(before).contains(from);
        Files.writeString(p, before.replace(from, to));
    }

    @Test
    void should_gate_only_the_exact_agent_definition_and_every_current_case() throws Exception {
        List<String> run = new ArrayList<>(List.of("run", "support/eval/eval.yaml", "--report-dir", "out", "-q"));
        run.addAll(List.of(AGENT_OPTIONS));
        assertThat(run(run.toArray(String[]::new))).as(err).isZero();
        assertThat(Files.readString(work.resolve("out/results.json"))).contains("configuration ");

        assertThat(gate("out")).as(out + err).isZero();
        assertThat(out).contains("gate met");

        // renaming the agent or changing its description needs no new run
        edit("support/support.agent.yaml", "name: Support", "name: Support desk");
        edit("support/support.agent.yaml", "description: Helps customers", "description: Answers customers");
        assertThat(gate("out")).as(out + err).isZero();

        // its prompt, model or tools do
        edit("support/support.agent.yaml", "Be kind and brief.", "Be kind.");
        assertThat(gate("out")).isEqualTo(2);
        assertThat(err).contains("out/results.json: is not of the current suite and agent: agent '");
        edit("support/support.agent.yaml", "Be kind.", "Be kind and brief.");
        assertThat(gate("out")).as(out + err).isZero();

        // so does adding a case
        Files.writeString(work.resolve("support/eval/eval.yaml"), SUITE + """
                  - id: thanks
                    turns:
                      - input: "Thanks"
                        scorers:
                          - type: contains
                            values: [hello]
                """);
        assertThat(gate("out")).isEqualTo(2);
        assertThat(err).contains("the suite changed (1 cases then, 2 now)");
    }

    @Test
    void should_refuse_a_gate_not_bound_to_the_current_suite() {
        List<String> run = new ArrayList<>(List.of("run", "support/eval/eval.yaml", "--report-dir", "out", "-q"));
        run.addAll(List.of(AGENT_OPTIONS));
        assertThat(run(run.toArray(String[]::new))).as(err).isZero();

        assertThat(run("merge", "out", "--threshold", "50")).isEqualTo(2);
        assertThat(err).contains("--threshold binds the gate to the current suite and agent: give --suite FILE");
        assertThat(run("merge", "out", "--threshold", "50", "--suite", "support/eval/eval.yaml")).isEqualTo(2);
        assertThat(err).contains("no agent: give --agent-url URL");
    }

    @Test
    void should_bind_a_target_by_its_url_and_settings_not_only_its_name() throws Exception {
        Files.writeString(work.resolve("agent-eval.targets.yaml"), """
                targets:
                  staging:
                    protocol: test-echo
                    url: http://127.0.0.1:1
                """);
        assertThat(run("run", "support/eval/eval.yaml", "--env", "staging", "--report-dir", "out", "-q")).as(err).isZero();
        assertThat(gate("out", "--env", "staging")).as(out + err).isZero();

        edit("agent-eval.targets.yaml", "http://127.0.0.1:1", "http://127.0.0.1:2");
        assertThat(gate("out", "--env", "staging")).isEqualTo(2);
        assertThat(err).contains("agent 'target 'staging': test-echo http://127.0.0.1:1");
    }
}
