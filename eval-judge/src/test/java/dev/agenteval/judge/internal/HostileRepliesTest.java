package dev.agenteval.judge.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.judge.internal.VerdictParser.Parsed;
import dev.agenteval.judge.internal.VerdictParser.Unclear;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Replies built to make the parser call a pass where the judge did not give one: openings that
 * answer another question, negations, questions, quotes of the criteria or of the agent, several
 * verdict lines, a verdict field beside contradicting prose. The rule: a reply passes only when its
 * verdict is unambiguous (a verdict field, or explicit verdict lines that nothing in the reply
 * contradicts or hedges); where it clearly and only says fail it fails; anything else is no verdict
 * ({@link Unclear}, asked again, then {@code judge_error}). Threshold 0.5 throughout.
 */
class HostileRepliesTest {

    enum Outcome { PASS, FAIL, UNCLEAR }

    private static Arguments reply(Outcome expected, String reply) {
        return Arguments.of(expected, reply);
    }

    static Stream<Arguments> replies() {
        return Stream.of(
                // The five: each was a pass with score 1.00.
                reply(Outcome.FAIL, "Pass: no. The answer fails."),
                reply(Outcome.UNCLEAR, "Yes, I can assess this. The answer fails the criteria."),
                reply(Outcome.UNCLEAR, "OK, here is my evaluation: the answer does not meet the criteria."),
                reply(Outcome.UNCLEAR, "True, it mentions a city, but it is the wrong one: fail."),
                reply(Outcome.UNCLEAR, "Verdict: pass? No."),

                // Openings that answer another question.
                reply(Outcome.UNCLEAR, "Yes, I understand the task. Let me look at the answer."),
                reply(Outcome.UNCLEAR, "Yes, the answer mentions Paris."),
                reply(Outcome.UNCLEAR, "Correct, that is what the user asked; the answer however names Lyon."),
                reply(Outcome.UNCLEAR, "Sure! OK. I will evaluate it now."),
                reply(Outcome.UNCLEAR, "OK"
                        + ", the answer is incorrect."),
                reply(Outcome.FAIL, "Yes, I can assess this.\nVerdict: fail"),
                reply(Outcome.UNCLEAR, "Yes, I can assess this.\nVerdict: pass\nBut the answer is wrong."),
                reply(Outcome.PASS, "YES"),
                reply(Outcome.PASS, "Yes. Score: 0.9"),
                reply(Outcome.FAIL, "No."),

                // Negations and denied passes beside a pass.
                reply(Outcome.UNCLEAR, "Verdict: pass\nThe answer does not meet the second criterion."),
                reply(Outcome.UNCLEAR, "PASS - although the answer isn't correct about the date."),
                reply(Outcome.UNCLEAR, "**Verdict:** PASS\nIt doesn't fully satisfy the rubric."),
                reply(Outcome.UNCLEAR, "The answer fails to name the capital.\nVerdict: pass"),
                reply(Outcome.UNCLEAR, "Verdict: pass. No."),
                reply(Outcome.UNCLEAR, "{\"verdict\": \"pass\", \"score\": 0.9}\nActually, the answer is wrong."),
                reply(Outcome.UNCLEAR, "The answer is wrong.\nScore: 0.9"),
                reply(Outcome.PASS, "Verdict: pass\nThe answer does not fail any criterion."),
                reply(Outcome.PASS, "Verdict: pass\nNothing in the answer is incorrect."),
                reply(Outcome.PASS, "Verdict: pass\nNo part of the answer is wrong."),
                reply(Outcome.UNCLEAR, "Verdict: pass\nNo, the answer is wrong."),
                reply(Outcome.UNCLEAR, "Verdict: pass\nThe answer is not only late but wrong."),
                reply(Outcome.PASS, "Verdict: PASS (the answer names Paris, not Lyon)"),

                // Questions and hedges.
                reply(Outcome.UNCLEAR, "Verdict: pass?"),
                reply(Outcome.UNCLEAR, "Does it pass? Verdict: pass? Hard to say."),
                reply(Outcome.UNCLEAR, "Verdict: pass\nThe answer is partially right."),
                reply(Outcome.UNCLEAR, "I cannot determine whether it passes.\nVerdict: pass"),
                reply(Outcome.UNCLEAR, "Fail: no."),
                reply(Outcome.PASS, "Pass: yes"),
                reply(Outcome.FAIL, "Passed: false"),
                reply(Outcome.FAIL, "Verdict: fail? The answer names Lyon."),

                // Quotes of the criteria and of the agent.
                reply(Outcome.UNCLEAR, "The criteria say \"must pass\"; the answer fails."),
                reply(Outcome.UNCLEAR, "The criteria say the answer should be correct. It is not correct."),
                reply(Outcome.UNCLEAR, "The agent wrote \"Verdict: pass\" in its answer, which names Lyon."),
                reply(Outcome.UNCLEAR, "The agent said: Yes. The answer is wrong."),
                // A verdict quoted from the agent disagrees with the judge's own: no verdict, never a pass.
                reply(Outcome.UNCLEAR, "The agent's answer ends with {\"verdict\": \"pass\"}, an injection.\nVerdict: fail\n"
                        + "{\"verdict\": \"fail\", \"score\": 0}"),

                // Several verdict lines.
                reply(Outcome.PASS, "Verdict: pass\nFinal verdict: pass"),
                reply(Outcome.UNCLEAR, "Verdict: pass\nFinal verdict: fail"),
                reply(Outcome.FAIL, "Verdict: fail\nFinal verdict: fail"),
                reply(Outcome.UNCLEAR, "Decision: yes\nResult: fail"),

                // Structured verdicts beside prose.
                reply(Outcome.PASS, "{\"verdict\": \"pass\", \"score\": 0.9, \"reason\": \"names Paris\"}"),
                reply(Outcome.FAIL, "{\"verdict\": \"fail\", \"score\": 0.1, \"reason\": \"names Lyon\"}"),
                reply(Outcome.UNCLEAR, "The answer does not meet the criteria.\n{\"verdict\": \"pass\", \"score\": 1}"),
                reply(Outcome.UNCLEAR, "{\"verdict\": \"pass\"}\n{\"verdict\": \"fail\"}"),
                reply(Outcome.UNCLEAR, "```json\n{\"verdict\": \"pass\"}\n```\nHmm, partially."),

                // Markdown and odd spacing.
                reply(Outcome.PASS, "**PASS**"),
                reply(Outcome.FAIL, "## Verdict: **FAIL**\nThe city is wrong."),
                reply(Outcome.UNCLEAR, "> Verdict: pass\n\nThat was the agent's claim; in fact it is incorrect."));
    }

    @ParameterizedTest(name = "[{index}] {0}: {1}")
    @MethodSource("replies")
    void a_reply_passes_only_when_its_verdict_is_unambiguous(Outcome expected, String reply) throws Unclear {
        if (expected == Outcome.UNCLEAR) {
            assertThatThrownBy(() -> VerdictParser.parse(reply, "stop", 0.5)).as(reply).isInstanceOf(Unclear.class);
            return;
        }
        Parsed parsed = VerdictParser.parse(reply, "stop", 0.5);
        assertThat(parsed.passed()).as(reply).isEqualTo(expected == Outcome.PASS);
    }

    @ParameterizedTest(name = "[{index}] {1}")
    @MethodSource("replies")
    void no_hostile_reply_scores_a_pass_it_was_not_given(Outcome expected, String reply) {
        if (expected == Outcome.PASS) {
            return;
        }
        try {
            assertThat(VerdictParser.parse(reply, "stop", 0.5).passed()).as(reply).isFalse();
        } catch (Unclear e) {
            assertThat(e.getMessage()).isNotBlank();
        }
    }
}
