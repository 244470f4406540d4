/**
 * Loads agent-eval suites written in YAML (the platform dialect with {@code cases:} and the
 * harness dialect with {@code evals:}) into the model the DSL builds, and ships a JSON Schema for
 * each dialect. Only {@code dev.agenteval.yaml} is exported.
 */
module dev.agenteval.yaml {
    requires transitive dev.agenteval.core;
    requires dev.agenteval.common;
    requires org.yaml.snakeyaml;
    requires org.slf4j;

    exports dev.agenteval.yaml;
}
