/**
 * agent-eval's testkit: what plugin authors and agent-eval's own tests use to test what they
 * write without a real agent, model or network beyond 127.0.0.1.
 *
 * <ul>
 * <li>{@link dev.agenteval.testkit.FakeA2aAgent}: an A2A agent (0.3 or 1.0) scripted with
 *     {@link dev.agenteval.testkit.A2aReply}s, recording {@link dev.agenteval.testkit.A2aRequest}s;</li>
 * <li>{@link dev.agenteval.testkit.FakeChatModel}: an OpenAI-compatible chat model (judge,
 *     user simulator, model-backed agent) scripted with {@link dev.agenteval.testkit.ChatReply}s,
 *     recording {@link dev.agenteval.testkit.ChatRequest}s;</li>
 * <li>{@link dev.agenteval.testkit.ScorerTester}: one scorer on one canned response, through
 *     the real provider registry;</li>
 * <li>{@link dev.agenteval.testkit.CommandRunner}: the {@code agent-eval} command in-process,
 *     giving a {@link dev.agenteval.testkit.CommandResult}.</li>
 * </ul>
 *
 * <pre>{@code
 * try (FakeA2aAgent agent = FakeA2aAgent.start(); FakeChatModel judge = FakeChatModel.start()) {
 *     agent.enqueue(A2aReply.completed("Hello! I can look up pumps."));
 *     judge.enqueue(ChatReply.pass("Describes its capabilities."));
 *     CommandResult r = CommandRunner.in(dir).run("run", "suite.yaml", "--agent-url", agent.url().toString(),
 *             "--judge-url", judge.url().toString(), "--judge-model", "m");
 *     assertThat(r.exitCode()).as(r.toString()).isZero();
 * }
 * }</pre>
 *
 * Values are non-null unless documented otherwise.
 */
package dev.agenteval.testkit;
