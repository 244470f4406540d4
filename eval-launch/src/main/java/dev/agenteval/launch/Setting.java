package dev.agenteval.launch;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import dev.agenteval.results.stats.Bootstrap;
import dev.agenteval.spi.EnvironmentVariable;
import java.util.List;
import java.util.Optional;

/**
 * The settings of a run, each declared once: its command-line options, its system property and
 * JUnit configuration parameter ({@code agent-eval.*}), its environment variable
 * ({@code AGENT_EVAL_*}), its default, whether it is secret, and what it does. The command line,
 * eval-junit, their help texts and the documentation all read these declarations; values are
 * resolved by {@link Settings} in the order option, parameter, variable, default.
 *
 * <p>Opik's variables keep the names of Opik's own SDKs ({@code OPIK_URL_OVERRIDE},
 * {@code OPIK_PROJECT_NAME}, {@code OPIK_API_KEY}, {@code OPIK_WORKSPACE}), so that a setup that
 * works for them works here; they have no command-line option.
 *
 * <p>The judge's variables ({@code AGENT_EVAL_JUDGE}, {@code AGENT_EVAL_JUDGE_BASE_URL},
 * {@code AGENT_EVAL_JUDGE_MODEL}) are read by the judge selection and the judge providers
 * themselves, with their own rules (a base URL alone chooses no judge), so {@link Settings} reads
 * only their option and parameter ({@link #variableReadByProvider()}); the providers declare
 * those variables for the help texts.
 */
@API(status = MAINTAINED)
public enum Setting {

