package dev.agenteval.judge;

import static dev.agenteval.api.Scorers.correctness;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.JudgeException;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Scorers;
import dev.agenteval.judge.calibration.Calibration;
import dev.agenteval.judge.calibration.CalibrationResult.Confusion;
import dev.agenteval.judge.calibration.CalibrationResult.Group;
import dev.agenteval.judge.calibration.CalibrationResult;
import dev.agenteval.yaml.LabelledTurn;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import dev.agenteval.testkit.ChatReply;
import dev.agenteval.testkit.ChatRequest;
import dev.agenteval.testkit.FakeChatModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link Calibration} against a deterministic OpenAI-compatible judge on 127.0.0.1: each answer
 * carries a token ({@code ANSWER-7}) and the fake judge answers by the token it finds in the fenced
 * answer, so every figure is asserted against values computed by hand.
 */
class CalibrationTest {

    private static final Pattern TOKEN = Pattern.compile("ANSWER-\\d+");

    private final FakeChatModel server = FastJudge.model();

    @AfterEach
    void stopModel() {
        server.close();
    }

    /** The judge's reply to each answer token; tokens without one get a reply without a verdict. */
    private final Map<String, ChatReply> replies = new ConcurrentHashMap<>();

    private void fakeJudge() {
        server.otherwise(request -> {
            Matcher m = TOKEN.matcher(FastJudge.user(request));
            ChatReply reply = m.find() ? replies.get(m.group()) : null;
            return reply != null ? reply : ChatReply.text("I cannot decide.");
        });
    }

    /** Adds a label whose judge verdict is {@code judge} (pass, fail, undecided or garbage) and whose person says {@code human}. */
    private LabelledTurn label(List<LabelledTurn> labels, boolean human, String judge, ScorerSpec spec) {
        String token = "ANSWER-" + labels.size();
        switch (judge) {
            case "pass" -> replies.put(token, ChatReply.verdict(true, 0.9, "meets it"));
            case "fail" -> replies.put(token, ChatReply.verdict(false, 0.1, "misses it"));
            case "undecided" -> replies.put(token, ChatReply.verdict(true, 0.55, "partly"));
            default -> { }
        }
        LabelledTurn l = LabelledTurn.of("item-" + labels.size(), "Question " + labels.size() + "?",
                "The answer is " + token + ".", spec, human);
        labels.add(l);
        return l;
    }

    private List<LabelledTurn> labels(int passPass, int passFail, int failPass, int failFail, ScorerSpec spec) {
        List<LabelledTurn> labels = new ArrayList<>();
        for (int i = 0; i < passPass; i++) {
            label(labels, true, "pass", spec);
        }
        for (int i = 0; i < passFail; i++) {
            label(labels, true, "fail", spec);
        }
        for (int i = 0; i < failPass; i++) {
            label(labels, false, "pass", spec);
        }
        for (int i = 0; i < failFail; i++) {
            label(labels, false, "fail", spec);
        }
        return labels;
    }

    private CalibrationResult run(List<LabelledTurn> labels, OpenAiJudge judge) {
        fakeJudge();
        return Calibration.of(labels).judge(judge).concurrency(3).run();
    }

    @Test
    void should_compute_agreement_kappa_and_the_confusion_matrix() {
        // 3 pass/pass, 1 pass/fail, 1 fail/pass, 3 fail/fail: po = 6/8 = 0.75; pe = 0.5*0.5 + 0.5*0.5 = 0.5;
        // kappa = (0.75 - 0.5) / (1 - 0.5) = 0.5.
        CalibrationResult r = run(labels(3, 1, 1, 3, correctness("Answers the question")),
                FastJudge.on(server).build());

        assertThat(r.groups()).hasSize(1);
        Group g = r.groups().get(0);
        assertThat(g.scorer()).isEqualTo("correctness");
        assertThat(g.template()).isEqualTo("correctness@1");
        assertThat(g.confusion()).isEqualTo(new Confusion(3, 1, 0, 1, 3, 0));
        assertThat(g.agreement()).isEqualTo(0.75);
        assertThat(g.kappa()).isCloseTo(0.5, within(1e-9));
        assertThat(g.note()).isEmpty();
        assertThat(r.disagreements()).extracting(CalibrationResult.Outcome::id).containsExactly("item-3", "item-4");
        assertThat(r.disagreements().get(0).reason()).contains("misses it");
    }

