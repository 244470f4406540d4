package dev.agenteval.cli;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Suite;
import dev.agenteval.agents.AgentClients;
import dev.agenteval.agents.Targets;
import dev.agenteval.core.Environment;
import dev.agenteval.core.Providers;
import dev.agenteval.judge.Judges;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.ProviderConfig;
import dev.agenteval.spi.ScorerFactory;
import dev.agenteval.spi.Secrets;
import java.net.URI;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/** Turns the run command's options into an agent client, a judge and an environment. */
final class Wiring {

    static final String REDACT_JUDGE_INPUT = "AGENT_EVAL_JUDGE_REDACT_SECRETS";

    private Wiring() {
    }

    /**
     * The environment: the process's, then a {@code .env} file in the working folder. The values
     * of variables declared secret by any provider, or whose names look secret, become secrets of
     * the run ({@link Secrets#shared()}, which this process's output is masked with).
     */
    static Function<String, String> environment(AgentEvalCli.Context context) {
        Environment env = Environment.of(context.environment()).withDotEnv(context.workDir().resolve(Environment.DOT_ENV));
        Set<String> declared = new HashSet<>();
        EnvironmentHelp.all().forEach((name, v) -> {
            if (v.secret()) {
                declared.add(name);
            }
        });
        env.registerSecrets(context.environment().keySet(), declared, Secrets.shared());
        return env;
    }

    static boolean needsJudge(Iterable<Suite> suites, Providers providers) {
        for (Suite s : suites) {
            boolean needs = s.cases().stream().flatMap(c -> c.turns().stream()).flatMap(t -> t.scorers().stream())
                    .anyMatch(spec -> providers.findScorer(spec.type()).map(ScorerFactory::needsJudge).orElse(false));
            if (needs) {
                return true;
            }
        }
        return false;
    }

    /**
     * The agent: a named target from {@code agent-eval.targets.yaml} in the working folder, or a
     * protocol (default {@code a2a}) at a URL.
     */
    static AgentClient agent(String protocol, String agentUrl, String env, String externalId,
                             Function<String, String> environment, Path workDir) {
        if (env != null) {
            return AgentClients.target(env, workDir.resolve(Targets.FILE_NAME), environment);
        }
        Map<String, String> settings = new LinkedHashMap<>();
        if (externalId != null) {
            settings.put("agentExternalId", externalId);
        }
        URI url;
        try {
            url = URI.create(agentUrl);
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException("--agent-url is not a URL: " + agentUrl);
        }
        return AgentClients.create(protocol == null ? "a2a" : protocol, url, settings, environment);
    }

    /**
     * The judge chosen by {@link Judges#select}: {@code --judge} (or {@code AGENT_EVAL_JUDGE}) names
     * a provider; a model ({@code --judge-model} or {@code AGENT_EVAL_JUDGE_MODEL}) or
     * {@code --judge-url} selects the OpenAI-compatible judge; otherwise there is none. The
     * offline {@code overlap} judge is used only when named.
     */
    static Judge judge(String judgeId, String judgeUrl, String judgeModel, Providers providers,
                       Function<String, String> environment) {
        Map<String, String> settings = new LinkedHashMap<>();
        if (judgeId != null) {
            settings.put("judge", judgeId);
        } else if (judgeUrl != null) {
            settings.put("judge", "openai");
        }
        if (judgeUrl != null) {
            settings.put("url", judgeUrl);
        }
        if (judgeModel != null) {
            settings.put("model", judgeModel);
        }
        return Judges.select(providers, ProviderConfig.of(settings, environment)).orElse(null);
    }

    /** Whether secrets are masked in what the judge is sent: the option, else the variable, else true. */
    static boolean redactJudgeInput(Boolean option, Function<String, String> environment) {
        if (option != null) {
            return option;
        }
        String v = environment.apply(REDACT_JUDGE_INPUT);
        if (v == null || v.isBlank()) {
            return true;
        }
        return switch (v.strip().toLowerCase(java.util.Locale.ROOT)) {
            case "false", "no", "off", "0" -> false;
            case "true", "yes", "on", "1" -> true;
            default -> throw new ConfigurationException(REDACT_JUDGE_INPUT + " must be true or false but is '" + v + "'");
        };
    }

    static Path defaultReportDir(Function<String, String> environment, Path workDir) {
        String dir = environment.apply("AGENT_EVAL_REPORT_DIR");
        return dir == null || dir.isBlank() ? null : workDir.resolve(dir);
    }
}
