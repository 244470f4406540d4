package dev.agenteval.cli;

import dev.agenteval.report.Reports;
import dev.agenteval.yaml.SuiteSchemas;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code agent-eval schema}: prints the JSON Schema of a YAML dialect, or of a result file. */
@Command(name = "schema", mixinStandardHelpOptions = true,
        description = "Prints the JSON Schema of a suite dialect, for editors and coding agents, or of a result file.")
final class SchemaCommand implements Callable<Integer> {

    /** The two dialects. */
    enum Dialect { platform, harness }

    /** The result files that have a published schema. */
    enum Results { harness }

    @Option(names = "--dialect", paramLabel = "DIALECT", description = "platform (cases:) or harness (evals:). Default: platform.")
    Dialect dialect;

    @Option(names = "--results", paramLabel = "FORMAT", description = "Instead of a dialect, the schema of a result file: harness (the Python harness's result file that --format harness and --output with a harness suite write).")
    Results results;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (dialect != null && results != null) {
            spec.commandLine().getErr().println("error: --dialect and --results are alternatives: give one");
            spec.commandLine().getErr().flush();
            return AgentEvalCli.INVALID;
        }
        String schema = results == Results.harness ? Reports.harnessSchema()
                : dialect == Dialect.harness ? SuiteSchemas.harness() : SuiteSchemas.platform();
        spec.commandLine().getOut().println(schema);
        spec.commandLine().getOut().flush();
        return AgentEvalCli.OK;
    }
}
