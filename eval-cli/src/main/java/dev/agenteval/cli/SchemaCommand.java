package dev.agenteval.cli;

import dev.agenteval.yaml.SuiteSchemas;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code agent-eval schema}: prints the JSON Schema of a YAML dialect. */
@Command(name = "schema", mixinStandardHelpOptions = true,
        description = "Prints the JSON Schema of a suite dialect, for editors and coding agents.")
final class SchemaCommand implements Callable<Integer> {

    /** The two dialects. */
    enum Dialect { platform, harness }

    @Option(names = "--dialect", paramLabel = "DIALECT", description = "platform (cases:) or harness (evals:). Default: ${DEFAULT-VALUE}.")
    Dialect dialect = Dialect.platform;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getOut().println(dialect == Dialect.platform ? SuiteSchemas.platform() : SuiteSchemas.harness());
        spec.commandLine().getOut().flush();
        return AgentEvalCli.OK;
    }
}
