/**
 * agent-eval's testkit, for plugin authors and for agent-eval's own tests (as JUnit's
 * {@code EngineTestKit} and OkHttp's {@code MockWebServer} are for theirs): a fake A2A agent and
 * a fake OpenAI-compatible chat model on 127.0.0.1, a scorer tester, and an in-process runner of
 * the {@code agent-eval} command; and the demo agent {@code agent-eval demo-agent} serves
 * ({@code dev.agenteval.testkit.demo}). Serves HTTP with the JDK's {@code com.sun.net.httpserver}.
 */
module dev.agenteval.testkit {
    requires static transitive org.apiguardian.api;
    requires transitive dev.agenteval.core;
    requires com.fasterxml.jackson.databind;
    requires jdk.httpserver;
    requires org.slf4j;

    exports dev.agenteval.testkit;
    exports dev.agenteval.testkit.demo;
}
