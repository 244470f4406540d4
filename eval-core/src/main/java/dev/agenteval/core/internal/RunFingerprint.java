package dev.agenteval.core.internal;

import dev.agenteval.api.Fingerprint;
import dev.agenteval.api.Suite;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.spi.AgentClient;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The fingerprint a run records: the suite's canonical hash with the runner's defaults
 * ({@link Fingerprints}), the agent as described (with the hash of its configuration, given and
 * reported) and the judge as described, when a case needs one.
 */
public final class RunFingerprint {

    // The runner's own logger: what users configure for the runner covers this.
    private static final Logger LOG = LoggerFactory.getLogger(EvalRunner.class);

    private RunFingerprint() {
    }

    /** The fingerprint of running {@code suite} with {@code settings}, given whether a case of it needs a judge. */
    public static Fingerprint of(RunSettings settings, Suite suite, boolean needsJudge) {
        AgentClient agent = settings.agent();
        String agentText = settings.agentDescription() != null ? settings.agentDescription() : agentDescription(agent);
        Map<String, Object> reported = reportedConfiguration(agent);
        String configuration = reported == null ? "unknown"
                : Fingerprints.configurationHash(settings.agentConfiguration(), reported);
        if (configuration != null) {
            agentText = agentText + " configuration " + configuration;
        }
        String judgeText = !needsJudge || settings.judge() == null ? Fingerprint.NO_JUDGE
                : settings.judgeDescription() != null ? settings.judgeDescription() : stableName(settings.judge().name());
        return Fingerprints.of(suite, settings.caseTimeout(), settings.repeat(), agentText, judgeText);
    }

    // What the agent reports of its configuration (an A2A card); null when it could not be asked.
    // Never thrown: a run's results are not lost to it, and "unknown" meets no gate.
    private static Map<String, Object> reportedConfiguration(AgentClient agent) {
        try {
            return agent.configuration();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (RuntimeException e) {
            LOG.warn("The agent's configuration is unknown, so the result meets no gate: {}", e.getMessage());
            return null;
        }
    }

    /** What the client says of its target ({@link AgentClient#description()}), else its class name. */
    private static String agentDescription(AgentClient agent) {
        String described;
        try {
            described = agent.description();
        } catch (RuntimeException e) {
            described = null;
        }
        return described == null || described.isBlank() ? stableName(agent.getClass().getName()) : described;
    }

    /** A class name without the per-JVM suffix of lambdas and hidden classes. */
    private static String stableName(String name) {
        int lambda = name.indexOf("$$Lambda");
        if (lambda >= 0) {
            return name.substring(0, lambda) + "$$Lambda";
        }
        int hidden = name.indexOf('/');
        String stable = hidden >= 0 ? name.substring(0, hidden) : name;
        return stable.isBlank() ? "unnamed" : stable;
    }
}
