package dev.agenteval.core;

import static dev.agenteval.api.Scorers.jsonPath;
import static dev.agenteval.api.Scorers.mustInclude;
import static dev.agenteval.api.Scorers.mustIncludeJson;
import static dev.agenteval.api.Scorers.mustNotInclude;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Case;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.Check;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.JsonPathCheck;
import dev.agenteval.api.Part;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.Turn;
import dev.agenteval.api.TurnResult;
import dev.agenteval.api.Variable;
import dev.agenteval.spi.AgentClient;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Variables as the harness has them: the built-ins {@code today} and {@code yesterday}, random
 * whole numbers drawn once per case, the layers suite < case < turn, and placeholders resolved in
 * scorer parameters (expectations) as in messages.
 */
class VariablesTest {

    /** 2024-03-01 00:30 UTC, still February 29th in New York: the dates must be UTC's. */
    private static final Clock LEAP_DAY_AFTER = Clock.fixed(Instant.parse("2024-03-01T00:30:00Z"),
            ZoneId.of("America/New_York"));

    /** Echoes each message's text, and records it per case. */
    private static final class Echo {
        final Map<String, List<String>> received = new ConcurrentHashMap<>();
        final AgentClient agent = InProcessAgent.of((c, m) -> {
            received.computeIfAbsent(c.caseId(), k -> Collections.synchronizedList(new ArrayList<>())).add(m.text());
            return AgentResponse.ofText("echo " + m.text());
        });
    }

    private static EvalRunner.Builder runner(AgentClient agent) {
        return EvalRunner.builder().agent(agent).environment(name -> null).clock(LEAP_DAY_AFTER);
    }

    private static ScoreResult score(SuiteResult result, String caseId, int turn, String type) {
        CaseResult c = result.cases().stream().filter(r -> r.id().equals(caseId)).findFirst().orElseThrow();
        return c.turns().get(turn - 1).scores().stream().filter(s -> s.type().equals(type)).findFirst().orElseThrow();
    }

    @Test
    void should_know_today_and_yesterday_as_utc_dates_of_the_run() {
        Echo echo = new Echo();
        Suite suite = Suite.named("s")
                .add(Case.id("dates").turn(Turn.of("Between {{yesterday}} and {{ today }}")
                        .expect(mustInclude("{{today}}", "{{yesterday}}"))))
                .build();

        SuiteResult result = runner(echo.agent).build().run(suite);

        assertThat(echo.received.get("dates")).containsExactly("Between 2024-02-29 and 2024-03-01");
        assertThat(result.cases().get(0).passed()).isTrue();
        assertThat(score(result, "dates", 1, "must_include").checks()).extracting(Check::label)
                .containsExactly("2024-03-01", "2024-02-29");
    }

    @Test
    void should_let_a_declared_variable_named_today_replace_the_built_in() {
        Echo echo = new Echo();
        Suite suite = Suite.named("s").variable("today", Variable.literal("someday"))
                .add(Case.id("c").turn(Turn.of("It is {{today}}, after {{yesterday}}"))).build();

        runner(echo.agent).build().run(suite);

        assertThat(echo.received.get("c")).containsExactly("It is someday, after 2024-02-29");
    }

    @Test
    void should_draw_a_random_int_in_its_range_once_per_case_so_every_turn_sees_the_same() {
        Echo echo = new Echo();
        Suite.Builder b = Suite.named("s").variable("n", Variable.randomInt(3, 5));
        for (int i = 0; i < 40; i++) {
            b.add(Case.id("c" + i).variable("m", Variable.randomInt(-2, -2))
                    .turn(Turn.of("first {{n}} {{m}}").expect(mustInclude("first {{n}}")))
                    .turn(Turn.of("second {{n}}").expect(mustInclude("second {{n}}"))));
        }

        SuiteResult result = runner(echo.agent).random(new Random(42)).build().run(b.build());

        Set<String> drawn = new HashSet<>();
        for (int i = 0; i < 40; i++) {
            List<String> texts = echo.received.get("c" + i);
            String n = texts.get(0).split(" ")[1];
            assertThat(texts).containsExactly("first " + n + " -2", "second " + n);
            drawn.add(n);
        }
        assertThat(drawn).as("each case draws its own number, from 3 to 5 included").containsExactlyInAnyOrder("3", "4", "5");
        assertThat(result.cases()).allMatch(CaseResult::passed);
    }

