package dev.agenteval.junit.internal;

import java.util.Optional;
import java.util.function.Function;

/**
 * Settings of the annotation form, each read as a JUnit configuration parameter (which JUnit
 * also reads from system properties and {@code junit-platform.properties}), then as an
 * environment variable. Blank values count as unset.
 */
public final class Settings {

    /** One setting: its configuration parameter and its environment variable. */
    public enum Key {
        AGENT_URL("agent-eval.agent-url", "AGENT_EVAL_AGENT_URL"),
        PROTOCOL("agent-eval.protocol", "AGENT_EVAL_PROTOCOL"),
        EXTERNAL_ID("agent-eval.external-id", "AGENT_EVAL_EXTERNAL_ID"),
        TARGET("agent-eval.target", "AGENT_EVAL_TARGET"),
        JUDGE("agent-eval.judge", null),
        JUDGE_URL("agent-eval.judge-url", null),
        JUDGE_MODEL("agent-eval.judge-model", null),
        JUDGE_REDACT_SECRETS("agent-eval.judge-redact-secrets", "AGENT_EVAL_JUDGE_REDACT_SECRETS"),
        REPORT_DIR("agent-eval.report-dir", "AGENT_EVAL_REPORT_DIR");

        private final String parameter;
        private final String variable;

        Key(String parameter, String variable) {
            this.parameter = parameter;
            this.variable = variable;
        }

        /** The configuration parameter, e.g. {@code agent-eval.agent-url}. */
        public String parameter() {
            return parameter;
        }

        /**
         * The environment variable, e.g. {@code AGENT_EVAL_AGENT_URL}; null for the judge's, which
         * the judge providers read themselves.
         */
        public String variable() {
            return variable;
        }

        /** E.g. {@code agent-eval.agent-url (or AGENT_EVAL_AGENT_URL)}. */
        public String describe() {
            return parameter + (variable == null ? "" : " (or " + variable + ")");
        }
    }

    private final Function<String, Optional<String>> parameters;
    private final Function<String, String> environment;

    /** Settings read from {@code parameters}, then {@code environment}. */
    public Settings(Function<String, Optional<String>> parameters, Function<String, String> environment) {
        this.parameters = parameters;
        this.environment = environment;
    }

    /** The value, if set. */
    public Optional<String> get(Key key) {
        Optional<String> value = parameters.apply(key.parameter).map(String::strip).filter(s -> !s.isEmpty());
        if (value.isPresent() || key.variable == null) {
            return value;
        }
        return Optional.ofNullable(environment.apply(key.variable)).map(String::strip).filter(s -> !s.isEmpty());
    }

}