    AGENT_URL(List.of(Option.AGENT_URL), "agent-eval.agent-url", "AGENT_EVAL_AGENT_URL", null, false, false,
            "The agent's base URL."),
    AGENT_TOKEN_URL(List.of(Option.AGENT_TOKEN_URL), "agent-eval.agent-token-url", "AGENT_EVAL_AGENT_TOKEN_URL", null,
            false, false, "With the agent's URL: the OAuth2 token endpoint where AGENT_EVAL_AGENT_CLIENT_ID and"
                    + " AGENT_EVAL_AGENT_CLIENT_SECRET are exchanged (client credentials) for the token sent to the"
                    + " agent; a target of agent-eval.targets.yaml has its own auth."),
    PROTOCOL(List.of(Option.PROTOCOL), "agent-eval.protocol", "AGENT_EVAL_PROTOCOL", "a2a", false, false,
            "The agent's protocol (client id), e.g. a2a, agent-service, platform-chat, openai-chat, http; for an"
                    + " environment named by AGENT_API_* variables the default is agent-service."),
    TARGET(List.of(Option.TARGET), "agent-eval.target", "AGENT_EVAL_TARGET", null, false, false,
            "Instead of a URL: a named target of agent-eval.targets.yaml in the working folder (protocol, URL, auth),"
                    + " else the environment of that name the harness's variables describe (AGENT_API_URL_<NAME>,"
                    + " AGENT_API_CLIENT_ID_<NAME>, ...)."),
    EXTERNAL_ID(List.of(Option.EXTERNAL_ID), "agent-eval.external-id", "AGENT_EVAL_EXTERNAL_ID", null, false, false,
            "The agent's external id (platform chat API): wins over the target's agentExternalId and the local"
                    + " <name>.agent.yaml, which is then not read (its tools are no fallback for tool scorers)."),
    SYSTEM_AGENT(List.of(Option.SYSTEM_AGENT), "agent-eval.system-agent", "AGENT_EVAL_SYSTEM_AGENT", null, false, false,
            "Instead of the external id: a deployed system agent by id (platform chat API, sent as agentExternalId);"
                    + " the local <name>.agent.yaml is not read."),
    PROJECT(List.of(Option.PROJECT), "agent-eval.project", "AGENT_EVAL_PROJECT", null, false, false,
            "The project the agent lives in (platform chat API); wins over the target's project."),
    TOOL_CONFIRMATION(List.of(Option.TOOL_CONFIRMATION), "agent-eval.tool-confirmation", "AGENT_EVAL_TOOL_CONFIRMATION",
            null, false, false, "How tool confirmations are answered (platform chat API): deny (the default), allow, or"
                    + " allow:<tool>,<tool>; wins over the target's toolConfirmation."),
    MAX_ACTION_ROUNDS(List.of(Option.MAX_ACTION_ROUNDS), "agent-eval.max-action-rounds", "AGENT_EVAL_MAX_ACTION_ROUNDS",
            null, false, false, "Follow-up requests answering the agent's actions on one turn (platform chat API,"
                    + " default 5); wins over the target's maxActionRounds."),
    JUDGE(List.of(Option.JUDGE), "agent-eval.judge", "AGENT_EVAL_JUDGE", null, false, true,
            "The judge provider by id: openai (any OpenAI-compatible endpoint) or overlap (offline token overlap,"
                    + " never chosen unless named)."),
    JUDGE_URL(List.of(Option.JUDGE_URL), "agent-eval.judge-url", "AGENT_EVAL_JUDGE_BASE_URL", null, false, true,
            "An OpenAI-compatible endpoint for the LLM judge."),
    JUDGE_MODEL(List.of(Option.JUDGE_MODEL), "agent-eval.judge-model", "AGENT_EVAL_JUDGE_MODEL", null, false, true,
            "The judge's model."),
    JUDGE_REDACT_SECRETS(List.of(Option.JUDGE_REDACT_SECRETS), "agent-eval.judge-redact-secrets",
            "AGENT_EVAL_JUDGE_REDACT_SECRETS", "true", false, false,
            "Whether the run's secrets are masked in what the judge is sent: false sends them unmasked."),
    REPORT_DIR(List.of(Option.REPORT_DIR), "agent-eval.report-dir", "AGENT_EVAL_REPORT_DIR", null, false, false,
            "The folder for results.json, results.md, junit.xml and report.html (a subfolder per suite when"
                    + " several run; always in eval-junit and in code, AgentEvalSettings)."),
    CONFIDENCE(List.of(Option.CONFIDENCE), "agent-eval.confidence", "AGENT_EVAL_CONFIDENCE", "0.95", false, false,
            "The confidence level of every interval in the reports (the pass rate's Wilson interval, the attempt pass"
                    + " rate's, the scorers' bootstrap intervals), a number between 0 and 1 exclusive, e.g. 0.9."),
    SEED(List.of(Option.SEED), "agent-eval.seed", "AGENT_EVAL_SEED", String.valueOf(Bootstrap.DEFAULT_SEED), false, false,
            "The seed of the bootstrap resamples behind the scorers' intervals (an integer): the same results and seed"
                    + " give the same numbers on every run."),
    THRESHOLD(List.of(Option.THRESHOLD), "agent-eval.threshold", "AGENT_EVAL_THRESHOLD", null, false, false,
            "Gate on the pass rate, in percent: the run meets it when it covered every case of the suite and at least"
                    + " that share of them passed; then the gate, not each case, decides the run."),
    THRESHOLD_LOWER_BOUND(List.of(Option.THRESHOLD_LOWER_BOUND), "agent-eval.threshold-lower-bound",
            "AGENT_EVAL_THRESHOLD_LOWER_BOUND", null, false, false,
            "Gate on the noise, in percent: the lower bound of the pass rate's Wilson interval (at the confidence"
                    + " level) must be at least this, so that luck on a small sample does not meet it; with the"
                    + " threshold, both must be met."),
    BASELINE(List.of(Option.BASELINE), "agent-eval.baseline", "AGENT_EVAL_BASELINE", null, false, false,
            "An earlier results.json, or the report folder holding it (one results.json per suite subfolder): each"
                    + " suite is compared with its own, the paired test included, in every report."),
    FAIL_ON_REGRESSION(List.of(Option.FAIL_ON_REGRESSION), "agent-eval.fail-on-regression",
            "AGENT_EVAL_FAIL_ON_REGRESSION", "false", false, false,
            "With the baseline: fail when a case that passed in it does not now (with repeats: only when Fisher's"
                    + " exact test on the attempts is significant)."),
    FAIL_ON_SIGNIFICANT_REGRESSION(List.of(Option.FAIL_ON_SIGNIFICANT_REGRESSION),
            "agent-eval.fail-on-significant-regression", "AGENT_EVAL_FAIL_ON_SIGNIFICANT_REGRESSION", "false", false,
            false, "With the baseline: fail only when the run as a whole regressed (McNemar's exact test on the paired"
                    + " verdicts below the significance, more cases regressed than improved), not on one flipped case."),
    SIGNIFICANCE(List.of(Option.SIGNIFICANCE), "agent-eval.significance", "AGENT_EVAL_SIGNIFICANCE", null, false, false,
            "With the baseline: the p-value below which a comparison is significant (default 0.05)."),
    OPIK(List.of(Option.OPIK), "agent-eval.opik", "AGENT_EVAL_OPIK", "false", false, false,
            "Also record the run in Opik as an experiment, after the result files are written; Opik is health-checked"
                    + " before any agent call."),
    OPIK_DATASET(List.of(Option.OPIK_DATASET), "agent-eval.opik.dataset-name", "AGENT_EVAL_OPIK_DATASET_NAME", null,
            false, false, "With Opik recording: the dataset (default: the suite's name)."),
    OPIK_EXPERIMENT(List.of(Option.OPIK_EXPERIMENT), "agent-eval.opik.experiment-name", "AGENT_EVAL_OPIK_EXPERIMENT_NAME",
            null, false, false, "With Opik recording: the experiment (default: the suite's name and the run's start time)."),
    OPIK_URL(List.of(), "agent-eval.opik.url", "OPIK_URL_OVERRIDE", null, false, false,
            "The Opik API base (e.g. http://localhost:5173/api, https://www.comet.com/opik/api): where trace links point"
                    + " and, with Opik recording, where the run is recorded; wins over the environment's own Opik."),
    OPIK_PROJECT(List.of(), "agent-eval.opik.project", "OPIK_PROJECT_NAME", "Agents", false, false,
            "The Opik project of the traces and trace links."),
    OPIK_API_KEY(List.of(), "agent-eval.opik.api-key", "OPIK_API_KEY", null, true, false,
            "The Opik Cloud API key (sent as the authorization header)."),
    OPIK_WORKSPACE(List.of(), "agent-eval.opik.workspace", "OPIK_WORKSPACE", null, false, false,
            "The Opik workspace (Comet-Workspace header; default: default)."),
    OTEL(List.of(Option.OTEL), "agent-eval.otel", "AGENT_EVAL_OTEL", "false", false, false,
            "Export the run as an OpenTelemetry trace over OTLP/HTTP (run, case, turn and judge spans, one"
                    + " gen_ai.evaluation.result event per score) to OTEL_EXPORTER_OTLP_ENDPOINT, default"
                    + " http://localhost:4318; the standard OTEL_* variables also turn it on (OTEL_TRACES_EXPORTER=otlp)."),
    TRACE_LINK_TEMPLATE(List.of(Option.TRACE_LINK_TEMPLATE), "agent-eval.trace-link-template",
            "AGENT_EVAL_TRACE_LINK_TEMPLATE", null, false, false,
            "A link to each turn's trace in every report, {traceId} replaced by the W3C trace id sent to the agent"
                    + " (e.g. http://localhost:16686/trace/{traceId} for Jaeger); a link the agent reports wins."),
    TRACESTATE(List.of(Option.TRACESTATE), "agent-eval.tracestate", "AGENT_EVAL_TRACESTATE", null, false, false,
            "A W3C tracestate sent as it is with each turn's traceparent (vendor=value,...)."),
    OTEL_RECEIVER(List.of(Option.OTEL_RECEIVER), "agent-eval.otel-receiver", "AGENT_EVAL_OTEL_RECEIVER", null, false,
            false, "Receive the agent's own traces for the run: an OTLP/HTTP receiver on 127.0.0.1 (true: a free port;"
                    + " a number: that port) whose address the run prints, for the agent's OTEL_EXPORTER_OTLP_ENDPOINT;"
                    + " tool calls and token usage a response lacks are read from the agent's spans of the turn."),
    OTEL_WAIT(List.of(Option.OTEL_WAIT), "agent-eval.otel-wait", "AGENT_EVAL_OTEL_WAIT", "2", false, false,
            "With the receiver: the seconds a turn waits at most for the agent's spans, only when a scorer of the turn"
                    + " reads tool calls or usage the response lacks (default 2); a trace that does not arrive is no"
                    + " error, the turn is scored on its response and says no_trace."),
    TOOL_CALLS_FROM(List.of(Option.TOOL_CALLS_FROM), "agent-eval.tool-calls-from", "AGENT_EVAL_TOOL_CALLS_FROM",
            "response-first", false, false, "With the receiver: response-first (the default: the agent's trace only"
                    + " when the response reports no tool call) or traces-first (the trace's calls whenever it arrives)."),
    PLUGIN_PATH(List.of(Option.PLUGIN_PATH), "agent-eval.plugin-path", "AGENT_EVAL_PLUGIN_PATH", null, false, false,
            "Folders of plugin jars (several: repeat the option, or separate them with the path separator, : or ;"
                    + " on Windows): every jar in them is added to the class loader the scorers, agent protocols,"
                    + " judges and report formats are found through. Command line only: eval-junit finds plugins on"
                    + " the test class path and does not read it.", true);

