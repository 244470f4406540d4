package dev.agenteval.judge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Case;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.JudgeException;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.api.Scorers;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.Turn;
import dev.agenteval.api.Usage;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.core.InProcessAgent;
import dev.agenteval.http.RetryPolicy;
import dev.agenteval.judge.ChatBackend.Message;
import dev.agenteval.judge.ChatBackend.Reply;
import dev.agenteval.spi.JudgeRequest;
import dev.agenteval.spi.JudgeVerdict;
import dev.agenteval.testkit.ChatReply;
import dev.agenteval.testkit.ChatRequest;
import dev.agenteval.testkit.FakeChatModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link LlmJudge} over a {@link ChatBackend} given in the test: the verdict logic of
 * {@link OpenAiJudge} (majority vote, retries on unclear replies, cache, usage, the undecided band)
 * whatever the backend, and the same verdict as {@link OpenAiJudge} for the same replies.
 */
class LlmJudgeTest {

    /** A backend answering with queued replies, recording what it was asked. */
    static class Scripted implements ChatBackend {
        final String model;
        final Deque<Reply> replies = new ArrayDeque<>();
        final List<List<Message>> asked = new ArrayList<>();
        final AtomicInteger preflights = new AtomicInteger();

        Scripted(String model, Reply... replies) {
            this.model = model;
            this.replies.addAll(List.of(replies));
        }

        @Override
        public synchronized Reply complete(List<Message> messages) {
            asked.add(messages);
            return replies.isEmpty() ? Reply.of("(no more replies)") : replies.poll();
        }

        @Override
        public String model() {
            return model;
        }

        @Override
        public void preflight() {
            preflights.incrementAndGet();
        }
    }

    static Reply verdict(boolean pass, double score, String reason) {
        return new Reply("{\"reason\": \"" + reason + "\", \"verdict\": \"" + (pass ? "pass" : "fail") + "\", \"score\": "
                + score + "}", "stop", Usage.tokens(100, 20));
    }

    static JudgeRequest correctness(String answer) {
        return new JudgeRequest("correctness", "What is the capital of France?", answer,
                "Names Paris as the capital of France.", null, List.of(), List.of(), 1);
    }

    @Test
    void should_take_the_majority_of_the_samples_and_sum_their_usage() throws Exception {
        Scripted backend = new Scripted("claude-judge", verdict(true, 0.9, "Names Paris."), verdict(false, 0.2, "No."),
                verdict(true, 0.7, "Paris."));
        LlmJudge judge = LlmJudge.builder().backend(backend).samples(3).build();

        JudgeVerdict v = judge.judge(correctness("Paris"));

        assertThat(v.passed()).isTrue();
        assertThat(v.score()).isEqualTo(0.8);
        assertThat(v.reason()).isEqualTo("Names Paris. (2 of 3 samples passed)");
        assertThat(v.agreement()).isEqualTo(2.0 / 3);
        assertThat(v.judge()).isEqualTo("claude-judge").isEqualTo(judge.name());
        assertThat(v.usage().inputTokens()).isEqualTo(300);
        assertThat(v.usage().outputTokens()).isEqualTo(60);
        assertThat(v.usage().model()).as("usage without a model is the backend's model's").isEqualTo("claude-judge");
        assertThat(backend.asked).hasSize(3);
        List<Message> first = backend.asked.get(0);
        assertThat(first).extracting(Message::role).containsExactly("system", "user");
        assertThat(first.get(1).content()).contains("Names Paris as the capital of France.").containsPattern(
                "<answer-[0-9a-f]{12}>\nParis\n</answer-[0-9a-f]{12}>");
        assertThat(judge.templateVersion("correctness")).contains("correctness@1");
    }

