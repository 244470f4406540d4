package dev.agenteval.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.Case;
import dev.agenteval.api.Scorers;
import dev.agenteval.api.Suite;
import dev.agenteval.api.ToolMock;
import dev.agenteval.api.Turn;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mocks} at suite, case and turn level and the suite's "every tool must be mocked" in both
 * dialects: the model the DSL builds, located errors naming the field and the case, and the schemas.
 */
class MocksDialectTest {

    private static final ToolMock SLOTS = ToolMock.returning("find_slot", Map.of("slots", List.of("10:00", "11:00")));
    private static final ToolMock MONDAY_FULL = ToolMock.throwing("book", "monday is full").when(Map.of("day", "monday"));
    private static final ToolMock BOOKED = ToolMock.returning("book", "booked");
    private static final ToolMock ID_7 = ToolMock.returning("book", Map.of("id", 7, "confirmed", true));

    private static final Suite PLATFORM = Suite.named("mocks").mocks(SLOTS).requireToolMocks()
            .add(Case.id("book").mocks(MONDAY_FULL, BOOKED)
                    .turn(Turn.of("Book monday").expect(Scorers.contains("full")))
                    .turn(Turn.of("Book tuesday").mocks(ID_7).expect(Scorers.contains("7"))))
            .build();

    @TempDir
    Path dir;

    @Test
    void should_load_the_platform_dialect_into_the_suite_the_dsl_builds() {
        Suite platform = TestScorers.loader().load(Fixtures.path("mocks/platform/mocks.yaml"));

        assertThat(platform).isEqualTo(PLATFORM).hasSameHashCodeAs(PLATFORM);
    }

    @Test
    void should_load_the_harness_dialect_with_the_same_mocks_at_each_level() {
        Suite harness = TestScorers.loader().load(Fixtures.path("mocks/harness/mocks.yaml"));

        assertThat(harness.mocks()).containsExactly(SLOTS);
        assertThat(harness.toolMocksRequired()).isTrue();
        Case c = harness.cases().get(0);
        assertThat(c.mocks()).containsExactly(MONDAY_FULL, BOOKED);
        assertThat(c.turns().get(0).mocks()).isEmpty();
        assertThat(c.turns().get(1).mocks()).containsExactly(ID_7);
    }

    @Test
    void should_take_a_single_message_evals_mocks_as_its_cases_once() throws IOException {
        Path file = Files.writeString(dir.resolve("single.yaml"), """
                evals:
                  - name: one
                    message: {message: {parts: [{kind: text, text: Hi}]}}
                    mocks: [{tool: book, returns: ok}]
                """);

        Case c = TestScorers.loader().load(file).cases().get(0);

        assertThat(c.mocks()).containsExactly(ToolMock.returning("book", "ok"));
        assertThat(c.turns().get(0).mocks()).isEmpty();
        assertThat(TestScorers.loader().load(file).toolMocksRequired()).isFalse();
    }

    @Test
    void should_take_the_suite_mocks_of_a_folders_defaults_unless_the_suite_gives_its_own() throws IOException {
        Files.createDirectories(dir.resolve(".git"));
        Files.writeString(dir.resolve("_defaults.yaml"), """
                globals:
                  mocks_required: true
                  mocks: [{tool: book, returns: from defaults}]
                """);
        String eval = """
                evals:
                  - name: one
                    message: {message: {parts: [{kind: text, text: Hi}]}}
                """;
        Path inherits = Files.writeString(dir.resolve("inherits.yaml"), eval);
        Path own = Files.writeString(dir.resolve("own.yaml"), "globals:\n  mocks: [{tool: book, returns: own}]\n" + eval);

        Suite inherited = TestScorers.loader().load(inherits);
        Suite replaced = TestScorers.loader().load(own);

        assertThat(inherited.mocks()).containsExactly(ToolMock.returning("book", "from defaults"));
        assertThat(inherited.toolMocksRequired()).isTrue();
        assertThat(replaced.mocks()).containsExactly(ToolMock.returning("book", "own"));
        assertThat(replaced.toolMocksRequired()).isTrue();
    }

    @Test
    void should_accept_both_fixtures_in_the_schemas() {
        assertThat(Fixtures.schemaProblems(Fixtures.path("mocks/platform/mocks.yaml"))).isEmpty();
        assertThat(Fixtures.schemaProblems(Fixtures.path("mocks/harness/mocks.yaml"))).isEmpty();
    }

