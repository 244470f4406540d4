package dev.agenteval.agents;

import static dev.agenteval.api.Scorers.contains;
import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.api.Case;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.InfrastructureFailure;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.TurnResult;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.testkit.A2aReply;
import dev.agenteval.testkit.A2aRequest;
import dev.agenteval.testkit.FakeA2aAgent;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Each failure kind ends as its typed failure on the turn it happened on, while the other cases pass. */
class FailuresTest {

    private final FakeA2aAgent server = FakeA2aAgent.start().otherwise(this::answer);

    @AfterEach
    void stop() {
        server.close();
    }

    /** The faulty agent: the message's text says which fault (the testkit's {@link A2aReply} faults). */
    private A2aReply answer(A2aRequest request) {
        String text = request.text();
        return switch (text) {
            case "please 500" -> A2aReply.httpStatus(500, "{\"error\":\"agent crashed\"}");
            case "please 429 once" -> calls(text) == 1
                    ? A2aReply.httpStatus(429, "slow down").header("Retry-After", "0")
                    : A2aReply.completed("ok after retry");
            case "please drop" -> A2aReply.dropConnection();
            case "please stall" -> A2aReply.hang();
            case "please garble" -> A2aReply.malformedJson();
            case "please rpc-error" -> A2aReply.rpcError(-32603, "Internal error");
            case "please nothing" -> A2aReply.result("{}");
            case "please flood" -> A2aReply.completed("x".repeat(100_000));
            default -> A2aReply.completed("ok: " + text);
        };
    }

    /** The messages with {@code text} the agent received so far. */
    private int calls(String text) {
        return (int) server.requests().stream().filter(r -> r.text().equals(text)).count();
    }

    private static Case.Builder twoTurns(String id, String second) {
        return Case.id(id).turn("hello", contains("ok")).turn(second, contains("ok"));
    }

    @Test
    void should_record_each_failure_as_its_typed_failure_on_the_right_turn_while_other_cases_pass() {
        // A generous timeout for the cases that must not time out, however loaded the machine; the
        // timeout case runs on its own client with a short one against an answer that never comes in time.
        AgentClient client = AgentClients.create("a2a", server.url().resolve("/rpc"),
                Wire.fast("version", "0.3", "requestTimeoutSeconds", "30", "maxAttempts", "2",
                        "maxResponseBytes", "65536"), name -> null);
        AgentClient impatient = AgentClients.create("a2a", server.url().resolve("/rpc"),
                Wire.fast("version", "0.3", "requestTimeoutSeconds", "0.5", "maxAttempts", "2"), name -> null);
        Suite suite = Suite.named("faults")
                .add(twoTurns("healthy", "hello again"))
                .add(twoTurns("http-error", "please 500"))
                .add(twoTurns("rate-limited", "please 429 once"))
                .add(Case.id("network").turn("please drop", contains("ok")).turn("never sent", contains("ok")))
                .add(twoTurns("malformed", "please garble"))
                .add(twoTurns("rpc-error", "please rpc-error"))
                .add(twoTurns("no-answer", "please nothing"))
                .add(twoTurns("too-large", "please flood"))
                .build();

        SuiteResult result = EvalRunner.builder().agent(client).environment(name -> null).concurrency(4).build().run(suite);
        SuiteResult timedOut = EvalRunner.builder().agent(impatient).environment(name -> null).build()
                .run(Suite.named("stalls").add(Case.id("timeout").turn("please stall", contains("ok"))).build());

        assertThat(status(result, "healthy")).isEqualTo(CaseStatus.PASSED);
        assertThat(status(result, "rate-limited")).isEqualTo(CaseStatus.PASSED);
        assertFailure(result, "http-error", 2, FailureCode.HTTP_ERROR, "answered 500", "agent crashed");
        assertThat(failure(result, "http-error").context()).containsEntry("status", 500L);
        assertFailure(result, "network", 1, FailureCode.NETWORK_ERROR, "failed");
        assertFailure(timedOut, "timeout", 1, FailureCode.TIMEOUT, "timed out after 0.5 s");
        assertFailure(result, "malformed", 2, FailureCode.INVALID_RESPONSE, "malformed JSON");
        assertFailure(result, "rpc-error", 2, FailureCode.INVALID_RESPONSE, "JSON-RPC error -32603: Internal error");
        assertFailure(result, "no-answer", 2, FailureCode.INVALID_RESPONSE, "neither an A2A task nor a message");
        assertFailure(result, "too-large", 2, FailureCode.INVALID_RESPONSE, "larger than 65536 bytes");
        // Network errors were retried (maxAttempts 2); the timeout, the 500 and the garbage were not.
        assertThat(calls("please stall")).isEqualTo(1);
        assertThat(calls("please drop")).isEqualTo(2);
        assertThat(calls("please 500")).isEqualTo(1);
        assertThat(calls("please 429 once")).isEqualTo(2);
        assertThat(calls("please garble")).isEqualTo(1);
        assertThat(calls("never sent")).isZero();
    }

    private static CaseStatus status(SuiteResult result, String id) {
        CaseResult c = result.find(id).orElseThrow();
        return c.status();
    }

    private static InfrastructureFailure failure(SuiteResult result, String id) {
        List<TurnResult> turns = result.find(id).orElseThrow().attempts().get(0).turns();
        return turns.get(turns.size() - 1).harnessFailure();
    }

    private static void assertFailure(SuiteResult result, String id, int turn, FailureCode code, String... message) {
        CaseResult c = result.find(id).orElseThrow();
        assertThat(c.status()).as(id).isEqualTo(CaseStatus.ERRORED);
        List<TurnResult> turns = c.attempts().get(0).turns();
        assertThat(turns).as(id + " turns").hasSize(turn);
        for (int i = 0; i < turn - 1; i++) {
            assertThat(turns.get(i).harnessFailure()).as(id + " turn " + (i + 1)).isNull();
            assertThat(turns.get(i).passed()).as(id + " turn " + (i + 1)).isTrue();
        }
        InfrastructureFailure f = turns.get(turn - 1).harnessFailure();
        assertThat(f).as(id + " failure").isNotNull();
        assertThat(f.code()).as(id + " code").isEqualTo(code);
        assertThat(f.message()).as(id + " message").contains(message);
        assertThat(turns.get(turn - 1).scores()).isEmpty();
    }
}
