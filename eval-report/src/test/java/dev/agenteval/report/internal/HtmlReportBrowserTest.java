package dev.agenteval.report.internal;

import dev.agenteval.results.internal.AtomicFiles;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.api.SuiteResult;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opens the HTML report in headless Chromium (Debian's {@code chromium}, which {@code .ci/run}
 * installs when missing). Without Chromium the tests fail when the variable {@code CI} is set and
 * are skipped otherwise. Every browser run is bounded by a timeout; nothing waits on a clock.
 */
class HtmlReportBrowserTest {

    private static final long TIMEOUT_SECONDS = 90;
    /** Chromium's console lines on stderr, e.g. {@code INFO:CONSOLE:3] "Uncaught ReferenceError: ..."}. */
    private static final Pattern CONSOLE = Pattern.compile(".*:CONSOLE[:(].*|.*Uncaught.*");
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /**
     * Measures the page after it has run: expands every case, checks nothing is wider than the
     * window, then applies the "failed" filter and reports what is still visible.
     */
    private static final String PROBE = """
            <script>
            (function () {
              var d = document.documentElement, r = {};
              r.ready = d.getAttribute('data-js');
              document.querySelector('button[data-open=true]').click();
              r.clientWidth = d.clientWidth;
              r.scrollWidth = d.scrollWidth;
              r.narrow = matchMedia('(max-width: 720px)').matches;
              r.optionalColumnShown = getComputedStyle(document.querySelector('th.opt')).display !== 'none';
              r.summaryColumns = getComputedStyle(document.getElementById('summary')).gridTemplateColumns.split(' ').length;
              document.querySelector('button[data-filter=failed]').click();
              function visible(selector) {
                return Array.prototype.filter.call(document.querySelectorAll(selector), function (e) {
                  return e.getClientRects().length > 0;
                }).map(function (e) { return e.querySelector('code').textContent; });
              }
              r.visibleCases = visible('details.case');
              r.visibleRows = visible('#case-table tbody tr');
              var p = document.createElement('pre');
              p.id = 'probe';
              p.textContent = JSON.stringify(r);
              document.body.appendChild(p);
            })();
            </script>
            """;

    /**
     * Records the page's layout landmarks after it has run: the boxes of the title, the summary,
     * the fingerprint, the case table and its first row, the first case block, the rate and the
     * facts; which case comes first; and every word of the case ids, reasons and failed checks that
     * a line break cuts in two (a word that fits on a line must never be broken).
     */
    private static final String LANDMARKS = """
            <script>
            (function () {
              var d = document.documentElement, r = {width: d.clientWidth, scrollWidth: d.scrollWidth};
              function box(selector) {
                var e = document.querySelector(selector);
                if (!e) { return null; }
                var b = e.getBoundingClientRect();
                return {top: Math.round(b.top + scrollY), left: Math.round(b.left), right: Math.round(b.right),
                        width: Math.round(b.width), height: Math.round(b.height)};
              }
              r.title = box('h1');
              r.summary = box('#summary');
              r.rate = box('#pass-rate');
              r.facts = box('#summary .facts');
              r.fingerprint = box('#fingerprint');
              r.table = box('#case-table');
              r.firstRow = box('#case-table tbody tr');
              r.firstCase = box('details.case');
              r.firstCaseStatus = document.querySelector('details.case').getAttribute('data-case-status');
              r.firstRowStatus = document.querySelector('#case-table tbody tr').getAttribute('data-case-status');
              var broken = [];
              document.querySelectorAll('#case-table td.case-id, #case-table td.why, ul.errors li, h1').forEach(function (e) {
                var walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
                for (var n = walker.nextNode(); n; n = walker.nextNode()) {
                  var re = /\\S+/g, m;
                  while ((m = re.exec(n.data))) {
                    var range = document.createRange();
                    range.setStart(n, m.index);
                    range.setEnd(n, m.index + m[0].length);
                    var rects = range.getClientRects(), lines = {}, total = 0;
                    for (var i = 0; i < rects.length; i++) {
                      if (rects[i].width > 0) { lines[Math.round(rects[i].top)] = 1; total += rects[i].width; }
                    }
                    // Broken although it would fit on one line of its box.
                    if (Object.keys(lines).length > 1 && total < e.clientWidth - 16) {
                      broken.push(m[0]);
                    }
                  }
                }
              });
              r.brokenWords = broken;
              var p = document.createElement('pre');
              p.id = 'probe';
              p.textContent = JSON.stringify(r);
              document.body.appendChild(p);
            })();
            </script>
            """;

