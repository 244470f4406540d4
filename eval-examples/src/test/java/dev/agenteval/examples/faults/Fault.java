package dev.agenteval.examples.faults;

import dev.agenteval.api.FailureCode;

/**
 * One fault of the corpus: what the agent (or the judge) does to the turn it hits, and what the
 * run must make of it. A fault with no {@link #code} is transient: retries recover it and the
 * case passes. {@link #calls} is how many requests the hit turn must cost (retries included).
 */
enum Fault {
    NONE(false, null, 1),
    // Transient: retried and recovered.
    RATE_LIMITED_ONCE(false, null, 2),
    BAD_GATEWAY_ONCE(false, null, 2),
    UNAVAILABLE_ONCE(false, null, 2),
    RESET_ONCE(false, null, 2),
    // Unrecovered: the typed failure on the hit turn.
    RATE_LIMITED(false, FailureCode.HTTP_ERROR, FaultCorpusTest.MAX_ATTEMPTS, "answered 429", "slow down"),
    SERVER_ERROR(false, FailureCode.HTTP_ERROR, 1, "answered 500", "agent crashed"),
    BAD_GATEWAY(false, FailureCode.HTTP_ERROR, FaultCorpusTest.MAX_ATTEMPTS, "answered 502"),
    UNAVAILABLE(false, FailureCode.HTTP_ERROR, FaultCorpusTest.MAX_ATTEMPTS, "answered 503"),
    RESET(false, FailureCode.NETWORK_ERROR, FaultCorpusTest.MAX_ATTEMPTS, "failed: IOException"),
    CUT_MID_BODY(false, FailureCode.NETWORK_ERROR, FaultCorpusTest.MAX_ATTEMPTS, "failed: IOException", "bytes received"),
    SLOW_HEADERS(false, FailureCode.TIMEOUT, 1, "timed out after " + FaultCorpusTest.TIMEOUT_SECONDS + " s"),
    STALLED_BODY(false, FailureCode.TIMEOUT, 1, "timed out after " + FaultCorpusTest.TIMEOUT_SECONDS + " s"),
    MALFORMED_JSON(false, FailureCode.INVALID_RESPONSE, 1, "answered malformed JSON"),
    HUGE_BODY(false, FailureCode.INVALID_RESPONSE, 1, "response larger than 10485760 bytes, refused"),
    RPC_ERROR(false, FailureCode.INVALID_RESPONSE, 1, "answered JSON-RPC error -32603: Internal error"),
    // The judge of the hit turn's correctness scorer.
    JUDGE_GARBAGE_ONCE(true, null, 2),
    JUDGE_GARBAGE(true, FailureCode.JUDGE_ERROR, 1 + FaultCorpusTest.VERDICT_RETRIES, "gave no clear verdict", "no verdict (pass/fail",
            "last reply: \"Well, it depends"),
    JUDGE_EMPTY(true, FailureCode.JUDGE_ERROR, 1 + FaultCorpusTest.VERDICT_RETRIES, "gave no clear verdict", "the reply was empty"),
    JUDGE_NOT_JSON(true, FailureCode.JUDGE_ERROR, 1, "judge 'judge-model' failed", "answered malformed JSON: <html>"),
    JUDGE_EMPTY_BODY(true, FailureCode.JUDGE_ERROR, 1 + FaultCorpusTest.VERDICT_RETRIES, "gave no clear verdict",
            "the response had no choices");

    final boolean judge;
    final FailureCode code;
    final int calls;
    final String[] message;

    Fault(boolean judge, FailureCode code, int calls, String... message) {
        this.judge = judge;
        this.code = code;
        this.calls = calls;
        this.message = message;
    }

    boolean recovered() {
        return code == null;
    }

    /** The marker that tells the fake agent or judge which fault to apply. */
    String marker() {
        return "fault=" + name();
    }
}
