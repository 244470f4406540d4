package dev.agenteval.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agenteval.api.TaskState;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class FakeA2aAgentTest {

    @Test
    void should_answer_a_0_3_task_with_kind_discriminators_usage_and_tool_calls_in_metadata() throws Exception {
        try (FakeA2aAgent agent = FakeA2aAgent.start(A2aWire.V0_3)) {
            agent.enqueue(A2aReply.completed("Found 1 pump.").toolCall("find_assets", "{\"filter\": \"pump\"}",
                    "[{\"id\": \"P-101\"}]").data("{\"items\": [1, 2]}").usage(12, 30).credits(0.5));

            JsonNode result = Http.json(Http.post(agent.url(), Http.send("message/send", "Find pumps", ""))).get("result");

            assertThat(result.path("kind").asText()).isEqualTo("task");
            assertThat(result.at("/status/state").asText()).isEqualTo("completed");
            assertThat(result.at("/status/message/role").asText()).isEqualTo("agent");
            assertThat(result.at("/status/message/parts/0/kind").asText()).isEqualTo("text");
            assertThat(result.at("/status/message/parts/0/text").asText()).isEqualTo("Found 1 pump.");
            assertThat(result.at("/artifacts/0/parts/0/kind").asText()).isEqualTo("data");
            assertThat(result.at("/artifacts/0/parts/0/data/items/1").asInt()).isEqualTo(2);
            assertThat(result.at("/metadata/toolCalls/0/name").asText()).isEqualTo("find_assets");
            assertThat(result.at("/metadata/toolCalls/0/arguments/filter").asText()).isEqualTo("pump");
            assertThat(result.at("/metadata/toolCalls/0/result/0/id").asText()).isEqualTo("P-101");
            assertThat(result.at("/metadata/_usage/input_tokens").asLong()).isEqualTo(12);
            assertThat(result.at("/metadata/_usage/output_tokens").asLong()).isEqualTo(30);
            assertThat(result.at("/metadata/credits").asDouble()).isEqualTo(0.5);
            assertThat(result.at("/history/0/parts/0/text").asText()).as("the user's message as received")
                    .isEqualTo("Find pumps");
        }
    }

    @Test
    void should_answer_1_0_with_send_message_wrappers_state_names_and_no_kind() throws Exception {
        try (FakeA2aAgent agent = FakeA2aAgent.start(A2aWire.V1_0)) {
            agent.enqueue(A2aReply.inputRequired("Which day?").usage(3, 4), A2aReply.message("Hi there"));

            JsonNode task = Http.json(Http.post(agent.url(), Http.send("SendMessage", "Book", ""))).get("result");
            JsonNode message = Http.json(Http.post(agent.url(), Http.send("SendMessage", "Hi", ""))).get("result");
            JsonNode wrongMethod = Http.json(Http.post(agent.url(), Http.send("message/send", "Hi", "")));

            assertThat(task.at("/task/status/state").asText()).isEqualTo("TASK_STATE_INPUT_REQUIRED");
            assertThat(task.at("/task/status/message/role").asText()).isEqualTo("ROLE_AGENT");
            assertThat(task.at("/task/kind").isMissingNode()).isTrue();
            assertThat(task.at("/task/status/message/parts/0").has("kind")).isFalse();
            assertThat(task.at("/task/metadata/$usage/totalTokens").asLong()).isEqualTo(7);
            assertThat(message.at("/message/parts/0/text").asText()).isEqualTo("Hi there");
            assertThat(wrongMethod.at("/error/code").asInt()).isEqualTo(-32601);
            assertThat(wrongMethod.at("/error/message").asText()).contains("SendMessage");
        }
    }

    @Test
    void should_announce_its_version_in_the_card() throws Exception {
        try (FakeA2aAgent v03 = FakeA2aAgent.start(A2aWire.V0_3); FakeA2aAgent v10 = FakeA2aAgent.start(A2aWire.V1_0)) {
            JsonNode card03 = Http.json(Http.get(v03.url().resolve(FakeA2aAgent.AGENT_CARD_PATH)));
            JsonNode card10 = Http.json(Http.get(v10.url().resolve(FakeA2aAgent.AGENT_CARD_PATH)));

            assertThat(card03.path("protocolVersion").asText()).isEqualTo("0.3.0");
            assertThat(card03.path("url").asText()).isEqualTo(v03.url().toString());
            assertThat(card10.at("/supportedInterfaces/0/protocolVersion").asText()).isEqualTo("1.0");
            assertThat(card10.at("/supportedInterfaces/0/url").asText()).isEqualTo(v10.url().toString());
        }
    }

    @Test
    void should_answer_404_for_its_card_when_it_has_none_and_still_answer_messages() throws Exception {
        try (FakeA2aAgent agent = FakeA2aAgent.start().withoutCard()) {
            HttpResponse<String> card = Http.get(agent.url().resolve(FakeA2aAgent.AGENT_CARD_PATH));
            HttpResponse<String> old = Http.get(agent.url().resolve("/.well-known/agent.json"));
            JsonNode answer = Http.json(Http.post(agent.url(), Http.send("message/send", "hi", "")));

            assertThat(card.statusCode()).isEqualTo(404);
            assertThat(old.statusCode()).isEqualTo(404);
            assertThat(answer.at("/result/status/message/parts/0/text").asText()).isEqualTo("hi");
        }
    }

    @Test
    void should_continue_the_task_that_waits_for_input_and_keep_its_history() throws Exception {
        try (FakeA2aAgent agent = FakeA2aAgent.start()) {
            agent.when("check-up", A2aReply.inputRequired("Which day?"))
                    .when("Tuesday", A2aReply.completed("Booked for Tuesday."));

            JsonNode first = Http.json(Http.post(agent.url(), Http.send("message/send", "Book a check-up", ""))).get("result");
            String more = "\"contextId\": \"" + first.path("contextId").asText() + "\", \"taskId\": \""
                    + first.path("id").asText() + "\"";
            JsonNode second = Http.json(Http.post(agent.url(), Http.send("message/send", "Tuesday", more))).get("result");
            JsonNode third = Http.json(Http.post(agent.url(), Http.send("message/send", "Tuesday", more))).get("result");

            assertThat(second.path("id").asText()).isEqualTo(first.path("id").asText());
            assertThat(second.path("contextId").asText()).isEqualTo(first.path("contextId").asText());
            assertThat(second.at("/status/state").asText()).isEqualTo("completed");
            assertThat(second.path("history")).extracting(m -> m.at("/parts/0/text").asText())
                    .containsExactly("Book a check-up", "Which day?", "Tuesday", "Booked for Tuesday.");
            assertThat(third.path("id").asText()).as("a completed task takes no more messages: a new one")
                    .isNotEqualTo(first.path("id").asText());
            assertThat(agent.takeRequest().taskId()).isEmpty();
            assertThat(agent.takeRequest().taskId()).contains(first.path("id").asText());
        }
    }

    @Test
    void should_echo_by_default_and_record_every_request_with_its_headers() throws Exception {
        try (FakeA2aAgent agent = FakeA2aAgent.start()) {
            JsonNode result = Http.json(Http.post(agent.url(), Http.send("message/send", "ping", ""),
                    "Authorization", "Bearer t0ken")).get("result");

            assertThat(result.at("/status/message/parts/0/text").asText()).isEqualTo("ping");
            A2aRequest r = agent.takeRequest();
            assertThat(r.number()).isEqualTo(1);
            assertThat(r.method()).isEqualTo("message/send");
            assertThat(r.header("AUTHORIZATION")).contains("Bearer t0ken");
            assertThat(r.messageId()).contains("m-1");
            assertThat(agent.requestCount()).isEqualTo(1);
            assertThatThrownBy(() -> agent.requests().add(r)).isInstanceOf(UnsupportedOperationException.class);
        }
    }

    @Test
    void should_render_every_task_state_in_both_spellings() throws Exception {
        for (A2aWire wire : A2aWire.values()) {
            try (FakeA2aAgent agent = FakeA2aAgent.start(wire)) {
                for (TaskState state : TaskState.values()) {
                    agent.enqueue(A2aReply.task(state, "x"));
                    JsonNode result = Http.json(Http.post(agent.url(), Http.send(wire.sendMethod(), "s", ""))).get("result");
                    String spelled = (wire == A2aWire.V0_3 ? result : result.get("task")).at("/status/state").asText();
                    assertThat(TaskState.parse(spelled)).as(wire + " " + spelled).isEqualTo(state);
                }
            }
        }
    }

    @Test
    void should_answer_faults_http_errors_malformed_json_dropped_connections_and_rpc_errors() throws Exception {
        try (FakeA2aAgent agent = FakeA2aAgent.start()) {
            agent.enqueue(A2aReply.httpStatus(503, "busy"), A2aReply.malformedJson(), A2aReply.dropConnection(),
                    A2aReply.rpcError(-32603, "internal error: the agent crashed"));

            HttpResponse<String> status = Http.post(agent.url(), Http.send("message/send", "a", ""));
            HttpResponse<String> malformed = Http.post(agent.url(), Http.send("message/send", "b", ""));
            assertThatThrownBy(() -> Http.post(agent.url(), Http.send("message/send", "c", "")))
                    .isInstanceOf(IOException.class);
            JsonNode rpc = Http.json(Http.post(agent.url(), Http.send("message/send", "d", "")));

            assertThat(status.statusCode()).isEqualTo(503);
            assertThat(status.body()).isEqualTo("busy");
            assertThat(malformed.statusCode()).isEqualTo(200);
            assertThatThrownBy(() -> Http.json(malformed)).isInstanceOf(IOException.class);
            assertThat(rpc.at("/error/code").asInt()).isEqualTo(-32603);
            assertThat(rpc.path("id").asInt()).isEqualTo(7);
            assertThat(agent.requestCount()).isEqualTo(4);
        }
    }

    @Test
    void should_cut_a_body_short_of_its_length_and_send_the_headers_it_is_given() throws Exception {
        try (FakeA2aAgent agent = FakeA2aAgent.start()) {
            agent.enqueue(A2aReply.completed("a whole sentence").cutAfter(20),
                    A2aReply.httpStatus(429, "slow down").header("Retry-After", "1").header("Content-Type", "text/plain"));

            assertThatThrownBy(() -> Http.post(agent.url(), Http.send("message/send", "a", "")))
                    .isInstanceOf(IOException.class);
            HttpResponse<String> limited = Http.post(agent.url(), Http.send("message/send", "b", ""));

            assertThat(limited.statusCode()).isEqualTo(429);
            assertThat(limited.headers().firstValue("Retry-After")).contains("1");
            assertThat(limited.headers().allValues("Content-Type")).containsExactly("text/plain");
            assertThat(agent.requestCount()).isEqualTo(2);
        }
    }

    @Test
    void should_stall_a_body_after_its_first_bytes_until_the_agent_closes() throws Exception {
        FakeA2aAgent agent = FakeA2aAgent.start();
        try (agent) {
            agent.enqueue(A2aReply.completed("a whole sentence").stallAfter(16));

            HttpResponse<java.io.InputStream> response = Http.CLIENT.send(Http.request(agent.url(),
                    Http.send("message/send", "a", "")).build(), HttpResponse.BodyHandlers.ofInputStream());
            java.io.InputStream body = response.body();

            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(new String(body.readNBytes(16), java.nio.charset.StandardCharsets.UTF_8)).isEqualTo("{\"jsonrpc\":\"2.0\"");
            agent.close();
            assertThatThrownBy(body::readAllBytes).as("the rest never came").isInstanceOf(IOException.class);
        }
    }

    @Test
    void should_stream_an_oversized_answer_of_exactly_the_size_asked() throws Exception {
        try (FakeA2aAgent agent = FakeA2aAgent.start()) {
            agent.enqueue(A2aReply.oversized(3_000_000));

            HttpResponse<String> big = Http.post(agent.url(), Http.send("message/send", "a", ""));

            assertThat(big.headers().firstValueAsLong("Content-Length")).hasValue(3_000_000);
            assertThat(Http.json(big).at("/result/status/message/parts/0/text").asText()).hasSizeGreaterThan(2_999_000)
                    .matches("x+");
            assertThatThrownBy(() -> A2aReply.oversized(10)).hasMessageContaining("at least");
            assertThatThrownBy(() -> A2aReply.completed("x").cutAfter(-1)).hasMessage("bytes must be >= 0 but was -1");
        }
    }

    @Test
    void should_not_answer_a_hanging_request_until_the_client_gives_up() throws Exception {
        try (FakeA2aAgent agent = FakeA2aAgent.start()) {
            agent.enqueue(A2aReply.hang());
            java.net.http.HttpRequest request = java.net.http.HttpRequest.newBuilder(agent.url())
                    .timeout(Duration.ofMillis(200)).POST(java.net.http.HttpRequest.BodyPublishers.ofString(
                            Http.send("message/send", "x", ""))).build();

            assertThatThrownBy(() -> java.net.http.HttpClient.newHttpClient().send(request,
                    HttpResponse.BodyHandlers.ofString())).isInstanceOf(HttpTimeoutException.class);
        }
    }

    @Test
    void should_refuse_a_body_that_is_not_json_and_params_without_a_message() throws Exception {
        try (FakeA2aAgent agent = FakeA2aAgent.start()) {
            assertThat(Http.json(Http.post(agent.url(), "not json")).at("/error/code").asInt()).isEqualTo(-32700);
            assertThat(Http.json(Http.post(agent.url(), "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"message/send\","
                    + " \"params\": {}}")).at("/error/code").asInt()).isEqualTo(-32602);
            assertThat(agent.requestCount()).as("only messages are recorded").isZero();
        }
    }

    @Test
    void should_serve_the_rest_binding_with_the_bare_result() throws Exception {
        try (FakeA2aAgent agent = FakeA2aAgent.start(A2aWire.V1_0)) {
            agent.enqueue(A2aReply.completed("done"));

            JsonNode answer = Http.json(Http.post(agent.url().resolve("agents/a1/v1/message:send"),
                    "{\"message\": {\"role\": \"ROLE_USER\", \"messageId\": \"m\", \"parts\": [{\"text\": \"go\"}]}}"));

            assertThat(answer.at("/task/status/state").asText()).isEqualTo("TASK_STATE_COMPLETED");
            A2aRequest r = agent.takeRequest();
            assertThat(r.method()).isEqualTo("message:send");
            assertThat(r.path()).isEqualTo("/agents/a1/v1/message:send");
            assertThat(r.text()).isEqualTo("go");
        }
    }

    @Test
    void should_refuse_scripting_that_cannot_be_rendered() {
        assertThatThrownBy(() -> A2aReply.completed("x").metadata("k", "{not json"))
                .hasMessageContaining("metadata k is not JSON: {not json");
        assertThatThrownBy(() -> A2aReply.message("x").data("{}")).hasMessageContaining("only a task has artifacts");
        assertThatThrownBy(() -> A2aPart.raw("[1]")).hasMessage("a part must be a JSON object but was [1]");
        assertThatThrownBy(() -> A2aReply.httpStatus(42, "")).hasMessage("status must be 100..599 but was 42");
    }

    @Test
    void should_render_a_task_without_a_status_message_and_parts_of_every_kind() throws Exception {
        try (FakeA2aAgent agent = FakeA2aAgent.start()) {
            agent.enqueue(A2aReply.task(TaskState.COMPLETED).artifact(A2aPart.raw("{\"kind\": \"json\", \"data\": 1}"),
                    A2aPart.text("t")).history(A2aPart.data("{\"h\": 1}")));

            JsonNode task = Http.json(Http.post(agent.url(), Http.send("message/send", "x", ""))).get("result");

            assertThat(task.at("/status").has("message")).isFalse();
            assertThat(task.at("/artifacts/0/parts/0/kind").asText()).isEqualTo("json");
            assertThat(task.at("/artifacts/0/parts/1/text").asText()).isEqualTo("t");
            assertThat(task.path("history")).hasSize(2);
            assertThat(task.at("/history/1/parts/0/data/h").asInt()).isEqualTo(1);
        }
    }

    @Test
    void should_say_so_when_no_request_arrives_to_take() {
        try (FakeA2aAgent agent = FakeA2aAgent.start()) {
            Thread.currentThread().interrupt();
            assertThatThrownBy(agent::takeRequest).isInstanceOf(InterruptedException.class);
        }
    }
}
