package dev.agenteval.springai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.agenteval.agents.FrameworkAgentClient;
import dev.agenteval.api.Message;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.AgentSession;
import dev.agenteval.spi.SessionRequest;
import dev.agenteval.testkit.ChatReply;
import dev.agenteval.testkit.ChatRequest;
import dev.agenteval.testkit.FakeChatModel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.memory.InMemoryChatMemoryRepository;
import org.springframework.ai.chat.memory.MessageWindowChatMemory;

class SpringAiAgentMemoryTest {

    private static final int SESSIONS = 4;

    private final FakeChatModel model = FakeChatModel.start()
            .otherwise(request -> ChatReply.text("noted: " + request.lastUserMessage()).usage(10, 1));

    @AfterEach
    void stop() {
        model.close();
    }

    @Test
    void sessionsRunInParallelEachWithOnlyItsOwnHistoryWhichCloseClears() throws Exception {
        InMemoryChatMemoryRepository repository = new InMemoryChatMemoryRepository();
        AgentClient client = FrameworkAgentClient.of(SpringAiAgent.builder(FakeOpenAi.chatModel(model))
                .systemPrompt("You remember patients.")
                .chatMemory(MessageWindowChatMemory.builder().chatMemoryRepository(repository).build())
                .build());
        CountDownLatch opened = new CountDownLatch(SESSIONS);
        ExecutorService pool = Executors.newFixedThreadPool(SESSIONS);
        try {
            List<Future<String>> answers = new ArrayList<>();
            for (int i = 1; i <= SESSIONS; i++) {
                String patient = "patient-" + i;
                answers.add(pool.submit(() -> {
                    try (AgentSession session = client.openSession(SessionRequest.of("case-" + patient))) {
                        session.send(Message.user("I am " + patient));
                        opened.countDown();
                        opened.await(); // every session has its first turn in memory before any second turn
                        assertThat(repository.findConversationIds()).hasSize(SESSIONS);
                        return session.send(Message.user("Who am I?")).text();
                    }
                }));
            }
            for (Future<String> answer : answers) {
                assertThat(answer.get(60, TimeUnit.SECONDS)).isEqualTo("noted: Who am I?");
            }
        } finally {
            pool.shutdownNow();
        }

        assertThat(model.requests()).hasSize(2 * SESSIONS);
        for (ChatRequest request : model.requests()) {
            List<String> users = request.messages().stream().filter(m -> m.role().equals("user"))
                    .map(ChatRequest.Message::content).toList();
            List<String> introductions = users.stream().filter(u -> u.startsWith("I am ")).toList();
            assertThat(introductions).as("request %d: %s", request.number(), users).hasSize(1);
            if (request.lastUserMessage().equals("Who am I?")) {
                String patient = introductions.get(0);
                // Spring AI 1.1's MessageChatMemoryAdvisor puts the history before the request's own
                // system and user messages: the order Spring AI sends, not the adapter's.
                assertThat(request.messages()).extracting(ChatRequest.Message::role, ChatRequest.Message::content)
                        .as("request %d", request.number())
                        .containsExactly(tuple("user", patient), tuple("assistant", "noted: " + patient),
                                tuple("system", "You remember patients."), tuple("user", "Who am I?"));
            }
        }
        assertThat(repository.findConversationIds()).as("conversations left after their sessions closed").isEmpty();
    }
}
