package dev.agenteval.judge.internal;

import dev.agenteval.api.Usage;

/** One sample of a verdict: the parsed reply and the usage of the calls it took (null when unknown). */
public record Sample(VerdictParser.Parsed parsed, Usage usage) {
}
