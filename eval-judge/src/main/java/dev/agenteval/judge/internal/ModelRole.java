package dev.agenteval.judge.internal;

/**
 * What a chat model is asked to be through {@link JudgeTransport} and {@link JudgePreflight}:
 * their messages and failure context name it, so a failing user simulator is not reported as a
 * failing judge.
 */
public enum ModelRole {
    /** The LLM judge: {@code judge 'gpt-4o-mini' failed: ...}, context key {@code judge}. */
    JUDGE("judge", "judge"),
    /** The user simulator of conversation cases: {@code user simulator 'gpt-4o-mini' failed: ...}, context key {@code simulator}. */
    USER_SIMULATOR("user simulator", "simulator");

    private final String label;
    private final String contextKey;

    ModelRole(String label, String contextKey) {
        this.label = label;
        this.contextKey = contextKey;
    }

    /** {@code judge} or {@code user simulator}, as messages start. */
    public String label() {
        return label;
    }

    /** The key of the model's name in a failure's context: {@code judge} or {@code simulator}. */
    public String contextKey() {
        return contextKey;
    }

    /** {@code judge 'model'}. */
    public String named(String model) {
        return label + " '" + model + "'";
    }
}
