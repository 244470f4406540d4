package dev.agenteval.core.internal;

import dev.agenteval.api.CaseResult;
import dev.agenteval.api.Prices;
import dev.agenteval.api.Shard;
import dev.agenteval.core.Providers;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.ResultSink;
import dev.agenteval.spi.RunListener;
import dev.agenteval.spi.Secrets;
import dev.agenteval.spi.TurnHook;
import dev.agenteval.spi.UserSimulator;
import java.time.Clock;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.random.RandomGenerator;

/**
 * The settings of an {@code EvalRunner}, as its builder validated them; immutable. Nullable:
 * {@code agent} (only while a builder checks a suite), {@code judge}, {@code simulator},
 * {@code concurrency} (the suite's, else the default), {@code caseTimeout} (the case's or the
 * suite's), {@code shard}, {@code agentDescription}, {@code judgeDescription}, {@code random}
 * (the calling thread's) and {@code checked} (no scorers created by a check yet).
 */
public record RunSettings(AgentClient agent, Judge judge, UserSimulator simulator, Providers providers,
                          Integer concurrency, Duration caseTimeout, boolean stopOnFailure, Set<String> caseIds,
                          Set<String> tags, int repeat, Shard shard, List<RunListener> listeners,
                          List<ResultSink> sinks, Function<String, String> environment, String agentDescription,
                          Map<String, Object> agentConfiguration, String judgeDescription, Secrets secrets,
                          boolean redactJudgeInput, Prices prices, Clock clock, RandomGenerator random,
                          ResolvedScorers checked, Map<String, CaseResult> resumed,
                          List<TurnHook> turnHooks) {

    /** Copies the collections. */
    public RunSettings {
        caseIds = Set.copyOf(caseIds);
        tags = Set.copyOf(tags);
        listeners = List.copyOf(listeners);
        sinks = List.copyOf(sinks);
        turnHooks = List.copyOf(turnHooks);
        resumed = Collections.unmodifiableMap(new LinkedHashMap<>(resumed));
    }
}
