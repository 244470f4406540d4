package dev.agenteval.testkit.demo;

import java.time.DayOfWeek;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What the {@link DemoAgent} does with a message, chosen by keywords in the user's text (the
 * first match wins; the table is in {@link DemoAgent}'s Javadoc), and what it remembers of
 * conversations and tasks. No HTTP and no JSON-RPC here.
 */
final class DemoBehaviours {

    /** The answer when the agent says what it can do; judge criteria in the demo suites echo it. */
    static final String GREETING = "Hello! I am the agent-eval demo agent. I can help you with three things:"
            + " looking up assets such as pumps, showing the latest vitals, and booking check-ups.";

    private static final List<Map<String, Object>> ASSETS = List.of(
            asset("P-101", "Feed pump", "pump", "Plant A", "running"),
            asset("P-102", "Cooling water pump", "pump", "Plant A", "stopped"),
            asset("P-201", "Booster pump", "pump", "Plant B", "running"),
            asset("V-301", "Inlet valve", "valve", "Plant A", "open"),
            asset("C-401", "Air compressor", "compressor", "Plant B", "running"));

    private static final Pattern GREETING_WORDS = Pattern.compile("\\b(hello|hi|hey)\\b|what can you");

    private DemoBehaviours() {
    }

    /** What the agent remembers of one context: whether it has told the user what it can do. */
    static final class Conversation {
        boolean listedCapabilities;
    }

    /** One task: its messages and, while it waits for input, what it waits for. */
    static final class Task {
        final String id = UUID.randomUUID().toString();
        final String contextId;
        final List<Map<String, Object>> history = new ArrayList<>();
        String state = "submitted";
        boolean awaitingDay;

        Task(String contextId) {
            this.contextId = contextId;
        }

        boolean isTerminal() {
            return List.of("completed", "failed", "rejected", "canceled").contains(state);
        }
    }

    /** What a behaviour answers: a state, text, and optionally artifacts and the tool calls made. */
    record Reply(String state, String text, List<Map<String, Object>> artifacts,
                         List<Map<String, Object>> toolCalls) {
        static Reply of(String state, String text) {
            return new Reply(state, text, List.of(), List.of());
        }
    }

    static Reply answer(Task task, Conversation conversation, String text) {
        String t = text.toLowerCase(Locale.ROOT);
        if (t.contains("refund")) {
            return Reply.of("rejected", "I'm sorry, but I can't help with refunds."
                    + " Please contact the billing department.");
        }
        if (t.contains("crash") || t.contains("fail")) {
            return Reply.of("failed", "Error: the asset service crashed while handling your request"
                    + " (a simulated failure).");
        }
        if (t.contains("book") || t.contains("schedule")) {
            String day = dayIn(t);
            if (day != null) {
                return booked(day);
            }
            task.awaitingDay = true;
            return Reply.of("input-required", "Sure, I can book a check-up. Which day would you like?");
        }
        if (t.contains("vitals")) {
            return vitals();
        }
        if (t.contains("find") || t.contains("lookup") || t.contains("look up") || t.contains("search")) {
            return lookup(t);
        }
        if (t.contains("elaborate") || t.contains("tell me more")) {
            return Reply.of("completed", conversation.listedCapabilities
                    ? "Sure. The first thing I mentioned was looking up assets: I search the asset catalogue"
                    + " with the find_assets tool, for example for pumps, and then report the status of each"
                    + " asset found with the get_asset_status tool."
                    : "I have not mentioned anything yet in this conversation. Ask me what I can help with.");
        }
        if (GREETING_WORDS.matcher(t).find()) {
            conversation.listedCapabilities = true;
            return Reply.of("completed", GREETING);
        }
        return Reply.of("completed", "Sorry, I did not understand that. I can look up assets such as pumps,"
                + " show the latest vitals, and book check-ups.");
    }

    static Reply bookingDay(Task task, String text) {
        String day = dayIn(text.toLowerCase(Locale.ROOT));
        if (day == null) {
            return Reply.of("input-required", "Which day would you like? Please name a day of the week,"
                    + " for example Tuesday.");
        }
        task.awaitingDay = false;
        return booked(day);
    }

    private static Reply booked(String day) {
        return Reply.of("completed", "Booked for " + day + " at 09:00. See you then!");
    }

    /** The first day of the week named in lower-case {@code text}, capitalised; null when none. */
    private static String dayIn(String text) {
        for (DayOfWeek d : DayOfWeek.values()) {
            String name = d.name().toLowerCase(Locale.ROOT);
            if (text.contains(name)) {
                return Character.toUpperCase(name.charAt(0)) + name.substring(1);
            }
        }
        return null;
    }

    private static Reply vitals() {
        String at = "2025-01-15T08:30:00Z";
        List<Map<String, Object>> items = List.of(
                vital("TEMP", 38.5, "°C", at), vital("SYS", 120, "mmHg", at),
                vital("DIAS", 80, "mmHg", at), vital("PULSE", 90, "Bpm", at));
        Map<String, Object> artifact = new LinkedHashMap<>();
        artifact.put("artifactId", UUID.randomUUID().toString());
        artifact.put("name", "vitals");
        artifact.put("parts", List.of(map("kind", "data", "data", map("items", items))));
        return new Reply("completed", "The latest vitals: temperature 38.5 °C, blood pressure 120/80 mmHg,"
                + " pulse 90 Bpm.", List.of(artifact), List.of());
    }

    private static Map<String, Object> vital(String type, Number value, String unit, String timestamp) {
        return map("type", type, "value", value, "unitName", unit, "timestamp", timestamp);
    }

    /** Calls find_assets, then get_asset_status for what it found, and reports both calls. */
    private static Reply lookup(String text) {
        String filter = Stream.of("pump", "valve", "compressor").filter(text::contains).findFirst().orElse("");
        List<Map<String, Object>> found = ASSETS.stream()
                .filter(a -> filter.isEmpty() || a.get("kind").equals(filter)).toList();
        List<Map<String, Object>> calls = List.of(
                toolCall("find_assets", map("filter", filter, "limit", 10),
                        found.stream().map(a -> map("id", a.get("id"), "name", a.get("name"), "site", a.get("site")))
                                .toList()),
                toolCall("get_asset_status", map("ids", found.stream().map(a -> a.get("id")).toList()),
                        found.stream().map(a -> map("id", a.get("id"), "status", a.get("status"))).toList()));
        String answer = "I found " + found.size() + " " + (filter.isEmpty() ? "asset" : filter)
                + (found.size() == 1 ? "" : "s") + ": " + found.stream()
                .map(a -> a.get("id") + " " + a.get("name") + " (" + a.get("site") + ") is " + a.get("status"))
                .collect(Collectors.joining(", ")) + ".";
        return new Reply("completed", answer, List.of(), calls);
    }

    private static Map<String, Object> toolCall(String name, Map<String, Object> arguments, Object result) {
        return map("name", name, "arguments", arguments, "result", result);
    }

    private static Map<String, Object> asset(String id, String name, String kind, String site, String status) {
        return map("id", id, "name", name, "kind", kind, "site", site, "status", status);
    }

    /** A JSON object from key/value pairs, keeping their order (so the wire JSON reads in that order). */
    static Map<String, Object> map(Object... keysAndValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return m;
    }
}
