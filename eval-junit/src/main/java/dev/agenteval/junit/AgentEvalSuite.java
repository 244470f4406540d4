package dev.agenteval.junit;

import static org.apiguardian.api.API.Status.STABLE;
import org.apiguardian.api.API;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Names YAML suites on the test class path to run as JUnit tests, one test per case. Put it on a
 * class that implements {@link AgentEvalSuiteCases}:
 *
 * <pre>{@code
 * @AgentEvalSuite("evals/hello.yaml")
 * class HelloEvalTest implements AgentEvalSuiteCases {
 * }
 * }</pre>
 *
 * Each value is a class path resource (a leading {@code /} is optional): a YAML suite of either
 * dialect, or a platform folder holding {@code eval.yaml}. One suite gives one test per case;
 * several give one container per suite.
 *
 * <p>The agent, the judge and the report folder come from these settings, each read first as a
 * JUnit configuration parameter (a system property such as {@code -Dagent-eval.agent-url=...}, or
 * a line of {@code junit-platform.properties}), then from the environment variable (the process
 * environment, then a {@code .env} file in the working folder):
 *
 * <table>
 * <caption>Settings</caption>
 * <tr><th>Parameter</th><th>Variable</th><th>Meaning</th></tr>
 * <tr><td>{@code agent-eval.agent-url}</td><td>{@code AGENT_EVAL_AGENT_URL}</td><td>the agent's base URL</td></tr>
 * <tr><td>{@code agent-eval.agent-token-url}</td><td>{@code AGENT_EVAL_AGENT_TOKEN_URL}</td><td>with the agent's URL:
 *     the OAuth2 token endpoint for {@code AGENT_EVAL_AGENT_CLIENT_ID} and {@code AGENT_EVAL_AGENT_CLIENT_SECRET}</td></tr>
 * <tr><td>{@code agent-eval.protocol}</td><td>{@code AGENT_EVAL_PROTOCOL}</td><td>the client: {@code a2a}
 *     (default), {@code agent-service}, {@code platform-chat}, {@code openai-chat}, {@code http}</td></tr>
 * <tr><td>{@code agent-eval.external-id}</td><td>{@code AGENT_EVAL_EXTERNAL_ID}</td><td>the agent's external id
 *     (platform chat)</td></tr>
 * <tr><td>{@code agent-eval.system-agent}</td><td>{@code AGENT_EVAL_SYSTEM_AGENT}</td><td>instead: a deployed
 *     system agent (platform chat, sent as {@code agentExternalId})</td></tr>
 * <tr><td>{@code agent-eval.project}</td><td>{@code AGENT_EVAL_PROJECT}</td><td>the platform project (platform
 *     chat; wins over the target's)</td></tr>
 * <tr><td>{@code agent-eval.tool-confirmation}</td><td>{@code AGENT_EVAL_TOOL_CONFIRMATION}</td><td>{@code deny}
 *     (default), {@code allow} or {@code allow:<tool>,<tool>} (platform chat)</td></tr>
 * <tr><td>{@code agent-eval.max-action-rounds}</td><td>{@code AGENT_EVAL_MAX_ACTION_ROUNDS}</td><td>follow-up
 *     requests answering actions on one turn (platform chat, default 5)</td></tr>
 * <tr><td>{@code agent-eval.target}</td><td>{@code AGENT_EVAL_TARGET}</td><td>instead of a URL: a named target
 *     of {@code agent-eval.targets.yaml} in the working folder</td></tr>
 * <tr><td>{@code agent-eval.judge}</td><td>{@code AGENT_EVAL_JUDGE}</td><td>the judge provider, e.g.
 *     {@code openai} or {@code overlap}</td></tr>
 * <tr><td>{@code agent-eval.judge-url}</td><td>{@code AGENT_EVAL_JUDGE_BASE_URL}</td><td>an OpenAI-compatible
 *     endpoint for the judge</td></tr>
 * <tr><td>{@code agent-eval.judge-model}</td><td>{@code AGENT_EVAL_JUDGE_MODEL}</td><td>the judge's model</td></tr>
 * <tr><td>{@code agent-eval.report-dir}</td><td>{@code AGENT_EVAL_REPORT_DIR}</td><td>where to write
 *     {@code results.json}, {@code results.md}, {@code junit.xml} and {@code report.html}, in a subfolder
 *     per suite named after it (the suites of other test classes write in the same folder)</td></tr>
 * <tr><td>{@code agent-eval.judge-redact-secrets}</td><td>{@code AGENT_EVAL_JUDGE_REDACT_SECRETS}</td><td>{@code false}
 *     sends the judge the run's secrets unmasked (default {@code true})</td></tr>
 * <tr><td>{@code agent-eval.confidence}</td><td>{@code AGENT_EVAL_CONFIDENCE}</td><td>the confidence level of the
 *     reports' intervals, between 0 and 1 exclusive (default {@code 0.95})</td></tr>
 * <tr><td>{@code agent-eval.seed}</td><td>{@code AGENT_EVAL_SEED}</td><td>the seed of the scorers' bootstrap
 *     intervals (an integer; default fixed)</td></tr>
 * <tr><td>{@code agent-eval.threshold}</td><td>{@code AGENT_EVAL_THRESHOLD}</td><td>a gate on the pass rate, in
 *     percent: the suite's {@code gate} test decides it, and a failed case is then aborted with its failure</td></tr>
 * <tr><td>{@code agent-eval.threshold-lower-bound}</td><td>{@code AGENT_EVAL_THRESHOLD_LOWER_BOUND}</td><td>a gate on
 *     the lower bound of the pass rate's interval, in percent</td></tr>
 * <tr><td>{@code agent-eval.baseline}</td><td>{@code AGENT_EVAL_BASELINE}</td><td>an earlier results.json or report
 *     folder: each suite is compared with its own in its reports</td></tr>
 * <tr><td>{@code agent-eval.fail-on-regression}</td><td>{@code AGENT_EVAL_FAIL_ON_REGRESSION}</td><td>{@code true}: the
 *     {@code gate} test fails when a case that passed in the baseline does not now</td></tr>
 * <tr><td>{@code agent-eval.fail-on-significant-regression}</td><td>{@code AGENT_EVAL_FAIL_ON_SIGNIFICANT_REGRESSION}</td>
 *     <td>{@code true}: the {@code gate} test fails on a significant paired regression only (McNemar)</td></tr>
 * <tr><td>{@code agent-eval.significance}</td><td>{@code AGENT_EVAL_SIGNIFICANCE}</td><td>with a baseline: the p-value
 *     below which a comparison is significant (default 0.05)</td></tr>
 * <tr><td>{@code agent-eval.opik}</td><td>{@code AGENT_EVAL_OPIK}</td><td>{@code true} records each suite in Opik as an experiment</td></tr>
 * <tr><td>{@code agent-eval.opik.dataset-name}</td><td>{@code AGENT_EVAL_OPIK_DATASET_NAME}</td><td>the Opik dataset (default: the suite's name)</td></tr>
 * <tr><td>{@code agent-eval.opik.experiment-name}</td><td>{@code AGENT_EVAL_OPIK_EXPERIMENT_NAME}</td><td>the Opik experiment (default: the suite's name and start time)</td></tr>
 * <tr><td>{@code agent-eval.opik.url}</td><td>{@code OPIK_URL_OVERRIDE}</td><td>the Opik API base (else the target's {@code opik:} url)</td></tr>
 * <tr><td>{@code agent-eval.opik.project}</td><td>{@code OPIK_PROJECT_NAME}</td><td>the Opik project (default {@code Agents})</td></tr>
 * <tr><td>{@code agent-eval.opik.api-key}</td><td>{@code OPIK_API_KEY}</td><td>the Opik Cloud API key (secret)</td></tr>
 * <tr><td>{@code agent-eval.opik.workspace}</td><td>{@code OPIK_WORKSPACE}</td><td>the Opik workspace</td></tr>
 * <tr><td>{@code agent-eval.trace-link-template}</td><td>{@code AGENT_EVAL_TRACE_LINK_TEMPLATE}</td><td>a link to each
 *     turn's trace in the reports, {@code {traceId}} replaced by the trace id sent to the agent</td></tr>
 * <tr><td>{@code agent-eval.tracestate}</td><td>{@code AGENT_EVAL_TRACESTATE}</td><td>a W3C {@code tracestate} sent
 *     with each turn's {@code traceparent}</td></tr>
 * <tr><td>{@code agent-eval.otel}</td><td>{@code AGENT_EVAL_OTEL}</td><td>{@code true}: export the run as an
 *     OpenTelemetry trace over OTLP/HTTP</td></tr>
 * <tr><td>{@code agent-eval.otel-receiver}</td><td>{@code AGENT_EVAL_OTEL_RECEIVER}</td><td>{@code true} or a port:
 *     receive the agent's traces (OTLP/HTTP on 127.0.0.1) for tool calls and usage its responses lack</td></tr>
 * <tr><td>{@code agent-eval.otel-wait}</td><td>{@code AGENT_EVAL_OTEL_WAIT}</td><td>with the receiver: seconds a turn
 *     waits at most for the agent's spans (default {@code 2})</td></tr>
 * <tr><td>{@code agent-eval.tool-calls-from}</td><td>{@code AGENT_EVAL_TOOL_CALLS_FROM}</td><td>with the receiver:
 *     {@code response-first} (default) or {@code traces-first}</td></tr>
 * <tr><td>{@code agent-eval.plugin-path}</td><td>{@code AGENT_EVAL_PLUGIN_PATH}</td><td>not read here: the command
 *     line's folders of plugin jars; in a test, plugins are test dependencies on the class path</td></tr>
 * </table>
 *
 * A member of the test class marked {@link AgentEvalAgent} supplies the agent from code instead
 * (an {@code InProcessAgent}, a {@code FrameworkAgent}, any {@code AgentClient}); one marked
 * {@link AgentEvalJudge} the judge, one marked {@link AgentEvalSimulator} the user simulator.
 * The agent settings of the table are then not used, nor the judge settings with a judge from code.
 *
 * <pre>{@code
 * @AgentEvalSuite("suites/booking.yaml")
 * class BookingEvalTest implements AgentEvalSuiteCases {
 *     @AgentEvalAgent
 *     static AgentClient agent() {
 *         return InProcessAgent.of((conversation, message) -> AgentResponse.ofText(Booking.answer(message.text())));
 *     }
 * }
 * }</pre>
 *
 * These are the settings of the command line too, declared once by
 * {@code dev.agenteval.launch.Setting}. The judge is chosen as the CLI chooses it ({@link dev.agenteval.judge.Judges#select}), and
 * only when a suite has a judge scorer. Credentials are read from the variables the protocol and
 * judge document (e.g. {@code AGENT_EVAL_AGENT_TOKEN}, {@code AGENT_EVAL_JUDGE_API_KEY}).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(AgentEvalExtension.class)
@API(status = STABLE)
public @interface AgentEvalSuite {

    /** Class path resources of suites, e.g. {@code evals/hello.yaml}. */
    String[] value();
}
