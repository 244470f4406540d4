package dev.agenteval.judge.internal;

import dev.agenteval.http.settings.ProviderSettings;
import dev.agenteval.judge.OverlapJudge;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.JudgeProvider;
import dev.agenteval.spi.ProviderConfig;
import java.util.List;

/** Judge provider {@code overlap}: an {@link OverlapJudge}. Setting: {@code threshold} (default 0.5). */
public final class OverlapJudgeProvider implements JudgeProvider {

    /** Used by {@link java.util.ServiceLoader}. */
    public OverlapJudgeProvider() {
    }

    @Override
    public String id() {
        return "overlap";
    }

    @Override
    public String description() {
        return "Offline judge, not a model: token-overlap F1 of the answer against the reference or criteria";
    }

    @Override
    public Judge create(ProviderConfig config) {
        ProviderSettings s = ProviderSettings.forJudge(id(), config, List.of("judge", "threshold"));
        double threshold = s.numberIn("threshold", 0, 1, OverlapJudge.DEFAULT_THRESHOLD);
        s.check();
        return OverlapJudge.withThreshold(threshold);
    }
}
