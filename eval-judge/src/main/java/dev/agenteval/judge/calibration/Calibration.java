package dev.agenteval.judge.calibration;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import dev.agenteval.api.AgentException;
import dev.agenteval.api.Case;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.EvalException;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.InfrastructureFailure;
import dev.agenteval.api.Message;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Turn;
import dev.agenteval.core.Providers;
import dev.agenteval.core.internal.RedactingJudge;
import dev.agenteval.core.internal.Redactor;
import dev.agenteval.spi.Judge;
import dev.agenteval.spi.Scorer;
import dev.agenteval.spi.ScorerFactory;
import dev.agenteval.spi.ScoringContext;
import dev.agenteval.spi.Secrets;
import dev.agenteval.yaml.LabelledTurn;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Measures how far a judge agrees with people: runs each label's judge scorer on its recorded turn
 * through the ordinary scorer machinery (the scorer's factory and the {@link Judge}), concurrently,
 * and compares the verdicts with the person's. Immutable; each {@code with}-style call returns a
 * new instance.
 *
 * <pre>{@code
 * CalibrationResult result = Calibration.of(labels).judge(judge).concurrency(4).run();
 * }</pre>
 *
 * A label whose verdict was read from a results file ({@link LabelledTurn#recorded()}) is compared
 * as recorded, without asking the judge.
 */
@API(status = MAINTAINED)
public final class Calibration {

    private static final Logger LOG = LoggerFactory.getLogger(Calibration.class);

    /** The template of a verdict read from a results file. */
    public static final String RECORDED = "recorded";
    /** The template of a judge without versioned templates. */
    public static final String UNVERSIONED = "unversioned";

    private static final int DEFAULT_CONCURRENCY = 4;

    private final List<LabelledTurn> labels;
    private final Judge judge;
    private final Providers providers;
    private final int concurrency;
    private final Secrets secrets;

    private Calibration(List<LabelledTurn> labels, Judge judge, Providers providers, int concurrency, Secrets secrets) {
        this.labels = labels;
        this.judge = judge;
        this.providers = providers;
        this.concurrency = concurrency;
        this.secrets = secrets;
    }

    /**
     * A calibration of these labels, with the scorers found by {@link Providers#discover()}.
     *
     * @throws IllegalArgumentException when two labels share an id
     */
    public static Calibration of(List<LabelledTurn> labels) {
        List<LabelledTurn> copy = List.copyOf(Objects.requireNonNull(labels, "labels"));
        Set<String> ids = new HashSet<>();
        for (LabelledTurn l : copy) {
            if (!ids.add(l.id())) {
                throw new IllegalArgumentException("label id '" + l.id() + "' is used twice");
            }
        }
        return new Calibration(copy, null, null, DEFAULT_CONCURRENCY, Secrets.create());
    }

    /** With this judge (needed unless every label carries a recorded verdict). */
    public Calibration judge(Judge judge) {
        return new Calibration(labels, Objects.requireNonNull(judge, "judge"), providers, concurrency, secrets);
    }

    /** With these providers for scorer types (default {@link Providers#discover()}). */
    public Calibration providers(Providers providers) {
        return new Calibration(labels, judge, Objects.requireNonNull(providers, "providers"), concurrency, secrets);
    }

    /** With at most this many judge calls at once (default 4). */
    public Calibration concurrency(int concurrency) {
        if (concurrency < 1) {
            throw new IllegalArgumentException("concurrency must be >= 1 but was " + concurrency);
        }
        return new Calibration(labels, judge, providers, concurrency, secrets);
    }

    /**
     * With these secrets masked in what the judge is sent (question, answer, criteria, reference,
     * tool calls) and in the outcomes' reasons, as a run masks its secrets (default: none).
     */
    public Calibration secrets(Secrets secrets) {
        return new Calibration(labels, judge, providers, concurrency, Objects.requireNonNull(secrets, "secrets"));
    }

    /**
     * Scores every label and computes the figures. A judge error on one label is recorded as
     * errored for that label; the others go on.
     *
     * @throws ConfigurationException when a label's scorer type is unknown, is not a judge
     *                                scorer, or has invalid parameters, or no judge is set while
     *                                a label needs one (nothing was sent)
     * @throws dev.agenteval.api.JudgeException when the judge's preflight fails (nothing was sent)
     * @throws EvalException when the calling thread is interrupted (its flag is kept)
     */
    public CalibrationResult run() {
        Providers p = providers != null ? providers : Providers.discover();
        List<Scorer> scorers = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        boolean needsJudge = false;
        for (LabelledTurn l : labels) {
            scorers.add(l.recorded() != null ? null : scorer(p, l, problems));
            needsJudge |= l.recorded() == null;
        }
        if (needsJudge && judge == null) {
            problems.add("no judge is configured: calibration runs the labels' judge scorers");
        }
        if (!problems.isEmpty()) {
            throw new ConfigurationException(problems);
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(concurrency, Math.max(1, labels.size())), r -> {
            Thread t = new Thread(r, "agent-eval-calibration");
            t.setDaemon(true);
            return t;
        });
        try {
            if (needsJudge) {
                judge.preflight();
            }
            Judge asked = judge == null || secrets.isEmpty() ? judge : new RedactingJudge(judge, Redactor.of(secrets));
            List<Future<CalibrationResult.Outcome>> futures = new ArrayList<>();
            for (int i = 0; i < labels.size(); i++) {
                LabelledTurn label = labels.get(i);
                Scorer scorer = scorers.get(i);
                futures.add(pool.submit(() -> outcome(label, scorer, asked)));
            }
            List<CalibrationResult.Outcome> outcomes = new ArrayList<>();
            for (Future<CalibrationResult.Outcome> f : futures) {
                outcomes.add(f.get());
            }
            CalibrationResult result = CalibrationResult.of(outcomes);
            LOG.info("Calibrated {} labels in {} groups", labels.size(), result.groups().size());
            return result;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EvalException("calibration interrupted");
        } catch (ExecutionException e) {
            throw new EvalException("calibration failed: " + e.getCause(), e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    private static Scorer scorer(Providers p, LabelledTurn l, List<String> problems) {
        ScorerSpec spec = l.scorer();
        String at = "label '" + l.id() + "': scorer '" + spec.type() + "'";
        ScorerFactory factory = p.findScorer(spec.type()).orElse(null);
        if (factory == null) {
            problems.add(at + " is unknown (known: " + String.join(", ", p.scorerIds()) + ")");
            return null;
        }
        if (!factory.needsJudge()) {
            problems.add(at + " is not a judge scorer: only judge scorers are calibrated");
            return null;
        }
        List<String> invalid = factory.validate(spec);
        if (!invalid.isEmpty()) {
            invalid.forEach(m -> problems.add(at + ": " + m));
            return null;
        }
        return factory.create(spec);
    }

    /** The outcome of label {@code l}: its recorded verdict, else {@code scorer}'s, asking {@code asked} (the judge, redacting). */
    private CalibrationResult.Outcome outcome(LabelledTurn l, Scorer scorer, Judge asked) throws InterruptedException {
        String type = l.scorer().type();
        if (l.recorded() != null) {
            return outcome(l, RECORDED, l.recorded());
        }
        String template = judge.templateVersion(type).orElse(UNVERSIONED);
        Case c = Case.id(l.id()).turn(Turn.of(l.turn().input()).expect(l.scorer())).build();
        ScoringContext ctx = new ScoringContext(c, 1, Message.user(l.turn().input()), List.of(), l.turn().response(),
                l.turn().duration(), l.scorer().tools().orElse(l.tools().isEmpty() ? null : l.tools()), asked, 1, false);
        ScoreResult score;
        try {
            score = scorer.score(ctx);
            if (score == null) {
                score = ScoreResult.errored(type, InfrastructureFailure.of(FailureCode.INTERNAL, "the scorer returned no result"));
            }
        } catch (InterruptedException e) {
            throw e;
        } catch (AgentException e) {
            score = ScoreResult.errored(type, e.toFailure());
        } catch (Exception e) {
            LOG.debug("Scorer '{}' failed on label '{}'", type, l.id(), e);
            score = ScoreResult.errored(type, InfrastructureFailure.of(FailureCode.INTERNAL,
                    e.getClass().getSimpleName() + ": " + e.getMessage()));
        }
        return outcome(l, template, score);
    }

    private CalibrationResult.Outcome outcome(LabelledTurn l, String template, ScoreResult s) {
        return new CalibrationResult.Outcome(l.id(), l.scorer().type(), template, l.humanPassed(), s.status(), s.value(),
                secrets.redact(s.reason()));
    }
}
