package dev.agenteval.cli;

import dev.agenteval.launch.Setting;
import java.util.Map;
import picocli.CommandLine.Option;

/** The judge's options, as {@code run} and {@code calibrate} take them. */
final class JudgeOptions {

    @Option(names = Setting.Option.JUDGE, paramLabel = "ID", description = "Judge provider id: openai (any OpenAI-compatible endpoint) or overlap (offline token overlap, never chosen unless named). Default: AGENT_EVAL_JUDGE, else openai when a judge URL or model is given, else none.")
    String judgeId;

    @Option(names = Setting.Option.JUDGE_URL, paramLabel = "URL", description = "An OpenAI-compatible endpoint for the LLM judge (also AGENT_EVAL_JUDGE_BASE_URL, which selects no judge by itself).")
    String judgeUrl;

    @Option(names = Setting.Option.JUDGE_MODEL, paramLabel = "MODEL", description = "The judge's model. Default: AGENT_EVAL_JUDGE_MODEL.")
    String judgeModel;

    @Option(names = Setting.Option.JUDGE_REDACT_SECRETS, negatable = true, arity = "0..1", fallbackValue = "true",
            description = "Mask the run's secrets in what is sent to the judge (default: on; also"
                    + " AGENT_EVAL_JUDGE_REDACT_SECRETS=false). Turn off only for a judge you trust with them.")
    Boolean judgeRedactSecrets;

    /** Puts the options given into {@code values} (null for an option not given). */
    void putInto(Map<Setting, String> values) {
        values.put(Setting.JUDGE, judgeId);
        values.put(Setting.JUDGE_URL, judgeUrl);
        values.put(Setting.JUDGE_MODEL, judgeModel);
        values.put(Setting.JUDGE_REDACT_SECRETS, judgeRedactSecrets == null ? null : judgeRedactSecrets.toString());
    }
}
