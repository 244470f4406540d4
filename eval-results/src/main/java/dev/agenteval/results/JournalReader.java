package dev.agenteval.results;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Fingerprint;
import dev.agenteval.api.Shard;
import dev.agenteval.common.files.NoFollow;
import dev.agenteval.common.json.JsonTrees;
import dev.agenteval.results.internal.JsonReportReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a {@link Journal}'s lines: the header, then cases and the fingerprint; a torn last line (a
 * run stopped while writing it) is left out and said; any other line that is not a journal line is
 * an error naming the file and line.
 */
final class JournalReader {

    /** What a journal holds, and how many of its bytes are whole lines. */
    record Read(String suite, Shard shard, Fingerprint fingerprint, List<CaseResult> results, long length, boolean torn) {
    }

    private JournalReader() {
    }

    static Read read(Path file, int format) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new ConfigurationException(file + ": no such file (a run writes its journal in its report folder)");
        } catch (IOException e) {
            throw new ConfigurationException(file + ": cannot read the journal: " + NoFollow.reason(e), e);
        }
        String suite = null;
        Shard shard = null;
        Fingerprint fingerprint = null;
        Map<String, CaseResult> results = new LinkedHashMap<>();
        long length = 0;
        boolean torn = false;
        int lineNumber = 0;
        int start = 0;
        while (start < bytes.length) {
            lineNumber++;
            int end = start;
            while (end < bytes.length && bytes[end] != '\n') {
                end++;
            }
            boolean whole = end < bytes.length;
            String at = file + ":" + lineNumber;
            if (lineNumber > 1 && blank(bytes, start, end)) {
                if (!whole) {
                    break; // blank to the end: cut off when resumed, nothing lost
                }
                start = end + 1; // an empty or whitespace-only line
                length = start;
                continue;
            }
            JsonNode node = parse(bytes, start, end);
            if (node == null || !node.isObject()) {
                if (!whole) {
                    torn = true;
                    break;
                }
                throw new ConfigurationException(at + ": not a journal line (a JSON object on one line)");
            }
            if (lineNumber == 1) {
                if (!JsonReportReader.isJournalHeader(node)) {
                    throw new ConfigurationException(at + ": not an agent-eval journal (the first line must be its"
                            + " header, {\"journal\": " + format + ", \"suite\": ...})");
                }
                if (node.get("journal").intValue() != format) {
                    throw new ConfigurationException(at + ": journal format " + node.get("journal").intValue()
                            + " is not known (this version reads format " + format + ")");
                }
                suite = node.get("suite").textValue();
                shard = JsonReportReader.parseShard(node.get("shard"), at);
            } else if (node.has("case")) {
                CaseResult r = JsonReportReader.parseCase(node.get("case"), at);
                results.remove(r.id());
                results.put(r.id(), r);
            } else if (node.has("fingerprint")) {
                fingerprint = JsonReportReader.parseFingerprint(node.get("fingerprint"), at);
            } else {
                throw new ConfigurationException(at + ": not a journal line (expected \"case\" or \"fingerprint\")");
            }
            start = end + 1;
            length = Math.min(start, bytes.length);
        }
        if (suite == null) {
            throw new ConfigurationException(file + ": an empty journal (no header)");
        }
        return new Read(suite, shard, fingerprint, List.copyOf(results.values()), length, torn);
    }

    private static boolean blank(byte[] bytes, int start, int end) {
        for (int i = start; i < end; i++) {
            if (bytes[i] != ' ' && bytes[i] != '\t' && bytes[i] != '\r') {
                return false;
            }
        }
        return true;
    }

    private static JsonNode parse(byte[] bytes, int start, int end) {
        if (end == start) {
            return null;
        }
        try {
            return JsonTrees.MAPPER.readTree(new String(bytes, start, end - start, StandardCharsets.UTF_8));
        } catch (IOException e) {
            return null;
        }
    }
}
