/**
 * What turns settings into a run, shared by the command line ({@code eval-cli}) and JUnit
 * ({@code eval-junit}): {@link dev.agenteval.launch.Setting}, one declaration per setting (its
 * command-line options, its {@code agent-eval.*} parameter, its {@code AGENT_EVAL_*} variable, its
 * default); {@link dev.agenteval.launch.Settings}, their values in the order option, parameter,
 * variable, default; and {@link dev.agenteval.launch.Wiring}, the agent, the judge, the
 * environment with its secrets and the report folder they name; {@link dev.agenteval.launch.AgentEvalSettings},
 * the same for a run written in code (an embedder's, a JUnit test's). No command-line parser here.
 * Its {@code internal} package (what a run's fingerprint says of its agent and judge) is exported
 * only to eval-cli and eval-junit, so none of it is API.
 */
// The qualified export names modules built after this one; javac warns that it cannot see them yet.
@SuppressWarnings("module")
module dev.agenteval.launch {
    requires static transitive org.apiguardian.api;
    requires transitive dev.agenteval.core;
    requires transitive dev.agenteval.agents;
    requires dev.agenteval.judge;
    requires transitive dev.agenteval.opik;
    requires transitive dev.agenteval.results; // GateSettings and RunPlan expose Baseline, Gate and Confidence
    requires dev.agenteval.report;
    requires org.slf4j;

    exports dev.agenteval.launch;
    // The command's merge describes the agent of the shards it merges, and eval-junit a judge given
    // in code, as a run's fingerprint does.
    exports dev.agenteval.launch.internal to dev.agenteval.cli, dev.agenteval.junit;
}
