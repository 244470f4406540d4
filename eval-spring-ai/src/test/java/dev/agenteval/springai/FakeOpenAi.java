package dev.agenteval.springai;

import dev.agenteval.testkit.FakeChatModel;
import java.net.URI;
import org.springframework.ai.openai.OpenAiChatModel;
import org.springframework.ai.openai.OpenAiChatOptions;
import org.springframework.ai.openai.api.OpenAiApi;
import org.springframework.retry.support.RetryTemplate;

/** Spring AI's real OpenAI chat model, pointed at the testkit's fake on loopback. */
final class FakeOpenAi {

    private FakeOpenAi() {
    }

    /** The chat model of {@code fake}, model {@code fake-model}, no retries. */
    static OpenAiChatModel chatModel(FakeChatModel fake) {
        URI url = fake.url();
        OpenAiApi api = OpenAiApi.builder()
                .baseUrl(url.getScheme() + "://" + url.getAuthority())
                .apiKey("test-key")
                .build();
        return OpenAiChatModel.builder()
                .openAiApi(api)
                .defaultOptions(OpenAiChatOptions.builder().model("fake-model").build())
                .retryTemplate(RetryTemplate.builder().maxAttempts(1).build())
                .build();
    }
}
