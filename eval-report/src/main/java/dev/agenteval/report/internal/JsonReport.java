package dev.agenteval.report.internal;

import dev.agenteval.results.internal.Utf8Output;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agenteval.api.CaseAttempt;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.Check;
import dev.agenteval.api.Fingerprint;
import dev.agenteval.api.InfrastructureFailure;
import dev.agenteval.api.Part;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.Shard;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.Summary;
import dev.agenteval.api.ToolCall;
import dev.agenteval.api.TurnResult;
import dev.agenteval.api.Usage;
import dev.agenteval.common.json.JsonTrees;
import dev.agenteval.results.internal.ResultsTrees;
import dev.agenteval.results.BaselineComparison;
import dev.agenteval.results.stats.Confidence;
import dev.agenteval.results.stats.Interval;
import dev.agenteval.results.stats.internal.PassAtK;
import dev.agenteval.results.stats.internal.RunStatistics;
import dev.agenteval.results.stats.internal.ScorerStatistics;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Function;

/**
 * Renders a {@link SuiteResult} as the JSON document described in {@link JsonFormat}: pretty-printed,
 * UTF-8 with non-ASCII characters kept, and keys in a fixed order.
 */
public final class JsonReport {

    private JsonReport() {
    }

    /** The JSON text, ending with a newline. */
    public static String render(SuiteResult result) {
        return FileSink.render(JsonReport::write, result);
    }

    /**
     * Writes the JSON text, ending with a newline, one case tree at a time: memory stays bounded
     * by the largest case, not the whole report.
     */
    public static void write(SuiteResult result, java.io.Writer out) throws java.io.IOException {
        write(result, null, out);
    }

    /** Like {@link #write(SuiteResult, java.io.Writer)}, with a {@code baseline} section when {@code comparison} is not null. */
    /** The document with its comparison with a baseline, as the format writes it when compared. */
    public static String render(SuiteResult result, BaselineComparison comparison) {
        return FileSink.render((r, out) -> write(r, comparison, out), result);
    }

    public static void write(SuiteResult result, BaselineComparison comparison, java.io.Writer out) throws java.io.IOException {
        write(result, comparison, Confidence.DEFAULT, c -> null, out);
    }

    /**
     * The renderer of {@link FileSink} whose cases can be rendered ahead; {@code comparison} gives
     * the baseline section of a result (null: none).
     */
    public static FileSink.CaseRenderer renderer(Function<SuiteResult, BaselineComparison> comparison) {
        return renderer(comparison, Confidence.DEFAULT);
    }

    /** Like {@link #renderer(Function)}, the error bars at {@code confidence}'s level and seed. */
    public static FileSink.CaseRenderer renderer(Function<SuiteResult, BaselineComparison> comparison,
                                                 Confidence confidence) {
        CaseWriter cases = new CaseWriter();
        return new FileSink.CaseRenderer() {
            @Override
            public byte[] renderCase(CaseResult c) throws java.io.IOException {
                return cases.render(c);
            }

            @Override
            public void write(SuiteResult result, Function<CaseResult, byte[]> rendered, java.io.Writer out)
                    throws java.io.IOException {
                JsonReport.write(result, comparison.apply(result), confidence, rendered, out);
            }
        };
    }

    /**
     * Renders a case's element of the {@code cases} array as the whole document has it (at the
     * same depth, without the separator and indent before it), as UTF-8, with one generator kept
     * open inside an endless {@code cases} array: no generator, no string per case. A failure drops
     * the generator (the next case starts a new one).
     */
    private static final class CaseWriter {
        /** Hands out the tail of its buffer without copying it whole. */
        private static final class Bytes extends java.io.ByteArrayOutputStream {
            Bytes() {
                super(8192);
            }

            byte[] from(int start) {
                return java.util.Arrays.copyOfRange(buf, start, count);
            }
        }

        private final Bytes bytes = new Bytes();
        private com.fasterxml.jackson.core.JsonGenerator gen;
        private int lead;

        synchronized byte[] render(CaseResult c) throws java.io.IOException {
            ObjectNode node = ResultsTrees.caseNode(c);
            try {
                if (gen == null) {
                    bytes.reset();
                    gen = JsonTrees.prettyGenerator(new java.io.OutputStreamWriter(bytes, StandardCharsets.UTF_8));
                    gen.writeStartObject();
                    gen.writeArrayFieldStart("cases");
                    gen.writeRawValue(""); // the first element, so the next ones are preceded alike
                    gen.flush();
                    int second = bytes.size();
                    gen.writeRawValue("");
                    gen.flush();
                    lead = bytes.size() - second; // the separator and indent before an element
                }
                bytes.reset();
                gen.writeTree(node);
                gen.flush();
                return bytes.from(lead);
            } catch (java.io.IOException | RuntimeException e) {
                gen = null;
                throw e;
            }
        }
    }

    /**
     * The document; a case for which {@code rendered} gives its element ({@link CaseWriter}) is copied
     * from it, the others are rendered now.
     */
    private static void write(SuiteResult result, BaselineComparison comparison, Confidence confidence,
            Function<CaseResult, byte[]> rendered, java.io.Writer out) throws java.io.IOException {
        try (com.fasterxml.jackson.core.JsonGenerator gen = JsonTrees.prettyGenerator(out)) {
            // flush() before a copied fragment hands the generator's text to out, no further.
            gen.disable(com.fasterxml.jackson.core.JsonGenerator.Feature.FLUSH_PASSED_TO_STREAM);
            gen.writeStartObject();
            gen.writeStringField("suite", result.suite());
            gen.writeStringField("startedAt", result.startedAt().toString());
            gen.writeFieldName("durationSeconds");
            gen.writeTree(JsonTrees.NODES.numberNode(ReportText.seconds(result.duration())));
            gen.writeBooleanField("complete", result.complete());
            if (result.shard() != null) {
                gen.writeFieldName("shard");
                gen.writeTree(ResultsTrees.shardTree(result.shard()));
            }
            if (result.fingerprint() != null) {
                gen.writeFieldName("fingerprint");
                gen.writeTree(ResultsTrees.fingerprintTree(result.fingerprint()));
            }
            gen.writeFieldName("summary");
            gen.writeTree(ResultsTrees.summary(result, confidence));
            gen.writeFieldName("scorers");
            gen.writeTree(ResultsTrees.scorers(result, confidence));
            gen.writeFieldName("usage");
            gen.writeTree(ResultsTrees.usage(result.usage()));
            if (result.judgeUsage() != null) {
                gen.writeFieldName("judgeUsage");
                gen.writeTree(ResultsTrees.usage(result.judgeUsage()));
            }
            if (comparison != null) {
                gen.writeFieldName("baseline");
                gen.writeTree(ComparisonReport.json(comparison));
            }
            gen.writeArrayFieldStart("cases");
            for (CaseResult c : result.cases()) {
                byte[] fragment = rendered.apply(c);
                if (fragment == null) {
                    gen.writeTree(ResultsTrees.caseNode(c));
                } else {
                    gen.writeRawValue(""); // the separator and indent
                    gen.flush();
                    Utf8Output.writeUtf8(out, fragment);
                }
            }
            gen.writeEndArray();
            gen.writeEndObject();
        }
        out.write("\n");
        out.flush();
    }
}
