package dev.agenteval.opik.internal;

import java.security.SecureRandom;
import java.time.Clock;
import java.util.UUID;

/**
 * UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, the version, 74 random bits. Opik
 * rejects ingested ids of any other version, and v7 ids whose time is outside its ingestion
 * window, so ids are made at send time from the sink's clock.
 */
public final class Uuid7 {

    private static final SecureRandom RANDOM = new SecureRandom();

    private Uuid7() {
    }

    /** A new v7 id at the clock's current millisecond; never null. */
    public static UUID next(Clock clock) {
        long millis = clock.millis();
        long msb = (millis & 0xFFFF_FFFF_FFFFL) << 16 | 0x7000L | RANDOM.nextInt(0x1000);
        long lsb = RANDOM.nextLong() & 0x3FFF_FFFF_FFFF_FFFFL | 0x8000_0000_0000_0000L;
        return new UUID(msb, lsb);
    }

    /** Whether {@code text} is a UUID of version 7 with the RFC variant. */
    public static boolean isV7(String text) {
        try {
            UUID id = UUID.fromString(text);
            return id.version() == 7 && id.variant() == 2 && id.toString().equalsIgnoreCase(text);
        } catch (IllegalArgumentException | NullPointerException e) {
            return false;
        }
    }
}
