package dev.agenteval.yaml;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The published JSON Schemas (draft 2020-12) of the two YAML dialects, for editors and coding
 * agents that validate suites as they write them. They ship in this jar as
 * {@code dev/agenteval/yaml/platform.schema.json} and {@code dev/agenteval/yaml/harness.schema.json}.
 *
 * <p>A schema checks shape; {@link SuiteLoader} also enforces the rules a schema cannot express
 * (case ids unique across included files, dataModels/instanceSpaces pairing after the cascade, a
 * scored turn in every case, registered scorer types, includes staying in the suite folder).
 *
 * <pre>{@code
 * Files.writeString(Path.of("platform.schema.json"), SuiteSchemas.platform());
 * }</pre>
 */
@API(status = MAINTAINED)
public final class SuiteSchemas {

    private SuiteSchemas() {
    }

    /** The schema of the platform dialect ({@code eval/eval.yaml} and its included files); never null. */
    public static String platform() {
        return Holder.PLATFORM;
    }

    /** The schema of the harness dialect ({@code evals:} suite files); never null. */
    public static String harness() {
        return Holder.HARNESS;
    }

    /**
     * The schema of the harness dialect's folder defaults ({@code _defaults.yaml}: a
     * {@code globals} block shared by the suites of its folder and below); never null.
     */
    public static String harnessDefaults() {
        return Holder.HARNESS_DEFAULTS;
    }

    /** The schema of a labels file ({@link LabelsLoader}, {@code agent-eval calibrate}); never null. */
    public static String labels() {
        return Holder.LABELS;
    }

    private static final class Holder {
        static final String PLATFORM = read("platform.schema.json");
        static final String HARNESS = read("harness.schema.json");
        static final String HARNESS_DEFAULTS = read("harness-defaults.schema.json");
        static final String LABELS = read("labels.schema.json");

        private static String read(String name) {
            try (InputStream in = SuiteSchemas.class.getResourceAsStream(name)) {
                if (in == null) {
                    throw new IllegalStateException("schema resource " + name + " is missing from the jar");
                }
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read schema resource " + name, e);
            }
        }
    }
}