    @Test
    void should_draw_the_same_numbers_with_the_same_seed() {
        Suite suite = Suite.named("s").variable("n", Variable.randomInt(1, 1_000_000))
                .add(Case.id("a").turn(Turn.of("{{n}}"))).add(Case.id("b").turn(Turn.of("{{n}}"))).build();
        Echo first = new Echo();
        Echo second = new Echo();

        runner(first.agent).random(new Random(7)).build().run(suite);
        runner(second.agent).random(new Random(7)).build().run(suite);

        assertThat(first.received).isEqualTo(second.received);
    }

    @Test
    void should_refuse_a_random_int_range_that_is_empty_or_not_whole_numbers() {
        assertThatThrownBy(() -> Variable.randomInt(5, 4)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("random_int min must be <= max but was 5..4");
        assertThatThrownBy(() -> new Variable(Variable.Source.RANDOM_INT, "1..x", false))
                .hasMessage("random_int range must be written min..max but was '1..x'");
        assertThat(Variable.randomInt(Long.MIN_VALUE, Long.MAX_VALUE).max()).isEqualTo(Long.MAX_VALUE);
        assertThat(Variable.randomInt(-3, 7)).hasToString("random_int(-3..7)");
        assertThatThrownBy(() -> Variable.literal("x").min()).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void should_layer_turn_variables_over_case_variables_over_suite_variables() {
        List<String> agents = Collections.synchronizedList(new ArrayList<>());
        Map<String, List<String>> received = new ConcurrentHashMap<>();
        AgentClient agent = InProcessAgent.of((c, m) -> {
            if (c.turn() == 1) {
                agents.add(c.caseId() + ":" + c.request().agentId());
            }
            received.computeIfAbsent(c.caseId(), k -> Collections.synchronizedList(new ArrayList<>())).add(m.text());
            return AgentResponse.ofText("echo " + m.text());
        });
        Suite suite = Suite.named("s")
                .variable("who", Variable.literal("suite")).variable("only_suite", Variable.literal("S"))
                .add(Case.id("layered").variable("who", Variable.literal("case")).agentId("agent-{{who}}")
                        .turn(Turn.of("one {{who}} {{only_suite}}"))
                        .turn(Turn.of("two {{who}} {{only_suite}}").variable("who", Variable.literal("turn"))
                                .expect(mustInclude("two {{who}}")))
                        .turn(Turn.of("three {{who}}")))
                .add(Case.id("plain").agentId("agent-{{who}}").turn(Turn.of("one {{who}}")))
                .build();

        SuiteResult result = runner(agent).build().run(suite);

        assertThat(received.get("layered")).containsExactly("one case S", "two turn S", "three case");
        assertThat(received.get("plain")).containsExactly("one suite");
        assertThat(agents).containsExactlyInAnyOrder("layered:agent-case", "plain:agent-suite");
        assertThat(score(result, "layered", 2, "must_include").checks()).extracting(Check::label)
                .containsExactly("two turn");
    }

    @Test
    void should_resolve_placeholders_in_every_expectation_value() {
        AgentClient agent = InProcessAgent.of((c, m) -> AgentResponse.builder().text("Order ORD-42 for Ada")
                .part(Part.data(Map.of("order", Map.of("id", "ORD-42", "customer", "Ada", "tags", List.of("vip")))))
                .build());
        Suite suite = Suite.named("s")
                .variable("order", Variable.literal("ORD-42")).variable("name", Variable.literal("Ada"))
                .variable("field", Variable.literal("customer")).variable("nobody", Variable.literal("Zed"))
                .add(Case.id("c").turn(Turn.of("Where is my order?").expect(
                        mustInclude("{{order}}", "{{name}}"),
                        mustNotInclude("{{nobody}}"),
                        jsonPath(JsonPathCheck.at("$.order.{{field}}").isEqualTo("{{name}}"),
                                JsonPathCheck.at("$.order.id").regex("^{{order}}$"),
                                JsonPathCheck.at("$.order.tags[*]").contains("{{tag}}")),
                        mustIncludeJson(Map.of("order", Map.of("id", "{{order}}", "{{field}}", "{{name}}"))))
                        .variable("tag", Variable.literal("vip"))))
                .build();

        SuiteResult result = runner(agent).build().run(suite);

        assertThat(result.cases().get(0).turns().get(0).scores()).extracting(ScoreResult::type, ScoreResult::passed)
                .containsExactly(tuple("must_include", true),
                        tuple("must_not_include", true),
                        tuple("jsonpath", true),
                        tuple("must_include_json", true));
        assertThat(score(result, "c", 1, "must_not_include").checks()).extracting(Check::label).containsExactly("Zed");
    }

    @Test
    void should_refuse_an_unresolved_placeholder_in_an_expectation_naming_case_turn_and_scorer() {
        AtomicInteger calls = new AtomicInteger();
        AgentClient agent = InProcessAgent.of((c, m) -> {
            calls.incrementAndGet();
            return AgentResponse.ofText("x");
        });
        Suite suite = Suite.named("s").variable("who", Variable.literal("Ada"))
                .add(Case.id("c").turn(Turn.of("Hi")).turn(Turn.of("Again").expect(mustInclude("{{who}}", "{{word}}"))))
                .build();

        assertThatThrownBy(() -> runner(agent).build().run(suite))
                .isInstanceOf(ConfigurationException.class)
                .satisfies(e -> assertThat(((ConfigurationException) e).problems()).containsExactly(
                        "case 'c' turn 2: scorer 'must_include': unresolved placeholder '{{word}}' (variables: who,"
                                + " today, yesterday)"));
        assertThat(calls).hasValue(0);
    }

    @Test
    void should_report_an_unset_environment_variable_of_a_case_or_turn_once_where_it_is_declared() {
        Suite suite = Suite.named("s")
                .variable("token", Variable.env("UNUSED_HERE"))
                .add(Case.id("c").variable("token", Variable.env("CASE_TOKEN"))
                        .turn(Turn.of("a {{token}}"))
                        .turn(Turn.of("b {{key}}").variable("key", Variable.env("TURN_KEY")).expect(mustInclude("{{key}}"))))
                .build();

        assertThatThrownBy(() -> runner(new Echo().agent).build().run(suite))
                .isInstanceOf(ConfigurationException.class)
                .satisfies(e -> assertThat(((ConfigurationException) e).problems()).containsExactly(
                        "case 'c': variable 'token': environment variable CASE_TOKEN is not set",
                        "case 'c' turn 2: variable 'key': environment variable TURN_KEY is not set"));
    }

    @Test
    void should_mask_a_secret_that_an_expectation_names() {
        Suite suite = Suite.named("s")
                .add(Case.id("c").variable("token", Variable.env("TOKEN"))
                        .turn(Turn.of("say {{token}}").expect(mustInclude("{{token}}"))))
                .build();

        SuiteResult result = runner(new Echo().agent).environment(Map.of("TOKEN", "s3cr3t-value")::get).build()
                .run(suite);

        TurnResult turn = result.cases().get(0).turns().get(0);
        assertThat(result.cases().get(0).passed()).isTrue();
        assertThat(turn.scores().get(0).checks()).extracting(Check::label).containsExactly("***");
        assertThat(turn.input()).isEqualTo("say ***");
    }

    @Test
    void should_keep_the_fingerprint_of_a_suite_whatever_the_day_and_the_draw() {
        Suite suite = Suite.named("s").variable("n", Variable.randomInt(1, 100))
                .add(Case.id("c").turn(Turn.of("{{today}} {{n}}").expect(mustInclude("{{today}}")))).build();
        EvalRunner today = runner(new Echo().agent).build();
        EvalRunner later = today.toBuilder().clock(Clock.fixed(Instant.parse("2030-01-01T00:00:00Z"), ZoneId.of("UTC")))
                .random(new Random(1)).build();

        assertThat(later.fingerprint(suite)).isEqualTo(today.fingerprint(suite));
        assertThat(today.fingerprint(suite).suite())
                .isNotEqualTo(today.fingerprint(suite.toBuilder().variable("n", Variable.randomInt(1, 99)).build())
                        .suite());
    }
}
