package dev.agenteval.agents;

import static dev.agenteval.agents.Wire.body;
import static dev.agenteval.agents.Wire.env;
import static dev.agenteval.agents.Wire.fast;
import static dev.agenteval.agents.Wire.json;
import static dev.agenteval.agents.Wire.tree;
import static dev.agenteval.agents.Wire.withoutMessageId;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agenteval.api.AgentException;
import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.Message;
import dev.agenteval.api.Part;
import dev.agenteval.api.TaskState;
import dev.agenteval.api.ToolCall;
import dev.agenteval.api.Usage;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.AgentSession;
import dev.agenteval.spi.SessionRequest;
import java.net.URI;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.Test;

class A2aClientTest {

    @StartStop
    private final MockWebServer server = new MockWebServer();

    private AgentClient client(String... settings) {
        return AgentClients.create("a2a", URI.create(server.url("/a2a").toString()), fast(settings),
                env("AGENT_EVAL_AGENT_TOKEN", "tok-a2a"));
    }

    private static final String INPUT_REQUIRED = """
            {"jsonrpc":"2.0","id":1,"result":{
              "kind":"task","id":"task-1","contextId":"ctx-1",
              "status":{"state":"input-required","message":{"kind":"message","role":"agent","messageId":"m-a1",
                 "parts":[{"kind":"text","text":"Which date suits you?"}]}}}}
            """;

    private static final String COMPLETED = """
            {"jsonrpc":"2.0","id":2,"result":{
              "kind":"task","id":"task-1","contextId":"ctx-1",
              "status":{"state":"completed","message":{"kind":"message","role":"agent","messageId":"m-a2",
                 "parts":[{"kind":"text","text":"Booked for Tuesday."}]}},
              "artifacts":[{"artifactId":"a-1","parts":[
                 {"kind":"text","text":"Booked for Tuesday."},
                 {"kind":"data","data":{"booking":{"day":"Tuesday","slot":10}}}]}],
              "metadata":{"$usage":{"model":"m","inputTokens":120,"outputTokens":30,"totalTokens":150,"credits":0.25},
                "toolCalls":[{"name":"book_slot","arguments":"{\\"day\\":\\"Tuesday\\"}","result":{"ok":true}}]}}}
            """;

    @Test
    void should_send_message_send_with_a_fresh_message_id_blocking_and_carry_context_and_task_ids() throws Exception {
        server.enqueue(json(INPUT_REQUIRED));
        server.enqueue(json(COMPLETED));
        AgentSession session = client("version", "0.3").openSession(SessionRequest.of("booking"));

        AgentResponse first = session.send(Message.user("I need a check-up"));
        AgentResponse second = session.send(new Message("user", List.of(Part.text("Tuesday"),
                Part.data(Map.of("preferred", "morning"))), Map.of("channel", "eval")));

        RecordedRequest r1 = server.takeRequest();
        assertThat(r1.getMethod()).isEqualTo("POST");
        assertThat(r1.getTarget()).isEqualTo("/a2a");
        assertThat(r1.getHeaders().get("Authorization")).isEqualTo("Bearer tok-a2a");
        assertThat(r1.getHeaders().get("Content-Type")).isEqualTo("application/json");
        assertThat(r1.getHeaders().get("A2A-Version")).isNull();
        JsonNode b1 = body(r1);
        String id1 = Wire.messageId(b1, "params", "message");
        assertThat(withoutMessageId(b1, "params", "message")).isEqualTo(tree("""
                {"jsonrpc":"2.0","id":1,"method":"message/send","params":{
                  "message":{"kind":"message","messageId":"<uuid>","role":"user",
                    "parts":[{"kind":"text","text":"I need a check-up"}]},
                  "configuration":{"blocking":true}}}
                """));
        JsonNode b2 = body(server.takeRequest());
        String id2 = Wire.messageId(b2, "params", "message");
        assertThat(id2).isNotEqualTo(id1);
        assertThat(withoutMessageId(b2, "params", "message")).isEqualTo(tree("""
                {"jsonrpc":"2.0","id":2,"method":"message/send","params":{
                  "message":{"kind":"message","messageId":"<uuid>","role":"user",
                    "parts":[{"kind":"text","text":"Tuesday"},{"kind":"data","data":{"preferred":"morning"}}],
                    "contextId":"ctx-1","taskId":"task-1","metadata":{"channel":"eval"}},
                  "configuration":{"blocking":true}}}
                """));
        JsonNode last = tree(Wire.MAPPER.writeValueAsString(session.lastRequest().orElseThrow()));
        assertThat(withoutMessageId(last, "params", "message")).isEqualTo(b2);

        assertThat(first.state()).contains(TaskState.INPUT_REQUIRED);
        assertThat(first.text()).isEqualTo("Which date suits you?");
        assertThat(first.contextId()).contains("ctx-1");
        assertThat(first.taskId()).contains("task-1");
        assertThat(second.state()).contains(TaskState.COMPLETED);
        assertThat(second.text()).isEqualTo("Booked for Tuesday.");
        assertThat(second.dataParts()).containsExactly(Map.of("booking", Map.of("day", "Tuesday", "slot", 10L)));
        assertThat(second.usage()).contains(new Usage(120L, 30L, 0.25, null, "m", false));
        assertThat(second.toolCalls()).containsExactly(new ToolCall("book_slot", Map.of("day", "Tuesday"), Map.of("ok", true)));
        assertThat(tree(Wire.MAPPER.writeValueAsString(second.raw()))).isEqualTo(tree(COMPLETED));
    }

