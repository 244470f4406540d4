package dev.agenteval.scorers.internal;

import static dev.agenteval.scorers.internal.ScorerTesting.score;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Check;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Scorers;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TextScorersTest {

    @Test
    void should_pass_regex_found_anywhere_in_the_answer() throws Exception {
        ScoreResult r = score(new RegexScorerFactory(), Scorers.regex("\\d{4}-\\d{2}-\\d{2}"),
                AgentResponse.ofText("Booked for 2024-05-01 at noon"));

        assertThat(r.status()).isEqualTo(ScoreStatus.PASSED);
        assertThat(r.checks()).containsExactly(Check.pass("\\d{4}-\\d{2}-\\d{2}", "matched \"2024-05-01\""));
    }

    @Test
    void should_fail_regex_quoting_the_answer() throws Exception {
        ScoreResult r = score(new RegexScorerFactory(), Scorers.regex("^\\d+$"), AgentResponse.ofText("forty two"));

        assertThat(r.status()).isEqualTo(ScoreStatus.FAILED);
        assertThat(r.checks().get(0).detail()).isEqualTo("no match in answer text \"forty two\"");
    }

    @Test
    void should_report_an_invalid_regex_naming_it() {
        assertThat(new RegexScorerFactory().validate(ScorerSpec.of("regex", Map.of("pattern", "[a-"))))
                .singleElement().asString()
                .startsWith("'pattern' is not a valid regular expression: '[a-' (");
        assertThat(new RegexScorerFactory().validate(ScorerSpec.of("regex")))
                .containsExactly("needs 'pattern' (a non-blank string)");
    }

    @Test
    void should_refuse_to_create_a_scorer_from_an_invalid_spec() {
        assertThatThrownBy(() -> new RegexScorerFactory().create(ScorerSpec.of("regex", Map.of("pattern", "(x"))))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageStartingWith("scorer 'regex': 'pattern' is not a valid regular expression: '(x'");
    }

    @Test
    void should_pass_equals_on_the_trimmed_answer() throws Exception {
        ScoreResult r = score(new EqualsScorerFactory(), Scorers.equalsText(" Paris "), AgentResponse.ofText("Paris\n"));

        assertThat(r.status()).isEqualTo(ScoreStatus.PASSED);
    }

    @Test
    void should_fail_equals_saying_what_was_expected_and_seen() throws Exception {
        ScoreResult r = score(new EqualsScorerFactory(), Scorers.equalsText("Paris"), AgentResponse.ofText("paris"));

        assertThat(r.status()).isEqualTo(ScoreStatus.FAILED);
        assertThat(r.checks().get(0).detail()).isEqualTo("expected \"Paris\" but was \"paris\"");
    }

    @Test
    void should_ignore_case_in_equals_when_asked() throws Exception {
        ScoreResult r = score(new EqualsScorerFactory(),
                ScorerSpec.of("equals", Map.of("expected", "Paris", "ignoreCase", true)), AgentResponse.ofText("PARIS"));

        assertThat(r.status()).isEqualTo(ScoreStatus.PASSED);
    }

    @Test
    void should_report_a_missing_expected_text() {
        assertThat(new EqualsScorerFactory().validate(ScorerSpec.of("equals", Map.of("expected", 3L))))
                .containsExactly("'expected' must be a string but was 3");
    }
}
