package dev.agenteval.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.agenteval.api.Case;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.DataModelRef;
import dev.agenteval.api.SessionContext;
import dev.agenteval.api.Suite;
import dev.agenteval.api.ToolSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The platform cascade: tags are unioned root file > included file > case; tools and each
 * session-context field are replaced whole by the most specific level; a scorer's tools stay on
 * the scorer; dataModels/instanceSpaces pairing holds after resolution.
 */
class CascadeTest {

    private static final DataModelRef CORE = new DataModelRef("cdf_cdm", "CogniteCore", "v1");
    private static final ToolSpec ROOT_TOOL = ToolSpec.of("root_tool", "Root-level tool.");

    private final Suite suite = TestScorers.loader().load(Fixtures.path("valid/platform/plant-agent"));

    private Case find(String id) {
        return suite.find(id).orElseThrow();
    }

    @Test
    void should_give_a_root_case_every_root_level_field() {
        Case c = find("root-defaults");

        assertThat(c.tags()).isEmpty();
        assertThat(c.sessionContext()).isEqualTo(new SessionContext(List.of(CORE), List.of("root-space"), "Plant A"));
        assertThat(c.tools()).contains(List.of(ROOT_TOOL));
    }

    @Test
    void should_let_a_case_replace_each_field_it_declares_and_inherit_the_others() {
        Case c = find("case-overrides");

        assertThat(c.tags()).containsExactly("smoke");
        assertThat(c.sessionContext()).isEqualTo(new SessionContext(List.of(CORE), List.of("case-space"), "Plant C"));
        assertThat(c.tools()).contains(List.of(ToolSpec.of("case_tool", "Case-level tool.")));
    }

    @Test
    void should_keep_a_scorers_own_tools_on_the_scorer_only() {
        Case c = find("case-overrides");

        assertThat(c.turns().get(0).scorers().get(0).tools()).as("toolSelection inherits").isEmpty();
        assertThat(c.turns().get(0).scorers().get(1).tools())
                .contains(List.of(ToolSpec.of("scorer_tool", "Scorer-level tool.")));
    }

    @Test
    void should_let_an_included_file_override_the_root_and_union_its_tags_into_each_case() {
        Case c = find("file-defaults");

        assertThat(c.tags()).containsExactly("plant-b", "nightly", "ci");
        assertThat(c.sessionContext())
                .as("instanceSpaces from the file pairs with dataModels from the root")
                .isEqualTo(new SessionContext(List.of(CORE), List.of("plant-b-space"), "Plant A"));
        assertThat(c.tools()).contains(List.of(ToolSpec.of("file_tool", "File-level tool.")));
    }

    @Test
    void should_let_a_case_of_an_included_file_override_its_file_without_merging() {
        Case c = find("file-case-overrides");

        assertThat(c.tags()).containsExactly("plant-b", "nightly");
        assertThat(c.sessionContext()).isEqualTo(new SessionContext(
                List.of(new DataModelRef("plant_b", "PlantB", "2")), List.of("plant-b-space"), "Plant B, line 2"));
        assertThat(c.tools()).contains(List.of(ToolSpec.of("case_b_tool", "Case-level tool in plant B.")));
    }

    @Test
    void should_list_root_cases_before_the_cases_of_included_files() {
        assertThat(suite.cases()).extracting(Case::id)
                .containsExactly("root-defaults", "case-overrides", "file-defaults", "file-case-overrides");
        assertThat(suite.name()).isEqualTo("plant-agent");
    }

    @Test
    void should_fall_back_to_the_agent_files_tools_only_where_a_tool_scorer_has_no_tools() {
        Suite assets = TestScorers.loader().load(Fixtures.path("valid/platform/assets/eval/eval.yaml"));

        assertThat(assets.find("uses-agent-tools").orElseThrow().tools())
                .contains(List.of(ToolSpec.of("find_assets", "Finds assets by name.")));
        assertThat(assets.find("no-tool-scorer").orElseThrow().tools()).isEmpty();
        assertThat(assets.find("own-scorer-tools").orElseThrow().tools()).isEmpty();
    }

    @Test
    void should_not_read_the_agent_file_when_told_so_as_with_external_id() {
        Suite assets = TestScorers.loader().toBuilder().readAgentFile(false).build()
                .load(Fixtures.path("valid/platform/assets/eval/eval.yaml"));

        assertThat(assets.find("uses-agent-tools").orElseThrow().tools()).isEmpty();
    }