    @Test
    void should_not_carry_the_task_id_after_a_completed_task() throws Exception {
        server.enqueue(json(COMPLETED));
        server.enqueue(json(COMPLETED));
        AgentSession session = client("version", "0.3").openSession(SessionRequest.of("c"));

        session.send(Message.user("one"));
        session.send(Message.user("two"));

        server.takeRequest();
        JsonNode message = body(server.takeRequest()).get("params").get("message");
        assertThat(message.get("contextId").asText()).isEqualTo("ctx-1");
        assertThat(message.has("taskId")).isFalse();
    }

    @Test
    void should_read_the_v1_usage_spelling_with_credits_beside_it_and_a_message_result() throws Exception {
        server.enqueue(json("""
                {"jsonrpc":"2.0","id":1,"result":{"kind":"task","id":"t","contextId":"c","status":{"state":"completed"},
                  "artifacts":[{"artifactId":"a","parts":[{"kind":"text","text":"Part one. "},{"kind":"text","text":"Part two."}]}],
                  "metadata":{"_usage":{"input_tokens":26514,"output_tokens":3319},"credits":0.15916}}}
                """));
        server.enqueue(json("""
                {"jsonrpc":"2.0","id":2,"result":{"kind":"message","role":"agent","messageId":"m","contextId":"c",
                  "parts":[{"kind":"text","text":"Hello"}]}}
                """));
        AgentSession session = client("version", "0.3").openSession(SessionRequest.of("c"));

        AgentResponse task = session.send(Message.user("hi"));
        AgentResponse message = session.send(Message.user("again"));

        assertThat(task.usage()).contains(new Usage(26514L, 3319L, 0.15916, null));
        assertThat(task.text()).isEqualTo("Part one. \nPart two.");
        assertThat(message.text()).isEqualTo("Hello");
        assertThat(message.state()).isEmpty();
        assertThat(message.contextId()).contains("c");
    }

    @Test
    void should_not_repeat_a_status_text_that_the_artifacts_split_over_several_parts() throws Exception {
        server.enqueue(json("""
                {"jsonrpc":"2.0","id":1,"result":{"kind":"task","id":"t","contextId":"c",
                  "status":{"state":"completed","message":{"role":"agent","parts":[{"kind":"text","text":"Hello world."}]}},
                  "artifacts":[{"artifactId":"a","parts":[{"kind":"text","text":"Hello "},{"kind":"text","text":"world."}]}]}}
                """));

        AgentResponse r = client("version", "0.3").openSession(SessionRequest.of("c")).send(Message.user("hi"));

        assertThat(r.parts()).containsExactly(Part.text("Hello "), Part.text("world."));
    }