    @Test
    void should_show_a_kappa_far_below_the_agreement_when_one_verdict_dominates() {
        // 8 pass/pass, 1 pass/fail, 1 fail/pass: po = 0.8, but pe = 0.9*0.9 + 0.1*0.1 = 0.82,
        // so kappa = (0.8 - 0.82) / 0.18 = -1/9: no better than chance.
        CalibrationResult r = run(labels(8, 1, 1, 0, correctness("Answers the question")),
                FastJudge.on(server).build());

        Group g = r.groups().get(0);
        assertThat(g.agreement()).isCloseTo(0.8, within(1e-9));
        assertThat(g.kappa()).isCloseTo(-1.0 / 9, within(1e-9));
    }

    @Test
    void should_report_kappa_undefined_when_the_expected_agreement_is_one() {
        // Every person and every verdict says pass: po = pe = 1 and kappa = 0/0.
        CalibrationResult r = run(labels(4, 0, 0, 0, correctness("Answers the question")),
                FastJudge.on(server).build());

        Group g = r.groups().get(0);
        assertThat(g.agreement()).isEqualTo(1.0);
        assertThat(g.kappa()).isNaN();
        assertThat(g.note()).contains("kappa undefined", "expected agreement 1");
        assertThat(dev.agenteval.judge.calibration.CalibrationReports.table(r)).contains("agreement 100.0% (95% CI 51-100%), kappa undefined,",
                "note: kappa undefined");
        assertThat(dev.agenteval.judge.calibration.CalibrationReports.json(r)).contains("\"kappa\": null");
    }

    @Test
    void should_count_undecided_and_errored_apart_from_the_matrix_of_decided_labels() {
        ScorerSpec banded = correctness("Answers the question").undecidedBetween(0.4, 0.7);
        List<LabelledTurn> labels = labels(2, 0, 0, 2, banded);
        label(labels, true, "undecided", banded);
        label(labels, false, "undecided", banded);
        label(labels, true, "garbage", banded);

        CalibrationResult r = run(labels, FastJudge.on(server).verdictRetries(0).build());

        Group g = r.groups().get(0);
        assertThat(g.labels()).isEqualTo(7);
        assertThat(g.confusion()).isEqualTo(new Confusion(2, 0, 1, 0, 2, 1));
        assertThat(g.confusion().decided()).isEqualTo(4);
        assertThat(g.undecided()).isEqualTo(2);
        assertThat(g.errored()).isEqualTo(1);
        // Undecided is never a pass: po over the 4 decided labels only.
        assertThat(g.agreement()).isEqualTo(1.0);
        assertThat(g.kappa()).isCloseTo(1.0, within(1e-9));
        assertThat(r.undecided()).extracting(CalibrationResult.Outcome::id).containsExactly("item-4", "item-5");
        assertThat(r.undecided().get(0).reason()).startsWith("undecided: score 0.55 is within [0.4, 0.7]");
        assertThat(r.errored()).singleElement().satisfies(o -> {
            assertThat(o.id()).isEqualTo("item-6");
            assertThat(o.judge()).isEqualTo(ScoreStatus.ERRORED);
        });
        assertThat(r.disagreements()).isEmpty();
        assertThat(r.decided()).isEqualTo(4);
        assertThat(r.judgedNone()).isFalse();
        assertThat(dev.agenteval.judge.calibration.CalibrationReports.table(r))
                .endsWith("Calibrated 7 labels: 4 decided, 2 undecided, 1 errored\n");
    }

