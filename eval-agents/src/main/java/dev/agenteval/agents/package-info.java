/**
 * Agent clients over real protocols, named targets and credentials.
 *
 * <p>{@link dev.agenteval.agents.AgentClients} creates a client by protocol id or from a
 * {@link dev.agenteval.agents.Target} loaded from {@code agent-eval.targets.yaml}
 * ({@link dev.agenteval.agents.Targets}) or described by the Python harness's
 * {@code AGENT_API_*_<NAME>} variables ({@link dev.agenteval.agents.EnvironmentTargets}). Credentials are read from the environment
 * ({@link dev.agenteval.core.Environment}: the process environment, then {@code .env}); a missing
 * variable is a {@link dev.agenteval.api.ConfigurationException} naming it, raised before any
 * request. Failures during a run are typed {@link dev.agenteval.api.AgentException}s
 * ({@code http_error}, {@code network_error}, {@code timeout}, {@code invalid_response}).
 *
 * <h2>Settings every protocol understands</h2>
 * <table>
 * <caption>Common settings</caption>
 * <tr><th>Setting</th><th>Meaning</th></tr>
 * <tr><td>{@code url}</td><td>the agent's base URL (required)</td></tr>
 * <tr><td>{@code auth}</td><td>{@code none}, {@code bearer} or {@code oauth2}; unset: {@code oauth2} when
 *     {@code tokenUrl} (or the agent service's {@code authHost}) is set, {@code bearer} when {@code tokenEnv}
 *     is set or the default token variable is, else {@code none}</td></tr>
 * <tr><td>{@code tokenEnv}</td><td>the variable holding the bearer token (default {@code AGENT_EVAL_AGENT_TOKEN};
 *     {@code OPENAI_API_KEY} for {@code openai-chat})</td></tr>
 * <tr><td>{@code tokenUrl}, {@code clientIdEnv}, {@code clientSecretEnv}, {@code scope}</td><td>OAuth2 client
 *     credentials (variables default to {@code AGENT_EVAL_AGENT_CLIENT_ID} and
 *     {@code AGENT_EVAL_AGENT_CLIENT_SECRET}); the token is cached until 30 s before it expires and
 *     refreshed once after a 401</td></tr>
 * <tr><td>{@code header.<Name>}</td><td>an extra header; {@code env:VAR} reads the value from a variable</td></tr>
 * <tr><td>{@code connectTimeoutSeconds}, {@code requestTimeoutSeconds}</td><td>5 and 120 by default</td></tr>
 * <tr><td>{@code maxAttempts}, {@code initialBackoffMillis}, {@code maxBackoffMillis}</td><td>retries of
 *     connection failures and 429/502/503/504, honouring {@code Retry-After}: 3, 500, 30000</td></tr>
 * <tr><td>{@code maxResponseBytes}</td><td>larger responses are refused as {@code invalid_response}
 *     (10 MB)</td></tr>
 * </table>
 *
 * <h2>Protocols</h2>
 * <ul>
 * <li>{@code a2a}: {@code version} ({@code auto}: read {@code /.well-known/agent-card.json}, then
 *     {@code /.well-known/agent.json}; {@code 0.3}; {@code 1.0}), {@code endpoint}, {@code blocking}
 *     ({@code true}, {@code false}, {@code omit}), {@code stream}, {@code carryContext} ({@code all},
 *     {@code context-only}, {@code none}), {@code cardTimeoutSeconds} (default the smaller of 5 and
 *     {@code requestTimeoutSeconds}). The card is read once per client, concurrent sessions waiting
 *     for the same read; its outcome is kept for the client's lifetime: no card, or a card request
 *     that times out (logged once as a warning), means A2A 0.3 at the configured URL; an
 *     unreachable agent or a card without a JSON-RPC interface fails every session at once.
 *     {@code toolCallsPath}: a JSONPath into the final task (the object inside 1.0's
 *     {@code {"task": ...}}), or the message of a message reply, where the agent reports its tool
 *     calls, e.g. {@code $.artifacts[*].metadata.trace.steps[*]}; by default, and where it finds
 *     none, the task's metadata (then the status message's) is read under {@code toolCalls},
 *     {@code tool_calls}, {@code toolsCalled}, {@code tools_called}, {@code $toolCalls} or
 *     {@code _toolCalls}. A call is an object ({@code name} or {@code toolName} or {@code tool};
 *     {@code arguments}, {@code args}, {@code input}, {@code parameters}; {@code result},
 *     {@code output}), OpenAI's {@code {function: {name, arguments}}}, or a tool's name alone.</li>
 * <li>{@code agent-service}: {@code apiVersion} ({@code v2}, {@code v1}), {@code tenant}
 *     ({@code Tenant-Name}), {@code authHost}, {@code agentId}, {@code agentNamePrefix},
 *     {@code deleteAgents}, {@code markEphemeral}, {@code carryContext}, {@code toolCallsPath}
 *     (as {@code a2a}'s).</li>
 * <li>{@code platform-chat}: {@code project}, {@code agentExternalId}, {@code toolConfirmation}
 *     ({@code deny}, {@code allow}, {@code allow:a,b}), {@code maxActionRounds}.</li>
 * <li>{@code openai-chat}: {@code model}, {@code systemPrompt}, {@code temperature}, {@code path},
 *     {@code toolResult}, {@code declareCaseTools}.</li>
 * <li>{@code http}: {@code path}, {@code method}, {@code body}, {@code answerPath}, {@code statePath},
 *     {@code contextIdPath}, {@code taskIdPath}, {@code toolCallsPath}, {@code dataPath},
 *     {@code inputTokensPath}, {@code outputTokensPath}, {@code creditsPath}, {@code costPath},
 *     {@code requireAnswer}.</li>
 * </ul>
 *
 * Values are non-null unless documented otherwise.
 */
package dev.agenteval.agents;