    @Test
    void should_choose_a2a_1_0_from_the_agent_card_and_speak_its_shapes() throws Exception {
        server.enqueue(json("""
                {"name":"Intake","supportedInterfaces":[
                  {"url":"%s","protocolBinding":"GRPC","protocolVersion":"1.0"},
                  {"url":"%s","protocolBinding":"JSONRPC","protocolVersion":"1.0"}]}
                """.formatted(server.url("/grpc"), server.url("/rpc/v1"))));
        server.enqueue(json("""
                {"jsonrpc":"2.0","id":1,"result":{"task":{"id":"t-9","contextId":"c-9",
                  "status":{"state":"TASK_STATE_INPUT_REQUIRED","message":{"messageId":"m","role":"ROLE_AGENT",
                    "parts":[{"text":"Which plant?"}]}},
                  "artifacts":[{"artifactId":"a","parts":[{"data":{"plants":["P-1","P-2"]}}]}]}}}
                """));
        server.enqueue(json("""
                {"jsonrpc":"2.0","id":2,"result":{"task":{"id":"t-9","contextId":"c-9","status":{"state":"TASK_STATE_COMPLETED"}}}}
                """));
        AgentSession session = client().openSession(SessionRequest.of("c"));

        AgentResponse r = session.send(Message.user("Show the pumps"));
        session.send(Message.user("P-1"));

        assertThat(server.takeRequest().getTarget()).isEqualTo("/a2a/.well-known/agent-card.json");
        RecordedRequest send = server.takeRequest();
        assertThat(send.getTarget()).isEqualTo("/rpc/v1");
        assertThat(send.getHeaders().get("A2A-Version")).isEqualTo("1.0");
        assertThat(withoutMessageId(body(send), "params", "message")).isEqualTo(tree("""
                {"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{
                  "message":{"messageId":"<uuid>","role":"ROLE_USER","parts":[{"text":"Show the pumps"}]}}}
                """));
        JsonNode second = body(server.takeRequest()).get("params").get("message");
        assertThat(second.get("contextId").asText()).isEqualTo("c-9");
        assertThat(second.get("taskId").asText()).isEqualTo("t-9");
        assertThat(r.state()).contains(TaskState.INPUT_REQUIRED);
        assertThat(r.text()).isEqualTo("Which plant?");
        assertThat(r.dataParts()).containsExactly(Map.of("plants", List.of("P-1", "P-2")));
        assertThat(server.getRequestCount()).isEqualTo(3);
    }

    @Test
    void should_fall_back_to_the_pre_0_3_card_path_and_use_the_card_url() throws Exception {
        server.enqueue(json(404, "{\"error\":\"not found\"}"));
        server.enqueue(json("""
                {"name":"Old","url":"/legacy/rpc","protocolVersion":"0.2.5","preferredTransport":"JSONRPC"}
                """));
        server.enqueue(json(COMPLETED));

        client().openSession(SessionRequest.of("c")).send(Message.user("hi"));

        assertThat(server.takeRequest().getTarget()).isEqualTo("/a2a/.well-known/agent-card.json");
        assertThat(server.takeRequest().getTarget()).isEqualTo("/a2a/.well-known/agent.json");
        RecordedRequest send = server.takeRequest();
        assertThat(send.getTarget()).isEqualTo("/legacy/rpc");
        assertThat(body(send).get("method").asText()).isEqualTo("message/send");
    }

    @Test
    void should_speak_0_3_at_the_configured_url_when_there_is_no_card() throws Exception {
        server.enqueue(json(404, "{}"));
        server.enqueue(json(404, "{}"));
        server.enqueue(json(COMPLETED));
        server.enqueue(json(COMPLETED));
        AgentClient client = client();

        client.openSession(SessionRequest.of("a")).send(Message.user("hi"));
        client.openSession(SessionRequest.of("b")).send(Message.user("hi"));

        server.takeRequest();
        server.takeRequest();
        assertThat(server.takeRequest().getTarget()).isEqualTo("/a2a");
        // The card is looked up once per client, not once per session.
        assertThat(server.takeRequest().getTarget()).isEqualTo("/a2a");
    }

    @Test
    void should_type_a_json_rpc_error_object_as_an_invalid_response_naming_code_and_message() {
        server.enqueue(json("""
                {"jsonrpc":"2.0","id":1,"error":{"code":-32001,"message":"Task not found"}}
                """));

        assertThatThrownBy(() -> client("version", "0.3").openSession(SessionRequest.of("c")).send(Message.user("hi")))
                .isInstanceOfSatisfying(AgentException.class, e -> {
                    assertThat(e.code()).isEqualTo(FailureCode.INVALID_RESPONSE);
                    assertThat(e.getMessage()).contains("JSON-RPC error -32001: Task not found");
                    assertThat(e.context()).containsEntry("code", -32001L);
                });
    }

    @Test
    void should_type_a_result_that_is_neither_task_nor_message_as_an_invalid_response() {
        server.enqueue(json("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"answer\":\"hi\"}}"));

        assertThatThrownBy(() -> client("version", "0.3").openSession(SessionRequest.of("c")).send(Message.user("hi")))
                .isInstanceOfSatisfying(AgentException.class, e -> {
                    assertThat(e.code()).isEqualTo(FailureCode.INVALID_RESPONSE);
                    assertThat(e.getMessage()).contains("neither an A2A task nor a message (fields: answer)");
                });
    }

