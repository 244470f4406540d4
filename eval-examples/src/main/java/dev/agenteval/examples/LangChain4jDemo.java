package dev.agenteval.examples;

import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.langchain4j.LangChain4jAgent;
import dev.agenteval.report.Reports;
import dev.agenteval.testkit.ChatReply;
import dev.agenteval.testkit.ChatRequest;
import dev.agenteval.testkit.FakeChatModel;
import dev.agenteval.yaml.SuiteLoader;
import dev.langchain4j.agent.tool.P;
import dev.langchain4j.agent.tool.Tool;
import dev.langchain4j.model.openai.OpenAiChatModel;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A LangChain4j agent evaluated in process: an AI Service ({@link Receptionist}) with two tools
 * ({@link ClinicTools}), LangChain4j's own OpenAI chat model pointed at the testkit's
 * {@link FakeChatModel} on 127.0.0.1 (scripted by {@link #receptionistModel}), run against the
 * YAML suite {@code demo/langchain4j/clinic.yaml}, which mocks {@code book} in every case (the
 * demo never books) and friday's slots. The scorers read the tool calls the AI Service made.
 * Exits 0 when every case passed.
 *
 * <pre>{@code
 * java -cp ... dev.agenteval.examples.LangChain4jDemo
 * }</pre>
 */
public final class LangChain4jDemo {

    static final String SUITE = "demo/langchain4j/clinic.yaml";

    private LangChain4jDemo() {
    }

    /** The AI Service: LangChain4j implements it. */
    public interface Receptionist {
        /** Answers the patient, calling tools as the model asks. */
        String chat(String message);
    }

    /** The clinic's tools; the counters tell whether the real tools ran. */
    public static final class ClinicTools {
        /** How many times the real {@code findSlots} ran. */
        public final AtomicInteger searches = new AtomicInteger();
        /** How many times the real {@code book} ran. */
        public final AtomicInteger bookings = new AtomicInteger();

        /** The free slots of a day. */
        @Tool("Finds the free slots of a day")
        public String findSlots(@P(name = "day", value = "the day") String day) {
            searches.incrementAndGet();
            return "[\"09:00\", \"10:30\"]";
        }

        /** Books a slot. */
        @Tool("Books a slot")
        public String book(@P(name = "day", value = "the day") String day, @P(name = "time", value = "the time") String time) {
            bookings.incrementAndGet();
            return "{\"confirmation\": \"C-" + day + "-" + time + "\"}";
        }
    }

    /** Runs the demo. */
    public static void main(String[] args) {
        System.exit(run(new ClinicTools(), System.out).allPassed() ? 0 : 1);
    }

    /** Runs the suite against the receptionist with {@code tools}, printing a line per case and the summary. */
    public static SuiteResult run(ClinicTools tools, PrintStream out) {
        try (FakeChatModel model = FakeChatModel.start()) {
            model.otherwise(LangChain4jDemo::receptionistModel);
            LangChain4jAgent agent = LangChain4jAgent.builder(Receptionist.class)
                    .chatModel(OpenAiChatModel.builder().baseUrl(model.url().toString()).apiKey("demo")
                            .modelName("fake-model").build())
                    .tools(tools)
                    .build();
            return EvalRunner.builder().agent(agent.client()).sink(Reports.console(out, true)).build().run(suite());
        }
    }

    /** The suite {@code demo/langchain4j/clinic.yaml}. */
    public static Suite suite() {
        return SuiteLoader.defaults().load(DemoSuites.fileOf(LangChain4jDemo.class.getClassLoader(), SUITE,
                List.of(SUITE)));
    }

    private static final Pattern SLOT = Pattern.compile("\\d\\d:\\d\\d");

    /**
     * The fake model: for "... on DAY", call {@code findSlots}, then {@code book} the first slot
     * the tool (or its mock) gave, then answer; each step reports its usage.
     */
    static ChatReply receptionistModel(ChatRequest request) {
        String user = request.lastUserMessage();
        String day = user.substring(user.lastIndexOf(' ') + 1).toLowerCase(Locale.ROOT);
        List<ChatRequest.Message> messages = request.messages();
        int lastUser = messages.size() - 1;
        while (lastUser > 0 && !messages.get(lastUser).role().equals("user")) {
            lastUser--;
        }
        long toolResults = messages.subList(lastUser, messages.size()).stream().filter(m -> m.role().equals("tool")).count();
        if (toolResults == 0) {
            return ChatReply.toolCall("findSlots", "{\"day\": \"" + day + "\"}").usage(100, 10);
        }
        Matcher slot = SLOT.matcher(messages.get(messages.size() - 1).content());
        String time = slot.find() ? slot.group() : "09:00";
        if (toolResults == 1) {
            return ChatReply.toolCall("book", "{\"day\": \"" + day + "\", \"time\": \"" + time + "\"}").usage(120, 12);
        }
        return ChatReply.text("Booked " + day + ".").usage(150, 20);
    }
}
