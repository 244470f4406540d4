package dev.agenteval.yaml;

import static dev.agenteval.api.Scorers.jsonPath;
import static dev.agenteval.api.Scorers.mustInclude;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.agenteval.api.Case;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.JsonPathCheck;
import dev.agenteval.api.Message;
import dev.agenteval.api.Part;
import dev.agenteval.api.Suite;
import dev.agenteval.api.Turn;
import dev.agenteval.api.Variable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The harness's folder defaults and variables: every {@code _defaults.yaml} from the project root
 * (the nearest folder holding {@code .git}) down to the suite's folder, deep-merged with nearer
 * files winning per key and the suite's own {@code globals} over them; {@code globals.message}
 * under every eval's and step's message; variables at every level, {@code random_int} among them.
 */
class FolderDefaultsTest {

    @TempDir
    Path dir;

    private static final String ONE_EVAL = """
            evals:
              - name: hello
                message: {message: {parts: [{kind: text, text: Hi}]}}
            """;

    private Path write(String relative, String text) throws IOException {
        Path file = dir.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
        return file;
    }

    private static boolean inNoRepository(Path folder) {
        for (Path d = folder.toAbsolutePath(); d != null; d = d.getParent()) {
            if (Files.exists(d.resolve(".git"))) {
                return false;
            }
        }
        return true;
    }

    private ConfigurationException refused(Path suite) {
        ConfigurationException e = catchThrowableOfType(ConfigurationException.class,
                () -> TestScorers.loader().load(suite));
        assertThat(e).as("the load of %s must fail", suite).isNotNull();
        return e;
    }

    /** repo/ (with .git), repo/evals/, repo/evals/topic/, each with a _defaults.yaml; the suite in topic/. */
    private Path threeLevels() throws IOException {
        Files.createDirectories(dir.resolve("repo/.git"));
        write("repo/_defaults.yaml", """
                globals:
                  concurrency: 2
                  repeat: 3
                  timeout_seconds: 100
                  agent:
                    name: Root Agent
                    systemPrompt: Be brief.
                    tools: [search, calendar]
                    settings: {temperature: 0, model: small}
                  variables:
                    tenant: base
                    who: root
                  message:
                    message:
                      metadata: {locale: en, team: core}
                """);
        write("repo/evals/_defaults.yaml", """
                globals:
                  concurrency: 4
                  agent:
                    name: Evals Agent
                    tools: [search]
                    settings: {model: large}
                  variables:
                    who: evals
                  message:
                    message:
                      metadata: {team: evals}
                      parts: [{kind: text, text: "Hello from {{tenant}}"}]
                """);
        write("repo/evals/topic/_defaults.yaml", """
                globals:
                  timeout_seconds: 200
                  agent:
                    settings: {temperature: 0.5}
                  variables:
                    topic: vitals
                """);
        return write("repo/evals/topic/suite.yaml", """
                globals:
                  timeout_seconds: 300
                  agent:
                    tools: []
                  variables:
                    who: suite
                variables:
                  extra: x
                evals:
                  - name: single
                    message:
                      message:
                        parts: [{kind: text, text: "Hi {{who}}"}]
                        metadata: {channel: web}
                    expectations:
                      must_include: ["{{today}}"]
                  - name: from_globals
                  - name: sequential
                    type: sequential
                    steps:
                      - name: first
                      - name: second
                        message:
                          message:
                            role: agent
                            metadata: {locale: da}
                """);
    }

    @Test
    void should_read_a_defaults_yml_like_a_defaults_yaml_at_every_level() throws IOException {
        Files.createDirectories(dir.resolve("repo/.git"));
        write("repo/_defaults.yml", """
                globals:
                  concurrency: 2
                  repeat: 3
                """);
        write("repo/evals/_defaults.yaml", """
                globals:
                  concurrency: 4
                """);
        Path suite = write("repo/evals/suite.yaml", ONE_EVAL);

        Suite loaded = TestScorers.loader().load(suite);

        assertThat(loaded.concurrency()).contains(4);
        assertThat(loaded.repeat()).contains(3);
    }

