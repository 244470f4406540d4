/**
 * agent-eval's testkit, for plugin authors and for agent-eval's own tests (as JUnit's
 * {@code EngineTestKit} and OkHttp's {@code MockWebServer} are for theirs): a fake A2A agent and
 * a fake OpenAI-compatible chat model on 127.0.0.1, a scorer tester, and an in-process runner of
 * the {@code agent-eval} command. Serves HTTP with the JDK's {@code com.sun.net.httpserver}.
 */
module dev.agenteval.testkit {
    requires transitive dev.agenteval.core;
    requires com.fasterxml.jackson.databind;
    requires jdk.httpserver;

    exports dev.agenteval.testkit;
}
