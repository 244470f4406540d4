package dev.agenteval.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Case;
import dev.agenteval.api.Check;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Turn;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TypedScorerFactoryTest {

    /** A plugin as its javadoc shows one: a required word, an optional limit, a flag. */
    record Limits(String word, long max, boolean ignoreCase) {
    }

    static final class WordScorer extends TypedScorerFactory<Limits> {
        WordScorer() {
            super("word");
        }

        @Override
        protected Limits parse(ScorerParams params) {
            String word = params.string("word");
            long max = params.has("max") ? params.positiveInteger("max") : 3;
            boolean ignoreCase = params.flag("ignoreCase", false);
            if (word.contains(" ")) {
                params.problem("'word' must be one word but was '" + word + "'");
            }
            return new Limits(word, max, ignoreCase);
        }

        @Override
        protected Scorer scorer(Limits limits) {
            return ctx -> {
                String text = limits.ignoreCase() ? ctx.response().text().toLowerCase() : ctx.response().text();
                return ScoreResult.ofChecks(id(), text.contains(limits.word()) ? Check.pass(limits.word())
                        : Check.fail(limits.word(), "missing"));
            };
        }
    }

    private final WordScorer factory = new WordScorer();

    private static ScoringContext context(String answer) {
        return new ScoringContext(Case.id("c").turn(Turn.of("hi")).build(), 1,
                AgentResponse.builder().text(answer).build(), Duration.ofMillis(1), null, null, 1);
    }

    @Test
    void should_create_a_scorer_from_the_typed_spec_its_parse_reads() throws Exception {
        ScorerSpec spec = ScorerSpec.of("word", Map.of("word", "hello", "ignoreCase", true));

        assertThat(factory.validate(spec)).isEmpty();
        assertThat(factory.create(spec).score(context("HELLO there")).status()).isEqualTo(ScoreStatus.PASSED);
        assertThat(factory.create(spec).score(context("bye")).status()).isEqualTo(ScoreStatus.FAILED);
    }

    @Test
    void should_report_every_problem_at_its_parameter_and_refuse_to_create_with_the_same_problems() {
        ScorerSpec spec = ScorerSpec.of("word", Map.of("max", 2.5, "ignoreCase", "yes", "ignorecase", true));

        assertThat(factory.problems(spec)).extracting(ScorerProblem::path, ScorerProblem::message).containsExactly(
                org.assertj.core.groups.Tuple.tuple("word", "needs 'word' (a non-blank string)"),
                org.assertj.core.groups.Tuple.tuple("max", "'max' must be a positive integer but was 2.5"),
                org.assertj.core.groups.Tuple.tuple("ignoreCase", "'ignoreCase' must be true or false but was \"yes\""),
                org.assertj.core.groups.Tuple.tuple("ignorecase",
                        "unknown parameter 'ignorecase' (known: word, max, ignoreCase)"));
        assertThatThrownBy(() -> factory.create(spec)).isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("scorer 'word': needs 'word' (a non-blank string)")
                .hasMessageContaining("scorer 'word': unknown parameter 'ignorecase'");
        assertThat(factory.validate(spec)).hasSize(4).first().isEqualTo("needs 'word' (a non-blank string)");
    }

    @Test
    void should_place_a_problem_of_the_parse_that_names_a_parameter_at_it() {
        List<ScorerProblem> problems = factory.problems(ScorerSpec.of("word", Map.of("word", "two words")));

        assertThat(problems).singleElement().satisfies(p -> {
            assertThat(p.parameter()).containsExactly("word");
            assertThat(p.message()).isEqualTo("'word' must be one word but was 'two words'");
        });
    }

    @Test
    void should_read_each_type_with_its_placeholder_after_a_problem() {
        ScorerParams params = new ScorerParams(ScorerSpec.of("t", Map.of("list", List.of("a", ""),
                "blank", " ", "n", -1, "zero", 0, "big", new BigDecimal("4.0"), "values", List.of())));

        assertThat(params.strings("list")).isEmpty();
        assertThat(params.possiblyBlankString("blank")).isEqualTo(" ");
        assertThat(params.string("blank")).isEmpty();
        assertThat(params.nonNegativeNumber("n")).isZero();
        assertThat(params.positiveNumber("zero")).isZero();
        assertThat(params.nonNegativeInteger("zero")).isZero();
        assertThat(params.positiveInteger("big")).isEqualTo(4);
        assertThat(params.list("values", "JSON values")).isEmpty();
        params.problem(ScorerProblem.at("deep", "list", 1));

        assertThat(params.problems()).extracting(ScorerProblem::path).containsExactly("list[1]", "blank", "n", "zero",
                "values", "list[1]");
        assertThat(params.problems().get(0).message())
                .isEqualTo("'list' must be a non-empty list of strings, but item 2 is \"\"");
        assertThat(params.known()).containsExactly("list", "blank", "n", "zero", "big", "values");
    }

    @Test
    void should_take_only_whole_numbers_that_fit_as_whole_numbers() {
        assertThat(ScorerParams.wholeNumber(3.0)).hasValue(3);
        assertThat(ScorerParams.wholeNumber(new BigDecimal("7.00"))).hasValue(7);
        assertThat(ScorerParams.wholeNumber(3.5)).isEmpty();
        assertThat(ScorerParams.wholeNumber(true)).isEmpty();
        assertThat(ScorerParams.wholeNumber(new java.math.BigInteger("99999999999999999999"))).isEmpty();
    }
}
