package dev.agenteval.examples;

import dev.agenteval.agents.AgentClients;
import dev.agenteval.api.EvalException;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.testkit.demo.DemoAgent;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.report.Reports;
import dev.agenteval.judge.OverlapJudge;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.Judge;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;

/**
 * The demo: starts the {@link DemoAgent}, runs the {@link DemoSuites} against it over A2A
 * (JSON-RPC over HTTP on 127.0.0.1) with the offline {@code overlap} judge, prints progress and
 * a summary per suite, writes each suite's reports ({@code results.json}, {@code results.md},
 * {@code junit.xml}) to a folder of its own under {@code target/agent-eval-demo/}, and stops the
 * agent. Exits 0 when every case met its expectation, 1 otherwise (2 for a bad command line).
 *
 * <pre>{@code
 * java -cp ... dev.agenteval.examples.Demo [REPORT_DIR]
 * }</pre>
 */
public final class Demo {

    /** Where the reports go unless told otherwise. */
    public static final Path DEFAULT_REPORT_DIR = Path.of("target", "agent-eval-demo");

    private Demo() {
    }

    /** Runs the demo; the optional argument is the report folder. Exits with {@link #run}'s code. */
    public static void main(String[] args) {
        if (args.length > 1 || args.length == 1 && args[0].startsWith("-")) {
            System.err.println("usage: Demo [REPORT_DIR]   (default " + DEFAULT_REPORT_DIR + ")");
            System.exit(2);
        }
        System.exit(run(args.length == 1 ? Path.of(args[0]) : DEFAULT_REPORT_DIR, System.out));
    }

    /**
     * Runs the demo, printing to {@code out}.
     *
     * @return 0 when every case of every suite met its expectation, else 1
     */
    public static int run(Path reportDir, PrintStream out) {
        boolean allPassed = true;
        try (DemoAgent agent = DemoAgent.start(); AgentClient client = a2aClient(agent)) {
            out.println("Demo agent (A2A 0.3, JSON-RPC) listening at " + agent.url());
            Judge judge = OverlapJudge.defaults();
            out.println("Judge: " + judge.name());
            for (Map.Entry<String, Suite> entry : DemoSuites.all().entrySet()) {
                Path dir = reportDir.resolve(entry.getKey());
                EvalRunner runner = EvalRunner.builder()
                        .agent(client)
                        .judge(judge)
                        .sink(Reports.console(out, true)) // a line per finished case, then the summary
                        .sink(Reports.all(dir))
                        .build();
                out.println();
                out.println("== " + entry.getKey() + ": suite '" + entry.getValue().name() + "', "
                        + entry.getValue().cases().size() + " cases");
                SuiteResult result = runner.run(entry.getValue());
                out.println("Reports: " + dir.toAbsolutePath());
                allPassed &= result.allPassed();
            }
        } catch (EvalException e) {
            out.println("The demo could not run: " + e.getMessage());
            return 1;
        }
        out.println();
        out.println(allPassed ? "Every case met its expectation." : "Some cases did not meet their expectation.");
        return allPassed ? 0 : 1;
    }

    /** The {@code a2a} client pointed at the agent, without authentication and reading no environment variable. */
    static AgentClient a2aClient(DemoAgent agent) {
        return AgentClients.create("a2a", agent.url(), Map.of("auth", "none"), name -> null);
    }
}
