package dev.agenteval.judge.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectWriter;
import dev.agenteval.common.files.NoFollow;
import dev.agenteval.common.json.JsonTrees;
import dev.agenteval.spi.JudgeVerdict;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Verdicts on disk, one JSON file per key ({@code <sha-256>.json}), written atomically. A file
 * that cannot be read is a miss; a file that cannot be written is skipped: the cache never
 * makes a judge call fail. A cached verdict carries no usage (nothing was spent on it).
 */
public final class VerdictCache {

    private static final Logger LOG = LoggerFactory.getLogger(VerdictCache.class);
    /** The files' form: Jackson's own pretty printer, as the cache has always written them. */
    private static final ObjectWriter FILE = JsonTrees.MAPPER.writerWithDefaultPrettyPrinter();

    private final Path folder;

    /** A cache in {@code folder}, created when missing. */
    public VerdictCache(Path folder) {
        this.folder = folder;
    }

    /** The folder. */
    public Path folder() {
        return folder;
    }

    /** The key for these inputs: the SHA-256 of their JSON. */
    public static String key(Map<String, Object> inputs) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(sha.digest(JsonTrees.MAPPER.writeValueAsBytes(inputs)));
        } catch (NoSuchAlgorithmException | IOException e) {
            throw new IllegalStateException("cache key could not be computed", e);
        }
    }

    /** The verdict stored under {@code key}, if any. */
    public Optional<JudgeVerdict> get(String key) {
        Path file = folder.resolve(key + ".json");
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            JsonNode n = JsonTrees.MAPPER.readTree(Files.readString(file, StandardCharsets.UTF_8)).path("verdict");
            JudgeVerdict v = new JudgeVerdict(n.path("passed").asBoolean(), n.path("score").asDouble(),
                    n.path("reason").asText(), null,
                    n.hasNonNull("agreement") ? n.get("agreement").asDouble() : null,
                    n.hasNonNull("judge") ? n.get("judge").asText() : null);
            if (!n.path("passed").isBoolean() || !n.path("score").isNumber() || !n.path("reason").isTextual()) {
                throw new IOException("incomplete verdict");
            }
            LOG.debug("Judge cache hit {}", file);
            return Optional.of(v);
        } catch (IOException | RuntimeException e) {
            LOG.debug("Judge cache entry {} is unreadable and is ignored: {}", file, e.toString());
            return Optional.empty();
        }
    }

    /** Stores {@code verdict} under {@code key}, with {@code about} (model, templates) for people reading the file. */
    public void put(String key, JudgeVerdict verdict, Map<String, Object> about) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("passed", verdict.passed());
        v.put("score", verdict.score());
        v.put("reason", verdict.reason());
        v.put("agreement", verdict.agreement());
        v.put("judge", verdict.judge());
        Map<String, Object> doc = new LinkedHashMap<>(about);
        doc.put("verdict", v);
        Path file = folder.resolve(key + ".json");
        try {
            Files.createDirectories(folder);
            NoFollow.refuseLink(file);
            Path tmp = Files.createTempFile(folder, key, ".tmp");
            try {
                Files.write(tmp, FILE.writeValueAsBytes(doc));
                try {
                    Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            LOG.warn("Judge cache entry {} could not be written, the verdict is not cached: {}", file, e.toString());
        }
    }
}