    private static String chromium;

    @TempDir
    Path dir;

    @BeforeAll
    static void findChromium() {
        chromium = locate();
        if (chromium == null) {
            String message = "chromium not found (looked for /usr/bin/chromium and chromium, chromium-browser on the"
                    + " PATH); install it with: apt-get install -y chromium";
            if (System.getenv("CI") != null) {
                fail(message + " (.ci/run does this when it is missing)");
            }
            Assumptions.abort(message + "; skipped because CI is unset");
        }
    }

    @Test
    void should_render_the_summary_without_script_errors_or_injected_markup() throws Exception {
        Path page = writeReport(HtmlReportTest.withHostileAndJudgeCases());

        Browser run = chromium("--window-size=1280,900", "--dump-dom", page.toUri().toString());

        assertThat(run.consoleLines()).as("console messages (script errors, refused resources)").isEmpty();
        String dom = run.stdout();
        assertThat(dom).as("the page's script ran to its end").contains("data-js=\"ready\"");
        assertThat(dom).as("no attribute set by injected script").doesNotContain("data-pwned=\"");
        assertThat(dom).contains("<div class=\"rate\" id=\"pass-rate\">16.7%<small>pass rate</small>"
                        + "<small class=\"ci\" id=\"pass-rate-interval\">95% CI 3–56% (Wilson, n=6)</small></div>")
                .contains(">6 cases</span>").contains(">1 passed</span>").contains(">3 failed</span>")
                .contains("<h1>Eval results: pharmacy</h1>");
        // The filter bar is shown only by the script.
        assertThat(dom).contains("<nav class=\"filters\" id=\"filters\" aria-label=\"Filter cases\">");
        // The hostile answer is text in the DOM, not elements.
        assertThat(dom).contains("&lt;script&gt;document.documentElement.setAttribute('data-pwned','script')");
    }

    @Test
    void should_fit_a_phone_sized_window_in_one_column_and_filter_by_verdict() throws Exception {
        JsonNode phone = probe(390, 844);

        assertThat(phone.get("ready").asText()).isEqualTo("ready");
        assertThat(phone.get("narrow").asBoolean()).as("phone layout at width %s", phone.get("clientWidth")).isTrue();
        assertThat(phone.get("scrollWidth").asInt()).as("page width").isLessThanOrEqualTo(phone.get("clientWidth").asInt());
        assertThat(phone.get("optionalColumnShown").asBoolean()).isFalse();
        assertThat(phone.get("summaryColumns").asInt()).isEqualTo(1);
        assertThat(texts(phone.get("visibleCases"))).containsExactly("lookup", "flaky", HtmlReportTest.HOSTILE_ID);
        assertThat(texts(phone.get("visibleRows"))).containsExactly("lookup", "flaky", HtmlReportTest.HOSTILE_ID);
    }

    @Test
    void should_use_the_width_of_a_desktop_window() throws Exception {
        JsonNode desktop = probe(1280, 900);

        assertThat(desktop.get("narrow").asBoolean()).isFalse();
        assertThat(desktop.get("scrollWidth").asInt()).isLessThanOrEqualTo(desktop.get("clientWidth").asInt());
        assertThat(desktop.get("optionalColumnShown").asBoolean()).isTrue();
        assertThat(desktop.get("summaryColumns").asInt()).isEqualTo(2);
        assertThat(texts(desktop.get("visibleCases"))).containsExactly("lookup", "flaky", HtmlReportTest.HOSTILE_ID);
    }

