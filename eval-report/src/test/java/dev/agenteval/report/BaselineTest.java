package dev.agenteval.report;

import dev.agenteval.results.ResultsFile;
import dev.agenteval.results.Baseline;
import dev.agenteval.results.BaselineComparison;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.core.InProcessAgent;
import static dev.agenteval.api.Scorers.contains;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.api.Case;
import dev.agenteval.api.CaseAttempt;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Fingerprint;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.results.BaselineComparison.Change;
import dev.agenteval.results.BaselineComparison.Kind;
import dev.agenteval.report.internal.JsonReport;
import dev.agenteval.report.internal.MarkdownReport;
import dev.agenteval.results.stats.Confidence;
import dev.agenteval.spi.ReportOptions;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BaselineTest {

    private static final Instant BEFORE = Instant.parse("2025-01-30T09:00:00Z");
    private static final Instant NOW = Instant.parse("2025-01-31T09:00:00Z");

    /** A case whose attempts end as given ('p' passed, 'f' failed, 'e' errored), all of them required to pass. */
    private static CaseResult outcome(String id, String attempts) {
        List<CaseAttempt> list = new ArrayList<>();
        for (int i = 0; i < attempts.length(); i++) {
            CaseStatus s = switch (attempts.charAt(i)) {
                case 'p' -> CaseStatus.PASSED;
                case 'f' -> CaseStatus.FAILED;
                default -> CaseStatus.ERRORED;
            };
            list.add(new CaseAttempt(i + 1, s, s == CaseStatus.PASSED ? "" : "no", Duration.ofMillis(5), null, List.of()));
        }
        return dev.agenteval.core.internal.Verdicts.caseResult(id, List.of(), true, list);
    }

    private static CaseResult skipped(String id) {
        return CaseResult.skipped(Case.id(id).turn("x").build(), "not run: stop-on-failure");
    }

    private static SuiteResult result(Instant startedAt, CaseResult... cases) {
        return new SuiteResult("s", startedAt, Duration.ofSeconds(1), true, List.of(cases));
    }

    @Test
    void should_find_each_category_regression_fix_new_and_removed_and_the_pass_rate_change() {
        SuiteResult before = result(BEFORE, outcome("regressed", "p"), outcome("fixed", "f"),
                outcome("removed", "p"), outcome("steady", "p"), outcome("still-broken", "e"));
        SuiteResult now = result(NOW, outcome("regressed", "e"), outcome("fixed", "p"), outcome("added", "p"),
                outcome("steady", "p"), outcome("still-broken", "f"));

        BaselineComparison diff = Baseline.of(before).compare(now);

        assertThat(diff.regressions()).extracting(Change::id).containsExactly("regressed");
        assertThat(diff.fixes()).extracting(Change::id).containsExactly("fixed");
        assertThat(diff.added()).extracting(Change::id).containsExactly("added");
        assertThat(diff.removed()).extracting(Change::id).containsExactly("removed");
        assertThat(diff.changes()).extracting(Change::id)
                .as("steady and still-broken kept their verdict").doesNotContain("steady", "still-broken");
        assertThat(diff.hasRegressions()).isTrue();
        assertThat(diff.baselinePassRate()).isEqualTo(0.6);
        assertThat(diff.passRate()).isEqualTo(0.6);
        assertThat(diff.passRateChange()).isCloseTo(0.0, within(1e-12));
        Change regressed = diff.find("regressed").orElseThrow();
        assertThat(regressed.before().status()).isEqualTo(CaseStatus.PASSED);
        assertThat(regressed.after().status()).isEqualTo(CaseStatus.ERRORED);
        assertThat(regressed.pValue()).as("one attempt on each side is compared by verdict alone").isNull();
    }

    @Test
    void should_flag_a_repeated_case_as_regressed_only_when_fishers_test_says_it_is_unlikely_to_be_noise() {
        SuiteResult before = result(BEFORE, outcome("collapsed", "ppppp"), outcome("wobbly", "ppppp"),
                outcome("barely", "ppp"));
        SuiteResult now = result(NOW, outcome("collapsed", "fffff"), outcome("wobbly", "ppppf"), outcome("barely", "fff"));

        BaselineComparison diff = Baseline.of(before).compare(now);
        BaselineComparison lenient = Baseline.of(before).withSignificance(0.2).compare(now);

        assertThat(diff.regressions()).extracting(Change::id).containsExactly("collapsed");
        assertThat(diff.find("collapsed").orElseThrow().pValue()).isCloseTo(2.0 / 252, within(1e-12));
        assertThat(diff.unconfirmed()).extracting(Change::id).containsExactly("wobbly", "barely");
        assertThat(diff.find("wobbly").orElseThrow().pValue()).isCloseTo(1.0, within(1e-12));
        assertThat(diff.find("barely").orElseThrow().pValue()).as("3/3 -> 0/3 cannot reach p < 0.05")
                .isCloseTo(0.1, within(1e-12));
        assertThat(lenient.regressions()).extracting(Change::id).containsExactly("collapsed", "barely");
    }

    @Test
    void should_confirm_a_fix_of_a_repeated_case_by_the_same_test() {
        SuiteResult before = result(BEFORE, outcome("c", "fffff"));
        SuiteResult now = result(NOW, outcome("c", "ppppp"));

        BaselineComparison diff = Baseline.of(before).compare(now);

        assertThat(diff.fixes()).extracting(Change::id).containsExactly("c");
        assertThat(diff.hasRegressions()).isFalse();
    }

    @Test
    void should_not_compare_skipped_cases_nor_call_unselected_cases_removed() {
        Fingerprint partial = Fingerprint.of("a".repeat(64), 3, "agent", Fingerprint.NO_JUDGE);
        SuiteResult before = result(BEFORE, outcome("a", "p"), outcome("b", "p"), outcome("c", "p"));
        SuiteResult now = new SuiteResult("s", NOW, Duration.ofSeconds(1), false,
                List.of(outcome("a", "p"), skipped("b")), null, partial);

        BaselineComparison diff = Baseline.of(before).compare(now);

        assertThat(diff.changes()).isEmpty();
        assertThat(diff.notCompared()).containsExactly("b", "c");
    }

    @Test
    void should_render_the_comparison_in_json_markdown_and_console() throws Exception {
        SuiteResult before = result(BEFORE, outcome("regressed", "ppppp"), outcome("fixed", "f"),
                outcome("removed", "p"), outcome("wobbly", "ppp"));
        SuiteResult now = result(NOW, outcome("regressed", "fffff"), outcome("fixed", "p"), outcome("added", "p"),
                outcome("wobbly", "ppf"));
        Baseline baseline = Baseline.of(before).withSource("previous/results.json");
        BaselineComparison diff = baseline.compare(now);
        ByteArrayOutputStream console = new ByteArrayOutputStream();

        JsonNode json = new ObjectMapper().readTree(JsonReport.render(now, diff)).get("baseline");
        String markdown = MarkdownReport.render(now, diff);
        Reports.console(new PrintStream(console, true, StandardCharsets.UTF_8), false, false, baseline, Confidence.DEFAULT).write(now);
        String text = console.toString(StandardCharsets.UTF_8);

        assertThat(json.get("source").asText()).isEqualTo("previous/results.json");
        assertThat(json.get("passRate").asDouble()).isEqualTo(0.75);
        assertThat(json.get("passRateChange").asDouble()).isCloseTo(-0.25, within(1e-12));
        assertThat(json.get("significance").asDouble()).isEqualTo(0.05);
        assertThat(json.at("/regressions/0/id").asText()).isEqualTo("regressed");
        assertThat(json.at("/regressions/0/before/passedAttempts").asInt()).isEqualTo(5);
        assertThat(json.at("/regressions/0/after/passedAttempts").asInt()).isZero();
        assertThat(json.at("/regressions/0/pValue").asDouble()).isCloseTo(2.0 / 252, within(1e-12));
        assertThat(json.at("/fixes/0/id").asText()).isEqualTo("fixed");
        assertThat(json.at("/fixes/0/pValue").isNull()).isTrue();
        assertThat(json.at("/unconfirmed/0/id").asText()).isEqualTo("wobbly");
        assertThat(json.at("/new/0/id").asText()).isEqualTo("added");
        assertThat(json.at("/new/0/before").isNull()).isTrue();
        assertThat(json.at("/removed/0/id").asText()).isEqualTo("removed");
        assertThat(json.at("/removed/0/after").isNull()).isTrue();
        assertThat(markdown).contains("## Compared with baseline")
                .contains("pass rate 75% → 50% (-25 points); 1 regression, 1 fix, 1 new, 1 removed, 1 unconfirmed")
                .contains("- 🔻 **Regression** `regressed`: passed → failed (5/5 → 0/5 attempts, p = 0.00794)")
                .contains("- ✅ **Fix** `fixed`: failed → passed")
                .contains("- ❔ **Unconfirmed** `wobbly`: passed → failed (3/3 → 2/3 attempts, p = 1 \\>= 0.05: may be noise")
                .contains("- 🆕 **New** `added`: passed")
                .contains("- 🗑️ **Removed** `removed`: was passed");
        assertThat(text).contains("Baseline previous/results.json: pass rate 75% -> 50% (-25 points); 1 regression")
                .contains("  REGRESSED   regressed: passed -> failed (5/5 -> 0/5 attempts, p = 0.00794)")
                .contains("  FIXED       fixed: failed -> passed")
                .contains("  NEW         added: passed")
                .contains("  REMOVED     removed: was passed");
        assertThat(text.indexOf("REGRESSED")).as("the comparison comes after the totals line")
                .isGreaterThan(text.indexOf("4 cases:"));
    }

    @Test
    void should_highlight_regressions_in_the_html_report(@TempDir Path dir) throws Exception {
        SuiteResult before = result(BEFORE, outcome("regressed", "p"), outcome("fixed", "f"), outcome("steady", "p"));
        SuiteResult now = result(NOW, outcome("regressed", "f"), outcome("fixed", "p"), outcome("steady", "p"));
        Path file = dir.resolve("report.html");

        Baseline baseline = Baseline.of(before).withSource("base <1>.json");
        Reports.sink("html", file, ReportOptions.none().with(Baseline.class, baseline)).write(now);

        String html = Files.readString(file);
        assertThat(html).contains("<section class=\"baseline\" id=\"baseline\"")
                .contains("Baseline <code>base &lt;1&gt;.json</code>")
                .contains("<li data-change=\"regression\"><span class=\"badge regression\">regression</span>"
                        + " <code>regressed</code>: passed → failed</li>")
                .contains("<li data-change=\"fix\"><span class=\"badge passed\">fix</span> <code>fixed</code>")
                .contains("<tr data-case-status=\"failed\" class=\"regression\">")
                .contains("<details class=\"case regression\" id=\"case-regressed\"");
        assertThat(html.split("class=\"case regression\"", -1)).as("only the regressed case is marked").hasSize(2);
        assertThat(html.indexOf("id=\"baseline\"")).isLessThan(html.indexOf("id=\"case-table\""));
    }

    @Test
    void should_read_a_baseline_from_a_json_report_and_compare_a_later_run(@TempDir Path dir) throws Exception {
        Set<String> broken = ConcurrentHashMap.newKeySet();
        EvalRunner runner = EvalRunner.builder().environment(name -> null)
                .agent(InProcessAgent.replying(text -> broken.contains(text) ? "nope" : "ok")).build();
        Suite first = Suite.named("s").add(Case.id("a").turn("a", contains("ok")))
                .add(Case.id("b").turn("b", contains("ok"))).build();
        Path file = dir.resolve("results.json");
        runner.toBuilder().sink(Reports.sink("json", file)).build().run(first);
        broken.add("a");
        Suite second = first.toBuilder().add(Case.id("c").turn("c", contains("ok"))).build();

        Baseline baseline = Baseline.read(file);
        Path report = dir.resolve("now");
        SuiteResult now = runner.toBuilder().sink(Reports.all(report, ReportOptions.none().with(Baseline.class, baseline)))
                .build().run(second);

        assertThat(baseline.source()).isEqualTo(file.toString());
        BaselineComparison diff = baseline.compare(now);
        assertThat(diff.regressions()).extracting(Change::id).containsExactly("a");
        assertThat(diff.added()).extracting(Change::id).containsExactly("c");
        assertThat(diff.passRateChange()).isCloseTo(2.0 / 3 - 1, within(1e-12));
        JsonNode written = new ObjectMapper().readTree(report.resolve(ResultsFile.FILE_NAME).toFile());
        assertThat(written.at("/baseline/regressions/0/id").asText()).isEqualTo("a");
        assertThat(written.at("/fingerprint/suiteCases").asInt()).isEqualTo(3);
        assertThat(Files.readString(report.resolve("results.md"))).contains("🔻 **Regression** `a`");
    }

    @Test
    void should_name_the_file_when_the_baseline_cannot_be_read(@TempDir Path dir) throws Exception {
        Path missing = dir.resolve("nope.json");
        Path garbage = Files.writeString(dir.resolve("garbage.json"), "{not json");

        assertThatThrownBy(() -> Baseline.read(missing)).isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("nope.json");
        assertThatThrownBy(() -> Baseline.read(garbage)).isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("garbage.json");
    }

    @Test
    void should_refuse_a_significance_outside_0_to_1() {
        Baseline b = Baseline.of(result(BEFORE, outcome("a", "p")));

        assertThatThrownBy(() -> b.withSignificance(1.0)).hasMessage("significance must be > 0 and < 1 but was 1.0");
        assertThatThrownBy(() -> b.withSignificance(0)).hasMessage("significance must be > 0 and < 1 but was 0.0");
        assertThat(Kind.REGRESSION.wireName()).isEqualTo("regression");
    }
}
