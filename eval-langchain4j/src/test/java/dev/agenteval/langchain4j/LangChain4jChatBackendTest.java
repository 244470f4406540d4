package dev.agenteval.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.JudgeException;
import dev.agenteval.api.Usage;
import dev.agenteval.judge.ChatBackend;
import dev.agenteval.judge.ChatBackend.Message;
import dev.agenteval.testkit.ChatReply;
import dev.agenteval.testkit.ChatRequest;
import dev.agenteval.testkit.FakeChatModel;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The backend over LangChain4j's real OpenAI chat model, against FakeChatModel on loopback. */
class LangChain4jChatBackendTest {

    private final FakeChatModel fake = FakeChatModel.start();

    @AfterEach
    void stop() {
        fake.close();
    }

    @Test
    void sends_the_messages_at_temperature_zero_and_returns_the_text_finish_reason_and_usage() throws Exception {
        fake.enqueue(ChatReply.pass("Greets the user.").usage(300, 40));
        ChatBackend backend = LangChain4jChatBackend.of(LangChain4jAgentTest.model(fake));

        ChatBackend.Reply reply = backend.complete(List.of(new Message("system", "You are a judge."),
                new Message("user", "Judge this."), new Message("assistant", "Earlier answer."),
                new Message("user", "Again.")));

        assertThat(backend.model()).isEqualTo("gpt-test");
        assertThat(reply.content()).contains("\"verdict\": \"pass\"");
        assertThat(reply.finishReason()).isEqualTo("stop");
        assertThat(reply.usage()).isEqualTo(new Usage(300L, 40L, null, null, "gpt-test", false));
        ChatRequest asked = fake.takeRequest();
        assertThat(asked.model()).isEqualTo("gpt-test");
        assertThat(asked.messages()).containsExactly(new ChatRequest.Message("system", "You are a judge."),
                new ChatRequest.Message("user", "Judge this."), new ChatRequest.Message("assistant", "Earlier answer."),
                new ChatRequest.Message("user", "Again."));
        assertThat(asked.body()).containsPattern("\"temperature\"\\s*:\\s*0\\.0");
    }

    @Test
    void a_null_temperature_sends_none_and_the_name_and_finish_reason_come_through() throws Exception {
        fake.enqueue(ChatReply.text("cut").finishReason("length"));
        ChatBackend backend = LangChain4jChatBackend.builder(LangChain4jAgentTest.model(fake)).temperature(null)
                .modelName("judge-mini").build();

        ChatBackend.Reply reply = backend.complete(List.of(new Message("user", "Judge this.")));

        assertThat(backend.model()).isEqualTo("judge-mini");
        assertThat(reply.finishReason()).isEqualTo("length");
        assertThat(reply.usage()).isNull();
        assertThat(fake.takeRequest().body()).doesNotContain("temperature");
    }

    @Test
    void a_model_failure_is_a_judge_exception_naming_the_model() {
        fake.enqueue(ChatReply.httpStatus(401, "{\"error\": {\"message\": \"bad key\"}}"));
        ChatBackend backend = LangChain4jChatBackend.of(LangChain4jAgentTest.model(fake));

        assertThatThrownBy(() -> backend.complete(List.of(new Message("user", "Judge this."))))
                .isInstanceOf(JudgeException.class)
                .hasMessageContaining("LangChain4j chat model gpt-test failed")
                .hasMessageContaining("bad key");
        assertThatThrownBy(() -> backend.complete(List.of(new Message("tool", "x"))))
                .isInstanceOf(JudgeException.class).hasMessageContaining("unknown message role 'tool'");
    }
}
