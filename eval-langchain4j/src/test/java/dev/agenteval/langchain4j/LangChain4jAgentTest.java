package dev.agenteval.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Message;
import dev.agenteval.api.ToolCall;
import dev.agenteval.api.ToolMock;
import dev.agenteval.api.Usage;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.AgentSession;
import dev.agenteval.spi.SessionRequest;
import dev.agenteval.spi.TurnContext;
import dev.agenteval.testkit.ChatReply;
import dev.agenteval.testkit.ChatRequest;
import dev.agenteval.testkit.FakeChatModel;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.memory.ChatMemory;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.service.Result;
import dev.langchain4j.service.tool.ToolProviderResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * LangChain4j's own AI Service and OpenAI chat model, talking to eval-testkit's
 * {@link FakeChatModel} on loopback: only the model is fake.
 */
class LangChain4jAgentTest {

    private final FakeChatModel fake = FakeChatModel.start();
    private final Clinic clinic = new Clinic();

    @AfterEach
    void stop() {
        fake.close();
    }

    /** The AI Service interface of the tests. */
    interface Assistant {
        String chat(String message);
    }

    /** Two tools; the counters prove whether the real tools ran. */
    static final class Clinic {
        final AtomicInteger searches = new AtomicInteger();
        final AtomicInteger bookings = new AtomicInteger();

        @dev.langchain4j.agent.tool.Tool("Finds the free slots of a day")
        String findSlots(@dev.langchain4j.agent.tool.P(name = "day", value = "the day") String day) {
            searches.incrementAndGet();
            return "[\"09:00\", \"10:30\"]";
        }

        @dev.langchain4j.agent.tool.Tool("Books a slot")
        String book(@dev.langchain4j.agent.tool.P(name = "day", value = "the day") String day,
                    @dev.langchain4j.agent.tool.P(name = "time", value = "the time") String time) {
            bookings.incrementAndGet();
            if (day.equals("sunday")) {
                throw new IllegalArgumentException("the clinic is closed on sunday");
            }
            return "{\"confirmation\": \"C-" + day + "-" + time + "\"}";
        }
    }

    static ChatModel model(FakeChatModel fake) {
        return OpenAiChatModel.builder().baseUrl(fake.url().toString()).apiKey("test-key").modelName("gpt-test")
                .maxRetries(0).build();
    }

    private AgentClient client() {
        return LangChain4jAgent.builder(Assistant.class).chatModel(model(fake)).tools(clinic).build().client();
    }

    private void scriptBooking(String day) {
        fake.enqueue(ChatReply.toolCall("findSlots", "{\"day\": \"" + day + "\"}").usage(100, 10),
                ChatReply.toolCall("book", "{\"day\": \"" + day + "\", \"time\": \"09:00\"}").usage(120, 12),
                ChatReply.text("Booked " + day + " at 09:00.").usage(150, 20));
    }

    private static AgentResponse send(AgentClient client, String text, TurnContext context) throws Exception {
        try (AgentSession session = client.openSession(SessionRequest.of("c1"))) {
            return session.send(Message.user(text), context);
        }
    }

    private static TurnContext mocks(boolean required, ToolMock... mocks) {
        return new TurnContext(1, List.of(mocks), required, Map.of());
    }

    @Test
    void records_every_tool_call_in_order_with_arguments_and_results_and_the_usage_of_the_whole_tool_loop()
            throws Exception {
        scriptBooking("monday");

        AgentResponse response = send(client(), "Book me a slot on Monday", TurnContext.of(1));

        assertThat(response.text()).isEqualTo("Booked monday at 09:00.");
        assertThat(response.toolCalls()).containsExactly(
                new ToolCall("findSlots", Map.of("day", "monday"), List.of("09:00", "10:30")),
                new ToolCall("book", Map.of("day", "monday", "time", "09:00"), Map.of("confirmation", "C-monday-09:00")));
        assertThat(response.usage()).contains(new Usage(370L, 42L, null, null, "gpt-test", false));
        assertThat(clinic.searches).hasValue(1);
        assertThat(clinic.bookings).hasValue(1);
        List<ChatRequest> asked = fake.requests();
        assertThat(asked).hasSize(3);
        assertThat(asked.get(0).body()).contains("\"findSlots\"", "\"book\"");
        assertThat(last(asked.get(1))).isEqualTo(new ChatRequest.Message("tool", "[\"09:00\", \"10:30\"]"));
        assertThat(last(asked.get(2)).content()).isEqualTo("{\"confirmation\": \"C-monday-09:00\"}");
    }

