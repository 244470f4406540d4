package dev.agenteval.testkit.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The demo agent over real HTTP on 127.0.0.1, spoken to with the JDK's client. */
class DemoAgentTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private final HttpClient http = HttpClient.newHttpClient();
    private DemoAgent agent;

    @BeforeEach
    void start() {
        agent = DemoAgent.start();
    }

    @AfterEach
    void stop() {
        agent.close();
    }

    @Test
    void should_listen_on_loopback_and_serve_the_agent_card() throws Exception {
        assertThat(agent.url().toString()).matches("http://127\\.0\\.0\\.1:\\d+/");

        HttpResponse<String> response = get(".well-known/agent-card.json");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
        JsonNode card = MAPPER.readTree(response.body());
        assertThat(card.path("protocolVersion").asText()).isEqualTo("0.3.0");
        assertThat(card.path("url").asText()).isEqualTo(agent.url().toString());
        assertThat(card.path("name").asText()).isNotBlank();
        assertThat(card.path("preferredTransport").asText()).isEqualTo("JSONRPC");
        assertThat(card.path("skills").findValuesAsText("id")).containsExactly("find-assets", "vitals", "book-check-up");
    }

    @Test
    void should_answer_a_greeting_with_a_completed_task_listing_its_capabilities() throws Exception {
        JsonNode response = send("Hi, what can you help me with?", null, null);

        assertThat(response.path("jsonrpc").asText()).isEqualTo("2.0");
        assertThat(response.path("id").asText()).isEqualTo("req-1");
        JsonNode task = response.path("result");
        assertThat(task.path("kind").asText()).isEqualTo("task");
        assertThat(task.path("id").asText()).isNotBlank();
        assertThat(task.path("contextId").asText()).isNotBlank();
        assertThat(task.path("status").path("state").asText()).isEqualTo("completed");
        assertThat(task.path("status").path("timestamp").asText()).isNotBlank();
        JsonNode message = task.path("status").path("message");
        assertThat(message.path("role").asText()).isEqualTo("agent");
        assertThat(message.path("kind").asText()).isEqualTo("message");
        assertThat(message.path("messageId").asText()).isNotBlank();
        assertThat(message.path("parts").get(0).path("kind").asText()).isEqualTo("text");
        assertThat(text(task)).startsWith("Hello!")
                .contains("looking up assets", "showing the latest vitals", "booking check-ups");
        assertThat(task.has("artifacts")).isFalse();
        assertThat(task.path("history")).hasSize(1);
        assertThat(task.path("history").get(0).path("role").asText()).isEqualTo("user");
        assertThat(task.path("history").get(0).path("parts").get(0).path("text").asText())
                .isEqualTo("Hi, what can you help me with?");
        assertThat(task.path("metadata").has("toolCalls")).isFalse();
    }

    @Test
    void should_report_usage_in_the_task_metadata() throws Exception {
        JsonNode task = send("Hello there", null, null).path("result");

        JsonNode metadata = task.path("metadata");
        assertThat(metadata.path("_usage").path("input_tokens").asInt()).isEqualTo(2);
        assertThat(metadata.path("_usage").path("output_tokens").asInt()).isEqualTo(text(task).split("\\s+").length);
        assertThat(metadata.path("credits").isNumber()).isTrue();
        assertThat(metadata.path("credits").decimalValue())
                .isEqualByComparingTo(new BigDecimal(2 + text(task).split("\\s+").length).movePointLeft(3));
    }

    @Test
    void should_report_the_tool_calls_of_a_lookup_and_answer_with_the_pumps_found() throws Exception {
        JsonNode task = send("Find pumps", null, null).path("result");

        assertThat(task.path("status").path("state").asText()).isEqualTo("completed");
        JsonNode calls = task.path("metadata").path("toolCalls");
        assertThat(calls).hasSize(2);
        assertThat(calls.get(0).path("name").asText()).isEqualTo("find_assets");
        assertThat(calls.get(0).path("arguments").path("filter").asText()).isEqualTo("pump");
        assertThat(calls.get(0).path("arguments").path("limit").asInt()).isEqualTo(10);
        assertThat(calls.get(0).path("result").findValuesAsText("id")).containsExactly("P-101", "P-102", "P-201");
        assertThat(calls.get(1).path("name").asText()).isEqualTo("get_asset_status");
        assertThat(calls.get(1).path("arguments").path("ids").toString()).isEqualTo("[\"P-101\",\"P-102\",\"P-201\"]");
        assertThat(calls.get(1).path("result").findValuesAsText("status")).containsExactly("running", "stopped", "running");
        assertThat(text(task)).isEqualTo("I found 3 pumps: P-101 Feed pump (Plant A) is running,"
                + " P-102 Cooling water pump (Plant A) is stopped, P-201 Booster pump (Plant B) is running.");
    }

    @Test
    void should_look_up_another_kind_of_asset_with_its_filter() throws Exception {
        JsonNode task = send("Look up valves", null, null).path("result");

        assertThat(task.path("metadata").path("toolCalls").get(0).path("arguments").path("filter").asText())
                .isEqualTo("valve");
        assertThat(text(task)).isEqualTo("I found 1 valve: V-301 Inlet valve (Plant A) is open.");
    }

    @Test
    void should_answer_vitals_with_a_text_part_and_a_data_artifact_of_four_items() throws Exception {
        JsonNode task = send("Show the latest vitals", null, null).path("result");

        assertThat(task.path("status").path("state").asText()).isEqualTo("completed");
        assertThat(text(task)).contains("38.5 °C", "120/80 mmHg", "90 Bpm");
        JsonNode artifact = task.path("artifacts").get(0);
        assertThat(artifact.path("artifactId").asText()).isNotBlank();
        JsonNode part = artifact.path("parts").get(0);
        assertThat(part.path("kind").asText()).isEqualTo("data");
        JsonNode items = part.path("data").path("items");
        assertThat(items).hasSize(4);
        assertThat(items.findValuesAsText("type")).containsExactly("TEMP", "SYS", "DIAS", "PULSE");
        assertThat(items.get(0).path("value").isDouble()).isTrue();
        assertThat(items.get(0).path("value").doubleValue()).isEqualTo(38.5);
        assertThat(items.get(0).path("unitName").asText()).isEqualTo("°C");
        assertThat(items.get(1).path("value").isIntegralNumber()).as("120 is an integer, as must_include_json compares types")
                .isTrue();
        assertThat(items.findValuesAsText("timestamp")).allMatch(t -> t.matches("\\d{4}-\\d{2}-\\d{2}T.*"));
    }

    @Test
    void should_complete_a_booking_when_the_follow_up_carries_the_task_and_context_ids() throws Exception {
        JsonNode first = send("I need to book a check-up.", null, null).path("result");
        assertThat(first.path("status").path("state").asText()).isEqualTo("input-required");
        assertThat(text(first)).contains("Which day");

        JsonNode second = send("Tuesday, please.", first.path("contextId").asText(), first.path("id").asText())
                .path("result");

        assertThat(second.path("id").asText()).isEqualTo(first.path("id").asText());
        assertThat(second.path("contextId").asText()).isEqualTo(first.path("contextId").asText());
        assertThat(second.path("status").path("state").asText()).isEqualTo("completed");
        assertThat(text(second)).isEqualTo("Booked for Tuesday at 09:00. See you then!");
        assertThat(second.path("history").findValuesAsText("role")).containsExactly("user", "agent", "user");
    }

    @Test
    void should_keep_asking_for_a_day_until_the_follow_up_names_one() throws Exception {
        JsonNode first = send("Schedule a check-up", null, null).path("result");

        JsonNode second = send("Whenever suits you", first.path("contextId").asText(), first.path("id").asText())
                .path("result");

        assertThat(second.path("status").path("state").asText()).isEqualTo("input-required");
        assertThat(text(second)).contains("day of the week");
    }

    @Test
    void should_answer_a_follow_up_without_the_task_id_as_a_new_task_that_books_nothing() throws Exception {
        JsonNode first = send("I need to book a check-up.", null, null).path("result");

        JsonNode second = send("Tuesday, please.", first.path("contextId").asText(), null).path("result");

        assertThat(second.path("id").asText()).isNotEqualTo(first.path("id").asText());
        assertThat(second.path("contextId").asText()).isEqualTo(first.path("contextId").asText());
        assertThat(second.path("status").path("state").asText()).isEqualTo("completed");
        assertThat(text(second)).startsWith("Sorry, I did not understand that.").doesNotContain("Booked");
    }

    @Test
    void should_start_a_new_conversation_when_the_context_id_is_absent() throws Exception {
        JsonNode first = send("Hello", null, null).path("result");
        JsonNode second = send("Hello", null, null).path("result");

        assertThat(second.path("contextId").asText()).isNotEqualTo(first.path("contextId").asText());
    }

    @Test
    void should_elaborate_only_in_the_conversation_where_it_listed_its_capabilities() throws Exception {
        JsonNode greeting = send("What can you help me with?", null, null).path("result");

        JsonNode sameContext = send("Can you elaborate on the first thing you mentioned?",
                greeting.path("contextId").asText(), null).path("result");
        JsonNode newContext = send("Can you elaborate on the first thing you mentioned?", null, null).path("result");

        assertThat(text(sameContext)).contains("looking up assets", "find_assets");
        assertThat(text(newContext)).contains("have not mentioned anything yet");
    }

    @Test
    void should_end_a_task_that_crashes_in_state_failed_with_an_error_message() throws Exception {
        JsonNode task = send("Please crash.", null, null).path("result");

        assertThat(task.path("status").path("state").asText()).isEqualTo("failed");
        assertThat(text(task)).startsWith("Error:").contains("simulated failure");
    }

    @Test
    void should_reject_anything_about_refunds() throws Exception {
        JsonNode task = send("Can you find my refund?", null, null).path("result");

        assertThat(task.path("status").path("state").asText()).isEqualTo("rejected");
        assertThat(text(task)).contains("can't help with refunds");
        assertThat(task.path("metadata").has("toolCalls")).isFalse();
    }

    @Test
    void should_answer_a_parse_error_for_a_body_that_is_not_json() throws Exception {
        JsonNode response = postRaw("{not json");

        assertError(response, -32700, "Parse error");
        assertThat(response.get("id").isNull()).isTrue();
    }

    @Test
    void should_answer_invalid_request_when_the_envelope_is_wrong() throws Exception {
        assertError(postRaw("[1, 2]"), -32600, "expected a JSON object");
        assertError(post(Map.of("jsonrpc", "1.0", "id", 1, "method", "message/send", "params", Map.of())),
                -32600, "\"jsonrpc\" must be \"2.0\"");
        assertError(post(Map.of("jsonrpc", "2.0", "method", "message/send", "params", Map.of())),
                -32600, "\"id\" must be a string or an integer");
        assertError(post(Map.of("jsonrpc", "2.0", "id", 1, "params", Map.of())), -32600, "\"method\" must be a string");
    }

    @Test
    void should_answer_method_not_found_for_another_method_echoing_the_request_id() throws Exception {
        JsonNode response = post(Map.of("jsonrpc", "2.0", "id", 7, "method", "tasks/send", "params", Map.of()));

        assertError(response, -32601, "Method not found: tasks/send");
        assertThat(response.path("id").asInt()).isEqualTo(7);
        assertThat(response.has("result")).isFalse();
    }

    @Test
    void should_answer_invalid_params_for_a_message_without_message_id() throws Exception {
        Map<String, Object> message = message("Hello", null, null);
        message.remove("messageId");

        assertError(post(request(message)), -32602, "\"params.message.messageId\" is required");
    }

    @Test
    void should_answer_invalid_params_for_a_bad_message() throws Exception {
        assertError(post(Map.of("jsonrpc", "2.0", "id", 1, "method", "message/send", "params", Map.of())),
                -32602, "\"params.message\" must be an object");
        Map<String, Object> noParts = message("Hello", null, null);
        noParts.put("parts", List.of());
        assertError(post(request(noParts)), -32602, "\"params.message.parts\" must be a non-empty array");
        Map<String, Object> fromAgent = message("Hello", null, null);
        fromAgent.put("role", "agent");
        assertError(post(request(fromAgent)), -32602, "\"params.message.role\" must be \"user\"");
    }

    @Test
    void should_answer_task_not_found_for_an_unknown_task_id() throws Exception {
        assertError(send("Tuesday", null, "no-such-task"), -32001, "Task not found: no-such-task");
    }

    @Test
    void should_refuse_a_task_id_from_another_context_and_a_finished_task() throws Exception {
        JsonNode booking = send("Book a check-up", null, null).path("result");
        JsonNode done = send("Hello", null, null).path("result");

        assertError(send("Tuesday", "another-context", booking.path("id").asText()), -32602, "belongs to context");
        assertError(send("Hello again", done.path("contextId").asText(), done.path("id").asText()), -32602,
                "is completed and accepts no more messages");
    }

    @Test
    void should_answer_http_errors_for_other_paths_and_methods() throws Exception {
        assertThat(get("nowhere").statusCode()).isEqualTo(404);
        HttpResponse<String> getRoot = get("");
        assertThat(getRoot.statusCode()).isEqualTo(405);
        assertThat(getRoot.headers().firstValue("Allow")).hasValue("POST");
    }

    @Test
    void should_keep_concurrent_conversations_apart() throws Exception {
        List<String> days = List.of("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday");
        List<CompletableFuture<String>> bookings = new ArrayList<>();
        for (int i = 0; i < 21; i++) {
            String day = days.get(i % days.size());
            bookings.add(sendAsync("I need to book a check-up.", null, null).thenCompose(first -> {
                JsonNode task = first.path("result");
                return sendAsync(day, task.path("contextId").asText(), task.path("id").asText());
            }).thenApply(second -> text(second.path("result"))));
        }

        for (int i = 0; i < bookings.size(); i++) {
            assertThat(bookings.get(i).get()).isEqualTo("Booked for " + days.get(i % days.size()) + " at 09:00. See you then!");
        }
    }

    @Test
    void should_stop_serving_when_closed() {
        URI url = agent.url();
        agent.close();

        assertThatThrownBy(() -> http.send(HttpRequest.newBuilder(url).GET().build(),
                HttpResponse.BodyHandlers.ofString())).isInstanceOf(IOException.class);
    }

    // ------------------------------------------------------------------ helpers

    private static void assertError(JsonNode response, int code, String message) {
        assertThat(response.path("jsonrpc").asText()).isEqualTo("2.0");
        assertThat(response.has("result")).isFalse();
        assertThat(response.path("error").path("code").asInt()).isEqualTo(code);
        assertThat(response.path("error").path("message").asText()).contains(message);
    }

    private static String text(JsonNode task) {
        return task.path("status").path("message").path("parts").get(0).path("text").asText();
    }

    private static Map<String, Object> message(String text, String contextId, String taskId) {
        Map<String, Object> message = new LinkedHashMap<>();
        message.put("kind", "message");
        message.put("messageId", UUID.randomUUID().toString());
        message.put("role", "user");
        message.put("parts", List.of(Map.of("kind", "text", "text", text)));
        if (contextId != null) {
            message.put("contextId", contextId);
        }
        if (taskId != null) {
            message.put("taskId", taskId);
        }
        return message;
    }

    private static Map<String, Object> request(Map<String, Object> message) {
        return Map.of("jsonrpc", "2.0", "id", "req-1", "method", "message/send", "params", Map.of("message", message));
    }

    private JsonNode send(String text, String contextId, String taskId) throws Exception {
        return post(request(message(text, contextId, taskId)));
    }

    private CompletableFuture<JsonNode> sendAsync(String text, String contextId, String taskId) {
        try {
            HttpRequest request = postRequest(MAPPER.writeValueAsString(request(message(text, contextId, taskId))));
            return http.sendAsync(request, HttpResponse.BodyHandlers.ofString()).thenApply(r -> {
                try {
                    return MAPPER.readTree(r.body());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private JsonNode post(Map<String, Object> body) throws Exception {
        return postRaw(MAPPER.writeValueAsString(body));
    }

    private JsonNode postRaw(String body) throws Exception {
        HttpResponse<String> response = http.send(postRequest(body), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as("JSON-RPC answers errors with HTTP 200").isEqualTo(200);
        return MAPPER.readTree(response.body());
    }

    private HttpRequest postRequest(String body) {
        return HttpRequest.newBuilder(agent.url()).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(agent.url().resolve(path)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
