/**
 * YAML suites: {@link dev.agenteval.yaml.SuiteLoader} reads the platform dialect
 * ({@code eval/eval.yaml} with {@code cases}) and the harness dialect ({@code evals}) into the
 * {@link dev.agenteval.api.Suite} model, and {@link dev.agenteval.yaml.SuiteSchemas} gives their
 * JSON Schemas.
 *
 * <p>Values are non-null unless a method says otherwise.
 */
package dev.agenteval.yaml;