    @Test
    void should_refuse_a_folder_holding_both_defaults_yaml_and_defaults_yml_naming_both() throws IOException {
        Files.createDirectories(dir.resolve("repo/.git"));
        write("repo/_defaults.yaml", "globals:\n  concurrency: 2\n");
        write("repo/_defaults.yml", "globals:\n  concurrency: 3\n");
        Path suite = write("repo/evals/suite.yaml", ONE_EVAL);

        ConfigurationException e = refused(suite);

        Path shown = suite.getParent().resolve("..");
        assertThat(e.problems()).containsExactly(shown.resolve("_defaults.yml").normalize() + ": both "
                + shown.resolve("_defaults.yaml").normalize() + " and " + shown.resolve("_defaults.yml").normalize()
                + " hold folder defaults: keep one of the two (they are read alike, and neither wins)");
    }

    @Test
    void should_merge_three_levels_of_defaults_nearer_winning_and_the_suite_over_them() throws IOException {
        Suite suite = TestScorers.loader().load(threeLevels());

        // scalars replace, the nearer file winning; the suite's own globals win over every file
        assertThat(suite.concurrency()).contains(4);
        assertThat(suite.repeat()).contains(3);
        assertThat(suite.timeout()).contains(Duration.ofSeconds(300));
        // mappings merge key by key, lists replace (even by an empty one)
        Map<String, Object> agent = Map.of("name", "Evals Agent", "systemPrompt", "Be brief.", "tools", List.of(),
                "settings", Map.of("temperature", 0.5, "model", "large"));
        assertThat(suite.cases()).allSatisfy(c -> assertThat(c.agent()).as(c.id()).isEqualTo(agent));
        // globals.variables merge like every mapping; the root's variables over them
        assertThat(suite.variables()).containsExactly(
                Map.entry("tenant", Variable.literal("base")), Map.entry("who", Variable.literal("suite")),
                Map.entry("topic", Variable.literal("vitals")), Map.entry("extra", Variable.literal("x")));
    }

    @Test
    void should_merge_globals_message_under_every_evals_and_steps_message() throws IOException {
        Suite suite = TestScorers.loader().load(threeLevels());
        Part hello = Part.text("Hello from {{tenant}}");

        assertThat(suite.find("single").orElseThrow().turns().get(0).input()).isEqualTo(new Message("user",
                List.of(Part.text("Hi {{who}}")), Map.of("locale", "en", "team", "evals", "channel", "web")));
        assertThat(suite.find("from_globals").orElseThrow().turns().get(0).input())
                .isEqualTo(new Message("user", List.of(hello), Map.of("locale", "en", "team", "evals")));
        assertThat(suite.find("sequential").orElseThrow().turns()).extracting(Turn::input).containsExactly(
                new Message("user", List.of(hello), Map.of("locale", "en", "team", "evals")),
                new Message("agent", List.of(hello), Map.of("locale", "da", "team", "evals")));
    }

    @Test
    void should_be_the_suite_the_dsl_builds() throws IOException {
        Suite loaded = TestScorers.loader().load(threeLevels());
        Map<String, Object> agent = Map.of("name", "Evals Agent", "systemPrompt", "Be brief.", "tools", List.of(),
                "settings", Map.of("temperature", 0.5, "model", "large"));
        Map<String, Object> metadata = Map.of("locale", "en", "team", "evals");
        Message greeting = new Message("user", List.of(Part.text("Hello from {{tenant}}")), metadata);

        Suite expected = Suite.named("suite").concurrency(4).repeat(3).timeout(Duration.ofSeconds(300))
                .variable("tenant", Variable.literal("base")).variable("who", Variable.literal("suite"))
                .variable("topic", Variable.literal("vitals")).variable("extra", Variable.literal("x"))
                .add(Case.id("single").agent(agent).turn(Turn.of(new Message("user", List.of(Part.text("Hi {{who}}")),
                        Map.of("locale", "en", "team", "evals", "channel", "web"))).expect(mustInclude("{{today}}"))))
                .add(Case.id("from_globals").answerRequired(false).agent(agent).turn(Turn.of(greeting)))
                .add(Case.id("sequential").answerRequired(false).agent(agent).turn(Turn.of(greeting).named("first"))
                        .turn(Turn.of(new Message("agent", greeting.parts(), Map.of("locale", "da", "team", "evals")))
                                .named("second")))
                .build();

        assertThat(loaded).isEqualTo(expected);
    }

