/**
 * YAML suites: {@link dev.agenteval.yaml.SuiteLoader} reads the platform dialect
 * ({@code eval/eval.yaml} with {@code cases}) and the harness dialect ({@code evals}) into the
 * {@link dev.agenteval.api.Suite} model, {@link dev.agenteval.yaml.SuiteSchemas} gives their
 * JSON Schemas. {@link dev.agenteval.yaml.SessionRecorder} records a conversation with an agent as
 * a {@link dev.agenteval.yaml.Recording} of {@link dev.agenteval.yaml.RecordedTurn}s (or
 * {@link dev.agenteval.yaml.Recording#of(dev.agenteval.api.CaseResult, String)} takes one from a
 * past run), {@link dev.agenteval.yaml.RecordingWriter} writes it as a platform-dialect case
 * ({@link dev.agenteval.yaml.CaseRecorder} records and writes in one go), and
 * {@link dev.agenteval.yaml.LabelsLoader} reads a labels file into
 * {@link dev.agenteval.yaml.LabelledTurn}s for eval-judge's calibration.
 *
 * <p>Values are non-null unless a method says otherwise.
 */
package dev.agenteval.yaml;