    @Test
    void should_ask_again_after_an_unclear_reply_and_sum_the_usage_of_every_reply() throws Exception {
        Scripted backend = new Scripted("m", new Reply("I think it is probably fine", "stop", Usage.tokens(10, 5)),
                new Reply(null, "stop", Usage.tokens(10, 5)), verdict(false, 0.1, "Names Lyon."));

        JudgeVerdict v = LlmJudge.builder().backend(backend).build().judge(correctness("Lyon"));

        assertThat(v.passed()).isFalse();
        assertThat(v.reason()).isEqualTo("Names Lyon.");
        assertThat(v.usage().inputTokens()).isEqualTo(120);
        assertThat(backend.asked).hasSize(3);
        List<Message> second = backend.asked.get(1);
        assertThat(second).extracting(Message::role).containsExactly("system", "user", "assistant", "user");
        assertThat(second.get(2).content()).isEqualTo("I think it is probably fine");
        assertThat(second.get(3).content()).startsWith("Your reply did not contain a clear verdict.");
        assertThat(backend.asked.get(2).get(2).content()).as("a reply without content is quoted as empty").isEmpty();
    }

    @Test
    void should_fail_naming_the_model_when_no_reply_holds_a_clear_verdict() {
        Scripted backend = new Scripted("m", Reply.of("maybe"), new Reply("{\"verdict\": \"pa", "length", null));

        assertThatThrownBy(() -> LlmJudge.builder().backend(backend).verdictRetries(1).build().judge(correctness("x")))
                .isInstanceOf(JudgeException.class)
                .hasMessageStartingWith("judge 'm' gave no clear verdict on 'correctness' in 2 replies")
                .hasMessageContaining("token limit");
        assertThat(backend.asked).hasSize(2);
    }

    @Test
    void should_turn_a_failing_backend_into_a_judge_error_naming_the_model() {
        ChatBackend broken = new Scripted("bedrock-judge") {
            @Override
            public synchronized Reply complete(List<Message> messages) {
                throw new IllegalStateException("throttled by the provider");
            }

            @Override
            public void preflight() {
                throw new IllegalStateException("no credentials");
            }
        };
        LlmJudge judge = LlmJudge.builder().backend(broken).build();

        assertThatThrownBy(() -> judge.judge(correctness("Paris")))
                .isInstanceOfSatisfying(JudgeException.class, e -> {
                    assertThat(e.code()).isEqualTo(FailureCode.JUDGE_ERROR);
                    assertThat(e.context()).containsEntry("judge", "bedrock-judge");
                    assertThat(e.getCause()).isInstanceOf(IllegalStateException.class);
                })
                .hasMessage("judge 'bedrock-judge' failed: throttled by the provider");
        assertThatThrownBy(judge::preflight).isInstanceOf(JudgeException.class)
                .hasMessage("judge 'bedrock-judge' failed its preflight: no credentials");
        ChatBackend silent = new Scripted("m") {
            @Override
            public synchronized Reply complete(List<Message> messages) {
                return null;
            }
        };
        assertThatThrownBy(() -> LlmJudge.builder().backend(silent).build().judge(correctness("Paris")))
                .isInstanceOf(JudgeException.class).hasMessage("judge 'm' failed: its chat backend returned no reply");
    }