    /**
     * The command-line option names, as constants so that the command line's annotations name
     * them from here.
     */
    public static final class Option {
        public static final String AGENT_URL = "--agent-url";
        public static final String AGENT_TOKEN_URL = "--agent-token-url";
        public static final String PROTOCOL = "--protocol";
        public static final String TARGET = "--env";
        public static final String EXTERNAL_ID = "--external-id";
        public static final String SYSTEM_AGENT = "--system-agent";
        public static final String PROJECT = "--project";
        public static final String TOOL_CONFIRMATION = "--tool-confirmation";
        public static final String MAX_ACTION_ROUNDS = "--max-action-rounds";
        public static final String JUDGE = "--judge";
        public static final String JUDGE_URL = "--judge-url";
        public static final String JUDGE_MODEL = "--judge-model";
        public static final String JUDGE_REDACT_SECRETS = "--judge-redact-secrets";
        public static final String REPORT_DIR = "--report-dir";
        public static final String CONFIDENCE = "--confidence";
        public static final String SEED = "--seed";
        public static final String THRESHOLD = "--threshold";
        public static final String THRESHOLD_LOWER_BOUND = "--threshold-lower-bound";
        public static final String BASELINE = "--baseline";
        public static final String FAIL_ON_REGRESSION = "--fail-on-regression";
        public static final String FAIL_ON_SIGNIFICANT_REGRESSION = "--fail-on-significant-regression";
        public static final String SIGNIFICANCE = "--significance";
        public static final String OPIK = "--opik";
        public static final String OPIK_DATASET = "--dataset-name";
        public static final String OPIK_EXPERIMENT = "--experiment-name";
        public static final String PLUGIN_PATH = "--plugin-path";
        public static final String TRACE_LINK_TEMPLATE = "--trace-link-template";
        public static final String OTEL = "--otel";
        public static final String TRACESTATE = "--tracestate";
        public static final String OTEL_RECEIVER = "--otel-receiver";
        public static final String OTEL_WAIT = "--otel-wait";
        public static final String TOOL_CALLS_FROM = "--tool-calls-from";

