package dev.agenteval.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Suite;
import dev.agenteval.core.Providers;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerFactory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 12: bad input never crashes the loader, and each error points at the right place — a
 * huge key or value, out-of-range numbers, a registered scorer's parameter, bytes YAML cannot
 * read and excessive nesting each end in a located problem, never an exception.
 */
class LocatedErrorsTest {

    private static final int EIGHT_MB = 8 * 1024 * 1024;
    private static final int ONE_MB = 1024 * 1024;

    private static final String HARNESS = """
            evals:
              - name: hello
                message:
                  message:
                    parts:
                      - kind: text
                        text: Hi
            """;

    /** A platform suite whose one turn's scorers follow (each line indented by 6). */
    private static final String VITALS_SCORERS = """
            cases:
              - id: vitals
                turns:
                  - input: Vitals?
                    scorers:
            """;

    @TempDir
    Path dir;

    private Path write(String name, String yaml) throws IOException {
        return Files.writeString(dir.resolve(name), yaml);
    }

    private static List<String> problems(SuiteLoader loader, Path file) {
        ConfigurationException e = catchThrowableOfType(ConfigurationException.class, () -> loader.load(file));
        assertThat(e).as("loading %s must fail with a ConfigurationException", file).isNotNull();
        return e.problems();
    }

    private static List<String> problems(Path file) {
        return problems(TestScorers.loader(), file);
    }

    private static void assertNoInternals(List<String> problems) {
        for (String p : problems) {
            assertThat(p).doesNotContainPattern("[A-Za-z]+(Exception|Error)\\b").doesNotContain("snakeyaml")
                    .doesNotContain("org.yaml").doesNotContain("java.");
        }
    }

    // 1. An 8 MB string in a key or value must not run the did-you-mean search out of memory.
    // (SnakeYAML itself needs some 20 s to scan an 8 MB scalar, so the other cases use 1 MB.)

    /** {@code HARNESS} with {@code line} added to the eval, after its name. */
    private static String harnessWith(String line) {
        return HARNESS.replace("  - name: hello\n", "  - name: hello\n    " + line + "\n");
    }

    @Test
    void should_report_an_8_mb_unknown_key_at_its_place_with_a_short_message() throws IOException {
        // A plain key is at most 1024 characters in YAML; a longer one is an explicit key.
        String key = "k".repeat(EIGHT_MB);
        Path file = write("huge-key.yaml", HARNESS + "? " + key + "\n: 1\n");

        List<String> problems = problems(file);

        assertThat(problems).hasSize(1);
        assertThat(problems.get(0)).startsWith(file + ":8:3: kkkkkkkkkk").contains("unknown key 'kkkk")
                .contains("(8388608 characters)").contains("(allowed: ");
        assertThat(problems.get(0).length()).as("message length").isLessThan(1000);
    }

    @Test
    void should_report_a_huge_unknown_key_inside_an_eval() throws IOException {
        String key = "timeout_secondz" + "x".repeat(ONE_MB);
        Path file = write("huge-eval-key.yaml", HARNESS + "    ? " + key + "\n    : 1\n");

        List<String> problems = problems(file);

        assertThat(problems).hasSize(1);
        assertThat(problems.get(0)).startsWith(file + ":8:7: evals[0].timeout_secondz").contains("(case 'hello')")
                .contains("unknown key 'timeout_secondz");
        assertThat(problems.get(0).length()).isLessThan(1000);
    }

    @Test
    void should_report_an_8_mb_unknown_part_kind_at_its_place() throws IOException {
        String kind = "t".repeat(EIGHT_MB);
        Path file = write("huge-kind.yaml", HARNESS.replace("kind: text", "kind: " + kind));

        List<String> problems = problems(file);

        assertThat(problems).hasSize(1);
        assertThat(problems.get(0)).startsWith(file + ":6:19: evals[0].message.message.parts[0].kind (case 'hello'):"
                + " unknown part kind 'tttt").contains("(known: text, data)");
        assertThat(problems.get(0).length()).isLessThan(1000);
    }

