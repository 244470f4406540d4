/**
 * The {@code agent-eval} command. Exports only {@link dev.agenteval.cli.AgentEvalCli}, its entry
 * points ({@code main}, and {@code execute} for a tool or test that runs the command in-process, as
 * the testkit's {@code CommandRunner} does) and their {@code Context}; every command, option group
 * and check is package-private. picocli reads and sets the commands' options by reflection, so the
 * package is opened to it alone.
 *
 * <p>Runs from the class path (the {@code agent-eval} script, the distribution's {@code lib/}, the
 * single {@code agent-eval.jar}) and from the module path
 * ({@code java -p lib -m dev.agenteval.cli/dev.agenteval.cli.AgentEvalCli}). On the module path the
 * logging binding (slf4j-simple), the built-in scorers and every other provider are bound as
 * services of the modules that use them (eval-core's {@code uses}, slf4j's), so none is named here.
 */
module dev.agenteval.cli {
    requires static org.apiguardian.api;
    requires dev.agenteval.launch;
    requires dev.agenteval.core;
    requires dev.agenteval.common;
    requires dev.agenteval.http;
    requires dev.agenteval.yaml;
    requires dev.agenteval.agents;
    requires dev.agenteval.judge;
    requires dev.agenteval.opik;
    requires dev.agenteval.results;
    requires dev.agenteval.report;
    requires dev.agenteval.testkit; // the demo agent 'agent-eval demo-agent' serves
    requires com.fasterxml.jackson.databind;
    requires info.picocli;

    exports dev.agenteval.cli;
    opens dev.agenteval.cli to info.picocli;
}