    @Test
    void should_take_phone_and_desktop_screenshots() throws Exception {
        Path page = writeReport(HtmlReportTest.withHostileAndJudgeCases());
        // Kept under target/ for people to look at; the test checks they were drawn at the asked size.
        Path shots = Files.createDirectories(Path.of("target", "html-report-screenshots"));
        for (int[] size : new int[][] {{390, 844}, {1280, 900}}) {
            Path png = shots.resolve("report-" + size[0] + "x" + size[1] + ".png");
            Files.deleteIfExists(png);

            Browser run = chromium("--window-size=" + size[0] + "," + size[1], "--hide-scrollbars",
                    "--screenshot=" + png.toAbsolutePath(), page.toUri().toString());

            assertThat(run.consoleLines()).isEmpty();
            assertThat(pngSize(png)).containsExactly(size[0], size[1]);
        }
    }

    /**
     * The layout at phone and desktop widths, compared by landmarks rather than pixels: the same
     * landmarks in the same order (title, summary, table, cases), failures first, nothing wider
     * than the window, the rate beside the facts on a desktop and above them on a phone, and no
     * word broken in the middle.
     */
    @Test
    void should_keep_the_layout_landmarks_at_phone_and_desktop_widths() throws Exception {
        SuiteResult result = HtmlReportTest.withLongIdsAndFingerprint();
        JsonNode phone = landmarks(result, 390, 844);
        JsonNode desktop = landmarks(result, 1280, 900);

        for (JsonNode page : List.of(phone, desktop)) {
            int width = page.get("width").asInt();
            assertThat(page.get("scrollWidth").asInt()).as("page width at %s", width).isLessThanOrEqualTo(width);
            for (String landmark : List.of("title", "summary", "fingerprint", "table", "firstRow", "firstCase")) {
                assertThat(page.get(landmark).isNull()).as("%s at %s", landmark, width).isFalse();
                assertThat(page.get(landmark).get("right").asInt()).as("%s fits at %s", landmark, width)
                        .isLessThanOrEqualTo(width);
            }
            assertThat(List.of(top(page, "title"), top(page, "summary"), top(page, "table"), top(page, "firstCase")))
                    .as("title, summary, case table, cases, top to bottom at %s", width).isSorted();
            assertThat(top(page, "fingerprint")).as("the fingerprint is in the header").isLessThan(top(page, "table"));
            assertThat(page.get("firstRowStatus").asText()).isEqualTo("failed");
            assertThat(page.get("firstCaseStatus").asText()).isEqualTo("failed");
            assertThat(texts(page.get("brokenWords"))).as("words broken mid-word at %s", width).isEmpty();
        }
        assertThat(top(desktop, "facts")).as("desktop: the facts beside the rate")
                .isLessThan(desktop.get("rate").get("top").asInt() + desktop.get("rate").get("height").asInt());
        assertThat(desktop.get("facts").get("left").asInt()).isGreaterThan(desktop.get("rate").get("right").asInt());
        assertThat(top(phone, "facts")).as("phone: the facts below the rate")
                .isGreaterThanOrEqualTo(phone.get("rate").get("top").asInt() + phone.get("rate").get("height").asInt());
        assertThat(phone.get("summary").get("width").asInt()).as("phone: the summary spans the window")
                .isGreaterThan(phone.get("width").asInt() - 60);
        assertThat(desktop.get("summary").get("width").asInt()).as("desktop: the page keeps its reading width")
                .isLessThanOrEqualTo(1100);
    }