    @Test
    void should_omit_the_configuration_or_ask_for_a_non_blocking_answer_when_configured() throws Exception {
        server.enqueue(json(COMPLETED));
        server.enqueue(json(COMPLETED));

        client("version", "0.3", "blocking", "omit").openSession(SessionRequest.of("c")).send(Message.user("a"));
        client("version", "1.0", "blocking", "false").openSession(SessionRequest.of("c")).send(Message.user("b"));

        assertThat(body(server.takeRequest()).get("params").has("configuration")).isFalse();
        assertThat(body(server.takeRequest()).get("params").get("configuration"))
                .isEqualTo(tree("{\"returnImmediately\":true}"));
    }

    @Test
    void should_stream_message_stream_events_into_one_task_and_record_the_time_to_first_event() throws Exception {
        String sse = """
                : keep-alive

                data: {"jsonrpc":"2.0","id":1,"result":{"kind":"task","id":"t-s","contextId":"c-s","status":{"state":"submitted"}}}

                data: {"jsonrpc":"2.0","id":1,"result":{"kind":"status-update","taskId":"t-s","contextId":"c-s",
                data:  "status":{"state":"working"},"final":false}}

                data: {"jsonrpc":"2.0","id":1,"result":{"kind":"artifact-update","taskId":"t-s","contextId":"c-s","artifact":{"artifactId":"a","parts":[{"kind":"text","text":"Streamed "}]}}}

                data: {"jsonrpc":"2.0","id":1,"result":{"kind":"artifact-update","taskId":"t-s","contextId":"c-s","append":true,"artifact":{"artifactId":"a","parts":[{"kind":"text","text":"answer."}]}}}

                data: {"jsonrpc":"2.0","id":1,"result":{"kind":"status-update","taskId":"t-s","contextId":"c-s","status":{"state":"completed"},"final":true}}

                """;
        server.enqueue(new MockResponse.Builder().code(200).addHeader("Content-Type", "text/event-stream").body(sse).build());

        AgentSession session = client("version", "0.3", "stream", "true").openSession(SessionRequest.of("c"));
        AgentResponse r = session.send(Message.user("stream please"));

        RecordedRequest req = server.takeRequest();
        assertThat(req.getHeaders().get("Accept")).isEqualTo("text/event-stream");
        assertThat(req.getHeaders().get("Authorization")).isEqualTo("Bearer tok-a2a");
        assertThat(body(req).get("method").asText()).isEqualTo("message/stream");
        assertThat(r.state()).contains(TaskState.COMPLETED);
        assertThat(r.parts()).containsExactly(Part.text("Streamed "), Part.text("answer."));
        assertThat(r.contextId()).contains("c-s");
        @SuppressWarnings("unchecked")
        Map<String, Object> stream = (Map<String, Object>) ((Map<String, Object>) r.raw()).get("stream");
        assertThat(stream).containsEntry("events", 5L);
        assertThat((Long) stream.get("timeToFirstEventMillis")).isNotNegative();
    }

    @Test
    void should_type_a_json_rpc_error_answered_instead_of_a_stream() {
        server.enqueue(json("{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32004,\"message\":\"Streaming is not supported\"}}"));

        assertThatThrownBy(() -> client("version", "0.3", "stream", "true").openSession(SessionRequest.of("c"))
                .send(Message.user("hi")))
                .isInstanceOfSatisfying(AgentException.class, e -> {
                    assertThat(e.code()).isEqualTo(FailureCode.INVALID_RESPONSE);
                    assertThat(e.getMessage()).contains("-32004: Streaming is not supported");
                });
    }

    @Test
    void should_type_a_streaming_http_error_with_status_and_body_excerpt() {
        server.enqueue(json(500, "{\"error\":\"agent crashed\"}"));

        assertThatThrownBy(() -> client("version", "0.3", "stream", "true").openSession(SessionRequest.of("c"))
                .send(Message.user("hi")))
                .isInstanceOfSatisfying(AgentException.class, e -> {
                    assertThat(e.code()).isEqualTo(FailureCode.HTTP_ERROR);
                    assertThat(e.context()).containsEntry("status", 500L);
                    assertThat(e.getMessage()).contains("answered 500").contains("agent crashed");
                });
    }