    @Test
    void should_run_the_backends_preflight_and_refuse_a_judge_without_backend_or_model() throws Exception {
        Scripted backend = new Scripted("m");
        LlmJudge.builder().backend(backend).build().preflight();
        assertThat(backend.preflights).hasValue(1);

        assertThatThrownBy(() -> LlmJudge.builder().build()).isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("LlmJudge.builder().backend(...)");
        assertThatThrownBy(() -> LlmJudge.builder().backend(new Scripted(" ")).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("names no model");
    }

    @Test
    void should_serve_a_repeated_request_from_the_cache_keyed_by_model(@TempDir Path cache) throws Exception {
        Scripted backend = new Scripted("m", verdict(true, 0.9, "Names Paris."), verdict(false, 0.1, "Other model."));

        JudgeVerdict first = LlmJudge.builder().backend(backend).cacheDirectory(cache).build().judge(correctness("Paris"));
        JudgeVerdict hit = LlmJudge.builder().backend(backend).cacheDirectory(cache).build().judge(correctness("Paris"));
        Scripted other = new Scripted("other", verdict(false, 0.1, "Other model."));
        JudgeVerdict miss = LlmJudge.builder().backend(other).cacheDirectory(cache).build().judge(correctness("Paris"));

        assertThat(hit.reason()).isEqualTo(first.reason()).isEqualTo("Names Paris.");
        assertThat(hit.usage()).as("nothing was spent on a cached verdict").isNull();
        assertThat(backend.asked).hasSize(1);
        assertThat(miss.reason()).isEqualTo("Other model.");
        try (var files = Files.list(cache)) {
            assertThat(files.toList()).hasSize(2);
        }
    }

    @Test
    void should_leave_a_score_inside_a_scorers_undecided_band_undecided() {
        Scripted backend = new Scripted("m", verdict(true, 0.55, "half right"), verdict(true, 0.55, "half right"));
        Suite suite = Suite.named("band")
                .add(Case.id("plain").turn(Turn.of("Capital of France?").expect(Scorers.correctness("Names Paris"))))
                .add(Case.id("banded").turn(Turn.of("Capital of France?")
                        .expect(Scorers.correctness("Names Paris").undecidedBetween(0.4, 0.7))))
                .build();

        SuiteResult result = EvalRunner.builder().agent(InProcessAgent.of((c, m) -> AgentResponse.ofText("Paris?")))
                .judge(LlmJudge.builder().backend(backend).build()).concurrency(1).build().run(suite);

        assertThat(result.find("plain").orElseThrow().status()).isEqualTo(CaseStatus.PASSED);
        ScoreResult banded = result.find("banded").orElseThrow().turns().get(0).scores().get(0);
        assertThat(banded.status()).isEqualTo(ScoreStatus.UNDECIDED);
        assertThat(banded.reason()).startsWith("undecided: score 0.55 is within [0.4, 0.7]; judge m: half right");
        assertThat(backend.preflights).as("the runner's judge preflight reaches the backend").hasValue(1);
    }

    @Test
    void should_give_the_same_verdict_and_prompts_as_the_openai_judge_for_the_same_replies(@TempDir Path cache)
            throws Exception {
        try (FakeChatModel model = FakeChatModel.start().models("judge-model")) {
            model.enqueue(ChatReply.text("Hmm, hard to say.").usage(100, 20),
                    ChatReply.verdict(true, 0.8, "Names Paris.").usage(100, 20),
                    ChatReply.verdict(false, 0.3, "Hedges.").usage(100, 20),
                    ChatReply.verdict(true, 1.0, "Paris.").usage(100, 20));
            OpenAiJudge openAi = OpenAiJudge.builder().baseUrl(model.url()).model("judge-model").samples(3)
                    .requestTimeout(Duration.ofSeconds(5)).retryPolicy(RetryPolicy.builder().maxAttempts(1).build())
                    .cacheDirectory(cache).build();
            Scripted backend = new Scripted("judge-model", new Reply("Hmm, hard to say.", "stop", Usage.tokens(100, 20)),
                    verdict(true, 0.8, "Names Paris."), verdict(false, 0.3, "Hedges."), verdict(true, 1.0, "Paris."));
            LlmJudge llm = LlmJudge.builder().backend(backend).samples(3).build();

            JudgeVerdict viaOpenAi = openAi.judge(correctness("Paris, I believe."));
            JudgeVerdict viaBackend = llm.judge(correctness("Paris, I believe."));

            assertThat(viaBackend).isEqualTo(viaOpenAi);
            assertThat(viaBackend.reason()).isEqualTo("Names Paris. (2 of 3 samples passed)");
            List<ChatRequest> sent = model.requests();
            assertThat(sent).hasSize(backend.asked.size());
            for (int i = 0; i < sent.size(); i++) {
                assertThat(sent.get(i).messages()).extracting(m -> m.role() + ": " + m.content())
                        .containsExactlyElementsOf(backend.asked.get(i).stream().map(m -> m.role() + ": " + m.content())
                                .toList());
            }
            JudgeVerdict cached = LlmJudge.builder().backend(new Scripted("judge-model")).samples(3)
                    .cacheDirectory(cache).build().judge(correctness("Paris, I believe."));
            assertThat(cached.reason()).as("the OpenAI judge's cache serves the same model over any backend")
                    .isEqualTo(viaOpenAi.reason());
        }
    }
}