    @Test
    void should_sort_the_case_table_by_a_column_when_its_header_is_clicked() throws Exception {
        String sorter = """
                <script>
                (function () {
                  var r = {};
                  function ids() {
                    return Array.prototype.map.call(document.querySelectorAll('#case-table tbody tr td.case-id code'),
                        function (c) { return c.textContent; });
                  }
                  r.initial = ids();
                  var case_ = document.querySelector('#case-table th[data-sort] button');
                  case_.click();
                  r.byId = ids();
                  case_.click();
                  r.byIdDescending = ids();
                  var p = document.createElement('pre');
                  p.id = 'probe';
                  p.textContent = JSON.stringify(r);
                  document.body.appendChild(p);
                })();
                </script>
                """;
        JsonNode sorted = probe(HtmlReport.render(SampleResults.mixed()), sorter, 1280, 900);

        assertThat(texts(sorted.get("initial"))).containsExactly("lookup", "flaky", "slow", "later", "greet");
        assertThat(texts(sorted.get("byId"))).containsExactly("flaky", "greet", "later", "lookup", "slow");
        assertThat(texts(sorted.get("byIdDescending"))).containsExactly("slow", "lookup", "later", "greet", "flaky");
    }

    private static int top(JsonNode page, String landmark) {
        return page.get(landmark).get("top").asInt();
    }

    private JsonNode landmarks(SuiteResult result, int width, int height) throws Exception {
        return probe(HtmlReport.render(result), LANDMARKS, width, height);
    }

    /**
     * Measures the drawn error bars: where the pass-rate interval's line and each scorer's interval
     * and mean marker lie as fractions of their bar's rendered width.
     */
    private static final String ERROR_BARS = """
            <script>
            (function () {
              function at(x, bar) { return (x - bar.left) / bar.width; }
              var r = {scorers: []};
              var bar = document.querySelector('#summary svg.bar').getBoundingClientRect();
              var ci = document.querySelector('#pass-rate-ci line').getBoundingClientRect();
              r.passRate = {low: at(ci.left, bar), high: at(ci.right, bar), barWidth: bar.width};
              document.querySelectorAll('#scorers tbody tr').forEach(function (tr) {
                var b = tr.querySelector('svg.bar').getBoundingClientRect();
                var line = tr.querySelector('g.ci line').getBoundingClientRect();
                var mean = tr.querySelector('rect.mean').getBoundingClientRect();
                r.scorers.push({id: tr.getAttribute('data-scorer'), low: at(line.left, b), high: at(line.right, b),
                                mean: at((mean.left + mean.right) / 2, b), barWidth: b.width});
              });
              var p = document.createElement('pre');
              p.id = 'probe';
              p.textContent = JSON.stringify(r);
              document.body.appendChild(p);
            })();
            </script>
            """;

    /**
     * The pass rate's Wilson interval (1 of 6: 3.0%..56.4%) is drawn on the pass-rate bar, and
     * must_include's bootstrap interval (case means 1, 1/2, 1/2: 0.5..1) around its mean (2/3).
     */
    @Test
    void should_draw_the_pass_rate_interval_and_the_scorers_error_bars_where_their_numbers_say() throws Exception {
        JsonNode bars = probe(HtmlReport.render(HtmlReportTest.withHostileAndJudgeCases()), ERROR_BARS, 1280, 900);

        assertThat(bars.at("/passRate/barWidth").asDouble()).isGreaterThan(100);
        assertThat(bars.at("/passRate/low").asDouble()).isCloseTo(0.030, within(0.01));
        assertThat(bars.at("/passRate/high").asDouble()).isCloseTo(0.564, within(0.01));
        JsonNode mustInclude = bars.get("scorers").get(0);
        assertThat(mustInclude.get("id").asText()).isEqualTo("must_include");
        assertThat(mustInclude.get("barWidth").asDouble()).isGreaterThan(50);
        assertThat(mustInclude.get("low").asDouble()).isCloseTo(0.5, within(0.01));
        assertThat(mustInclude.get("high").asDouble()).isCloseTo(1.0, within(0.01));
        assertThat(mustInclude.get("mean").asDouble()).isCloseTo(2 / 3.0, within(0.01));
    }

