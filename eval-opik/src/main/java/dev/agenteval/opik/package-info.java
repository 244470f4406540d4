/**
 * Opik as a result sink: {@link dev.agenteval.opik.OpikSink}. Everything here is non-null unless
 * documented otherwise.
 */
package dev.agenteval.opik;
