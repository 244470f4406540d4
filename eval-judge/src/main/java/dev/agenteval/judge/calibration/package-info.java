/**
 * How far a judge agrees with people: {@link dev.agenteval.judge.calibration.Calibration} runs the
 * judge scorers of people's labels (eval-yaml's {@link dev.agenteval.yaml.LabelledTurn}s, read from
 * a labels file by {@link dev.agenteval.yaml.LabelsLoader} or from a results file by
 * {@link dev.agenteval.judge.calibration.CalibrationReports#readLabels}) and gives a
 * {@link dev.agenteval.judge.calibration.CalibrationResult} (agreement, Cohen's kappa and the
 * confusion matrix per scorer type and template version), which
 * {@link dev.agenteval.judge.calibration.CalibrationReports} renders as a table, Markdown and JSON.
 *
 * <p>Values are non-null unless documented otherwise.
 */
package dev.agenteval.judge.calibration;
