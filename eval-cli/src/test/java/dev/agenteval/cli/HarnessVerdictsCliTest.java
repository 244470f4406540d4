package dev.agenteval.cli;

import static dev.agenteval.testkit.A2aPart.data;
import static dev.agenteval.testkit.A2aPart.text;
import static dev.agenteval.testkit.A2aReply.message;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.api.TaskState;
import dev.agenteval.testkit.A2aPart;
import dev.agenteval.testkit.A2aReply;
import dev.agenteval.testkit.A2aWire;
import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import dev.agenteval.testkit.FakeA2aAgent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Harness-dialect suites ({@code evals:}) must give the Python harness's verdicts. Each test writes
 * one suite of many small evals, runs {@code agent-eval run --protocol a2a} in-process against a
 * {@link FakeA2aAgent} speaking A2A 0.3 or 1.0 (its agent card chooses), and checks every case's
 * status and the relevant check's {@code passed} flag and {@code detail} in {@code results.json}.
 *
 * <p>Every canned task carries a {@code history} echoing the user's message and an agent message
 * holding {@code HISTORY_ONLY_MARKER}; neither may ever count.
 */
class HarnessVerdictsCliTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The word only the history of every task holds. */
    private static final String HISTORY_MARKER = "HISTORY_ONLY_MARKER";

    /**
     * A task ending in {@code state} (a neutral spelling such as {@code failed}, rendered per
     * version), its history holding {@link #HISTORY_MARKER} after the user's message.
     */
    private static A2aReply task(String state) {
        return A2aReply.task(TaskState.parse(state)).history(text("Earlier turn: " + HISTORY_MARKER + " (only in history)"));
    }

    /** A task whose {@code status.state} is {@code state} exactly as written, in both versions. */
    private static A2aReply taskSpelled(String state) {
        return A2aReply.taskSpelled(state).history(text("Earlier turn: " + HISTORY_MARKER + " (only in history)"));
    }

    /** An ordered map from alternating message texts and replies. */
    private static Map<String, A2aReply> answers(Object... textsAndReplies) {
        Map<String, A2aReply> map = new LinkedHashMap<>();
        for (int i = 0; i < textsAndReplies.length; i += 2) {
            map.put((String) textsAndReplies[i], (A2aReply) textsAndReplies[i + 1]);
        }
        return map;
    }

    @TempDir
    Path dir;

    // =================================================================== rule 1: the state guard

    /** The spellings of the failure states a task may end in, whatever the wire version: the harness's failed and rejected. */
    private static final List<String> FAILURE_SPELLINGS = List.of("failed", "FAILED", "TASK_STATE_FAILED",
            "rejected", "TASK_STATE_REJECTED");

    /** Spellings of a canceled task, which the harness's guard lets pass (its failure set is failed and rejected). */
    private static final List<String> CANCELED_SPELLINGS = List.of("canceled", "cancelled", "CANCELLED",
            "TASK_STATE_CANCELED");

    /** How a turn can have no expectations: no key, {@code expectations: null}, {@code expectations: {}}. */
    static Stream<Arguments> wiresAndEmptyExpectations() {
        return Stream.of(A2aWire.values()).flatMap(w -> Stream.of(ABSENT, "null", "{}").map(f -> Arguments.of(w, f)));
    }

    @ParameterizedTest(name = "A2A {0}, expectations: {1}")
    @MethodSource("wiresAndEmptyExpectations")
    void the_state_guard_runs_when_a_turn_has_no_expectations(A2aWire wire, String expectations) throws IOException {
        List<Eval> evals = new ArrayList<>();
        for (String state : FAILURE_SPELLINGS) {
            evals.add(eval("ended_" + state).answers(taskSpelled(state).parts(text("I could not do it.")))
                    .expects(expectations)
                    .fails(Verdict.failed("task_state", stateName(state))));
        }
        verdicts(wire, evals);
    }

    /** The harness's guard fails failed and rejected only: a completed or canceled task passes without expectations. */
    @ParameterizedTest(name = "A2A {0}, expectations: {1}")
    @MethodSource("wiresAndEmptyExpectations")
    void a_completed_or_canceled_task_without_expectations_passes(A2aWire wire, String expectations) throws IOException {
        verdicts(wire, Stream.concat(Stream.of("completed"), CANCELED_SPELLINGS.stream())
                .map(state -> eval("ended_" + state).answers(taskSpelled(state).parts(text("Done.")))
                        .expects(expectations).passes())
                .toList());
    }

    /** A whitespace-only state is no state: the guard has nothing to fail, and expected_state finds none. */
    @ParameterizedTest(name = "A2A {0}")
    @EnumSource(A2aWire.class)
    void a_whitespace_only_task_state_is_treated_as_absent(A2aWire wire) throws IOException {
        verdicts(wire, List.of(
                eval("blank_state_without_expectations").answers(taskSpelled("   ").parts(text("Done.")))
                        .expects(ABSENT).passes(),
                eval("blank_state_with_content_check").answers(taskSpelled(" \t ").parts(text("Done: STATUS_WORD")))
                        .expects("{must_include: [STATUS_WORD]}").passes(Verdict.passed("must_include")),
                eval("blank_state_expected_completed").answers(taskSpelled("   ").parts(text("Done.")))
                        .expects("{expected_state: completed}")
                        .fails(Verdict.failed("expected_state", "no task state in response")),
                eval("blank_state_expected_unknown").answers(taskSpelled("   ").parts(text("Done.")))
                        .expects("{expected_state: unknown}")
                        .fails(Verdict.failed("expected_state", "no task state in response"))));
    }

    @ParameterizedTest(name = "A2A {0}")
    @EnumSource(A2aWire.class)
    void the_state_guard_fails_a_task_whose_content_checks_pass(A2aWire wire) throws IOException {
        List<Eval> evals = new ArrayList<>();
        for (String state : FAILURE_SPELLINGS) {
            evals.add(eval("content_ok_but_" + state)
                    .answers(taskSpelled(state).parts(text("Partial answer: STATUS_WORD")))
                    .expects("{must_include: [STATUS_WORD]}")
                    .fails(Verdict.passed("must_include"), Verdict.failed("task_state", stateName(state))));
        }
        verdicts(wire, evals);
    }

    @ParameterizedTest(name = "A2A {0}")
    @EnumSource(A2aWire.class)
    void a_failed_task_without_expectations_fails(A2aWire wire) throws IOException {
        Run run = run(wire, List.of(eval("failed_without_expectations")
                .answers(task("failed").parts(text("Something went wrong.")))));

        assertThat(run.exitCode).as(run.output()).isEqualTo(1);
        assertThat(run.caseNamed("failed_without_expectations").path("status").asText()).isEqualTo("failed");
    }

    /**
     * The harness has no "agent answered" rule: an eval without expectations whose task completed
     * with no text passes, and the state guard alone can fail it.
     */
    @ParameterizedTest(name = "A2A {0}, expectations: {1}")
    @MethodSource("wiresAndEmptyExpectations")
    void an_empty_answer_without_expectations_passes_unless_the_state_guard_fails_it(A2aWire wire, String expectations)
            throws IOException {
        verdicts(wire, List.of(
                eval("completed_empty_text").answers(task("completed").parts(text("")))
                        .expects(expectations).passes(),
                eval("completed_no_message").answers(task("completed"))
                        .expects(expectations).passes(),
                eval("empty_message").answers(message(text("")))
                        .expects(expectations).passes(),
                eval("failed_empty_text").answers(task("failed").parts(text("")))
                        .expects(expectations).fails(Verdict.failed("task_state", "failed"))));
    }

    /** Each step of a sequential eval without expectations is held to the state guard only, as the harness does. */
    @ParameterizedTest(name = "A2A {0}")
    @EnumSource(A2aWire.class)
    void sequential_steps_without_expectations_pass_on_empty_answers_unless_the_state_guard_fails_them(A2aWire wire)
            throws IOException {
        Map<String, A2aReply> answers = answers(
                "quiet step 1", task("completed").parts(text("")), "quiet step 2", task("completed"),
                "failing step 1", task("completed").parts(text("")), "failing step 2", task("rejected"));
        String suite = """
                evals:
                  - name: quiet_steps
                    type: sequential
                    steps:
                      - message: {message: {parts: [{kind: text, text: quiet step 1}]}}
                      - message: {message: {parts: [{kind: text, text: quiet step 2}]}}
                        expectations: {}
                  - name: rejected_step
                    type: sequential
                    steps:
                      - message: {message: {parts: [{kind: text, text: failing step 1}]}}
                      - message: {message: {parts: [{kind: text, text: failing step 2}]}}
                """;

        Run run = run(wire, suite, answers);

        assertThat(run.caseNamed("quiet_steps").path("status").asText()).as(run.output()).isEqualTo("passed");
        JsonNode rejected = run.caseNamed("rejected_step");
        assertThat(rejected.path("status").asText()).as(run.output()).isEqualTo("failed");
        assertThat(rejected.path("reason").asText()).contains("turn 2").contains("rejected");
        assertThat(scoreTypes(rejected)).containsExactly("task_state");
    }

    // =================================================================== rule 2: history never counts

    private static A2aReply wordsTask() {
        return task("completed").parts(text("Status says STATUS_WORD.")).artifact(text("Artifact says ARTIFACT_WORD."));
    }

    private static A2aReply wordsMessage() {
        return message(text("The message says MESSAGE_WORD."));
    }

    @ParameterizedTest(name = "A2A {0}")
    @EnumSource(A2aWire.class)
    void history_never_counts_for_must_include_and_must_not_include(A2aWire wire) throws IOException {
        verdicts(wire, List.of(
                // the task: a bare task in 0.3, the {"task": {...}} wrapper in 1.0
                eval("task_marker_included").answers(wordsTask())
                        .expects("{must_include: [" + HISTORY_MARKER + "]}")
                        .fails(Verdict.failed("must_include", "not found")),
                eval("task_user_word_included").says("Please tell me about USER_ONLY_ZEBRA").answers(wordsTask())
                        .expects("{must_include: [USER_ONLY_ZEBRA]}")
                        .fails(Verdict.failed("must_include", "not found")),
                eval("task_marker_excluded").answers(wordsTask())
                        .expects("{must_not_include: [" + HISTORY_MARKER + "]}")
                        .passes(Verdict.passed("must_not_include")),
                eval("task_user_word_excluded").says("Please tell me about USER_ONLY_YAK").answers(wordsTask())
                        .expects("{must_not_include: [USER_ONLY_YAK]}")
                        .passes(Verdict.passed("must_not_include")),
                eval("task_status_word").answers(wordsTask())
                        .expects("{must_include: [STATUS_WORD]}").passes(Verdict.passed("must_include")),
                eval("task_artifact_word").answers(wordsTask())
                        .expects("{must_include: [ARTIFACT_WORD]}").passes(Verdict.passed("must_include")),
                // a message result
                eval("message_marker_included").answers(wordsMessage())
                        .expects("{must_include: [" + HISTORY_MARKER + "]}")
                        .fails(Verdict.failed("must_include", "not found")),
                eval("message_user_word_included").says("Please tell me about USER_ONLY_GNU").answers(wordsMessage())
                        .expects("{must_include: [USER_ONLY_GNU]}")
                        .fails(Verdict.failed("must_include", "not found")),
                eval("message_marker_excluded").answers(wordsMessage())
                        .expects("{must_not_include: [" + HISTORY_MARKER + "]}")
                        .passes(Verdict.passed("must_not_include")),
                eval("message_word").answers(wordsMessage())
                        .expects("{must_include: [MESSAGE_WORD]}").passes(Verdict.passed("must_include"))));
    }

    @Test
    void history_echo_does_not_satisfy_must_include() throws IOException {
        Run run = run(A2aWire.V1_0, List.of(eval("history_echo").answers(wordsTask())
                .expects("{must_include: [" + HISTORY_MARKER + "]}")));

        assertThat(run.exitCode).as(run.output()).isEqualTo(1);
        assertThat(run.caseNamed("history_echo").path("status").asText()).isEqualTo("failed");
    }

    // =================================================================== rule 3: expected_state

    private static A2aReply inputRequired() {
        return task("input-required").parts(text("Which date suits you?"));
    }

    @ParameterizedTest(name = "A2A {0}")
    @EnumSource(A2aWire.class)
    void expected_state_is_trimmed_case_insensitive_and_prefix_optional(A2aWire wire) throws IOException {
        List<Eval> evals = new ArrayList<>();
        String[] spellings = {"'  Input-Required  '", "INPUT_REQUIRED", "task_state_input_required", "input_required",
                "input-required", "TASK_STATE_INPUT_REQUIRED", "Task_State_Input-Required"};
        for (int i = 0; i < spellings.length; i++) {
            evals.add(eval("expected_spelling_" + i).answers(inputRequired())
                    .expects("{expected_state: " + spellings[i] + "}")
                    .passes(Verdict.passed("expected_state")));
        }
        verdicts(wire, evals);
    }

    @ParameterizedTest(name = "A2A {0}")
    @EnumSource(A2aWire.class)
    void expected_state_compares_normalised_task_states(A2aWire wire) throws IOException {
        List<Eval> evals = new ArrayList<>();
        String[] taskSpellings = {"input-required", "TASK_STATE_INPUT_REQUIRED", "INPUT_REQUIRED", "input_required",
                "Input-Required", " input-required "};
        for (int i = 0; i < taskSpellings.length; i++) {
            evals.add(eval("task_spelling_" + i).answers(taskSpelled(taskSpellings[i]).parts(text("Which date?")))
                    .expects("{expected_state: input-required}")
                    .passes(Verdict.passed("expected_state")));
        }
        evals.add(eval("other_state").answers(inputRequired())
                .expects("{expected_state: completed}")
                .fails(Verdict.failed("expected_state", "completed", "input.required")));
        verdicts(wire, evals);
    }

    // =================================================================== rule 4: data parts

    @ParameterizedTest(name = "A2A {0}")
    @EnumSource(A2aWire.class)
    void data_parts_are_every_part_with_a_data_key_holding_any_json_value(A2aWire wire) throws IOException {
        A2aReply twoParts = task("completed").parts(text("See the data."), data("{\"k\": \"status\"}"))
                .artifact(data("{\"k\": \"artifact\"}"));
        A2aReply historyOnly = task("completed").parts(text("No data this time."))
                .history(data("{\"h\": 1}"));
        A2aReply artifactAndHistory = task("completed").artifact(data("{\"k\": \"artifact\"}"))
                .history(data("{\"k\": \"history\"}"));
        verdicts(wire, List.of(
                // the payload may be any JSON value
                jsonpath("array_payload_walked", artifactData("[1, 2, 3]"), "{path: '$[*]', count: 3}", true),
                jsonpath("array_payload_length", artifactData("[1, 2, 3]"), "{path: '$', length: 3}", true),
                jsonpath("string_payload", artifactData("\"hello\""), "{path: '$', equals: hello}", true),
                jsonpath("string_payload_is_not_wrapped", artifactData("\"hello\""),
                        "{path: '$.value', exists: false}", true),
                jsonpath("number_payload", artifactData("42"), "{path: '$', equals: 42}", true),
                jsonpath("null_payload_matches_once", artifactData("null"), "{path: '$', count: 1}", true),
                jsonpath("null_payload_is_not_wrapped", artifactData("null"), "{path: '$.value', exists: false}", true),
                jsonpath("object_payload", artifactData("{\"a\": 1}"), "{path: '$.a', equals: 1}", true),
                // the kind does not matter
                jsonpath("kind_json", task("completed").artifact(A2aPart.raw("{\"kind\": \"json\", \"data\": {\"k\": \"j\"}}")),
                        "{path: '$.k', equals: j}", true),
                jsonpath("no_kind", task("completed").artifact(A2aPart.raw("{\"data\": {\"k\": \"n\"}}")),
                        "{path: '$.k', equals: n}", true),
                // status message parts, then artifact parts, each on its own
                jsonpath("status_part", twoParts, "{path: '$.k', equals: status}", true),
                jsonpath("artifact_part", twoParts, "{path: '$.k', equals: artifact}", true),
                jsonpath("parts_are_not_merged", twoParts, "{path: '$.k', contains: [status, artifact]}", false),
                // a message result's parts
                jsonpath("message_data", message(text("See the data."), data("{\"k\": \"m\"}")),
                        "{path: '$.k', equals: m}", true),
                jsonpath("message_array_data", message(data("[1, 2]")), "{path: '$[*]', count: 2}", true),
                // history never counts
                eval("data_only_in_history").answers(historyOnly).expects("{jsonpath: [{path: '$.h', exists: true}]}")
                        .fails(Verdict.failed("jsonpath", "no data parts")),
                jsonpath("history_part_ignored", artifactAndHistory, "{path: '$.k', contains: [history]}", false)));
    }

    @ParameterizedTest(name = "A2A {0}")
    @EnumSource(A2aWire.class)
    void a_response_without_data_parts_fails_every_entry_without_erroring(A2aWire wire) throws IOException {
        String expectations = "{jsonpath: [{path: '$.a', exists: true}, {path: '$', count: 0}],"
                + " must_include_json: [{a: 1}, {b: 2}]}";
        Verdict[] noData = {Verdict.failed("jsonpath", "no data parts"), Verdict.failed("must_include_json", "no data parts")};
        verdicts(wire, List.of(
                eval("task_without_data").answers(task("completed").parts(text("Only words.")).artifact(text("More words.")))
                        .expects(expectations).fails(noData),
                eval("message_without_data").answers(message(text("Only words.")))
                        .expects(expectations).fails(noData)));
    }

    // =================================================================== rule 5: jsonpath comparators

    private static final String RECORD = "{"
            + "\"obj\": {\"a\": 1, \"b\": 2, \"c\": 3},"
            + "\"tags\": [\"cardio\", \"renal\"],"
            + "\"items\": [],"
            + "\"records\": [{\"id\": 1, \"v\": \"x\"}, {\"id\": 2}],"
            + "\"pairs\": [[1, 2], [3]],"
            + "\"temp\": 38.5, \"temp_s\": \"38.5\", \"flag\": true, \"one\": 1, \"sys\": 120,"
            + "\"name\": \"h\u00e9llo\uD83D\uDE00\""
            + "}";

    @ParameterizedTest(name = "A2A {0}")
    @EnumSource(A2aWire.class)
    void jsonpath_comparators_follow_the_harness(A2aWire wire) throws IOException {
        A2aReply r = artifactData(RECORD);
        verdicts(wire, List.of(
                // length: one list or string match gives its length, else the number of matches; never key counts
                jsonpath("length_object_is_one_match", r, "{path: '$.obj', length: 1}", true),
                jsonpath("length_object_not_key_count", r, "{path: '$.obj', length: 3}", false),
                jsonpath("length_list", r, "{path: '$.tags', length: 2}", true),
                jsonpath("length_matches", r, "{path: '$.tags[*]', length: 2}", true),
                jsonpath("length_empty_list", r, "{path: '$.items', length: 0}", true),
                jsonpath("length_string_code_points", r, "{path: '$.name', length: 6}", true),
                jsonpath("length_number_is_one_match", r, "{path: '$.sys', length: 1}", true),
                jsonpath("length_no_match", r, "{path: '$.missing', length: 0}", true),
                // equals with a list compares with the matches themselves
                jsonpath("equals_list_vs_single_list_match", r, "{path: '$.tags', equals: [cardio, renal]}", false),
                jsonpath("equals_list_vs_matches", r, "{path: '$.tags[*]', equals: [cardio, renal]}", true),
                jsonpath("equals_empty_list_vs_empty_list_match", r, "{path: '$.items', equals: []}", false),
                // equals with anything else: at least one match, every match deep-equal, type-sensitive
                jsonpath("equals_number", r, "{path: '$.temp', equals: 38.5}", true),
                jsonpath("equals_string_is_not_number", r, "{path: '$.temp', equals: '38.5'}", false),
                jsonpath("equals_number_is_not_string", r, "{path: '$.temp_s', equals: 38.5}", false),
                jsonpath("equals_true_is_not_1", r, "{path: '$.flag', equals: 1}", false),
                jsonpath("equals_1_is_not_true", r, "{path: '$.one', equals: true}", false),
                jsonpath("equals_int_vs_float", r, "{path: '$.sys', equals: 120.0}", true),
                jsonpath("equals_object_subset", r, "{path: '$.obj', equals: {a: 1}}", true),
                jsonpath("equals_object_mismatch", r, "{path: '$.obj', equals: {a: 2}}", false),
                jsonpath("equals_needs_a_match", r, "{path: '$.missing', equals: 1}", false),
                jsonpath("equals_every_match", r, "{path: '$.tags[*]', equals: cardio}", false),
                // contains: every needle deep-matches a matched node; never looks inside a matched array
                jsonpath("contains_does_not_enter_a_list", r, "{path: '$.tags', contains: [cardio]}", false),
                jsonpath("contains_among_matches", r, "{path: '$.tags[*]', contains: [cardio]}", true),
                jsonpath("contains_every_needle", r, "{path: '$.tags[*]', contains: [cardio, missing]}", false),
                jsonpath("contains_object_subset", r, "{path: '$.records[*]', contains: [{id: 1}]}", true),
                jsonpath("contains_list_needle", r, "{path: '$.pairs[*]', contains: [[1, 2]]}", true),
                jsonpath("contains_list_needle_order", r, "{path: '$.pairs[*]', contains: [[2, 1]]}", false),
                jsonpath("contains_list_needle_length", r, "{path: '$.pairs[*]', contains: [[1]]}", false),
                jsonpath("contains_list_needle_not_inside", r, "{path: '$.pairs', contains: [[1, 2]]}", false)));
    }

    // =================================================================== rule 6: must_include_json fragments

    @ParameterizedTest(name = "A2A {0}")
    @EnumSource(A2aWire.class)
    void must_include_json_fragments_may_be_any_json_value(A2aWire wire) throws IOException {
        A2aReply object = artifactData("{\"items\": [{\"type\": \"TEMP\", \"value\": 38.5}, {\"type\": \"SYS\", \"value\": 120}],"
                + " \"n\": 42}");
        A2aReply list = artifactData("[1, 2, 3]");
        A2aReply listOfObjects = artifactData("[{\"type\": \"TEMP\", \"value\": 38.5}, {\"type\": \"SYS\", \"value\": 120}]");
        verdicts(wire, List.of(
                // objects: subset
                includeJson("object_subset", object, "{items: [{type: SYS}]}", true),
                includeJson("object_type_sensitive", object, "{items: [{value: '38.5'}]}", false),
                includeJson("object_vs_scalar_payload", artifactData("42"), "{n: 42}", false),
                // lists: order-independent subset; [] matches any list but nothing else
                includeJson("list_any_order", list, "[3, 1]", true),
                includeJson("list_missing_element", list, "[4]", false),
                includeJson("list_of_objects_subset", listOfObjects, "[{type: SYS}]", true),
                includeJson("empty_list_vs_list", list, "[]", true),
                includeJson("empty_list_vs_empty_list", artifactData("[]"), "[]", true),
                includeJson("empty_list_vs_object", object, "[]", false),
                includeJson("empty_list_vs_scalar", artifactData("42"), "[]", false),
                includeJson("list_vs_object_holding_it", artifactData("{\"value\": [1, 2, 3]}"), "[1]", false),
                // scalars: compared with the whole payload, type-sensitively
                includeJson("scalar_number", artifactData("42"), "42", true),
                includeJson("scalar_int_vs_float", artifactData("120.0"), "120", true),
                includeJson("scalar_string", artifactData("\"hello\""), "hello", true),
                includeJson("scalar_string_is_not_number", artifactData("42"), "'42'", false),
                includeJson("scalar_true_is_not_1", artifactData("1"), "true", false),
                includeJson("scalar_1_is_not_true", artifactData("true"), "1", false),
                includeJson("scalar_vs_whole_object", object, "42", false),
                includeJson("scalar_payload_is_not_wrapped", artifactData("42"), "{value: 42}", false)));
    }

    // =================================================================== evals, as a table

    /** Written {@code expects(ABSENT)}: no expectations key at all. */
    private static final String ABSENT = "absent";

    /** What one score of a case must say: every check of that type has this {@code passed} flag and detail. */
    private record Verdict(String type, boolean passed, List<Pattern> details) {
        static Verdict passed(String type) {
            return new Verdict(type, true, List.of());
        }

        /** Failed, each check's detail matching every regex (case-insensitive). */
        static Verdict failed(String type, String... detailRegexes) {
            return new Verdict(type, false, Arrays.stream(detailRegexes)
                    .map(d -> Pattern.compile(d, Pattern.CASE_INSENSITIVE)).toList());
        }
    }

    /** One eval of a suite: what it sends (also the canned answer's key), gets back, expects, and its verdict. */
    private static final class Eval {
        final String name;
        String text;
        A2aReply answer = task("completed").parts(text("Done."));
        String expectations = ABSENT;
        String status = "passed";
        List<Verdict> verdicts = List.of();

        Eval(String name) {
            this.name = name;
            this.text = "case " + name;
        }

        Eval says(String message) {
            this.text = message;
            return this;
        }

        Eval answers(A2aReply canned) {
            this.answer = canned;
            return this;
        }

        /** The expectations block as written after {@code expectations:} (a YAML flow mapping), or {@link #ABSENT}. */
        Eval expects(String yaml) {
            this.expectations = yaml;
            return this;
        }

        Eval passes(Verdict... verdicts) {
            this.status = "passed";
            this.verdicts = List.of(verdicts);
            return this;
        }

        Eval fails(Verdict... verdicts) {
            this.status = "failed";
            this.verdicts = List.of(verdicts);
            return this;
        }
    }

    private static Eval eval(String name) {
        return new Eval(name);
    }

    /** An eval with one jsonpath entry: the case and the check pass, or both fail. */
    private static Eval jsonpath(String name, A2aReply answer, String entry, boolean holds) {
        Eval e = eval(name).answers(answer).expects("{jsonpath: [" + entry + "]}");
        return holds ? e.passes(Verdict.passed("jsonpath")) : e.fails(Verdict.failed("jsonpath"));
    }

    /** An eval with one must_include_json fragment: the case and the check pass, or both fail. */
    private static Eval includeJson(String name, A2aReply answer, String fragment, boolean matches) {
        Eval e = eval(name).answers(answer).expects("{must_include_json: [" + fragment + "]}");
        return matches ? e.passes(Verdict.passed("must_include_json")) : e.fails(Verdict.failed("must_include_json"));
    }

    /** A completed task whose one artifact holds one data part with this JSON payload. */
    private static A2aReply artifactData(String json) {
        return task("completed").parts(text("Here is the data.")).artifact(data(json));
    }

    /** The name a task_state detail must carry for a state spelling: failed, rejected or cancel(l)ed. */
    private static String stateName(String spelling) {
        String s = spelling.toLowerCase(java.util.Locale.ROOT);
        return s.contains("fail") ? "failed" : s.contains("reject") ? "rejected" : "cancell?ed";
    }

    // =================================================================== running and reading results.json

    private record Run(int exitCode, JsonNode results, String out, String err) {
        String output() {
            return "exit " + exitCode + "\nstdout:\n" + out + "\nstderr:\n" + err;
        }

        JsonNode caseNamed(String id) {
            for (JsonNode c : results.path("cases")) {
                if (id.equals(c.path("id").asText())) {
                    return c;
                }
            }
            throw new AssertionError("no case '" + id + "' in results.json\n" + output());
        }
    }

    /** The first score of {@code type} in any turn of a case; null when there is none. */
    private static JsonNode score(JsonNode kase, String type) {
        for (JsonNode turn : kase.path("turns")) {
            for (JsonNode s : turn.path("scores")) {
                if (type.equals(s.path("type").asText())) {
                    return s;
                }
            }
        }
        return null;
    }

    private static List<String> scoreTypes(JsonNode kase) {
        List<String> types = new ArrayList<>();
        kase.path("turns").forEach(t -> t.path("scores").forEach(s -> types.add(s.path("type").asText())));
        return types;
    }

    /** Runs the evals as one suite against a canned agent of {@code wire}; the suite must load. */
    private Run run(A2aWire wire, List<Eval> evals) throws IOException {
        Map<String, A2aReply> answers = new LinkedHashMap<>();
        for (Eval e : evals) {
            if (answers.put(e.text, e.answer) != null) {
                throw new IllegalArgumentException("two evals send '" + e.text + "'");
            }
        }
        return run(wire, yaml(evals), answers);
    }

    /** Runs a suite written out as YAML against a canned agent of {@code wire}; the suite must load. */
    private Run run(A2aWire wire, String yaml, Map<String, A2aReply> answers) throws IOException {
        Path suite = dir.resolve("suite.yaml");
        Files.writeString(suite, yaml);
        Path reports = dir.resolve("reports");
        CommandResult r;
        try (FakeA2aAgent agent = FakeA2aAgent.start(wire)) {
            answers.forEach((text, reply) -> agent.when(request -> request.text().equals(text), request -> reply));
            r = CommandRunner.in(dir).run("run", suite.toString(), "--protocol", "a2a", "--agent-url",
                    agent.url().toString(), "--report-dir", reports.toString());
        }
        int code = r.exitCode();
        String o = r.out();
        String e = r.err();
        Path results = reports.resolve("results.json");
        assertThat(code).as("the suite must load and run (exit 0 or 1)\nexit %d\nstderr:\n%s\nsuite:\n%s", code, e,
                Files.readString(suite)).isIn(0, 1);
        assertThat(results).as("results.json").exists();
        return new Run(code, JSON.readTree(results.toFile()), o, e);
    }

    private static String yaml(List<Eval> evals) throws IOException {
        StringBuilder sb = new StringBuilder("evals:\n");
        for (Eval e : evals) {
            sb.append("  - name: ").append(JSON.writeValueAsString(e.name)).append('\n');
            sb.append("    message: {message: {parts: [{kind: text, text: ").append(JSON.writeValueAsString(e.text))
                    .append("}]}}\n");
            if (!ABSENT.equals(e.expectations)) {
                sb.append("    expectations: ").append(e.expectations).append('\n');
            }
        }
        return sb.toString();
    }

    /**
     * Runs the evals and checks every case's status and verdicts, failing with one line per eval
     * that disagrees with the harness.
     */
    private void verdicts(A2aWire wire, List<Eval> evals) throws IOException {
        Run run = run(wire, evals);
        List<String> disagreements = new ArrayList<>();
        for (Eval e : evals) {
            JsonNode c = run.caseNamed(e.name);
            List<String> wrong = new ArrayList<>();
            String status = c.path("status").asText();
            if (!status.equals(e.status)) {
                wrong.add("case " + status + ", expected " + e.status);
            }
            for (Verdict v : e.verdicts) {
                JsonNode s = score(c, v.type());
                if (s == null) {
                    wrong.add("no '" + v.type() + "' score (scores: " + scoreTypes(c) + ")");
                    continue;
                }
                String expected = v.passed() ? "passed" : "failed";
                if (!s.path("status").asText().equals(expected)) {
                    wrong.add("'" + v.type() + "' score " + s.path("status").asText() + ", expected " + expected);
                }
                if (s.path("checks").isEmpty()) {
                    wrong.add("'" + v.type() + "' has no checks");
                }
                for (JsonNode check : s.path("checks")) {
                    String label = "'" + v.type() + "' check '" + check.path("label").asText() + "'";
                    String detail = check.path("detail").asText();
                    if (check.path("passed").asBoolean() != v.passed()) {
                        wrong.add(label + " passed=" + check.path("passed").asBoolean() + ", expected " + v.passed()
                                + " (detail: " + detail + ")");
                    }
                    for (Pattern p : v.details()) {
                        if (!p.matcher(detail).find()) {
                            wrong.add(label + " detail '" + detail + "' does not match /" + p.pattern() + "/");
                        }
                    }
                }
            }
            if (!wrong.isEmpty()) {
                disagreements.add("  " + e.name + " " + e.expectations + ": " + String.join("; ", wrong));
            }
        }
        if (!disagreements.isEmpty()) {
            throw new AssertionError(disagreements.size() + " of " + evals.size() + " evals disagree with the harness"
                    + " (A2A " + wire + "):\n" + String.join("\n", disagreements));
        }
    }
}