    @Test
    void should_say_that_no_label_was_judged_when_every_reply_lacks_a_verdict() {
        List<LabelledTurn> labels = new ArrayList<>();
        label(labels, true, "garbage", correctness("Answers the question"));
        label(labels, false, "garbage", correctness("Answers the question"));

        CalibrationResult r = run(labels, FastJudge.on(server).verdictRetries(0).build());

        assertThat(r.judgedNone()).isTrue();
        assertThat(r.errored()).hasSize(2);
        assertThat(r.decided()).isZero();
        assertThat(Calibration.of(List.of()).run().judgedNone()).as("no label, nothing errored").isFalse();
    }

    @Test
    void should_group_by_scorer_and_template_version() {
        fakeJudge();
        List<LabelledTurn> labels = labels(1, 1, 0, 0, correctness("Answers the question"));
        label(labels, false, "fail", Scorers.faithfulness("The reference"));
        OpenAiJudge judge = FastJudge.on(server).templates(PromptTemplates.defaults().with(PromptTemplate.parse(
                "correctness", "# version: 2\nJudge {{answer}} against {{criteria}} for {{question}}.", "test"))).build();

        CalibrationResult r = Calibration.of(labels).judge(judge).run();

        assertThat(r.groups()).extracting(Group::scorer, Group::template)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("correctness", "correctness@2"),
                        org.assertj.core.groups.Tuple.tuple("faithfulness", "faithfulness@1"));
        assertThat(r.groups().get(1).confusion()).isEqualTo(new Confusion(0, 0, 0, 0, 1, 0));
    }

    @Test
    void should_refuse_a_label_whose_scorer_is_not_a_judge_scorer_before_asking_the_judge() {
        List<LabelledTurn> labels = List.of(LabelledTurn.of("x", "q", "a", Scorers.mustInclude("a"), true),
                LabelledTurn.of("y", "q", "a", correctness("c").with("samples", 2), true));

        assertThatThrownBy(() -> run(labels, FastJudge.on(server).build()))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("label 'x': scorer 'must_include' is not a judge scorer")
                .hasMessageContaining("label 'y': scorer 'correctness': 'samples' must be an odd number");
        assertThat(server.requestCount()).isZero();
    }

    @Test
    void should_fail_the_preflight_when_the_judge_is_unreachable() {
        OpenAiJudge judge = OpenAiJudge.builder().baseUrl("http://127.0.0.1:1/v1").model("judge-model")
                .retryPolicy(dev.agenteval.http.RetryPolicy.builder().maxAttempts(1).build()).build();

        assertThatThrownBy(() -> Calibration.of(labels(1, 0, 0, 0, correctness("c"))).judge(judge).run())
                .isInstanceOf(JudgeException.class);
    }

    @Test
    void should_mask_the_secrets_in_what_the_judge_is_sent() throws Exception {
        fakeJudge();
        replies.put("ANSWER-0", ChatReply.verdict(true, 0.9, "meets it"));
        LabelledTurn l = LabelledTurn.of("secret", "Question?", "The key is sk-secret-9999, ANSWER-0.",
                correctness("Answers the question"), true);

        CalibrationResult r = Calibration.of(List.of(l)).judge(FastJudge.on(server).build())
                .secrets(dev.agenteval.spi.Secrets.create().add("sk-secret-9999")).run();

        assertThat(r.outcomes()).singleElement().extracting(CalibrationResult.Outcome::judge).isEqualTo(ScoreStatus.PASSED);
        StringBuilder sent = new StringBuilder();
        for (ChatRequest request : server.requests()) {
            sent.append(request.body());
        }
        assertThat(sent.toString()).contains("The key is ***, ANSWER-0.").doesNotContain("sk-secret-9999");
    }

    @Test
    void should_refuse_two_labels_with_one_id() {
        LabelledTurn l = LabelledTurn.of("same", "q", "a", correctness("c"), true);
        assertThatThrownBy(() -> Calibration.of(List.of(l, l)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'same' is used twice");
    }
}
