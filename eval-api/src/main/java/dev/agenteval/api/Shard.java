package dev.agenteval.api;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import dev.agenteval.api.internal.Checks;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One part of a suite split across {@code count} jobs: shard {@code index} of {@code count},
 * 1-based. A case belongs to exactly one shard, chosen by its id alone (the first 8 bytes of the
 * SHA-256 of the UTF-8 id, unsigned, modulo {@code count}), so the split is the same on every
 * machine and JVM, and does not depend on the order or number of the other cases.
 *
 * <pre>{@code
 * Shard shard = Shard.parse("2/4");          // or Shard.of(2, 4)
 * shard.contains("refund-policy");           // true for about a quarter of the ids
 * Shard.indexOf("refund-policy", 4);         // the one shard (1..4) holding this id
 * }</pre>
 *
 * @param index the 1-based shard number, {@code 1 <= index <= count}
 * @param count the number of shards, at least 1
 */
@API(status = STABLE)
public record Shard(int index, int count) {

    private static final Pattern SPEC = Pattern.compile("\\s*(\\d{1,9})\\s*/\\s*(\\d{1,9})\\s*");

    /** Validates. */
    public Shard {
        if (count < 1) {
            throw new IllegalArgumentException("shard count must be >= 1 but was " + count);
        }
        if (index < 1 || index > count) {
            throw new IllegalArgumentException("shard index must be between 1 and " + count + " but was " + index);
        }
    }

    /** Shard {@code index} (1-based) of {@code count}. */
    public static Shard of(int index, int count) {
        return new Shard(index, count);
    }

    /**
     * Parses {@code I/N}, e.g. {@code 2/4}.
     *
     * @throws IllegalArgumentException naming the text when it is not {@code I/N} with {@code 1 <= I <= N}
     */
    public static Shard parse(String text) {
        Checks.requireNonNull(text, "shard");
        Matcher m = SPEC.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("shard must be I/N (e.g. 2/4, 1-based) but was '" + text + "'");
        }
        int index = Integer.parseInt(m.group(1));
        int count = Integer.parseInt(m.group(2));
        if (count < 1 || index < 1 || index > count) {
            throw new IllegalArgumentException("shard must be I/N with 1 <= I <= N and N >= 1 but was '" + text + "'");
        }
        return new Shard(index, count);
    }

    /** The 1-based shard of {@code count} that holds {@code caseId}. */
    public static int indexOf(String caseId, int count) {
        Checks.requireNonNull(caseId, "caseId");
        if (count < 1) {
            throw new IllegalArgumentException("shard count must be >= 1 but was " + count);
        }
        return (int) Long.remainderUnsigned(hash(caseId), count) + 1;
    }

    /** True when the case with this id belongs to this shard. */
    public boolean contains(String caseId) {
        return indexOf(caseId, count) == index;
    }

    /** {@code I/N}, as {@link #parse} reads it. */
    @Override
    public String toString() {
        return index + "/" + count;
    }

    private static long hash(String caseId) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(caseId.getBytes(StandardCharsets.UTF_8));
            return ByteBuffer.wrap(digest, 0, Long.BYTES).getLong();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available", e); // every JDK has it
        }
    }
}
