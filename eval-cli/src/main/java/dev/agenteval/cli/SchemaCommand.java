package dev.agenteval.cli;

import dev.agenteval.report.Reports;
import dev.agenteval.yaml.SuiteSchemas;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code agent-eval schema}: prints the JSON Schema of a YAML dialect, or of a result file. */
@Command(name = "schema", mixinStandardHelpOptions = true,
        description = "Prints the JSON Schema of a suite dialect, for editors and coding agents, or of a result file.")
final class SchemaCommand implements Callable<Integer> {

    /** -v/-q, as every command takes them ({@link Logging} reads them). */
    @picocli.CommandLine.Mixin
    Verbosity verbosity = new Verbosity();

    /** The two dialects, and the harness dialect's folder defaults. */
    enum Dialect {
        platform, harness, harness_defaults;

        /** As written on the command line: {@code harness-defaults}. */
        @Override
        public String toString() {
            return name().replace('_', '-');
        }
    }

    /** Reads {@code harness-defaults} (and {@code harness_defaults}) as well as the plain names. */
    static final class DialectConverter implements ITypeConverter<Dialect> {
        @Override
        public Dialect convert(String value) {
            for (Dialect d : Dialect.values()) {
                if (d.toString().equals(value) || d.name().equals(value)) {
                    return d;
                }
            }
            throw new TypeConversionException("expected one of platform, harness, harness-defaults but was '"
                    + value + "'");
        }
    }

    @Option(names = "--dialect", paramLabel = "DIALECT", converter = DialectConverter.class,
            description = "platform (cases:), harness (evals:) or harness-defaults (the harness dialect's"
                    + " _defaults.yaml). Default: platform.")
    Dialect dialect;

    /** The result files that have a published schema. */
    enum Results { json, harness }

    @Option(names = "--results", paramLabel = "FORMAT", description = "Instead of a dialect, the schema of a result file: json (agent-eval's results.json) or harness (the Python harness's result file that --format harness and --output with a harness suite write).")
    Results results;

    @Option(names = "--labels", description = "Instead of a dialect, the schema of a labels file (agent-eval calibrate).")
    boolean labels;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if ((dialect != null ? 1 : 0) + (results != null ? 1 : 0) + (labels ? 1 : 0) > 1) {
            spec.commandLine().getErr().println("error: --dialect, --results and --labels are alternatives: give one");
            spec.commandLine().getErr().flush();
            return AgentEvalCli.INVALID;
        }
        String schema = labels ? SuiteSchemas.labels() : results != null ? switch (results) {
            case json -> Reports.resultsSchema();
            case harness -> Reports.harnessSchema();
        } : switch (dialect == null ? Dialect.platform : dialect) {
            case platform -> SuiteSchemas.platform();
            case harness -> SuiteSchemas.harness();
            case harness_defaults -> SuiteSchemas.harnessDefaults();
        };
        spec.commandLine().getOut().println(schema);
        spec.commandLine().getOut().flush();
        return AgentEvalCli.OK;
    }
}
