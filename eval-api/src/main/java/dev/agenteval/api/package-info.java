/**
 * The model, the fluent DSL and the result types of agent-eval.
 *
 * <p>A {@link dev.agenteval.api.Suite} holds {@link dev.agenteval.api.Case}s; a case is a
 * conversation of {@link dev.agenteval.api.Turn}s, each scored by {@link dev.agenteval.api.ScorerSpec}s
 * built with {@link dev.agenteval.api.Scorers}. Running a suite gives a
 * {@link dev.agenteval.api.SuiteResult}.
 *
 * <p>Everything here is immutable and thread-safe. Values are non-null unless a method says
 * otherwise; optional values are {@link java.util.Optional}, and record components documented as
 * "or null" are nullable.
 */
package dev.agenteval.api;
