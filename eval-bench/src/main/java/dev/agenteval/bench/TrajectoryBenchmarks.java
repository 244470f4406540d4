package dev.agenteval.bench;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Case;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.ToolCall;
import dev.agenteval.core.Providers;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScoringContext;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The {@code trajectory} scorer's modes over one turn of {@code calls} tool calls of ten tools,
 * made in the expected order, each call {@code tool<i % 10>} with arguments
 * {@code {id: "call-<i>", page: i}}. The expected calls, one per actual call, are written as
 * {@code expected}:
 * <ul>
 * <li>{@code names}: the bare tool name (every same-named call fits);</li>
 * <li>{@code args}: {@code {name, args: {id: "call-<i>"}}} (one call fits, found by its id);</li>
 * <li>{@code assertions}: {@code {name, assertions: [{path: $.page, equals: i}]}} (one call fits,
 *     found only by evaluating the assertion: every same-named pair is a candidate).</li>
 * </ul>
 * Run with {@code eval-bench/run jmh Trajectory}; the setup prints each scenario's verdict.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx512m"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class TrajectoryBenchmarks {

    static final int TOOLS = 10;

    @Param({"100", "1000", "10000"})
    public int calls;

    @Param({"strict", "in_order", "unordered", "subset", "superset"})
    public String mode;

    @Param({"names", "args", "assertions"})
    public String expected;

    private Scorer scorer;
    private ScoringContext context;

    /** Builds the turn and the scorer once; prints the verdict (a scenario over the limit fails by design). */
    @Setup(Level.Trial)
    public void setUp() throws Exception {
        List<Object> want = new ArrayList<>();
        AgentResponse.Builder response = AgentResponse.builder().text("done");
        for (int i = 0; i < calls; i++) {
            String tool = "tool" + i % TOOLS;
            want.add(switch (expected) {
                case "names" -> tool;
                case "args" -> Map.of("name", tool, "args", Map.of("id", "call-" + i));
                case "assertions" -> Map.of("name", tool, "assertions", List.of(Map.of("path", "$.page", "equals", (long) i)));
                default -> throw new IllegalArgumentException("expected: names, args or assertions, not " + expected);
            });
            response.toolCall(ToolCall.of(tool, Map.of("id", "call-" + i, "page", (long) i)));
        }
        ScorerSpec spec = ScorerSpec.of("trajectory", Map.of("mode", mode, "calls", want));
        scorer = Providers.discover().scorer(spec.type()).create(spec);
        Case c = Case.id("bench").turn("Do it", spec).build();
        context = new ScoringContext(c, 1, response.build(), Duration.ofMillis(5), null, null, 1);
        ScoreResult r = scorer.score(context);
        String detail = r.checks().get(0).detail();
        System.out.println("# " + calls + " " + mode + " " + expected + ": " + r.status() + " "
                + detail.substring(0, Math.min(160, detail.length())));
    }

    /** One turn scored. */
    @Benchmark
    public ScoreResult trajectory() throws Exception {
        return scorer.score(context);
    }
}
