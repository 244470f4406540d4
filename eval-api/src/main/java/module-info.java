/**
 * agent-eval's public model, fluent DSL, result types and service-provider interfaces.
 * Depends on the JDK only. Its {@code internal} package (JSON-like values and the one JSON string
 * escaper) is exported only to agent-eval's runner, so none of it is API.
 */
// The qualified export names a module built after this one; javac warns that it cannot see it yet.
@SuppressWarnings("module")
module dev.agenteval.api {
    requires static transitive org.apiguardian.api;
    exports dev.agenteval.api;
    exports dev.agenteval.spi;
    exports dev.agenteval.api.internal to dev.agenteval.scorers;
}
