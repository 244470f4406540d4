package dev.agenteval.junit;

import dev.agenteval.testkit.A2aReply;
import dev.agenteval.testkit.FakeA2aAgent;

/**
 * The agent these tests run suites against: the testkit's fake A2A 0.3 agent answering a greeting
 * to "Hi", "I cannot say." to anything else (questions about ibuprofen), and a JSON-RPC error to
 * "crash".
 */
final class OrdersAgent {

    private OrdersAgent() {
    }

    static FakeA2aAgent start() {
        return FakeA2aAgent.start()
                .when("crash", A2aReply.rpcError(-32603, "internal error: the agent crashed"))
                .when(r -> r.text().startsWith("Hi"), r -> A2aReply.message("Hello! I can help with orders."))
                .otherwise(A2aReply.message("I cannot say."));
    }
}
