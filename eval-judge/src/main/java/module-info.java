/**
 * agent-eval's LLM judge over OpenAI-compatible endpoints, the judge-based scorers (conversation
 * scorers included), the simulated user, the offline overlap judge, and the calibration of a judge
 * against people's labels ({@code dev.agenteval.judge.calibration}: {@code Calibration}, its
 * {@code CalibrationResult} and {@code CalibrationReports}). Only {@code dev.agenteval.judge} and
 * {@code dev.agenteval.judge.calibration} are exported; the scorers and judge providers are found
 * through {@link java.util.ServiceLoader}.
 */
module dev.agenteval.judge {
    requires static transitive org.apiguardian.api;
    requires transitive dev.agenteval.core;
    requires dev.agenteval.common;
    requires transitive dev.agenteval.http;
    requires transitive dev.agenteval.yaml;   // Calibration takes eval-yaml's LabelledTurns
    requires transitive dev.agenteval.results; // CalibrationReports.Intervals gives results.stats' Interval; it reads results.json and writes atomically
    requires com.fasterxml.jackson.databind;
    requires io.github.resilience4j.core;
    requires io.github.resilience4j.ratelimiter;
    requires io.github.resilience4j.circuitbreaker;
    requires org.slf4j;

    exports dev.agenteval.judge;
    exports dev.agenteval.judge.calibration;

    provides dev.agenteval.spi.ScorerFactory with
            dev.agenteval.judge.internal.CorrectnessScorerFactory,
            dev.agenteval.judge.internal.FaithfulnessScorerFactory,
            dev.agenteval.judge.internal.ExpectedOutputTextScorerFactory,
            dev.agenteval.judge.internal.RubricScorerFactory,
            dev.agenteval.judge.internal.ToolSelectionScorerFactory,
            dev.agenteval.judge.internal.ToolInvocationScorerFactory,
            dev.agenteval.judge.internal.GoalCompletionScorerFactory,
            dev.agenteval.judge.internal.KnowledgeRetentionScorerFactory,
            dev.agenteval.judge.internal.RoleAdherenceScorerFactory;
    provides dev.agenteval.spi.JudgeProvider with
            dev.agenteval.judge.internal.OpenAiJudgeProvider,
            dev.agenteval.judge.internal.OverlapJudgeProvider;
    provides dev.agenteval.spi.UserSimulatorProvider with
            dev.agenteval.judge.internal.OpenAiUserSimulatorProvider;
}
