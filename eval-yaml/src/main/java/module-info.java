/**
 * Loads agent-eval suites written in YAML (the platform dialect with {@code cases:} and the
 * harness dialect with {@code evals:}) into the model the DSL builds, and ships a JSON Schema for
 * each dialect. Only {@code dev.agenteval.yaml} is exported to everyone; its safe reader with located
 * problems and did-you-mean ({@code internal}: {@code YamlReader}, {@code Node}, {@code Problems}) is
 * exported only to agent-eval's modules that read YAML files of their own (the targets and price files,
 * the places of a suite's cases), so every YAML file is read one way and none of it is API.
 */
// The qualified export names modules built after this one; javac warns that it cannot see them yet.
@SuppressWarnings("module")
module dev.agenteval.yaml {
    requires static transitive org.apiguardian.api;
    requires transitive dev.agenteval.core;
    requires dev.agenteval.common;
    requires org.yaml.snakeyaml;
    requires org.slf4j;

    exports dev.agenteval.yaml;
    exports dev.agenteval.yaml.internal to dev.agenteval.agents, dev.agenteval.cli;
}
