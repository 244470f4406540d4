/**
 * agent-eval's public model, fluent DSL, result types and service-provider interfaces.
 * Depends on the JDK only.
 */
module dev.agenteval.api {
    exports dev.agenteval.api;
    exports dev.agenteval.spi;
}