    @Test
    void should_read_no_defaults_above_the_project_root() throws IOException {
        write("_defaults.yaml", "globals: {repeat: 7, concurrency: 9}\n");
        Files.createDirectories(dir.resolve("repo/.git"));
        write("repo/_defaults.yaml", "globals: {concurrency: 2}\n");
        Path suite = write("repo/evals/s.yaml", ONE_EVAL);

        Suite loaded = TestScorers.loader().load(suite);

        assertThat(loaded.concurrency()).contains(2);
        assertThat(loaded.repeat()).isEmpty();
    }

    @Test
    void should_take_a_git_worktree_file_as_the_project_root() throws IOException {
        write("_defaults.yaml", "globals: {repeat: 7}\n");
        write("repo/.git", "gitdir: /elsewhere/.git/worktrees/repo\n");
        Path suite = write("repo/evals/s.yaml", ONE_EVAL);

        assertThat(TestScorers.loader().load(suite).repeat()).isEmpty();
    }

    @Test
    void should_read_only_the_suites_own_folder_outside_a_repository() throws IOException {
        write("_defaults.yaml", "globals: {repeat: 7}\n");
        write("evals/_defaults.yaml", "globals: {concurrency: 3}\n");
        Path suite = write("evals/s.yaml", ONE_EVAL);

        Suite loaded = TestScorers.loader().load(suite);

        assertThat(inNoRepository(dir)).as("the test folder is in no repository").isTrue();
        assertThat(loaded.concurrency()).contains(3);
        assertThat(loaded.repeat()).isEmpty();
    }

    @Test
    void should_apply_defaults_to_every_suite_of_a_folder_run_and_never_run_underscore_files() throws IOException {
        threeLevels();
        write("repo/evals/top.yaml", ONE_EVAL);
        write("repo/evals/topic/_shared.yaml", ONE_EVAL);

        List<Suite> suites = TestScorers.loader().loadAll(dir.resolve("repo"));

        assertThat(suites).extracting(Suite::name).containsExactly("top", "suite");
        assertThat(suites.get(0).concurrency()).contains(4);
        assertThat(suites.get(0).timeout()).contains(Duration.ofSeconds(100));
        assertThat(suites.get(0).cases().get(0).turns().get(0).input().metadata())
                .isEqualTo(Map.of("locale", "en", "team", "evals"));
    }

    @Test
    void should_refuse_to_load_a_defaults_file_as_a_suite() throws IOException {
        Path defaults = write("evals/_defaults.yaml", "globals: {concurrency: 2}\n");

        assertThat(refused(defaults).problems()).containsExactly(defaults + ": is the folder defaults of the harness"
                + " dialect, not a suite: its globals apply to every suite in its folder and below; load one of those,"
                + " or the folder");
    }

    @Test
    void should_locate_a_defaults_file_that_is_not_a_mapping_or_has_other_keys() throws IOException {
        Files.createDirectories(dir.resolve("repo/.git"));
        Path list = write("repo/_defaults.yaml", "- concurrency: 2\n");
        Path keys = write("repo/evals/_defaults.yaml", "globals: {concurrency: 2}\nvariables: {a: b}\nevals: []\n");
        Path notMapping = write("repo/evals/topic/_defaults.yaml", "# shared\nglobals: [concurrency]\n");
        Path suite = write("repo/evals/topic/s.yaml", ONE_EVAL);

        assertThat(refused(suite).problems()).containsExactly(
                list + ":1:1: a _defaults.yaml must be a mapping with 'globals' (shared defaults of the suites in its"
                        + " folder and below) but is a list",
                keys + ":2:1: variables: unknown key 'variables' in _defaults.yaml: only its 'globals' block counts: put"
                        + " it under 'globals'",
                keys + ":3:1: evals: unknown key 'evals' in _defaults.yaml: only its 'globals' block counts: evals"
                        + " belong in a suite file",
                notMapping + ":2:10: globals: must be a mapping but is a list");
    }

