package dev.agenteval.junit;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.ToolCall;
import dev.agenteval.api.Usage;
import dev.agenteval.core.InProcessAgent;
import dev.agenteval.judge.ChatBackend;
import dev.agenteval.judge.LlmJudge;
import dev.agenteval.judge.LlmUserSimulator;
import dev.agenteval.spi.FrameworkAgent;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.UserSimulator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * The booking agent of the YAML suites in {@code suites/}, with two tools ({@code find_slots},
 * {@code book_slot}), as an in-process agent and as a framework agent, and a judge from code.
 */
final class BookingAgent {

    /** Real bookings the framework agent's {@code book_slot} made, over every run. */
    static final AtomicInteger BOOKINGS = new AtomicInteger();
    /** Calls of the judge's chat backend, over every run. */
    static final AtomicInteger JUDGE_CALLS = new AtomicInteger();

    private BookingAgent() {
    }

    /** An in-process agent reporting its own tool calls; {@code careless} books without looking for a slot. */
    static InProcessAgent inProcess(boolean careless) {
        return InProcessAgent.of((conversation, message) -> {
            String text = message.text();
            List<ToolCall> calls = new ArrayList<>();
            if (!careless) {
                calls.add(new ToolCall("find_slots", Map.of("day", day(text)), List.of("09:00")));
            }
            if (!text.startsWith("Book")) {
                return AgentResponse.builder().text("09:00 is free on Monday.").toolCalls(calls).build();
            }
            calls.add(new ToolCall("book_slot", Map.of("slot", "09:00"), "booked"));
            return AgentResponse.builder().text("You are booked for Friday at 09:00.").toolCalls(calls).build();
        });
    }

    /** The same agent on a framework: its tools run through the gate, which records them. */
    static final FrameworkAgent FRAMEWORK = (request, gate) -> message -> {
        String slots = gate.call("find_slots", "{\"day\": \"" + day(message) + "\"}", () -> "[\"09:00\"]");
        if (!message.startsWith("Book")) {
            return FrameworkAgent.Reply.of(slots + " is free on Monday.");
        }
        gate.call("book_slot", "{\"slot\": \"09:00\"}", () -> {
            BOOKINGS.incrementAndGet();
            return "booked";
        });
        return new FrameworkAgent.Reply("You are booked for Friday at 09:00.", Usage.tokens(30, 8));
    };

    private static String day(String message) {
        return message.contains("Friday") ? "friday" : "monday";
    }

    /** An {@link LlmJudge} over a chat backend in code: passes answers that name the time booked. */
    static Judge judge() {
        return LlmJudge.builder().backend(backend("code-judge", messages -> {
            JUDGE_CALLS.incrementAndGet();
            boolean time = messages.get(1).content().contains("at 09:00");
            return "{\"reason\": \"" + (time ? "names the time" : "no time") + "\", \"verdict\": \""
                    + (time ? "pass" : "fail") + "\", \"score\": " + (time ? 1 : 0) + "}";
        })).build();
    }

    /** An {@link LlmUserSimulator} over a chat backend in code: asks for a booking, then is done once booked. */
    static UserSimulator simulator() {
        return LlmUserSimulator.builder().backend(backend("code-user", messages -> messages.get(0).content()
                .contains("You are booked") ? "{\"message\": \"\", \"goal_met\": true}"
                : "{\"message\": \"Book me a check-up on Friday\", \"goal_met\": false}")).build();
    }

    /** A chat backend of {@code model} answering what {@code replies} makes of the messages. */
    private static ChatBackend backend(String model, Function<List<ChatBackend.Message>, String> replies) {
        return new ChatBackend() {
            @Override
            public Reply complete(List<Message> messages) {
                return new Reply(replies.apply(messages), "stop", Usage.tokens(50, 9));
            }

            @Override
            public String model() {
                return model;
            }
        };
    }
}
