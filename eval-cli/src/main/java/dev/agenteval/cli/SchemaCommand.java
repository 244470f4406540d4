package dev.agenteval.cli;

import dev.agenteval.yaml.SuiteSchemas;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code agent-eval schema}: prints the JSON Schema of a YAML dialect. */
@Command(name = "schema", mixinStandardHelpOptions = true,
        description = "Prints the JSON Schema of a suite dialect, for editors and coding agents.")
final class SchemaCommand implements Callable<Integer> {

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
                    + " _defaults.yaml). Default: ${DEFAULT-VALUE}.")
    Dialect dialect = Dialect.platform;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        String schema = switch (dialect) {
            case platform -> SuiteSchemas.platform();
            case harness -> SuiteSchemas.harness();
            case harness_defaults -> SuiteSchemas.harnessDefaults();
        };
        spec.commandLine().getOut().println(schema);
        spec.commandLine().getOut().flush();
        return AgentEvalCli.OK;
    }
}