    @Test
    void should_locate_a_mistake_in_a_defaults_file_once_however_many_suites_it_serves() throws IOException {
        Files.createDirectories(dir.resolve("repo/.git"));
        Path defaults = write("repo/evals/_defaults.yaml", """
                globals:
                  timeout_seconds: -1
                  concurency: 2
                  message:
                    message:
                      rol: user
                """);
        write("repo/evals/a.yaml", ONE_EVAL);
        write("repo/evals/b.yaml", ONE_EVAL.replace("hello", "bye"));

        ConfigurationException e = catchThrowableOfType(ConfigurationException.class,
                () -> TestScorers.loader().loadAll(dir.resolve("repo")));

        assertThat(e.problems()).containsExactly(
                defaults + ":2:20: globals.timeout_seconds: must be between 0.001 and 31536000 seconds (one year) but"
                        + " is -1",
                defaults + ":3:3: globals.concurency: unknown key 'concurency' — did you mean 'concurrency'?",
                defaults + ":6:7: evals[0].message.message.rol (case 'hello'): unknown key 'rol' — did you mean"
                        + " 'role'?",
                defaults + ":6:7: evals[0].message.message.rol (case 'bye'): unknown key 'rol' — did you mean"
                        + " 'role'?");
    }

    @Test
    void should_name_defaults_files_relative_when_the_suite_is_named_relative() throws IOException {
        Files.createDirectories(dir.resolve("repo/.git"));
        write("repo/_defaults.yaml", "globals: {concurrency: 0}\n");
        write("repo/evals/s.yaml", ONE_EVAL);
        Path relative = Path.of("").toAbsolutePath().relativize(dir.resolve("repo/evals/s.yaml"));

        ConfigurationException e = catchThrowableOfType(ConfigurationException.class,
                () -> TestScorers.loader().load(relative));

        assertThat(e.problems()).containsExactly(relative.getParent().resolve("../_defaults.yaml").normalize()
                + ":1:24: globals.concurrency: must be a whole number between 1 and 1000 but is 0");
    }

    @Test
    void should_read_variables_of_every_level_and_random_ints() {
        Suite suite = TestScorers.loader().load(Fixtures.path("valid/harness/variables.yaml"));

        assertThat(suite.variables()).containsExactly(
                Map.entry("tenant", Variable.literal("base")), Map.entry("who", Variable.literal("root")),
                Map.entry("dice", Variable.randomInt(1, 6)));
        Case own = suite.find("own_parts").orElseThrow();
        assertThat(own.variables()).containsExactly(Map.entry("who", Variable.literal("Ada")),
                Map.entry("n", Variable.randomInt(-5, 5)));
        assertThat(own.turns().get(0).input()).isEqualTo(new Message("user",
                List.of(Part.text("Hi {{who}}, roll {{dice}} on {{today}}")), Map.of("locale", "en", "team", "triage")));
        assertThat(own.turns().get(0).scorers()).containsExactly(mustInclude("{{who}}", "{{dice}}"),
                jsonPath(JsonPathCheck.at("$.roll").isEqualTo("{{n}}")));
        Case steps = suite.find("steps").orElseThrow();
        assertThat(steps.variables()).containsExactly(Map.entry("who", Variable.literal("case")));
        assertThat(steps.turns()).extracting(Turn::variables)
                .containsExactly(Map.of(), Map.of("who", Variable.literal("step")));
        assertThat(steps.turns().get(0).input().parts()).containsExactly(Part.text("Hello from {{tenant}}"));
        assertThat(suite.find("default_message").orElseThrow().turns().get(0).input().metadata())
                .isEqualTo(Map.of("locale", "en", "team", "core"));
    }
}