    @Test
    void a_mocked_tool_never_runs_and_its_mocked_result_is_what_the_model_reads_next() throws Exception {
        scriptBooking("monday");

        AgentResponse response = send(client(), "Book me a slot on Monday",
                mocks(false, ToolMock.returning("book", Map.of("confirmation", "MOCK-1"))));

        assertThat(clinic.bookings).as("the real booking tool ran").hasValue(0);
        assertThat(clinic.searches).hasValue(1);
        assertThat(response.toolCalls()).extracting(ToolCall::name, ToolCall::mocked)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("findSlots", false),
                        org.assertj.core.groups.Tuple.tuple("book", true));
        assertThat(response.toolCalls().get(1).result()).isEqualTo(Map.of("confirmation", "MOCK-1"));
        assertThat(last(fake.requests().get(2))).isEqualTo(new ChatRequest.Message("tool", "{\"confirmation\":\"MOCK-1\"}"));
    }

    @Test
    void an_unmocked_call_where_mocks_are_required_is_not_run_and_the_model_reads_why() throws Exception {
        scriptBooking("monday");

        AgentResponse response = send(client(), "Book me a slot on Monday",
                mocks(true, ToolMock.returning("findSlots", List.of("08:00"))));

        assertThat(clinic.searches).hasValue(0);
        assertThat(clinic.bookings).as("the unmocked booking tool ran").hasValue(0);
        ToolCall book = response.toolCalls().get(1);
        assertThat(book.mocked()).isFalse();
        assertThat(book.error()).contains("'book' is not mocked", "it was not run");
        assertThat(last(fake.requests().get(2)).content()).isEqualTo(book.error());
        assertThat(last(fake.requests().get(1)).content()).isEqualTo("[\"08:00\"]");
    }

    @Test
    void a_failing_mock_and_a_failing_real_tool_are_recorded_as_errors_that_the_model_reads() throws Exception {
        scriptBooking("sunday");
        AgentResponse real = send(client(), "Sunday please", TurnContext.of(1));

        assertThat(real.toolCalls().get(1).error()).isEqualTo("the clinic is closed on sunday");
        assertThat(last(fake.requests().get(2)).content()).isEqualTo("the clinic is closed on sunday");

        scriptBooking("monday");
        AgentResponse mocked = send(client(), "Monday please",
                mocks(false, ToolMock.throwing("book", "booking service down")));

        assertThat(mocked.toolCalls().get(1)).isEqualTo(new ToolCall("book", Map.of("day", "monday", "time", "09:00"),
                null, "booking service down", true));
        assertThat(last(fake.requests().get(5)).content()).isEqualTo("booking service down");
        assertThat(clinic.bookings).as("only the sunday booking ran").hasValue(1);
    }

    @Test
    void a_tool_given_as_specification_and_executor_goes_through_the_gate_too() throws Exception {
        AtomicInteger ran = new AtomicInteger();
        ToolSpecification weather = ToolSpecification.builder().name("weather").description("The weather of a city")
                .parameters(JsonObjectSchema.builder().addStringProperty("city").required("city").build()).build();
        LangChain4jAgent agent = LangChain4jAgent.builder(Assistant.class).chatModel(model(fake))
                .tool(weather, (request, memoryId) -> {
                    ran.incrementAndGet();
                    return "sunny";
                }).build();
        fake.enqueue(ChatReply.toolCall("weather", "{\"city\": \"Oslo\"}"), ChatReply.text("Sunny."),
                ChatReply.toolCall("weather", "{\"city\": \"Oslo\"}"), ChatReply.text("Raining."));

        AgentResponse real = send(agent.client(), "Weather in Oslo?", TurnContext.of(1));
        AgentResponse mocked = send(agent.client(), "Weather in Oslo?",
                mocks(false, ToolMock.returning("weather", "rain").when(Map.of("city", "Oslo"))));

        assertThat(agent.toolNames()).containsExactly("weather");
        assertThat(real.toolCalls()).containsExactly(new ToolCall("weather", Map.of("city", "Oslo"), "sunny"));
        assertThat(mocked.toolCalls()).containsExactly(new ToolCall("weather", Map.of("city", "Oslo"), "rain", null, true));
        assertThat(ran).hasValue(1);
        assertThat(last(fake.requests().get(3)).content()).isEqualTo("rain");
    }

    @Test
    void the_tools_of_a_tool_provider_go_through_the_gate_too() throws Exception {
        AtomicInteger ran = new AtomicInteger();
        ToolSpecification lookup = ToolSpecification.builder().name("lookup").description("Looks a patient up")
                .parameters(JsonObjectSchema.builder().addStringProperty("name").build()).build();
        LangChain4jAgent agent = LangChain4jAgent.builder(Assistant.class).chatModel(model(fake))
                .toolProvider(request -> ToolProviderResult.builder().add(lookup, (call, memoryId) -> {
                    ran.incrementAndGet();
                    return "patient 7";
                }).build()).build();
        fake.enqueue(ChatReply.toolCall("lookup", "{\"name\": \"Ada\"}"), ChatReply.text("Found."));

        AgentResponse mocked = send(agent.client(), "Who is Ada?", mocks(false, ToolMock.returning("lookup", "patient 1")));

        assertThat(mocked.toolCalls()).containsExactly(new ToolCall("lookup", Map.of("name", "Ada"), "patient 1", null, true));
        assertThat(ran).hasValue(0);
        assertThat(last(fake.requests().get(1)).content()).isEqualTo("patient 1");
    }

    @Test
    void concurrent_sessions_each_see_only_their_own_history() throws Exception {
        // Each session's model calls carry its tag: first a tool call, then an answer naming it.
        fake.otherwise(request -> {
            ChatRequest.Message last = last(request);
            String tag = tag(request);
            return last.role().equals("user")
                    ? ChatReply.toolCall("findSlots", "{\"day\": \"" + tag + "\"}").usage(10, 1)
                    : ChatReply.text("slots for " + tag).usage(20, 2);
        });
        AgentClient client = client();
        int sessions = 6;
        ExecutorService pool = Executors.newFixedThreadPool(sessions);
        List<Future<List<AgentResponse>>> runs = new ArrayList<>();
        try {
            for (int i = 0; i < sessions; i++) {
                String tag = "s" + i;
                runs.add(pool.submit(() -> {
                    try (AgentSession session = client.openSession(SessionRequest.of("case-" + tag))) {
                        return List.of(session.send(Message.user(tag + ": first"), TurnContext.of(1)),
                                session.send(Message.user(tag + ": second"), TurnContext.of(2)));
                    }
                }));
            }
            for (int i = 0; i < sessions; i++) {
                List<AgentResponse> turns = runs.get(i).get();
                String tag = "s" + i;
                assertThat(turns).extracting(AgentResponse::text).containsExactly("slots for " + tag, "slots for " + tag);
                assertThat(turns).allSatisfy(t -> assertThat(t.toolCalls()).containsExactly(
                        new ToolCall("findSlots", Map.of("day", tag), List.of("09:00", "10:30"))));
                assertThat(turns).allSatisfy(t -> assertThat(t.usage()).contains(
                        new Usage(30L, 3L, null, null, "gpt-test", false)));
            }
        } finally {
            pool.shutdownNow();
        }

        assertThat(fake.requests()).hasSize(sessions * 4);
        for (ChatRequest request : fake.requests()) {
            String tag = tag(request);
            List<String> users = request.messages().stream().filter(m -> m.role().equals("user"))
                    .map(ChatRequest.Message::content).toList();
            assertThat(users).as("request %d holds another session's messages", request.number())
                    .allMatch(u -> u.startsWith(tag + ":"));
            if (request.lastUserMessage().endsWith("second")) {
                assertThat(users).as("the second turn remembers the first").containsExactly(tag + ": first", tag + ": second");
                assertThat(request.messages()).extracting(ChatRequest.Message::content).contains("slots for " + tag);
            } else {
                assertThat(users).containsExactly(tag + ": first");
            }
        }
    }

    @Test
    void each_conversation_gets_its_own_memory_and_closing_it_clears_it() throws Exception {
        List<ChatMemory> memories = new ArrayList<>();
        LangChain4jAgent agent = LangChain4jAgent.builder(Assistant.class).chatModel(model(fake))
                .chatMemory(id -> {
                    ChatMemory memory = MessageWindowChatMemory.builder().id(id).maxMessages(10).build();
                    memories.add(memory);
                    return memory;
                }).build();
        fake.otherwise(ChatReply.text("hello"));

        AgentClient client = agent.client();
        AgentSession first = client.openSession(new SessionRequest("greets", 2, dev.agenteval.api.SessionContext.EMPTY,
                Map.of(), null, null));
        first.send(Message.user("hi"), TurnContext.of(1));
        assertThat(memories).singleElement().satisfies(m -> {
            assertThat(m.id().toString()).startsWith("greets#2/");
            assertThat(m.messages()).hasSize(2);
        });
        first.close();
        client.openSession(SessionRequest.of("greets")).close();

        assertThat(memories).hasSize(2).allSatisfy(m -> assertThat(m.messages()).isEmpty());
        assertThat(memories.get(0).id()).isNotEqualTo(memories.get(1).id());
    }

    /** An interface whose method returns Result: the answer is its content. */
    interface Planner {
        Result<String> plan(String goal);

        String summarize(String text);
    }

    @Test
    void ask_names_the_method_when_the_interface_has_several_and_a_result_gives_its_content() throws Exception {
        assertThatThrownBy(() -> LangChain4jAgent.builder(Planner.class).chatModel(model(fake)).build())
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining(Planner.class.getName())
                .hasMessageContaining("2 methods ([plan, summarize])")
                .hasMessageContaining("ask((service, message) -> service.method(message))");
        fake.enqueue(ChatReply.text("Step 1.").usage(5, 3));

        LangChain4jAgent agent = LangChain4jAgent.builder(Planner.class).chatModel(model(fake))
                .ask(Planner::plan).build();
        AgentResponse response = send(agent.client(), "a plan", TurnContext.of(1));

        assertThat(response.text()).isEqualTo("Step 1.");
        assertThat(response.usage()).contains(new Usage(5L, 3L, null, null, "gpt-test", false));
        assertThat(agent.description()).isEqualTo("langchain4j Planner (OpenAiChatModel)");
    }

    @Test
    void the_builder_refuses_what_cannot_work_naming_it() {
        assertThatThrownBy(() -> LangChain4jAgent.builder(Assistant.class).build())
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("no chat model");
        assertThatThrownBy(() -> LangChain4jAgent.builder(Clinic.class))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("is not an interface");
        assertThatThrownBy(() -> LangChain4jAgent.builder(Assistant.class).tools(clinic, new Clinic()))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("two tools are named 'findSlots'");
        assertThatThrownBy(() -> LangChain4jAgent.builder(Assistant.class).tools("no tools here"))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("java.lang.String")
                .hasMessageContaining("@Tool");
    }

    @Test
    void a_model_failure_fails_the_turn_naming_the_framework() {
        fake.enqueue(ChatReply.httpStatus(500, "{\"error\": {\"message\": \"model exploded\"}}"));

        assertThatThrownBy(() -> send(client(), "hi", TurnContext.of(1)))
                .isInstanceOf(dev.agenteval.api.AgentException.class)
                .hasMessageContaining("model exploded");
    }

    private static ChatRequest.Message last(ChatRequest request) {
        return request.messages().get(request.messages().size() - 1);
    }

    /** The session tag of a request: the prefix of its first user message. */
    private static String tag(ChatRequest request) {
        String first = request.messages().stream().filter(m -> m.role().equals("user")).findFirst().orElseThrow().content();
        return first.substring(0, first.indexOf(':'));
    }
}