    @Test
    void should_notice_a_script_error_so_that_the_checks_above_can_fail() throws Exception {
        Path page = dir.resolve("broken.html");
        Files.writeString(page, "<!DOCTYPE html><html><body><p>x</p><script>notDefined();"
                + "document.documentElement.setAttribute('data-js','ready');</script></body></html>");

        Browser run = chromium("--dump-dom", page.toUri().toString());

        assertThat(run.consoleLines()).anySatisfy(line -> assertThat(line).contains("Uncaught ReferenceError"));
        assertThat(run.stdout()).doesNotContain("data-js=\"ready\"");
    }

    // --- helpers ---

    private JsonNode probe(int width, int height) throws Exception {
        return probe(HtmlReport.render(HtmlReportTest.withHostileAndJudgeCases()), PROBE, width, height);
    }

    private JsonNode probe(String page, String probe, int width, int height) throws Exception {
        // The probe is a script of the test's own, which the page's policy would refuse: drop the policy in this copy.
        String policy = "<meta http-equiv=\"Content-Security-Policy\" content=\"" + HtmlReport.CONTENT_SECURITY_POLICY
                + "\">\n";
        assertThat(page).contains(policy);
        Path file = dir.resolve("probe-" + width + ".html");
        Files.writeString(file, page.replace(policy, "").replace("</body>", probe + "</body>"), StandardCharsets.UTF_8);

        Browser run = chromium("--window-size=" + width + "," + height, "--dump-dom", file.toUri().toString());

        assertThat(run.consoleLines()).isEmpty();
        Matcher m = Pattern.compile("<pre id=\"probe\">([^<]*)</pre>").matcher(run.stdout());
        assertThat(m.find()).as("probe output in the DOM:%n%s", run.stdout()).isTrue();
        return MAPPER.readTree(m.group(1).replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"")
                .replace("&amp;", "&"));
    }

    private Path writeReport(SuiteResult result) throws IOException {
        Path page = dir.resolve("report.html");
        AtomicFiles.write(page, out -> HtmlReport.write(result, out));
        return page;
    }

    private record Browser(String stdout, List<String> stderr) {
        List<String> consoleLines() {
            return stderr.stream().filter(l -> CONSOLE.matcher(l).matches()).toList();
        }
    }

    private Browser chromium(String... args) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory(dir, "profile");
        List<String> command = new ArrayList<>(List.of(chromium, "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--disable-dev-shm-usage", "--user-data-dir=" + profile, "--enable-logging=stderr",
                "--v=0"));
        command.addAll(List.of(args));
        Path out = dir.resolve("chromium.out");
        Path err = dir.resolve("chromium.err");
        Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            fail("chromium did not finish within " + TIMEOUT_SECONDS + "s: " + command + "\n"
                    + Files.readString(err, StandardCharsets.UTF_8));
        }
        String stderr = Files.readString(err, StandardCharsets.UTF_8);
        assertThat(process.exitValue()).as("chromium exit code; stderr:%n%s", stderr).isZero();
        return new Browser(Files.readString(out, StandardCharsets.UTF_8), stderr.lines().toList());
    }

    private static String locate() {
        if (Files.isExecutable(Path.of("/usr/bin/chromium"))) {
            return "/usr/bin/chromium";
        }
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String name : List.of("chromium", "chromium-browser")) {
            for (String d : path.split(java.io.File.pathSeparator)) {
                Path candidate = Path.of(d, name);
                if (Files.isExecutable(candidate)) {
                    return candidate.toString();
                }
            }
        }
        return null;
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(n -> texts.add(n.asText()));
        return texts;
    }

    /** Width and height from the PNG header. */
    private static int[] pngSize(Path png) throws IOException {
        try (InputStream in = Files.newInputStream(png); DataInputStream data = new DataInputStream(in)) {
            byte[] signature = data.readNBytes(8);
            assertThat(signature).as("PNG signature").containsExactly(0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n');
            data.readInt();
            assertThat(new String(data.readNBytes(4), StandardCharsets.US_ASCII)).isEqualTo("IHDR");
            return new int[] {data.readInt(), data.readInt()};
        }
    }
}