    @Test
    void should_locate_bad_mocks_in_the_platform_dialect() throws IOException {
        Path file = Files.writeString(dir.resolve("bad.yaml"), """
                mocksRequired: "yes"
                mocks: []
                cases:
                  - id: c
                    mocks:
                      - tool: book
                        returns: ok
                        throws: down
                      - tool: " "
                        returns: ok
                      - tool: book
                      - tool: book
                        error: down
                      - tool: book
                        retuns: ok
                      - returns: ok
                      - tool: book
                        when: monday
                        returns: ok
                    turns:
                      - input: Hi
                        scorers: [{type: contains, values: [x]}]
                        mocks: book
                """);

        assertThat(TestScorers.loadProblems(file)).containsExactly(
                file + ":1:16: mocksRequired: must be true or false but is a string",
                file + ":2:8: mocks: must list at least one mock (remove the key for none)",
                file + ":8:9: cases[0].mocks[0].throws (case 'c'): a mock either returns or throws: give 'returns' or"
                        + " 'throws', not both",
                file + ":9:15: cases[0].mocks[1].tool (case 'c'): must not be blank",
                file + ":11:9: cases[0].mocks[2] (case 'c'): a mock needs 'returns' (what the tool returns: a JSON"
                        + " value or a text) or 'throws' (the message the tool fails with)",
                file + ":13:9: cases[0].mocks[3].error (case 'c'): unknown key 'error': a mock that fails gives its"
                        + " message as 'throws: <message>'",
                file + ":15:9: cases[0].mocks[4].retuns (case 'c'): unknown key 'retuns' — did you mean 'returns'?",
                file + ":16:9: cases[0].mocks[5].tool (case 'c'): missing required key 'tool': the name of the tool"
                        + " the mock answers",
                file + ":18:15: cases[0].mocks[6].when (case 'c'): must be a mapping but is a string",
                file + ":23:16: cases[0].turns[0].mocks (case 'c'): must be a list but is a string");
        assertThat(Fixtures.schemaProblems(file)).isNotEmpty();
    }

    @Test
    void should_refuse_suite_mocks_in_an_included_platform_file() throws IOException {
        Files.writeString(dir.resolve("more.yaml"), """
                mocks: [{tool: book, returns: ok}]
                cases:
                  - id: c
                    turns: [{input: Hi, scorers: [{type: contains, values: [x]}]}]
                """);
        Path file = Files.writeString(dir.resolve("eval.yaml"), "include: [more.yaml]\n");

        assertThat(TestScorers.loadProblems(file)).singleElement().asString()
                .endsWith("more.yaml:1:1: mocks: 'mocks' is the suite's: write it in the root file, or give the cases"
                        + " of this file their own 'mocks'");
    }

    @Test
    void should_locate_bad_mocks_in_the_harness_dialect() throws IOException {
        Path file = Files.writeString(dir.resolve("bad.yaml"), """
                globals:
                  mocks_required: 1
                  mocks: [{tool: book}]
                evals:
                  - name: e
                    type: sequential
                    steps:
                      - message: {message: {parts: [{kind: text, text: Hi}]}}
                        mocks:
                          - {tool: book, returns: ok, throws: down}
                          - {tol: book, returns: ok}
                """);

        assertThat(TestScorers.loadProblems(file)).containsExactly(
                file + ":2:19: globals.mocks_required: must be true or false but is a number",
                file + ":3:11: globals.mocks[0]: a mock needs 'returns' (what the tool returns: a JSON value or a"
                        + " text) or 'throws' (the message the tool fails with)",
                file + ":10:39: evals[0].steps[0].mocks[0].throws (case 'e'): a mock either returns or throws: give"
                        + " 'returns' or 'throws', not both",
                file + ":11:13: evals[0].steps[0].mocks[1].tool (case 'e'): missing required key 'tool': the name of"
                        + " the tool the mock answers",
                file + ":11:14: evals[0].steps[0].mocks[1].tol (case 'e'): unknown key 'tol' — did you mean 'tool'?");
        assertThat(Fixtures.schemaProblems(file)).isNotEmpty();
    }

    @Test
    void should_run_a_yaml_suite_with_mocks_against_an_in_process_agent_whose_real_tools_never_run() {
        java.util.concurrent.atomic.AtomicInteger realCalls = new java.util.concurrent.atomic.AtomicInteger();
        dev.agenteval.core.InProcessAgent agent = dev.agenteval.core.InProcessAgent.of((conversation, message) -> {
            String day = message.text().substring(message.text().lastIndexOf(' ') + 1);
            Object slots = conversation.tool("find_slot", Map.of("day", day), realCalls::incrementAndGet);
            try {
                return dev.agenteval.api.AgentResponse.ofText("slots " + slots + ", booked: "
                        + conversation.tool("book", Map.of("day", day), realCalls::incrementAndGet));
            } catch (dev.agenteval.spi.ToolGate.ToolFailure e) {
                return dev.agenteval.api.AgentResponse.ofText("sorry, " + e.getMessage());
            }
        });
        Suite suite = TestScorers.loader().load(Fixtures.path("mocks/platform/mocks.yaml"));

        dev.agenteval.api.CaseResult result = dev.agenteval.core.EvalRunner.builder().agent(agent)
                .environment(name -> null).build().run(suite).cases().get(0);

        assertThat(result.status()).as(result.toString()).isEqualTo(dev.agenteval.api.CaseStatus.PASSED);
        assertThat(realCalls).hasValue(0);
        assertThat(result.turns().get(1).toolCalls()).allMatch(dev.agenteval.api.ToolCall::mocked).hasSize(2);
        assertThat(result.turns().get(1).scores()).extracting(dev.agenteval.api.ScoreResult::type)
                .containsExactly("contains", "tools_mocked");
    }
}