    @Test
    void should_report_a_huge_unknown_eval_type_and_scorer_type_at_their_place() throws IOException {
        String type = "s".repeat(ONE_MB);
        Path harness = write("huge-type.yaml", harnessWith("type: " + type));
        Path platform = write("huge-scorer.yaml", """
                cases:
                  - id: a
                    turns:
                      - input: Hi
                        scorers:
                          - type: %s
                """.formatted(type));

        assertThat(problems(harness)).singleElement().satisfies(p -> {
            assertThat(p).startsWith(harness + ":3:11: evals[0].type (case 'hello'): unknown eval type 'ssss");
            assertThat(p.length()).isLessThan(1000);
        });
        assertThat(problems(platform)).singleElement().satisfies(p -> {
            assertThat(p).startsWith(platform + ":6:19: cases[0].turns[0].scorers[0].type (case 'a'): unknown scorer"
                    + " type 'ssss");
            assertThat(p.length()).isLessThan(1000);
        });
    }

    @Test
    void should_still_suggest_for_a_short_typo() throws IOException {
        Path file = write("typo.yaml", HARNESS + "    timeout_secnds: 5\n");

        assertThat(problems(file)).containsExactly(file + ":8:5: evals[0].timeout_secnds (case 'hello'): unknown key"
                + " 'timeout_secnds' — did you mean 'timeout_seconds'?");
    }

    // 2. Durations and other numbers: out of range, NaN, infinity, overflow — a located error naming the range.

    private static final String TIMEOUT_RANGE = "must be between 0.001 and 31536000 seconds (one year) but is ";
    private static final String DELAY_RANGE = "must be between 0 and 86400 seconds (one day) but is ";

    @ParameterizedTest(name = "timeout_seconds: {0}")
    @ValueSource(strings = {"0.0000000001", "1.0e+11", "9300000000.5", ".inf", "-.inf", ".nan", "-0.0", "0",
        "99999999999999999999", "31536000.001", "-5"})
    void should_refuse_a_timeout_out_of_range_where_it_is_written(String value) throws IOException {
        Path eval = write("timeout.yaml", harnessWith("timeout_seconds: " + value));
        Path global = write("global-timeout.yaml", "globals:\n  timeout_seconds: " + value + "\n" + HARNESS);

        assertThat(problems(eval)).containsExactly(eval + ":3:22: evals[0].timeout_seconds (case 'hello'): "
                + TIMEOUT_RANGE + value);
        assertThat(problems(global)).containsExactly(global + ":2:20: globals.timeout_seconds: " + TIMEOUT_RANGE
                + value);
    }

