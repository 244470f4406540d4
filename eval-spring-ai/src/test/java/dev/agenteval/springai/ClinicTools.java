package dev.agenteval.springai;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.ai.tool.annotation.Tool;

/** Two real tools with counters, so a test proves whether they ran. */
public class ClinicTools {

    final AtomicInteger slotLookups = new AtomicInteger();
    final AtomicInteger bookings = new AtomicInteger();

    @Tool(description = "The free check-up slots on a day")
    public List<String> freeSlots(String day) {
        slotLookups.incrementAndGet();
        if (day.equals("sunday")) {
            throw new IllegalStateException("the clinic is closed on sunday");
        }
        return List.of(day + " 09:00", day + " 11:00");
    }

    @Tool(description = "Books a check-up slot")
    public String book(String slot) {
        bookings.incrementAndGet();
        return "booked " + slot;
    }
}