        private Option() {
        }
    }

    private final List<String> options;
    private final String parameter;
    private final String variable;
    private final String defaultValue;
    private final boolean secret;
    private final boolean variableReadByProvider;
    private final String description;
    private final boolean commandLineOnly;

    Setting(List<String> options, String parameter, String variable, String defaultValue, boolean secret,
            boolean variableReadByProvider, String description) {
        this(options, parameter, variable, defaultValue, secret, variableReadByProvider, description, false);
    }

    Setting(List<String> options, String parameter, String variable, String defaultValue, boolean secret,
            boolean variableReadByProvider, String description, boolean commandLineOnly) {
        this.commandLineOnly = commandLineOnly;
        this.options = options;
        this.parameter = parameter;
        this.variable = variable;
        this.defaultValue = defaultValue;
        this.secret = secret;
        this.variableReadByProvider = variableReadByProvider;
        this.description = description;
    }

    /**
     * The command-line option names, e.g. {@code --agent-url}; the first is the one messages name.
     * Empty for a setting read only from its parameter and variable (Opik's own variables).
     */
    public List<String> options() {
        return options;
    }

    /** The first command-line option name; the variable when the setting has no option. */
    public String option() {
        return options.isEmpty() ? variable : options.get(0);
    }

    /** The system property and JUnit configuration parameter, e.g. {@code agent-eval.agent-url}. */
    public String parameter() {
        return parameter;
    }

    /** The environment variable, e.g. {@code AGENT_EVAL_AGENT_URL}. */
    public String variable() {
        return variable;
    }

    /** The value when none is given, if there is one. */
    public Optional<String> defaultValue() {
        return Optional.ofNullable(defaultValue);
    }

    /** Whether the value is a secret (never printed, masked in reports). */
    public boolean secret() {
        return secret;
    }

    /**
     * True when the variable is read by the judge selection or a judge provider, not by
     * {@link Settings}: those read it with their own rules, and declare it themselves.
     */
    public boolean variableReadByProvider() {
        return variableReadByProvider;
    }

    /**
     * True when only the command line reads the setting (its option and variable): eval-junit
     * documents its parameter as not read ({@link #PLUGIN_PATH}: the test class path holds plugins there).
     */
    public boolean commandLineOnly() {
        return commandLineOnly;
    }

    /** What the setting does, one or two sentences. */
    public String description() {
        return description;
    }

    /**
     * The variable as the help texts list it, when {@link Settings} reads it (the judge's are
     * declared by the judge providers).
     */
    public Optional<EnvironmentVariable> environmentVariable() {
        if (variableReadByProvider) {
            return Optional.empty();
        }
        String effect = description + (options.isEmpty() ? " Also " + parameter + " in eval-junit."
                : " Default for " + String.join(", ", options) + (commandLineOnly ? "." : " and " + parameter + "."));
        return Optional.of(new EnvironmentVariable(variable, defaultValue, effect, secret));
    }

    /** The variables {@link Settings} reads, in declaration order. */
    public static List<EnvironmentVariable> environmentVariables() {
        return java.util.Arrays.stream(values()).map(Setting::environmentVariable).flatMap(Optional::stream).toList();
    }
}
