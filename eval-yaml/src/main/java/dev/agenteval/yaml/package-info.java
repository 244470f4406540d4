/**
 * YAML suites: {@link dev.agenteval.yaml.SuiteLoader} reads the platform dialect
 * ({@code eval/eval.yaml} with {@code cases}) and the harness dialect ({@code evals}) into the
 * {@link dev.agenteval.api.Suite} model, {@link dev.agenteval.yaml.SuiteSchemas} gives their
 * JSON Schemas, and {@link dev.agenteval.yaml.RecordingWriter} writes a recorded conversation
 * (eval-core's {@link dev.agenteval.core.Recording}) as a platform-dialect case
 * ({@link dev.agenteval.yaml.CaseRecorder} records and writes in one go).
 *
 * <p>Values are non-null unless a method says otherwise.
 */
package dev.agenteval.yaml;