    @Test
    void should_refuse_a_number_of_a_million_digits_without_converting_it() throws IOException {
        // BigInteger needs a minute for a million digits (and over an hour for 8 million). SnakeYAML
        // reads so long a plain scalar as a string, but an explicit !!int is converted.
        Path file = write("digits.yaml", harnessWith("timeout_seconds: !!int " + "9".repeat(ONE_MB)));

        long start = System.nanoTime();
        List<String> problems = problems(file);

        assertThat(problems).hasSize(2).allSatisfy(p -> assertThat(p.length()).isLessThan(1000));
        assertThat(problems.get(0)).isEqualTo(file + ":3:22: evals[0].timeout_seconds: a number of 1048576"
                + " characters is too long (at most 100): quote it if it is text");
        assertThat(problems.get(1)).startsWith(file + ":3:22: evals[0].timeout_seconds (case 'hello'): " + TIMEOUT_RANGE
                + "9999");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(20));
    }

    @ParameterizedTest(name = "max_duration_seconds: {0}")
    @ValueSource(strings = {"0.0000000001", "1.0e+11", ".inf", ".nan", "-0.0", "99999999999999999999"})
    void should_refuse_a_max_duration_out_of_range_where_it_is_written(String value) throws IOException {
        Path file = write("max-duration.yaml", HARNESS + "    expectations:\n      max_duration_seconds: " + value + "\n");

        assertThat(problems(file)).containsExactly(file + ":9:29: evals[0].expectations.max_duration_seconds"
                + " (case 'hello'): " + TIMEOUT_RANGE + value);
    }

    @ParameterizedTest(name = "delay_before_seconds: {0}")
    @ValueSource(strings = {"9300000000.5", "1.0e+11", "86400.5", ".inf", ".nan", "-1", "-.inf",
        "99999999999999999999"})
    void should_refuse_a_delay_out_of_range_where_it_is_written(String value) throws IOException {
        Path file = write("delay.yaml", HARNESS + "    delay_before_seconds: " + value + "\n");
        Path step = write("step-delay.yaml", """
                evals:
                  - name: steps
                    type: sequential
                    steps:
                      - delay_before_seconds: %s
                        message: {message: {parts: [{kind: text, text: Hi}]}}
                """.formatted(value));

        assertThat(problems(file)).containsExactly(file + ":8:27: evals[0].delay_before_seconds (case 'hello'): "
                + DELAY_RANGE + value);
        assertThat(problems(step)).containsExactly(step + ":5:31: evals[0].steps[0].delay_before_seconds"
                + " (case 'steps'): " + DELAY_RANGE + value);
    }

    @Test
    void should_accept_durations_at_the_bounds_and_negative_zero_as_no_delay() throws IOException {
        Path file = write("bounds.yaml", """
                globals:
                  timeout_seconds: 31536000
                evals:
                  - name: fast
                    timeout_seconds: 0.001
                    delay_before_seconds: -0.0
                    message: {message: {parts: [{kind: text, text: Hi}]}}
                    expectations:
                      max_duration_seconds: 0.0015
                  - name: late
                    delay_before_seconds: 86400
                    message: {message: {parts: [{kind: text, text: Hi}]}}
                """);

        Suite suite = TestScorers.loader().load(file);

        assertThat(suite.timeout()).contains(Duration.ofDays(365));
        assertThat(suite.cases().get(0).timeout()).contains(Duration.ofMillis(1));
        assertThat(suite.cases().get(0).turns().get(0).delay()).isEqualTo(Duration.ZERO);
        assertThat(suite.cases().get(1).turns().get(0).delay()).isEqualTo(Duration.ofDays(1));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', value = {
        "repeat|0|must be a whole number between 1 and 10000 but is 0",
        "repeat|10001|must be a whole number between 1 and 10000 but is 10001",
        "repeat|99999999999999999999|must be a whole number between 1 and 10000 but is 99999999999999999999",
        "repeat|.inf|must be a whole number between 1 and 10000 but is .inf",
        "repeat|.nan|must be a whole number between 1 and 10000 but is .nan",
        "repeat|2.5|must be a whole number between 1 and 10000 but is 2.5",
        "pass_threshold|.nan|must be a share of attempts above 0 and at most 1 (e.g. 0.8 for 4 of 5) but is .nan",
        "pass_threshold|-0.0|must be a share of attempts above 0 and at most 1 (e.g. 0.8 for 4 of 5) but is -0.0",
        "pass_threshold|.inf|must be a share of attempts above 0 and at most 1 (e.g. 0.8 for 4 of 5) but is .inf",
        "pass_threshold|99999999999999999999|must be a share of attempts above 0 and at most 1 (e.g. 0.8 for 4 of 5)"
            + " but is 99999999999999999999",
    })
    void should_refuse_repeat_settings_out_of_range_in_both_dialects(String key, String value, String message)
            throws IOException {
        Path harness = write("repeat.yaml", HARNESS + "    " + key + ": " + value + "\n");
        String platformKey = key.equals("pass_threshold") ? "passThreshold" : key;
        Path platform = write("platform-repeat.yaml", """
                cases:
                  - id: a
                    %s: %s
                    turns:
                      - input: Hi
                        scorers: [{type: correctness, criteria: Greets.}]
                """.formatted(platformKey, value));
        Path platformRoot = write("platform-root-repeat.yaml", platformKey + ": " + value + """

                cases:
                  - id: a
                    turns:
                      - input: Hi
                        scorers: [{type: correctness, criteria: Greets.}]
                """);

        assertThat(problems(harness)).containsExactly(harness + ":8:" + (key.length() + 7) + ": evals[0]." + key
                + " (case 'hello'): " + message);
        assertThat(problems(platform)).containsExactly(platform + ":3:" + (platformKey.length() + 7) + ": cases[0]."
                + platformKey + " (case 'a'): " + message);
        assertThat(problems(platformRoot)).containsExactly(platformRoot + ":1:" + (platformKey.length() + 3) + ": "
                + platformKey + ": " + message);
    }

    @ParameterizedTest(name = "concurrency: {0}")
    @ValueSource(strings = {"0", "-1", "1001", "99999999999999999999", ".inf", ".nan", "4.5"})
    void should_refuse_a_concurrency_out_of_range(String value) throws IOException {
        Path file = write("concurrency.yaml", "globals:\n  concurrency: " + value + "\n" + HARNESS);

        assertThat(problems(file)).containsExactly(file + ":2:16: globals.concurrency: must be a whole number"
                + " between 1 and 1000 but is " + value);
    }

    // 3. A registered scorer's parameter error points at the parameter, the Nth jsonpath entry at that entry.

    @Test
    void should_point_a_platform_scorer_parameter_error_at_the_parameter() throws IOException {
        Path file = write("jsonpath.yaml", """
                cases:
                  - id: vitals
                    turns:
                      - input: Vitals?
                        scorers:
                          - type: jsonpath
                            assertions:
                              - path: $.items
                                length: 4
                              - path: $.items[0].name
                                exists: true
                              - path: $.items
                                lenght: 4
                          - type: must_include
                            values: [ok]
                            ignorecase: true
                          - type: regex
                            pattern: "("
                """);

        assertThat(problems(SuiteLoader.defaults(), file)).containsExactly(
                file + ":13:17: cases[0].turns[0].scorers[0].assertions[2].lenght (case 'vitals'): scorer 'jsonpath':"
                        + " jsonpath assertion 3 has unknown comparator 'lenght' (known: equals, contains, length,"
                        + " count, min, max, regex, exists)",
                file + ":16:13: cases[0].turns[0].scorers[1].ignorecase (case 'vitals'): scorer 'must_include':"
                        + " unknown parameter 'ignorecase' (known: values)",
                file + ":18:13: cases[0].turns[0].scorers[2].pattern (case 'vitals'): scorer 'regex': 'pattern' is"
                        + " not a valid regular expression: '(' (Unclosed group near index 1)");
    }

    @Test
    void should_point_at_the_jsonpath_entry_whose_path_or_comparator_is_wrong() throws IOException {
        Path file = write("entries.yaml", """
                cases:
                  - id: vitals
                    turns:
                      - input: Vitals?
                        scorers:
                          - type: jsonpath
                            assertions:
                              - {path: $.a, exists: true}
                              - {path: $.b, exists: true}
                              - {path: "$.items[?(@.x", length: 4}
                              - {path: $.c, regex: "(", min: one}
                          - type: tool_args
                            tool: lookup
                            assertions:
                              - {path: $.a, exists: true}
                              - {path: $.b, count: -1}
                """);

        List<String> problems = problems(SuiteLoader.defaults(), file);

        assertThat(problems).hasSize(4);
        assertThat(problems.get(0)).isEqualTo(file + ":10:18: cases[0].turns[0].scorers[0].assertions[2].path (case"
                + " 'vitals'): scorer 'jsonpath': jsonpath assertion 3 has an invalid path '$.items[?(@.x': the '(' at"
                + " character 10 is never closed");
        assertThat(problems.get(1)).isEqualTo(file + ":11:29: cases[0].turns[0].scorers[0].assertions[3].regex (case"
                + " 'vitals'): scorer 'jsonpath': jsonpath assertion 4: 'regex' is not a valid regular expression: '('"
                + " (Unclosed group near index 1)");
        assertThat(problems.get(2)).isEqualTo(file + ":11:41: cases[0].turns[0].scorers[0].assertions[3].min (case"
                + " 'vitals'): scorer 'jsonpath': jsonpath assertion 4: 'min' must be a number but was \"one\"");
        assertThat(problems.get(3)).isEqualTo(file + ":16:29: cases[0].turns[0].scorers[1].assertions[1].count (case"
                + " 'vitals'): scorer 'tool_args': assertion 2: 'count' must be a whole number >= 0 but was -1");
        assertNoInternals(problems);
    }

    @Test
    void should_point_at_the_third_harness_jsonpath_entry() throws IOException {
        Path typo = write("typo.yaml", HARNESS + """
                    expectations:
                      jsonpath:
                        - path: $.a
                          exists: true
                        - path: $.b
                          exists: true
                        - path: $.items
                          lenght: 4
                """);
        Path badPath = write("bad-path.yaml", HARNESS + """
                    expectations:
                      jsonpath:
                        - path: $.a
                          exists: true
                        - path: $.b
                          exists: true
                        - path: "$.items[?(@.x"
                          length: 4
                """);

        assertThat(problems(SuiteLoader.defaults(), typo)).containsExactly(typo + ":15:11:"
                + " evals[0].expectations.jsonpath[2].lenght (case 'hello'): unknown key 'lenght' — did you mean"
                + " 'length'?");
        assertThat(problems(SuiteLoader.defaults(), badPath)).containsExactly(badPath + ":14:11:"
                + " evals[0].expectations.jsonpath[2].path (case 'hello'): scorer 'jsonpath': jsonpath assertion 3 has"
                + " an invalid path '$.items[?(@.x': the '(' at character 10 is never closed");
    }

    @Test
    void should_say_what_is_wrong_with_a_json_path_where_a_suite_writes_one() throws IOException {
        // json-path itself answers "$[" and "$..[" with a StringIndexOutOfBoundsException
        Path file = write("paths.yaml", VITALS_SCORERS + """
                          - type: jsonpath
                            assertions:
                              - {path: "$[", exists: true}
                          - type: tool_args
                            tool: lookup
                            assertions:
                              - {path: "$..[", exists: true}
                          - type: trajectory
                            mode: unordered
                            calls:
                              - name: lookup
                                assertions:
                                  - {path: "$['a", exists: true}
                """);

        List<String> problems = problems(SuiteLoader.defaults(), file);

        assertThat(problems).containsExactly(
                file + ":8:18: cases[0].turns[0].scorers[0].assertions[0].path (case 'vitals'): scorer 'jsonpath':"
                        + " jsonpath assertion 1 has an invalid path '$[': the '[' at character 2 is never closed",
                file + ":12:18: cases[0].turns[0].scorers[1].assertions[0].path (case 'vitals'): scorer 'tool_args':"
                        + " assertion 1 has an invalid path '$..[': the '[' at character 4 is never closed",
                file + ":18:22: cases[0].turns[0].scorers[2].calls[0].assertions[0].path (case 'vitals'): scorer"
                        + " 'trajectory': call 1 assertion 1 has an invalid path '$['a': the quote (') at character 3"
                        + " is never closed");
        assertNoInternals(problems);
    }

    @Test
    void should_point_a_plugin_problem_at_the_parameter_it_names() throws IOException {
        Path file = write("plugin-paths.yaml", """
                cases:
                  - id: a
                    turns:
                      - input: Hi
                        scorers:
                          - type: contains
                            values:
                              - ok
                              - 42
                            ignorecase: true
                """);

        assertThat(problems(file)).containsExactly(
                file + ":9:17: cases[0].turns[0].scorers[0].values[1] (case 'a'): scorer 'contains': 'values' must"
                        + " be a non-empty list of strings, but item 2 is 42",
                file + ":10:13: cases[0].turns[0].scorers[0].ignorecase (case 'a'): scorer 'contains': unknown"
                        + " parameter 'ignorecase' (known: values, ignoreCase)");
    }

    @Test
    void should_keep_reporting_a_plugin_that_only_gives_sentences_at_the_scorer() throws IOException {
        ScorerFactory sentences = new ScorerFactory() {
            @Override
            public String id() {
                return "legacy";
            }

            @Override
            public List<String> validate(ScorerSpec spec) {
                return spec.params().containsKey("limit") ? List.of() : List.of("needs 'limit'");
            }

            @Override
            public Scorer create(ScorerSpec spec) {
                throw new UnsupportedOperationException();
            }
        };
        Path file = write("legacy.yaml", """
                cases:
                  - id: a
                    turns:
                      - input: Hi
                        scorers:
                          - type: legacy
                            limti: 3
                """);

        assertThat(problems(SuiteLoader.builder().providers(Providers.empty().withScorer(sentences)).build(), file))
                .containsExactly(file + ":6:13: cases[0].turns[0].scorers[0] (case 'a'): scorer 'legacy': needs"
                        + " 'limit'");
    }

    @Test
    void should_keep_a_plugin_problem_without_a_parameter_at_the_scorer() throws IOException {
        Path file = write("plugin.yaml", """
                cases:
                  - id: a
                    turns:
                      - input: Hi
                        scorers:
                          - type: contains
                            values: []
                """);

        assertThat(problems(file)).containsExactly(file + ":6:13: cases[0].turns[0].scorers[0] (case 'a'): scorer"
                + " 'contains': needs at least one value in 'values'");
    }

    // 4. Bytes YAML cannot read, and excessive nesting: a message naming the line, no internal exception text.

    @Test
    void should_name_the_line_and_column_of_invalid_utf8() throws IOException {
        Path file = dir.resolve("latin1.yaml");
        Files.write(file, (HARNESS + "    # caf\u00e9\n").getBytes(StandardCharsets.ISO_8859_1));

        assertThat(problems(file)).containsExactly(file + ":8:10: is not valid UTF-8: byte 0xE9 cannot be decoded"
                + " (save the file as UTF-8)");
    }

    @Test
    void should_not_count_a_byte_order_mark_as_a_column_of_invalid_utf8() throws IOException {
        Path file = dir.resolve("bom-latin1.yaml");
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        byte[] text = "evals: caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1);
        byte[] all = java.util.Arrays.copyOf(bom, bom.length + text.length);
        System.arraycopy(text, 0, all, bom.length, text.length);
        Files.write(file, all);

        assertThat(problems(file)).containsExactly(file + ":1:11: is not valid UTF-8: byte 0xE9 cannot be decoded"
                + " (save the file as UTF-8)");
    }

    @Test
    void should_name_the_line_of_a_truncated_utf8_sequence_at_the_end() throws IOException {
        Path file = dir.resolve("cut.yaml");
        byte[] text = (HARNESS + "    # \u00e9").getBytes(StandardCharsets.UTF_8);
        Files.write(file, java.util.Arrays.copyOf(text, text.length - 1));

        assertThat(problems(file)).containsExactly(file + ":8:7: is not valid UTF-8: byte 0xC3 cannot be decoded"
                + " (save the file as UTF-8)");
    }

    @Test
    void should_name_the_line_of_a_nul_byte() throws IOException {
        Path file = write("nul.yaml", HARNESS.replace("text: Hi", "text: H\u0000i"));

        List<String> problems = problems(file);

        assertThat(problems).containsExactly(file + ":7:20: invalid YAML: the control character U+0000 is not"
                + " allowed in a YAML file (write it as \\u0000 in a double-quoted string)");
        assertNoInternals(problems);
    }

    @Test
    void should_name_the_line_of_excessive_nesting() throws IOException {
        Path flow = write("deep.yaml", "evals: " + "[".repeat(10_000) + "\n");
        Path block = write("deep-block.yaml", "evals:\n" + deepBlock(100));

        List<String> flowProblems = problems(flow);
        List<String> blockProblems = problems(block);

        assertThat(flowProblems).containsExactly(flow + ":1:72: invalid YAML: lists and mappings are nested more"
                + " than 64 deep here");
        assertThat(blockProblems).singleElement().asString().startsWith(block + ":65:")
                .endsWith(": invalid YAML: lists and mappings are nested more than 64 deep here");
        assertNoInternals(flowProblems);
        assertNoInternals(blockProblems);
    }

    private static String deepBlock(int depth) {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i < depth; i++) {
            sb.append("  ".repeat(i)).append("k").append(i).append(":\n");
        }
        return sb.append("  ".repeat(depth)).append("x: 1\n").toString();
    }

    @Test
    void should_give_no_internal_exception_text_for_broken_yaml() throws IOException {
        List<String> inputs = List.of("evals: [\n", "evals: {a: \n", "evals:\n\t- x\n", "evals: \"\\x\"\n",
                "evals: *nope\n", "evals: !<!> x\n", "? [a]\n: b\n", "evals:\n  - &a x\n  - &a y\n",
                "evals: '\n", "%YAML 1.1\n%YAML 1.1\n---\nevals: []\n", "evals: \"\\uD800\"\n",
                "evals: 0x" + "F".repeat(40) + "\n", "evals: 0b12\n");
        int i = 0;
        for (String yaml : inputs) {
            Path file = write("broken" + i++ + ".yaml", yaml);
            List<String> problems = problems(file);
            assertThat(problems).as(yaml).isNotEmpty().allSatisfy(p -> assertThat(p).startsWith(file + ":"));
            assertNoInternals(problems);
        }
    }
}