    @Test
    void should_abandon_a_stream_when_the_thread_is_interrupted() throws Exception {
        server.enqueue(new MockResponse.Builder().code(200).addHeader("Content-Type", "text/event-stream")
                .body("data: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"kind\":\"task\",\"id\":\"t\","
                        + "\"status\":{\"state\":\"working\"}}}\n\n")
                .bodyDelay(30, java.util.concurrent.TimeUnit.SECONDS).build());
        AgentSession session = AgentClients.create("a2a", URI.create(server.url("/a2a").toString()),
                fast("version", "0.3", "stream", "true", "requestTimeoutSeconds", "60"), name -> null)
                .openSession(SessionRequest.of("c"));
        java.util.concurrent.CompletableFuture<Throwable> outcome = new java.util.concurrent.CompletableFuture<>();
        Thread caller = new Thread(() -> {
            try {
                session.send(Message.user("hi"));
                outcome.complete(null);
            } catch (Throwable t) {
                outcome.complete(t);
            }
        });
        caller.start();
        server.takeRequest();

        caller.interrupt();

        assertThat(outcome.get(10, java.util.concurrent.TimeUnit.SECONDS)).isInstanceOf(InterruptedException.class);
    }

    /** The wrapping the A2A JS SDK's 0.3 compat layer does (A2aJsSdkTest sees it from the SDK itself). */
    @Test
    void should_unwrap_a_data_payload_flagged_data_part_compat_and_only_that() throws Exception {
        server.enqueue(json("""
                {"jsonrpc":"2.0","id":1,"result":{"kind":"task","id":"t","contextId":"c",
                  "status":{"state":"completed"},
                  "artifacts":[{"artifactId":"a","parts":[
                    {"kind":"data","data":{"value":[1,2]},"metadata":{"data_part_compat":true}},
                    {"kind":"data","data":{"value":null},"metadata":{"data_part_compat":true}},
                    {"kind":"data","data":{"value":[3]}},
                    {"kind":"data","data":{"value":[4]},"metadata":{"data_part_compat":"true"}},
                    {"kind":"data","data":{"other":5},"metadata":{"data_part_compat":true}}]}]}}
                """));

        AgentResponse r = client("version", "0.3").openSession(SessionRequest.of("c")).send(Message.user("hi"));

        assertThat(r.dataParts()).containsExactly(List.of(1L, 2L), null, Map.of("value", List.of(3L)),
                Map.of("value", List.of(4L)), Map.of("other", 5L));
    }

    @Test
    void should_read_the_card_once_for_every_session_even_when_the_session_that_started_it_is_cut_off() throws Exception {
        server.enqueue(new MockResponse.Builder().code(404).body("{}")
                .headersDelay(500, java.util.concurrent.TimeUnit.MILLISECONDS).build());
        server.enqueue(json(404, "{}"));
        server.enqueue(json(COMPLETED));
        AgentClient client = client();
        java.util.concurrent.CompletableFuture<Throwable> first = new java.util.concurrent.CompletableFuture<>();
        Thread caller = new Thread(() -> {
            try {
                client.openSession(SessionRequest.of("a")).send(Message.user("hi"));
                first.complete(null);
            } catch (Throwable t) {
                first.complete(t);
            }
        });
        caller.start();
        assertThat(server.takeRequest().getTarget()).isEqualTo("/a2a/.well-known/agent-card.json");

        caller.interrupt();
        assertThat(first.get(10, java.util.concurrent.TimeUnit.SECONDS)).isInstanceOf(InterruptedException.class);
        AgentResponse second = client.openSession(SessionRequest.of("b")).send(Message.user("hi"));

        assertThat(second.text()).isEqualTo("Booked for Tuesday.");
        assertThat(server.takeRequest().getTarget()).isEqualTo("/a2a/.well-known/agent.json");
        assertThat(server.takeRequest().getTarget()).isEqualTo("/a2a");
        assertThat(server.getRequestCount()).isEqualTo(3);
    }

    @Test
    void should_read_the_card_timeout_setting() {
        assertThatThrownBy(() -> client("cardTimeoutSeconds", "0"))
                .isInstanceOf(dev.agenteval.api.ConfigurationException.class)
                .hasMessageContaining("cardTimeoutSeconds").hasMessageContaining("must be > 0");
    }

    @Test
    void should_keep_the_token_out_of_to_string() {
        assertThat(client("version", "0.3").toString()).doesNotContain("tok-a2a").contains("version 0.3");
    }
}
