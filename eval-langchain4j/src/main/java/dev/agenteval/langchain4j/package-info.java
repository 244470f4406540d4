/**
 * LangChain4j agents evaluated in process: {@link dev.agenteval.langchain4j.LangChain4jAgent}
 * turns an AI Service (interface, chat model, tools, chat memory) into a
 * {@link dev.agenteval.spi.FrameworkAgent} whose tool calls go through agent-eval's tool gate
 * (recorded, mockable per case and turn) and whose token usage comes from LangChain4j's own
 * listener events; {@link dev.agenteval.langchain4j.LangChain4jChatBackend} makes any LangChain4j
 * chat model the judge's and the simulated user's model. Depends on LangChain4j's core API only
 * (version 1.19.0 through its BOM); add the module of the model you use.
 *
 * <p>No {@code module-info}: LangChain4j's jars declare no module name. On the module path this
 * jar is the automatic module {@code dev.agenteval.langchain4j}. Values are non-null unless
 * documented otherwise.
 */
package dev.agenteval.langchain4j;
