/**
 * Spring AI agents evaluated in process. {@link dev.agenteval.springai.SpringAiAgent} makes a
 * {@code ChatClient} with {@code @Tool} methods a {@link dev.agenteval.spi.FrameworkAgent}: one
 * chat memory conversation per case attempt, every tool call routed through the turn's
 * {@link dev.agenteval.spi.ToolGate} (recorded, mockable), token usage from Spring AI's own
 * {@code ChatResponse} metadata. {@link dev.agenteval.springai.SpringAiChatBackend} gives the judge
 * and the simulated user any Spring AI {@code ChatModel}.
 *
 * <p>The module depends on Spring AI's core API only ({@code spring-ai-client-chat}), never on
 * Spring Boot. It has no {@code module-info}: Spring AI's jars declare no
 * {@code Automatic-Module-Name}, so requiring them would tie a published module descriptor to
 * names derived from jar file names. On the module path it is the automatic module
 * {@code dev.agenteval.springai}.
 */
package dev.agenteval.springai;
