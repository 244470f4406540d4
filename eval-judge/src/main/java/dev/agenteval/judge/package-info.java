/**
 * The LLM judge and the judge-based scorers. {@link dev.agenteval.judge.OpenAiJudge} talks to any
 * OpenAI-compatible chat completions endpoint; {@link dev.agenteval.judge.LlmJudge} and
 * {@link dev.agenteval.judge.LlmUserSimulator} do the same over any chat model reached through a
 * {@link dev.agenteval.judge.ChatBackend}; {@link dev.agenteval.judge.OverlapJudge} is an
 * offline stand-in that is not a model; {@link dev.agenteval.judge.Judges} chooses between them
 * from settings; {@link dev.agenteval.judge.PromptTemplates} holds the versioned, overridable
 * prompts.
 *
 * <p>The module registers, through {@link java.util.ServiceLoader}, the scorer types
 * {@code correctness} ({@code criteria}), {@code faithfulness} ({@code groundTruth}),
 * {@code expected_output_text} ({@code expected}), {@code rubric} ({@code rubric}),
 * {@code toolSelection} and {@code toolInvocation} (tools from the scorer, else the case; skipped
 * with a recorded reason when none resolve), each also accepting {@code samples} (an odd number
 * of judge calls for a majority vote), and the judge providers {@code openai} and
 * {@code overlap}. Every judge scorer maps the verdict to one check whose detail is the judge's
 * reason, a score in 0..1, and the judge's usage; a judge that gives no clear verdict makes the
 * score errored with {@code judge_error}, never passed or failed.
 *
 * <p>Values are non-null unless documented otherwise.
 */
package dev.agenteval.judge;
