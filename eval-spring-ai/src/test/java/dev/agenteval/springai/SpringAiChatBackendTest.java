package dev.agenteval.springai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.api.JudgeException;
import dev.agenteval.api.Usage;
import dev.agenteval.judge.ChatBackend;
import dev.agenteval.testkit.ChatReply;
import dev.agenteval.testkit.ChatRequest;
import dev.agenteval.testkit.FakeChatModel;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SpringAiChatBackendTest {

    private final FakeChatModel model = FakeChatModel.start();

    @AfterEach
    void stop() {
        model.close();
    }

    @Test
    void asksTheSpringAiModelAtTemperatureZeroAndReadsTheReplyAndItsUsage() throws Exception {
        model.enqueue(ChatReply.pass("Greets the user.").usage(300, 25));
        ChatBackend backend = SpringAiChatBackend.of(FakeOpenAi.chatModel(model));

        ChatBackend.Reply reply = backend.complete(List.of(new ChatBackend.Message("system", "You are a judge."),
                new ChatBackend.Message("user", "Did it greet?"), new ChatBackend.Message("assistant", "Let me see."),
                new ChatBackend.Message("user", "Answer in JSON.")));

        assertThat(backend.model()).isEqualTo("fake-model");
        assertThat(reply.content()).contains("\"verdict\": \"pass\"");
        assertThat(reply.finishReason()).isEqualTo("stop");
        assertThat(reply.usage()).isEqualTo(new Usage(300L, 25L, null, null, "fake-model", false));
        ChatRequest asked = model.takeRequest();
        assertThat(asked.messages()).extracting(ChatRequest.Message::role)
                .containsExactly("system", "user", "assistant", "user");
        JsonNode body = new ObjectMapper().readTree(asked.body());
        assertThat(body.path("temperature").asDouble(-1)).isZero();
        assertThat(body.path("model").asText()).isEqualTo("fake-model");
    }

    @Test
    void aModelNameAndTheModelsOwnTemperatureWhenAsked() throws Exception {
        model.enqueue(ChatReply.text("ok"));
        ChatBackend backend = SpringAiChatBackend.builder(FakeOpenAi.chatModel(model)).model("judge-large")
                .modelTemperature().build();

        assertThat(backend.complete(List.of(new ChatBackend.Message("user", "hi"))).usage()).isNull();

        JsonNode body = new ObjectMapper().readTree(model.takeRequest().body());
        assertThat(body.path("model").asText()).isEqualTo("judge-large");
        assertThat(body.has("temperature")).isFalse();
        assertThat(backend.model()).isEqualTo("judge-large");
    }

    @Test
    void aFailureIsAJudgeExceptionNamingTheModel() {
        model.enqueue(ChatReply.httpStatus(401, "{\"error\": {\"message\": \"bad key\"}}"));
        ChatBackend backend = SpringAiChatBackend.of(FakeOpenAi.chatModel(model));

        assertThatThrownBy(() -> backend.complete(List.of(new ChatBackend.Message("user", "hi"))))
                .isInstanceOf(JudgeException.class)
                .hasMessageContaining("the Spring AI chat model fake-model failed")
                .hasMessageContaining("bad key");
    }

    @Test
    void anUnknownRoleIsRefusedNamingIt() {
        ChatBackend backend = SpringAiChatBackend.of(FakeOpenAi.chatModel(model));

        assertThatThrownBy(() -> backend.complete(List.of(new ChatBackend.Message("tool", "x"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown chat role 'tool'");
        assertThat(model.requestCount()).isZero();
    }
}
