package dev.agenteval.judge.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.judge.internal.VerdictParser.Parsed;
import dev.agenteval.judge.internal.VerdictParser.Unclear;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class VerdictParserTest {

    private static Parsed parse(String reply) throws Unclear {
        return VerdictParser.parse(reply, 0.5);
    }

    @Test
    void should_read_the_structured_verdict() throws Unclear {
        assertThat(parse("{\"reason\": \"Mentions Paris.\", \"verdict\": \"pass\", \"score\": 0.9}"))
                .isEqualTo(new Parsed(true, 0.9, "Mentions Paris."));
        assertThat(parse("{\"reason\": \"Says Lyon.\", \"verdict\": \"fail\", \"score\": 0.1}"))
                .isEqualTo(new Parsed(false, 0.1, "Says Lyon."));
    }

    @Test
    void should_read_json_inside_a_code_fence() throws Unclear {
        assertThat(parse("```json\n{\"verdict\": \"PASS\", \"score\": 1, \"reason\": \"ok\"}\n```"))
                .isEqualTo(new Parsed(true, 1.0, "ok"));
        assertThat(parse("Here you go:\n```\n{'verdict': 'fail', 'reason': 'wrong city',}\n```\nThanks"))
                .isEqualTo(new Parsed(false, 0.0, "wrong city"));
    }

    @Test
    void should_read_json_surrounded_by_prose() throws Unclear {
        assertThat(parse("Let me think. The answer names the capital. {\"verdict\": \"pass\", \"score\": 0.8,"
                + " \"reason\": \"names {Paris}\"} I hope this helps."))
                .isEqualTo(new Parsed(true, 0.8, "names {Paris}"));
        assertThat(parse("Evaluation: {\"evaluation\": {\"passed\": false, \"reason\": \"nested\"}}"))
                .isEqualTo(new Parsed(false, 0.0, "nested"));
    }

    @Test
    void should_drop_the_reasoning_of_thinking_models() throws Unclear {
        assertThat(parse("<think>Maybe {\"verdict\": \"fail\"}? No.</think>\n{\"verdict\": \"pass\", \"score\": 0.7}"))
                .isEqualTo(new Parsed(true, 0.7, ""));
    }

    @Test
    void should_read_a_bare_yes_or_no() throws Unclear {
        assertThat(parse("YES\n")).isEqualTo(new Parsed(true, 1.0, ""));
        assertThat(parse("no.")).isEqualTo(new Parsed(false, 0.0, ""));
        assertThat(parse("**PASS** - the answer greets the user")).isEqualTo(new Parsed(true, 1.0, "the answer greets the user"));
        assertThat(parse("Fail: it names Lyon.\nScore: 2/10")).isEqualTo(new Parsed(false, 0.2, "it names Lyon.\nScore: 2/10"));
    }

    @Test
    void should_read_a_verdict_line_after_prose() throws Unclear {
        Parsed p = parse("The answer names Paris as the capital.\n\nVerdict: PASS\nScore: 85%");

        assertThat(p.passed()).isTrue();
        assertThat(p.score()).isEqualTo(0.85);
        assertThat(p.reason()).startsWith("The answer names Paris");
    }

    @Test
    void should_read_booleans_written_as_strings() throws Unclear {
        assertThat(parse("{\"passed\": \"true\", \"reason\": \"r\"}")).isEqualTo(new Parsed(true, 1.0, "r"));
        assertThat(parse("{\"passed\": \"False\"}")).isEqualTo(new Parsed(false, 0.0, ""));
        assertThat(parse("{\"verdict\": \"yes\"}")).isEqualTo(new Parsed(true, 1.0, ""));
        assertThat(parse("{\"correct\": 0}")).isEqualTo(new Parsed(false, 0.0, ""));
        assertThat(parse("{\"pass\": true, \"score\": \"0.75\"}")).isEqualTo(new Parsed(true, 0.75, ""));
    }

    @Test
    void should_compare_a_score_without_verdict_with_the_threshold() throws Unclear {
        assertThat(VerdictParser.parse("{\"score\": 0.7, \"reason\": \"mostly\"}", 0.5)).isEqualTo(new Parsed(true, 0.7, "mostly"));
        assertThat(VerdictParser.parse("{\"score\": 0.7, \"reason\": \"mostly\"}", 0.8)).isEqualTo(new Parsed(false, 0.7, "mostly"));
        assertThat(VerdictParser.parse("{\"score\": 0.5}", 0.5).passed()).isTrue();
        assertThat(VerdictParser.parse("Score: 3/10", 0.5)).isEqualTo(new Parsed(false, 0.3, "Score: 3/10"));
    }

    @Test
    void should_let_the_verdict_win_over_a_score_out_of_range() throws Unclear {
        assertThat(parse("{\"verdict\": \"pass\", \"score\": 7}")).isEqualTo(new Parsed(true, 1.0, ""));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   \n", "I cannot evaluate this.", "The answer is interesting.",
            "No issues were found in the formatting, but is it right?", "{\"foo\": 1}", "{\"score\": 7}",
            "{\"verdict\": \"partially\"}", "<think>pass</think>", "[1, 2, 3]", "Maybe"})
    void should_find_no_verdict_in_garbage(String reply) {
        assertThatThrownBy(() -> parse(reply)).isInstanceOf(Unclear.class);
    }

    @Test
    void should_say_why_a_reply_is_unclear() {
        assertThatThrownBy(() -> parse("{\"verdict\": \"partially\", \"score\": 7}"))
                .hasMessage("neither pass nor fail: verdict \"partially\", score 7 is not a score in 0..1");
        assertThatThrownBy(() -> parse("The answer is fine I guess"))
                .hasMessage("no verdict (pass/fail, yes/no, true/false) and no score in 0..1 found");
        assertThatThrownBy(() -> parse("")).hasMessage("the reply was empty");
    }
}
