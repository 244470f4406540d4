package dev.agenteval.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Case;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.TaskState;
import dev.agenteval.api.ToolCall;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.core.InProcessAgent;
import dev.agenteval.spi.AgentClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CaseRecorderTest {

    /**
     * A support agent: refunds need the order looked up, then the refund status; the second turn
     * of a conversation files a ticket; greetings call nothing. With {@code swapped}, it calls
     * the refund tools in the other order.
     */
    private static AgentClient agent(boolean swapped) {
        return InProcessAgent.of((conversation, message) -> {
            List<ToolCall> calls = new ArrayList<>();
            String text = message.text();
            String answer;
            if (text.contains("refund")) {
                calls.add(ToolCall.of(swapped ? "refund_status" : "find_order", Map.of("order", 42)));
                calls.add(ToolCall.of("log_event", Map.of()));
                calls.add(ToolCall.of(swapped ? "find_order" : "refund_status", Map.of("order", 42)));
                answer = "Your refund for order 42 was issued on Monday.\nIt takes 5 days.";
            } else if (conversation.turn() > 1) {
                calls.add(ToolCall.of("file_ticket", Map.of("topic", text)));
                answer = "I filed a ticket.";
            } else {
                answer = "Hello! I can help with orders and refunds.";
            }
            return AgentResponse.builder().text(answer).toolCalls(calls).state(TaskState.COMPLETED).build();
        });
    }

    private static CaseRecorder recorder(AgentClient agent) {
        return CaseRecorder.builder().agent(agent).loader(SuiteLoader.defaults()).build();
    }

    private static SuiteResult run(Suite suite, String caseId, AgentClient agent) {
        return EvalRunner.builder().agent(agent).environment(n -> null).caseId(caseId).build().run(suite);
    }

    @Test
    void should_say_how_to_give_an_agent_when_none_was_given() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> CaseRecorder.builder().build())
                .isInstanceOf(dev.agenteval.api.ConfigurationException.class)
                .hasMessageContaining("CaseRecorder.builder().agent(...)").hasMessageContaining("AGENT_EVAL_AGENT_URL");
    }

    @Test
    void should_write_a_case_that_loads_and_passes_against_the_same_agent(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("support-agent/eval/eval.yaml");
        CaseRecorder recorder = recorder(agent(false));

        Recording recording = recorder.record("refund-then-ticket",
                List.of("Where is my \"refund\" for order 42?", "Please escalate"));
        recorder.save(recording, file);

        assertThat(recording.tools()).containsExactly("find_order", "log_event", "refund_status", "file_ticket");
        Suite suite = SuiteLoader.defaults().load(file);
        assertThat(suite.name()).isEqualTo("support-agent");
        Case recorded = suite.find("refund-then-ticket").orElseThrow();
        assertThat(recorded.turns()).hasSize(2);
        assertThat(recorded.turns().get(0).input().text()).isEqualTo("Where is my \"refund\" for order 42?");
        assertThat(recorded.turns().get(0).scorers()).extracting(ScorerSpec::type).containsExactly("tools_in_order");
        assertThat(recorded.turns().get(0).scorers().get(0).params())
                .containsEntry("expected", List.of("find_order", "log_event", "refund_status"));
        assertThat(recorded.turns().get(1).scorers().get(0).params()).containsEntry("expected", List.of("file_ticket"));
        assertThat(Fixtures.schemaProblems(file)).isEmpty();

        assertThat(run(suite, "refund-then-ticket", agent(false)).cases().get(0).status()).isEqualTo(CaseStatus.PASSED);
        SuiteResult other = run(suite, "refund-then-ticket", agent(true));
        assertThat(other.cases().get(0).status()).as("an agent calling the tools in another order fails")
                .isEqualTo(CaseStatus.FAILED);
        assertThat(other.cases().get(0).reason()).contains("refund_status");
    }

    @Test
    void should_leave_a_commented_rubric_and_the_answer_for_a_person_to_complete(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("eval.yaml");
        CaseRecorder recorder = recorder(agent(false));

        recorder.save(recorder.record("refund", List.of("Where is my refund?")), file);

        assertThat(Files.readString(file)).isEqualTo("""
                cases:
                  - id: "refund"
                    # Recorded from the agent's answers: the tools it called, in order. Add a rubric.
                    turns:
                      - input: "Where is my refund?"
                        # The agent answered: "Your refund for order 42 was issued on Monday. It takes 5 days."
                        scorers:
                          - type: tools_in_order
                            expected: ["find_order", "log_event", "refund_status"]
                          # TODO: what a good answer does, in plain words, for the judge:
                          # - type: rubric
                          #   rubric: "..."
                          # or: - type: correctness
                          #       criteria: "..."
                """);
    }

    @Test
    void should_check_that_the_agent_answers_when_it_called_no_tool(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("eval.yaml");
        CaseRecorder recorder = recorder(agent(false));

        recorder.save(recorder.record("hello", List.of("Hi there")), file);

        Case recorded = SuiteLoader.defaults().load(file).find("hello").orElseThrow();
        assertThat(recorded.turns().get(0).scorers().get(0).type()).isEqualTo("regex");
        assertThat(run(SuiteLoader.defaults().load(file), "hello", agent(false)).allPassed()).isTrue();
        AgentClient silent = InProcessAgent.replying(text -> "");
        assertThat(run(SuiteLoader.defaults().load(file), "hello", silent).allPassed()).isFalse();
    }

    @Test
    void should_append_to_an_existing_suite_keeping_everything_else_as_written(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("eval.yaml");
        String before = """
                # Support agent evals
                cases:
                    -   id: greeting   # keep this comment
                        turns:
                          - input: Hi
                            scorers:
                              - type: contains
                                values: [hello]

                # Tools the judge knows about
                tools:
                  - name: find_order
                    description: Finds an order.
                """;
        Files.writeString(file, before);
        CaseRecorder recorder = recorder(agent(false));

        recorder.save(recorder.record("refund", List.of("Where is my refund?")), file);

        String after = Files.readString(file);
        assertThat(after).startsWith(before.substring(0, before.indexOf("\n# Tools")));
        assertThat(after).endsWith(before.substring(before.indexOf("\n# Tools")));
        assertThat(after).contains("\n    - id: \"refund\"\n");
        assertThat(after.indexOf("id: \"refund\"")).isLessThan(after.indexOf("# Tools the judge"));
        Suite suite = SuiteLoader.defaults().load(file);
        assertThat(suite.cases()).extracting(Case::id).containsExactly("greeting", "refund");
        assertThat(suite.find("refund").orElseThrow().tools()).as("root tools still cascade").isPresent();
    }

    @Test
    void should_add_a_cases_list_to_a_suite_that_only_includes_files(@TempDir Path dir) throws Exception {
        Path eval = dir.resolve("eval");
        Files.createDirectories(eval.resolve("cases"));
        Files.writeString(eval.resolve("eval.yaml"), "include:\n  - cases/more.yaml");
        Files.writeString(eval.resolve("cases/more.yaml"),
                "cases:\n  - id: greeting\n    turns:\n      - input: Hi\n        scorers:\n          - type: regex\n            pattern: \"\\\\S\"\n");
        CaseRecorder recorder = recorder(agent(false));

        recorder.save(recorder.record("refund", List.of("Where is my refund?")), eval.resolve("eval.yaml"));

        Suite suite = SuiteLoader.defaults().load(eval);
        assertThat(suite.cases()).extracting(Case::id).containsExactlyInAnyOrder("greeting", "refund");
        assertThat(Files.readString(eval.resolve("eval.yaml"))).startsWith("include:\n  - cases/more.yaml\ncases:\n  - id:");
    }

    @Test
    void should_refuse_a_taken_id_a_harness_suite_and_a_flow_list_leaving_the_file_unchanged(@TempDir Path dir)
            throws Exception {
        CaseRecorder recorder = recorder(agent(false));
        Recording refund = recorder.record("greeting", List.of("Where is my refund?"));

        Path platform = dir.resolve("support.yaml");
        String suite = "cases:\n  - id: greeting\n    turns:\n      - input: Hi\n        scorers:\n          - type: regex\n            pattern: \"x\"\n";
        Files.writeString(platform, suite);
        assertThatThrownBy(() -> recorder.save(refund, platform)).isInstanceOf(ConfigurationException.class)
                .hasMessage(platform + ": suite 'support' already has a case 'greeting': choose another id, or replace it");
        assertThat(Files.readString(platform)).isEqualTo(suite);

        Path harness = dir.resolve("hello.yaml");
        Files.writeString(harness, "evals:\n  - name: hi\n    message:\n      message:\n        parts:\n          - kind: text\n"
                + "            text: Hi\n    expectations:\n      must_include: [hello]\n");
        Recording other = recorder.record("refund", List.of("Where is my refund?"));
        assertThatThrownBy(() -> recorder.save(other, harness)).hasMessageContaining(
                "is a harness-dialect suite ('evals'): recorded cases are written in the platform dialect ('cases')");

        Path flow = dir.resolve("flow.yaml");
        Files.writeString(flow, "cases: [{id: a, turns: [{input: Hi, scorers: [{type: regex, pattern: x}]}]}]\n");
        assertThatThrownBy(() -> recorder.save(other, flow)).hasMessage(flow
                + ":1: 'cases' is not a block list ('- id: ...' items, one per line): write it as one to record into it");

        Path broken = dir.resolve("broken.yaml");
        Files.writeString(broken, "cases:\n  - id: a\n");
        assertThatThrownBy(() -> recorder.save(other, broken)).isInstanceOf(ConfigurationException.class);
        assertThat(Files.readString(broken)).isEqualTo("cases:\n  - id: a\n");
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.startsWith(".record-"));
        }
    }

    @Test
    void should_derive_a_readable_id_from_the_first_input() {
        assertThat(CaseRecorder.idFrom("Where is my refund for order #42?")).isEqualTo("where-is-my-refund-for-order-42");
        assertThat(CaseRecorder.idFrom("Café crème, s'il vous plaît?")).isEqualTo("cafe-creme-s-il-vous-plait");
        assertThat(CaseRecorder.idFrom("???")).isEqualTo("recorded-case");
        assertThat(CaseRecorder.idFrom("a ".repeat(50)).length()).isLessThanOrEqualTo(40);
    }

    @Test
    void should_quote_inputs_so_that_yaml_reads_them_back_exactly(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("eval.yaml");
        String tricky = "key: value # not a comment\n- dash\t\"quoted\" \\ back \u0007 ünï";
        CaseRecorder recorder = recorder(InProcessAgent.replying(text -> "ok"));

        recorder.save(recorder.record("tricky", List.of(tricky)), file);

        assertThat(SuiteLoader.defaults().load(file).find("tricky").orElseThrow().turns().get(0).input().text())
                .isEqualTo(tricky);
    }
}
