package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.api.Case;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.JsonPathCheck;
import dev.agenteval.yaml.SuiteLoader;
import dev.agenteval.yaml.SuiteSchemas;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The README's tables come from the same declarations the code reads. */
class ReadmeTest {

    private static String readme() throws IOException {
        return Files.readString(Path.of("..", "README.md"));
    }

    @Test
    void should_list_every_declared_environment_variable_in_the_readme_table() throws IOException {
        String readme = readme();
        String table = readme.substring(readme.indexOf("## Environment variables"), readme.indexOf("## Plugins"));

        for (String name : EnvironmentHelp.all().keySet()) {
            if (!name.startsWith("TEST_")) {
                assertThat(table).as("README lists " + name).contains("| `" + name + "` |");
            }
        }
    }

    @Test
    void should_give_a_rule_for_every_harness_expectation_and_every_jsonpath_comparator() throws IOException {
        String readme = readme();
        String section = readme.substring(readme.indexOf("## Harness expectations"), readme.indexOf("## Command line"));
        JsonNode expectations = new ObjectMapper().readTree(SuiteSchemas.harness()).at("/$defs/expectations/properties");

        expectations.fieldNames().forEachRemaining(key ->
                assertThat(section).as("README gives the rule of " + key).containsPattern("(?m)^\\|[^|\\n]*`" + key + "`[^|\\n]*\\| \\S"));
        for (String comparator : JsonPathCheck.COMPARATORS) {
            assertThat(section).as("README gives the rule of comparator " + comparator).contains("`" + comparator + "`");
        }
    }

    /**
     * Issue 27: the verdict rules say what the loader and the runner do with a case without
     * scorers (the DSL requires an answer; the harness dialect loads one that does not, held to
     * the state guard alone as in the harness; the platform dialect refuses one, as the platform's
     * CLI does) and which states the guard fails (the harness's failed and rejected).
     */
    @Test
    void should_state_the_no_scorer_rule_and_the_state_guard_as_the_code_applies_them(@TempDir Path dir)
            throws IOException {
        String readme = readme();
        String rules = readme.substring(readme.indexOf("## Verdict rules"), readme.indexOf("## Runner options"));
        SuiteLoader loader = SuiteLoader.builder().build();
        Path platform = Files.writeString(dir.resolve("platform.yaml"), """
                cases:
                  - id: unscored
                    turns:
                      - input: Hi
                """);
        Path harness = Files.writeString(dir.resolve("harness.yaml"), """
                evals:
                  - name: unscored
                    message: {message: {parts: [{kind: text, text: Hi}]}}
                """);

        Case unscored = loader.load(harness).cases().get(0);
        assertThat(unscored.hasNoScorers()).isTrue();
        assertThat(unscored.answerRequired()).isFalse();
        assertThatThrownBy(() -> loader.load(platform)).isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("no turn has scorers");
        assertThat(rules).contains("(a DSL case without `expect`) also checks that\n  the agent answers every turn")
                .contains("A harness eval without\n  expectations").contains("passes on the state guard alone")
                .contains("`answerRequired(false)`")
                .contains("The platform dialect refuses one at\n  load").contains("`no turn has\n  scorers`");
        String harnessSection = readme.substring(readme.indexOf("## Harness expectations"),
                readme.indexOf("## Command line"));
        assertThat(harnessSection).contains("An eval without any expectations passes\n  on the state guard alone");

        assertThat(rules).contains("a turn whose task ends `failed` or `rejected`")
                .contains("a `canceled` (`cancelled`) task passes the\n  guard")
                .doesNotContain("`rejected` or `canceled`");
    }

    @Test
    void should_document_every_exit_code_the_command_uses() throws IOException {
        String readme = readme();

        for (ExitCode code : ExitCode.values()) {
            assertThat(readme).contains("| " + code.code() + " |");
        }
    }

    /** A fence line: up to three spaces, three or more backticks or tildes, then the info string. */
    private static final Pattern FENCE = Pattern.compile("^ {0,3}(`{3,}|~{3,})(.*)$");

    @Test
    void should_balance_every_code_fence_and_give_every_opener_a_language() throws IOException {
        List<String> lines = readme().lines().toList();
        List<String> problems = new ArrayList<>();
        String open = null;
        int openedAt = 0;
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = FENCE.matcher(lines.get(i));
            if (!m.matches()) {
                continue;
            }
            String marker = m.group(1);
            String info = m.group(2).strip();
            if (open == null) {
                if (info.isEmpty()) {
                    problems.add("README.md:" + (i + 1) + ": code fence opened without a language");
                }
                open = marker;
                openedAt = i + 1;
            } else if (info.isEmpty() && marker.charAt(0) == open.charAt(0) && marker.length() >= open.length()) {
                open = null;
            } else if (!info.isEmpty() && marker.charAt(0) == open.charAt(0)) {
                // CommonMark: a closing fence has no info string, so this line stays inside the block.
                problems.add("README.md:" + (i + 1) + ": text after a fence inside the block opened at line "
                        + openedAt + " (a closing fence must stand alone)");
            }
        }
        if (open != null) {
            problems.add("README.md:" + openedAt + ": code fence never closed");
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void should_name_every_built_in_report_format_in_the_plugins_section() throws IOException {
        String readme = readme();
        String section = readme.substring(readme.indexOf("## Plugins"), readme.indexOf("## The JSON report"));
        Matcher sentence = Pattern.compile("The built-ins are ([^.]*)\\.").matcher(section);
        assertThat(sentence.find()).as("the Plugins section names the built-in report formats").isTrue();
        List<String> named = Pattern.compile("`([^`]+)`").matcher(sentence.group(1)).results()
                .map(r -> r.group(1)).toList();

        List<String> builtIn = ServiceLoader.load(dev.agenteval.spi.ReportFormat.class).stream()
                .filter(p -> p.type().getName().startsWith("dev.agenteval.report."))
                .map(p -> p.get().id()).toList();

        assertThat(named).containsExactlyInAnyOrderElementsOf(builtIn);
    }
}