    @Test
    void should_give_the_external_id_of_the_projects_agent_file(@TempDir Path dir) throws IOException {
        Path eval = Files.createDirectories(dir.resolve("pumps/eval"));
        Files.writeString(eval.resolve("eval.yaml"), "cases: []\n");
        Files.writeString(dir.resolve("pumps/pumps.agent.yaml"), "externalId: pump_agent\nname: Pumps\n");

        assertThat(SuiteLoader.defaults().agentFile(eval.resolve("eval.yaml")).flatMap(AgentFile::externalIdIfSet))
                .contains("pump_agent");
        assertThat(SuiteLoader.defaults().agentFile(dir.resolve("pumps")).map(AgentFile::path))
                .contains(dir.resolve("pumps/pumps.agent.yaml"));
        assertThat(SuiteLoader.defaults().agentFile(dir.resolve("pumps/eval/cases.yaml"))).isPresent();
        assertThat(SuiteLoader.defaults().agentFile(dir.resolve("other.yaml"))).isEmpty();

        Files.writeString(dir.resolve("pumps/pumps.agent.yaml"), "externalId: 42\n");
        assertThatThrownBy(() -> SuiteLoader.defaults().agentFile(eval))
                .isInstanceOf(dev.agenteval.api.ConfigurationException.class)
                .hasMessageContaining("pumps.agent.yaml:1:").hasMessageContaining("externalId");

        Files.writeString(dir.resolve("pumps/spare.agent.yaml"), "externalId: spare\n");
        assertThatThrownBy(() -> SuiteLoader.defaults().agentFile(eval))
                .hasMessageContaining("several *.agent.yaml files (pumps.agent.yaml, spare.agent.yaml)");
    }

    @Test
    void should_not_fall_back_to_agent_tools_when_the_project_has_several_agent_files(@TempDir Path dir)
            throws IOException {
        Path eval = Files.createDirectories(dir.resolve("project/eval"));
        Files.writeString(eval.resolve("eval.yaml"), """
                cases:
                  - id: find
                    turns:
                      - input: Find pumps
                        scorers:
                          - type: toolSelection
                """);
        String agent = "tools:\n  - name: find_assets\n    description: Finds assets.\n";
        Files.writeString(dir.resolve("project/a.agent.yaml"), agent);
        Files.writeString(dir.resolve("project/b.agent.yaml"), agent);

        assertThat(SuiteLoader.defaults().load(eval).cases().get(0).tools()).isEmpty();
    }

    @Test
    void should_refuse_a_case_whose_resolved_session_context_has_data_models_without_instance_spaces(
            @TempDir Path dir) throws IOException {
        Path eval = Files.createDirectories(dir.resolve("eval"));
        Files.writeString(eval.resolve("eval.yaml"), """
                instanceSpaces: [plant-a]
                dataModels:
                  - {space: s, externalId: m, version: v1}
                cases:
                  - id: ok
                    turns:
                      - input: Hi
                        scorers: [{type: correctness, criteria: Greets.}]
                  - id: app-context-alone-is-fine
                    appContext: Plant A
                    turns:
                      - input: Hi
                        scorers: [{type: correctness, criteria: Greets.}]
                """);
        Files.createDirectories(eval.resolve("cases"));
        Files.writeString(eval.resolve("eval.yaml"), Files.readString(eval.resolve("eval.yaml"))
                + "include: [cases/more.yaml]\n");
        Files.writeString(eval.resolve("cases/more.yaml"), """
                cases:
                  - id: replaces-data-models-only
                    dataModels: []
                    turns:
                      - input: Hi
                        scorers: [{type: correctness, criteria: Greets.}]
                """);

        Suite loaded = SuiteLoader.defaults().load(eval);

        assertThat(loaded.find("app-context-alone-is-fine").orElseThrow().sessionContext().appContext())
                .isEqualTo("Plant A");
        assertThat(loaded.find("replaces-data-models-only").orElseThrow().sessionContext())
                .isEqualTo(new SessionContext(List.of(), List.of("plant-a"), null));

        Files.writeString(eval.resolve("eval.yaml"), """
                dataModels:
                  - {space: s, externalId: m, version: v1}
                include: [cases/more.yaml]
                """);
        ConfigurationException e = catchThrowableOfType(ConfigurationException.class,
                () -> SuiteLoader.defaults().load(eval));

        assertThat(e.problems()).containsExactly(eval.resolve("cases/more.yaml") + ":2:5: cases[0] (case"
                + " 'replaces-data-models-only'): after resolution dataModels is set (at " + eval.resolve("cases/more.yaml")
                + ":3:17) but instanceSpaces is not: set both or neither");
    }
}
