package dev.agenteval.judge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.spi.JudgeRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import dev.agenteval.testkit.ChatReply;
import dev.agenteval.testkit.ChatRequest;
import dev.agenteval.testkit.FakeChatModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PromptTemplatesTest {

    private final FakeChatModel server = FastJudge.model();

    @AfterEach
    void stopModel() {
        server.close();
    }

    @Test
    void should_ship_a_versioned_template_for_every_judge_scorer() {
        assertThat(PromptTemplates.defaults().all().keySet()).containsExactlyInAnyOrderElementsOf(PromptTemplates.NAMES);
        assertThat(PromptTemplates.defaults().all().values()).allSatisfy(t -> assertThat(t.version()).isEqualTo("1"));
        assertThat(PromptTemplates.defaults().forScorer("my_custom_judge").name()).isEqualTo("generic");
    }

    @Test
    void should_let_users_override_a_template_from_a_folder(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("correctness.txt"), "# version: acme-3\nJudge {{answer}} against {{criteria}}, strictly.\n");
        Files.writeString(dir.resolve("notes.md"), "ignored: not a .txt file");
        server.enqueue(ChatReply.verdict(true, 1.0, "ok"));
        OpenAiJudge judge = FastJudge.on(server).templates(PromptTemplates.defaults().withOverrides(dir)).build();

        judge.judge(new JudgeRequest("correctness", "q", "Paris", "Names Paris", null, List.of(), List.of(), 1));

        String user = FastJudge.user(server.takeRequest());
        assertThat(user).matches("Judge <answer-[0-9a-f]{12}>\nParis\n</answer-[0-9a-f]{12}> against Names Paris, strictly\\.");
        assertThat(PromptTemplates.defaults().withOverrides(dir).forScorer("correctness").id()).isEqualTo("correctness@acme-3");
    }

    @Test
    void should_reject_override_files_without_a_version_or_named_after_no_template(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("rubric.txt"), "Judge {{answer}}");
        Files.writeString(dir.resolve("corectness.txt"), "# version: 1\nJudge {{answer}}");
        Files.writeString(dir.resolve("faithfulness.txt"), "# version: 1\nJudge {{answr}}");

        assertThatThrownBy(() -> PromptTemplates.defaults().withOverrides(dir))
                .isInstanceOfSatisfying(ConfigurationException.class, e -> assertThat(e.problems()).containsExactly(
                        "judge template " + dir.resolve("corectness.txt") + " is named after no template (known: system.txt,"
                                + " generic.txt, correctness.txt, faithfulness.txt, toolSelection.txt, toolInvocation.txt,"
                                + " expected_output_text.txt, rubric.txt, goal_completion.txt, knowledge_retention.txt,"
                                + " role_adherence.txt, user_simulator.txt)",
                        "prompt template " + dir.resolve("faithfulness.txt") + ": prompt template 'faithfulness' uses unknown"
                                + " placeholder {{answr}} (known: question, answer, tool_calls, criteria, reference, tools, fence, transcript, persona, goal, turn, max_turns, ending)",
                        "prompt template " + dir.resolve("rubric.txt") + ": the first line must declare the version, e.g. '# version: 1'"));
    }

    @Test
    void should_refuse_a_placeholder_spelled_with_a_dash_or_dot_like_a_suite_placeholder() {
        // The placeholder syntax is the suites' one: {{tool-calls}} is a placeholder, and an unknown one,
        // not literal text sent to the judge.
        assertThatThrownBy(() -> new PromptTemplate("tools", "1", "Judge {{ tool-calls }} and {{answer.text}}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("prompt template 'tools' uses unknown placeholders {{tool-calls}}, {{answer.text}}"
                        + " (known: question, answer, tool_calls, criteria, reference, tools, fence, transcript, persona, goal, turn, max_turns, ending)");
    }

    @Test
    void should_never_expand_placeholders_inside_values() {
        PromptTemplate t = new PromptTemplate("generic", "1", "A: {{answer}} C: {{criteria}} R: {{reference}}");

        assertThat(t.render(Map.of("answer", "{{criteria}} $1 \\", "criteria", "secret"))).isEqualTo("A: {{criteria}} $1 \\ C: secret R: (none)");
    }
}
