package dev.agenteval.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

class FakeChatModelTest {

    private static final String ASK = "{\"model\": \"judge-mini\", \"messages\": [{\"role\": \"system\", \"content\":"
            + " \"You are a judge.\"}, {\"role\": \"user\", \"content\": [{\"type\": \"text\", \"text\": \"Criteria: greets\"}]}]}";

    private static URI completions(FakeChatModel model) {
        return URI.create(model.url() + "/chat/completions");
    }

    @Test
    void should_answer_a_verdict_as_a_chat_completion_with_usage_and_record_the_request() throws Exception {
        try (FakeChatModel model = FakeChatModel.start()) {
            model.enqueue(ChatReply.verdict(true, 0.9, "Greets \"warmly\".").usage(1000, 100));

            JsonNode answer = Http.json(Http.post(completions(model), ASK, "Authorization", "Bearer k"));

            JsonNode verdict = Http.JSON.readTree(answer.at("/choices/0/message/content").asText());
            assertThat(verdict.path("verdict").asText()).isEqualTo("pass");
            assertThat(verdict.path("score").asDouble()).isEqualTo(0.9);
            assertThat(verdict.path("reason").asText()).isEqualTo("Greets \"warmly\".");
            assertThat(answer.path("model").asText()).isEqualTo("judge-mini");
            assertThat(answer.at("/choices/0/finish_reason").asText()).isEqualTo("stop");
            assertThat(answer.at("/usage/prompt_tokens").asLong()).isEqualTo(1000);
            assertThat(answer.at("/usage/total_tokens").asLong()).isEqualTo(1100);
            ChatRequest asked = model.takeRequest();
            assertThat(asked.model()).isEqualTo("judge-mini");
            assertThat(asked.systemMessage()).isEqualTo("You are a judge.");
            assertThat(asked.lastUserMessage()).isEqualTo("Criteria: greets");
            assertThat(asked.header("authorization")).contains("Bearer k");
        }
    }

    @Test
    void should_answer_simulated_user_turns_and_tool_calls() throws Exception {
        try (FakeChatModel model = FakeChatModel.start()) {
            model.enqueue(ChatReply.userTurn("And Tuesday?"), ChatReply.goalMet("Thanks."),
                    ChatReply.toolCall("find_assets", "{\"filter\": \"pump\"}").andToolCall("get_status", "{}"));

            JsonNode turn = Http.JSON.readTree(Http.json(Http.post(completions(model), ASK))
                    .at("/choices/0/message/content").asText());
            JsonNode last = Http.JSON.readTree(Http.json(Http.post(completions(model), ASK))
                    .at("/choices/0/message/content").asText());
            JsonNode tools = Http.json(Http.post(completions(model), ASK));

            assertThat(turn.path("message").asText()).isEqualTo("And Tuesday?");
            assertThat(turn.path("goal_met").asBoolean()).isFalse();
            assertThat(last.path("goal_met").asBoolean()).isTrue();
            assertThat(tools.at("/choices/0/finish_reason").asText()).isEqualTo("tool_calls");
            assertThat(tools.at("/choices/0/message/tool_calls/0/function/name").asText()).isEqualTo("find_assets");
            assertThat(tools.at("/choices/0/message/tool_calls/0/function/arguments").asText())
                    .isEqualTo("{\"filter\": \"pump\"}");
            assertThat(tools.at("/choices/0/message/tool_calls/1/id").asText()).isEqualTo("call_2");
        }
    }

    @Test
    void should_pick_rules_by_the_prompt_and_fail_visibly_when_nothing_is_scripted() throws Exception {
        try (FakeChatModel model = FakeChatModel.start()) {
            model.when("greets", ChatReply.pass("ok"));

            JsonNode ruled = Http.json(Http.post(completions(model), ASK));
            HttpResponse<String> unscripted = Http.post(completions(model), "{\"messages\": []}");

            assertThat(ruled.at("/choices/0/message/content").asText()).contains("\"pass\"");
            assertThat(unscripted.statusCode()).isEqualTo(500);
            assertThat(unscripted.body()).contains("nothing scripted for request 2");
        }
    }

    @Test
    void should_answer_faults_with_retry_after_and_list_its_models() throws Exception {
        try (FakeChatModel model = FakeChatModel.start().models("m1", "m2")) {
            model.enqueue(ChatReply.httpStatus(429, "{}").retryAfter(2), ChatReply.malformedJson(),
                    ChatReply.dropConnection());

            HttpResponse<String> limited = Http.post(completions(model), ASK);
            HttpResponse<String> malformed = Http.post(completions(model), ASK);
            assertThatThrownBy(() -> Http.post(completions(model), ASK)).isInstanceOf(IOException.class);
            JsonNode models = Http.json(Http.get(URI.create(model.url() + "/models")));

            assertThat(limited.statusCode()).isEqualTo(429);
            assertThat(limited.headers().firstValue("Retry-After")).contains("2");
            assertThatThrownBy(() -> Http.json(malformed)).isInstanceOf(IOException.class);
            assertThat(models.path("data")).extracting(m -> m.path("id").asText()).containsExactly("m1", "m2");
            assertThat(model.requestCount()).as("GET /models is not a chat request").isEqualTo(3);
        }
    }

    @Test
    void should_refuse_a_wrong_key_everywhere_and_answer_the_models_list_as_told() throws Exception {
        try (FakeChatModel model = FakeChatModel.start().requireKey("good")) {
            model.enqueue(ChatReply.text("<html>502</html>").header("Content-Type", "text/html").model("gpt-x-2024"));
            URI list = URI.create(model.url() + "/models");

            HttpResponse<String> refused = Http.post(completions(model), ASK, "Authorization", "Bearer bad");
            HttpResponse<String> listRefused = Http.get(list);
            HttpResponse<String> html = Http.post(completions(model), ASK, "Authorization", "Bearer good");
            model.models(ChatReply.httpStatus(404, "{\"error\": \"no list\"}")).requireKey("k");
            HttpResponse<String> noList = Http.CLIENT.send(java.net.http.HttpRequest.newBuilder(list)
                    .header("Authorization", "Bearer k").build(), HttpResponse.BodyHandlers.ofString());

            assertThat(refused.statusCode()).isEqualTo(401);
            assertThat(Http.json(refused).at("/error/code").asText()).isEqualTo("invalid_api_key");
            assertThat(listRefused.statusCode()).isEqualTo(401);
            assertThat(html.statusCode()).isEqualTo(200);
            assertThat(html.headers().allValues("Content-Type")).containsExactly("text/html");
            assertThat(html.body()).contains("<html>502</html>");
            assertThat(Http.json(html).path("model").asText()).as("the model the reply names").isEqualTo("gpt-x-2024");
            assertThat(noList.statusCode()).isEqualTo(404);
            assertThat(model.requests()).extracting(r -> r.header("authorization").orElse(""))
                    .as("the refused request is recorded, and took no reply").containsExactly("Bearer bad", "Bearer good");
        }
    }

    @Test
    void should_refuse_replies_that_mix_a_fault_and_a_completion() {
        assertThatThrownBy(() -> ChatReply.text("x").retryAfter(1)).hasMessageContaining("Retry-After goes with an HTTP status");
        assertThatThrownBy(() -> ChatReply.httpStatus(500, "").usage(1, 1)).hasMessageContaining("usage");
        assertThatThrownBy(() -> ChatReply.verdict(true, 2, "x")).hasMessage("score must be 0..1 but was 2.0");
        assertThatThrownBy(() -> ChatReply.toolCall("t", "{oops")).hasMessageContaining("tool call t is not JSON");
    }
}
