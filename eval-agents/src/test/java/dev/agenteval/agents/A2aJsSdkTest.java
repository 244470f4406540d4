package dev.agenteval.agents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.AgentException;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Case;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.Message;
import dev.agenteval.api.Part;
import dev.agenteval.api.Scorers;
import dev.agenteval.api.Suite;
import dev.agenteval.api.TaskState;
import dev.agenteval.api.ToolCall;
import dev.agenteval.api.Turn;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.AgentSession;
import dev.agenteval.spi.SessionRequest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Our A2A client against agents built with the official A2A JS SDK ({@code src/test/a2a-js}):
 * {@code @a2a-js/sdk} 1.x speaking 1.0, the same SDK's v0.3 compatibility layer, and
 * {@code @a2a-js/sdk} 0.3.x speaking 0.3. The SDK is the reference for the wire: its agent card,
 * its task, message and event shapes, and its refusal of what it does not accept (a 1.0 call
 * without the version header, a message without a messageId, a taskId it does not know).
 */
class A2aJsSdkTest {

    private static A2aJsSdkServer server;

    @BeforeAll
    static void start() throws Exception {
        server = A2aJsSdkServer.start();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    /** The agents and how the client reaches them. */
    enum Agent {
        /** @a2a-js/sdk 1.x, A2A 1.0 only: the version and endpoint come from its card. */
        V1_0("v1/", "1.0", false),
        /** @a2a-js/sdk 1.x with legacyCompat: its card lists 1.0 and 0.3; the client must choose 1.0. */
        COMPAT_1_0("compat/", "1.0", false),
        /** The same compat agent spoken to in 0.3, configured: the SDK's 1.0 → 0.3 translation. */
        COMPAT_0_3("compat/rpc", "0.3", true),
        /** @a2a-js/sdk 0.3.x: a 0.3 card (top-level url, protocolVersion 0.3.0). */
        V0_3("v03/", "0.3", false);

        final String path;
        final String version;
        final boolean configured;

        Agent(String path, String version, boolean configured) {
            this.path = path;
            this.version = version;
            this.configured = configured;
        }

        String sendMethod() {
            return version.equals("1.0") ? "SendMessage" : "message/send";
        }

        /** Whether the agent can answer a non-object data payload (the 0.3 SDK's types forbid it). */
        boolean arrays() {
            return this != V0_3;
        }
    }

    private static AgentClient client(Agent agent, String... settings) {
        Map<String, String> s = new LinkedHashMap<>(Wire.fast(settings));
        s.put("requestTimeoutSeconds", "20");
        if (agent.configured) {
            s.put("version", agent.version);
        }
        return AgentClients.create("a2a", server.url(agent.path), s, name -> null);
    }

    private static AgentSession session(Agent agent, String... settings) {
        return client(agent, settings).openSession(SessionRequest.of("a2a-js-sdk"));
    }

    private static Map<?, ?> raw(AgentResponse r) {
        assertThat(r.raw()).as("raw response").isInstanceOf(Map.class);
        return (Map<?, ?>) r.raw();
    }

    /** What every SDK answer has: no usage (the SDK reports none), no tool calls, the raw JSON-RPC response. */
    private static void assertPlain(AgentResponse r) {
        assertThat(r.usage()).isEmpty();
        assertThat(r.toolCalls()).isEmpty();
        assertThat(raw(r).get("jsonrpc")).isEqualTo("2.0");
        assertThat(raw(r).get("result")).isNotNull();
    }

    private static void assertTask(AgentResponse r, TaskState state) {
        assertThat(r.state()).contains(state);
        assertThat(r.taskId()).hasValueSatisfying(id -> assertThat(id).matches(Wire.UUID));
        assertThat(r.contextId()).hasValueSatisfying(id -> assertThat(id).matches(Wire.UUID));
        assertPlain(r);
    }

    @ParameterizedTest
    @EnumSource(Agent.class)
    void should_read_the_sdk_card_and_call_the_endpoint_it_names_in_its_version(Agent agent) throws Exception {
        AgentSession session = session(agent);

        AgentResponse r = session.send(Message.user("hello"));

        // The card names <prefix>rpc, not the base URL, and a 1.0 call needs SendMessage with the
        // A2A-Version header: the SDK refuses anything else (404, or JSON-RPC error -32009/-32601).
        Map<?, ?> request = (Map<?, ?>) session.lastRequest().orElseThrow();
        assertThat(request.get("method")).isEqualTo(agent.sendMethod());
        assertThat(r.text()).isEqualTo("Hello from the A2A JS SDK.");
        Map<?, ?> result = (Map<?, ?>) raw(r).get("result");
        if (agent.version.equals("1.0")) {
            assertThat(new ArrayList<Object>(result.keySet())).containsExactly("message");
        } else {
            assertThat(result.get("kind")).isEqualTo("message");
        }
    }

    @ParameterizedTest
    @EnumSource(value = Agent.class, names = {"V1_0", "V0_3"})
    void should_report_the_sdk_card_as_its_configuration_without_name_and_description(Agent agent) throws Exception {
        AgentClient client = client(agent);
        client.openSession(SessionRequest.of("a2a-js-sdk")).send(Message.user("hello"));

        Map<String, Object> configuration = client.configuration();
        assertThat(configuration).doesNotContainKeys("name", "description").containsKeys("skills", "version");
        assertThat(configuration.get("skills").toString()).contains("scenarios");
        // configured endpoint and version: no card was read, nothing to report
        assertThat(AgentClients.create("a2a", server.url("compat/rpc"), Map.of("version", "0.3"), name -> null)
                .configuration()).isEmpty();
    }

    @Test
    void should_report_the_json_rpc_error_the_sdk_answers_to_a_wrong_configured_version() {
        // 0.3 (no A2A-Version header) to the 1.0-only SDK agent: -32009, version not supported.
        AgentClient v03ToV1 = AgentClients.create("a2a", server.url("v1/rpc"),
                Wire.fast("version", "0.3", "requestTimeoutSeconds", "20"), name -> null);
        assertThatThrownBy(() -> v03ToV1.openSession(SessionRequest.of("c")).send(Message.user("hello")))
                .isInstanceOfSatisfying(AgentException.class, e -> {
                    assertThat(e.code()).isEqualTo(FailureCode.INVALID_RESPONSE);
                    assertThat(e.context()).containsEntry("code", -32009L);
                    assertThat(e.getMessage()).contains("JSON-RPC error -32009").contains("'0.3' is not supported");
                });
        // 1.0 to the 0.3 SDK agent: -32601, SendMessage is no method of 0.3.
        AgentClient v1ToV03 = AgentClients.create("a2a", server.url("v03/rpc"),
                Wire.fast("version", "1.0", "requestTimeoutSeconds", "20"), name -> null);
        assertThatThrownBy(() -> v1ToV03.openSession(SessionRequest.of("c")).send(Message.user("hello")))
                .isInstanceOfSatisfying(AgentException.class, e -> {
                    assertThat(e.code()).isEqualTo(FailureCode.INVALID_RESPONSE);
                    assertThat(e.context()).containsEntry("code", -32601L);
                    assertThat(e.getMessage()).contains("Method not found: SendMessage");
                });
    }

    @ParameterizedTest
    @EnumSource(Agent.class)
    void should_read_a_completed_task_with_a_text_artifact(Agent agent) throws Exception {
        AgentResponse r = session(agent).send(Message.user("artifact please"));

        assertTask(r, TaskState.COMPLETED);
        assertThat(r.text()).isEqualTo("Your report is ready: REPORT_WORD.");
        assertThat(r.dataParts()).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Agent.class)
    void should_read_the_status_message_then_the_artifact(Agent agent) throws Exception {
        AgentResponse r = session(agent).send(Message.user("status please"));

        assertTask(r, TaskState.COMPLETED);
        assertThat(r.text()).isEqualTo("The status says STATUS_WORD.\nThe artifact says ARTIFACT_WORD.");
    }

    @ParameterizedTest
    @EnumSource(Agent.class)
    void should_read_data_parts_with_object_and_array_payloads(Agent agent) throws Exception {
        AgentResponse r = session(agent).send(Message.user("data please"));

        assertTask(r, TaskState.COMPLETED);
        assertThat(r.text()).isEqualTo("Here is the booking.");
        List<Object> expected = new ArrayList<>();
        expected.add(Map.of("booking", Map.of("day", "Tuesday", "slot", 10L)));
        if (agent.arrays()) {
            // In 0.3 the compat layer sends the array as {"value": [...]} flagged data_part_compat.
            expected.add(List.of(Map.of("type", "TEMP", "value", 38.5), Map.of("type", "PULSE", "value", 72L)));
        }
        assertThat(r.dataParts()).isEqualTo(expected);
    }

    @ParameterizedTest
    @EnumSource(Agent.class)
    void should_read_a_failed_task(Agent agent) throws Exception {
        AgentResponse r = session(agent).send(Message.user("fail please"));

        assertTask(r, TaskState.FAILED);
        assertThat(r.text()).isEqualTo("I could not do it: FAIL_WORD.");
    }

    @ParameterizedTest
    @EnumSource(Agent.class)
    void should_read_the_failed_task_the_sdk_makes_of_an_executor_that_throws(Agent agent) throws Exception {
        AgentResponse r = session(agent).send(Message.user("crash"));

        assertThat(r.state()).contains(TaskState.FAILED);
        assertThat(r.text()).isEqualTo("Agent execution error: the executor crashed on purpose");
    }

    @ParameterizedTest
    @EnumSource(Agent.class)
    void should_read_a_plain_message(Agent agent) throws Exception {
        AgentResponse r = session(agent).send(Message.user("hello"));

        assertThat(r.text()).isEqualTo("Hello from the A2A JS SDK.");
        assertThat(r.state()).isEmpty();
        assertThat(r.taskId()).isEmpty();
        assertThat(r.contextId()).hasValueSatisfying(id -> assertThat(id).matches(Wire.UUID));
        assertPlain(r);
    }

    @ParameterizedTest
    @EnumSource(Agent.class)
    void should_send_a_message_the_sdk_decodes_as_sent(Agent agent) throws Exception {
        AgentSession session = session(agent);
        AgentResponse r = session.send(new Message("user",
                List.of(Part.text("echo this"), Part.data(Map.of("preferred", "morning"))), Map.of("channel", "eval")));

        Map<?, ?> sent = (Map<?, ?>) ((Map<?, ?>) ((Map<?, ?>) session.lastRequest().orElseThrow()).get("params"))
                .get("message");
        assertThat(r.dataParts()).hasSize(1);
        Map<?, ?> decoded = (Map<?, ?>) r.dataParts().get(0);
        // The 1.x SDK decodes into its core model (1.0 roles), also behind the compat layer.
        assertThat(decoded.get("role")).isEqualTo(agent == Agent.V0_3 ? "user" : "ROLE_USER");
        assertThat(decoded.get("messageId")).isEqualTo(sent.get("messageId"));
        assertThat((String) decoded.get("messageId")).matches(Wire.UUID);
        assertThat(decoded.get("parts")).isEqualTo(List.of(Map.of("type", "text", "value", "echo this"),
                Map.of("type", "data", "value", Map.of("preferred", "morning"))));
        assertThat(decoded.get("metadata")).isEqualTo(Map.of("channel", "eval"));
        if (agent == Agent.V0_3) {
            assertThat(decoded.get("kind")).isEqualTo("message");
        }
    }

    @ParameterizedTest
    @EnumSource(Agent.class)
    void should_carry_the_task_and_context_ids_into_the_follow_up_of_an_input_required_task(Agent agent)
            throws Exception {
        AgentSession session = session(agent);

        AgentResponse first = session.send(Message.user("book a check-up"));
        AgentResponse second = session.send(Message.user("Tuesday"));

        assertTask(first, TaskState.INPUT_REQUIRED);
        assertThat(first.text()).isEqualTo("Which day suits you?");
        Map<?, ?> followUp = (Map<?, ?>) ((Map<?, ?>) ((Map<?, ?>) session.lastRequest().orElseThrow()).get("params"))
                .get("message");
        assertThat(followUp.get("taskId")).isEqualTo(first.taskId().orElseThrow());
        assertThat(followUp.get("contextId")).isEqualTo(first.contextId().orElseThrow());
        // The SDK continued the same task: it found it by the taskId and ran the follow-up branch.
        assertTask(second, TaskState.COMPLETED);
        assertThat(second.text()).isEqualTo("Booked for Tuesday.");
        assertThat(second.taskId()).isEqualTo(first.taskId());
        assertThat(second.contextId()).isEqualTo(first.contextId());
    }

    @ParameterizedTest
    @EnumSource(Agent.class)
    void should_start_a_new_task_in_the_same_context_when_the_task_id_is_not_carried(Agent agent) throws Exception {
        AgentSession session = session(agent, "carryContext", "context-only");

        AgentResponse first = session.send(Message.user("book a check-up"));
        AgentResponse second = session.send(Message.user("Tuesday"));

        // What a client that drops the taskId gets: not the booking, a new exchange.
        assertThat(first.state()).contains(TaskState.INPUT_REQUIRED);
        assertThat(second.text()).isEqualTo("Unknown request: Tuesday");
        assertThat(second.contextId()).isEqualTo(first.contextId());
    }

    @ParameterizedTest
    @EnumSource(Agent.class)
    void should_stream_status_and_artifact_updates_into_the_task_the_sdk_returns_unstreamed(Agent agent)
            throws Exception {
        for (String text : List.of("stream please", "artifact", "status", "data", "fail", "hello")) {
            AgentResponse sent = session(agent).send(Message.user(text));
            AgentSession streaming = session(agent, "stream", "true");
            AgentResponse streamed = streaming.send(Message.user(text));

            assertThat(((Map<?, ?>) streaming.lastRequest().orElseThrow()).get("method"))
                    .isEqualTo(agent.version.equals("1.0") ? "SendStreamingMessage" : "message/stream");
            assertThat(streamed.parts()).as(text).isEqualTo(sent.parts());
            assertThat(streamed.state()).as(text).isEqualTo(sent.state());
            assertThat(streamed.taskId().isPresent()).as(text).isEqualTo(sent.taskId().isPresent());
            assertThat(streamed.contextId()).as(text).isPresent();
            assertThat(streamed.usage()).isEmpty();
            Map<?, ?> stream = (Map<?, ?>) raw(streamed).get("stream");
            assertThat(((Number) stream.get("events")).intValue()).as(text).isPositive();
        }
        AgentResponse r = session(agent, "stream", "true").send(Message.user("stream please"));
        assertTask(r, TaskState.COMPLETED);
        // Two chunks of one artifact, the second appended: two parts, as the SDK keeps them.
        assertThat(r.parts()).containsExactly(Part.text("Part one, "), Part.text("part two."));
        // submitted task, submitted, working, two artifact chunks, completed.
        assertThat(((Number) ((Map<?, ?>) raw(r).get("stream")).get("events")).intValue()).isEqualTo(6);
    }

    /** The 1.x SDK refuses a message after a task with an SSE {@code event: error} holding a JSON-RPC error. */
    @ParameterizedTest
    @EnumSource(value = Agent.class, names = {"V1_0", "COMPAT_1_0", "COMPAT_0_3"})
    void should_fail_with_the_json_rpc_error_the_sdk_streams_after_its_first_event(Agent agent) {
        AgentSession session = session(agent, "stream", "true");

        assertThatThrownBy(() -> session.send(Message.user("disorder")))
                .isInstanceOfSatisfying(AgentException.class, e -> {
                    assertThat(e.code()).isEqualTo(FailureCode.INVALID_RESPONSE);
                    assertThat(e.context()).containsEntry("code", -32004L);
                    assertThat(e.getMessage()).contains("Stream ordering violation");
                });
    }

    @ParameterizedTest
    @EnumSource(Agent.class)
    void should_carry_the_ids_across_streamed_turns(Agent agent) throws Exception {
        AgentSession session = session(agent, "stream", "true");

        AgentResponse first = session.send(Message.user("book a check-up"));
        AgentResponse second = session.send(Message.user("Friday"));

        assertTask(first, TaskState.INPUT_REQUIRED);
        assertThat(first.text()).isEqualTo("Which day suits you?");
        assertTask(second, TaskState.COMPLETED);
        assertThat(second.text()).isEqualTo("Booked for Friday.");
        assertThat(second.taskId()).isEqualTo(first.taskId());
    }

    /** The SDK keeps the user's message in the task's history; must_include must not see it. */
    @ParameterizedTest
    @EnumSource(Agent.class)
    void should_not_count_the_history_the_sdk_keeps_for_must_include(Agent agent) throws Exception {
        AgentResponse r = session(agent).send(Message.user("status USER_ONLY_ZEBRA"));
        assertThat(Wire.MAPPER.writeValueAsString(raw(r))).as("the SDK echoes the user's words in the history")
                .contains("USER_ONLY_ZEBRA");

        Suite suite = Suite.named("history").add(Case.id("user-word")
                        .turn(Turn.of("status USER_ONLY_ZEBRA").expect(Scorers.mustInclude("USER_ONLY_ZEBRA"))))
                .add(Case.id("user-word-excluded")
                        .turn(Turn.of("status USER_ONLY_YAK").expect(Scorers.mustNotInclude("USER_ONLY_YAK"))))
                .add(Case.id("answer-words")
                        .turn(Turn.of("status USER_ONLY_GNU").expect(Scorers.mustInclude("STATUS_WORD", "ARTIFACT_WORD"))))
                .build();
        var result = EvalRunner.builder().agent(client(agent)).environment(name -> null).build().run(suite);

        CaseResult included = result.find("user-word").orElseThrow();
        assertThat(included.status()).as(included.reason()).isEqualTo(CaseStatus.FAILED);
        assertThat(included.attempts().get(0).turns().get(0).failedChecks())
                .anySatisfy(c -> assertThat(c).contains("USER_ONLY_ZEBRA"));
        CaseResult excluded = result.find("user-word-excluded").orElseThrow();
        assertThat(excluded.status()).as(excluded.reason()).isEqualTo(CaseStatus.PASSED);
        CaseResult answer = result.find("answer-words").orElseThrow();
        assertThat(answer.status()).as(answer.reason()).isEqualTo(CaseStatus.PASSED);
    }

    /** What the "tools" scenario reports under the task metadata's {@code toolsCalled}. */
    private static final List<ToolCall> TOOLS_CALLED = List.of(
            new ToolCall("find_assets", Map.of("filter", "pump", "limit", 10L), Map.of("count", 2L)),
            new ToolCall("summarize", Map.of("items", List.of("P-101", "P-102")), null));

    /** Where the "traced" scenario reports its calls: steps of a trace in the artifact's metadata. */
    private static final String TRACE_PATH = "$.artifacts[*].metadata.trace.steps[*]";

    @ParameterizedTest
    @EnumSource(Agent.class)
    void should_read_the_tools_called_the_sdk_agent_reports_in_the_task_metadata(Agent agent) throws Exception {
        AgentSession session = session(agent);

        AgentResponse sent = session.send(Message.user("tools please"));
        AgentResponse streamed = session(agent, "stream", "true").send(Message.user("tools please"));

        Map<?, ?> request = (Map<?, ?>) session.lastRequest().orElseThrow();
        assertThat(request.get("method")).isEqualTo(agent.sendMethod());
        assertThat(sent.state()).contains(TaskState.COMPLETED);
        assertThat(sent.text()).isEqualTo("Found 2 pumps: P-101 and P-102.");
        assertThat(sent.toolCalls()).isEqualTo(TOOLS_CALLED);
        // Streamed, the 1.x SDK sends the metadata on the last status update only: it belongs to the task.
        assertThat(streamed.toolCalls()).isEqualTo(TOOLS_CALLED);
        assertThat(streamed.parts()).isEqualTo(sent.parts());
    }

    @ParameterizedTest
    @EnumSource(Agent.class)
    void should_read_the_tool_calls_where_the_tool_calls_path_points(Agent agent) throws Exception {
        List<ToolCall> traced = List.of(new ToolCall("list_views", Map.of("space", "plant"), null),
                new ToolCall("query_view", Map.of("view", "Pump", "filter", Map.of("status", "running")), null));

        AgentResponse unconfigured = session(agent).send(Message.user("traced please"));
        AgentResponse sent = session(agent, "toolCallsPath", TRACE_PATH).send(Message.user("traced please"));
        AgentResponse streamed = session(agent, "toolCallsPath", TRACE_PATH, "stream", "true")
                .send(Message.user("traced please"));
        // The path is a location more: the usual metadata keys are still read where it finds nothing.
        AgentResponse elsewhere = session(agent, "toolCallsPath", TRACE_PATH).send(Message.user("tools please"));

        assertThat(unconfigured.text()).isEqualTo("Running pumps: P-101.");
        assertThat(unconfigured.toolCalls()).as("no call where the default keys look").isEmpty();
        assertThat(sent.toolCalls()).isEqualTo(traced);
        assertThat(streamed.toolCalls()).isEqualTo(traced);
        assertThat(elsewhere.toolCalls()).isEqualTo(TOOLS_CALLED);
    }

    @Test
    void should_refuse_an_invalid_tool_calls_path_before_sending_anything() {
        assertThatThrownBy(() -> AgentClients.create("a2a", server.url("v1/"), Map.of("toolCallsPath", "$.artifacts[*"),
                name -> null))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("a2a setting 'toolCallsPath': is not a valid JSONPath: '$.artifacts[*'");
    }

    @ParameterizedTest
    @EnumSource(Agent.class)
    void should_pass_tools_in_order_against_the_tools_the_sdk_agent_reports(Agent agent) {
        Suite suite = Suite.named("tools").add(Case.id("find-pumps")
                        .turn(Turn.of("tools find the pumps").expect(Scorers.toolsInOrder("find_assets", "summarize"))))
                .add(Case.id("wrong-order")
                        .turn(Turn.of("tools find the pumps").expect(Scorers.toolsInOrder("summarize", "find_assets"))))
                .build();

        var result = EvalRunner.builder().agent(client(agent)).environment(name -> null).build().run(suite);

        CaseResult passed = result.find("find-pumps").orElseThrow();
        assertThat(passed.status()).as(passed.reason()).isEqualTo(CaseStatus.PASSED);
        CaseResult failed = result.find("wrong-order").orElseThrow();
        assertThat(failed.status()).as(failed.reason()).isEqualTo(CaseStatus.FAILED);
        Map<?, ?> request = (Map<?, ?>) passed.attempts().get(0).turns().get(0).request();
        assertThat(request.get("method")).isEqualTo(agent.sendMethod());
    }
}
