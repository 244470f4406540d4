package dev.agenteval.report.internal;

import static org.assertj.core.api.Assertions.assertThat;
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
        assertThat(dom).contains("<div class=\"rate\" id=\"pass-rate\">16.7%<small>pass rate</small></div>")
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
        String page = HtmlReport.render(HtmlReportTest.withHostileAndJudgeCases());
        // The probe is a script of the test's own, which the page's policy would refuse: drop the policy in this copy.
        String policy = "<meta http-equiv=\"Content-Security-Policy\" content=\"" + HtmlReport.CONTENT_SECURITY_POLICY
                + "\">\n";
        assertThat(page).contains(policy);
        Path file = dir.resolve("probe-" + width + ".html");
        Files.writeString(file, page.replace(policy, "").replace("</body>", PROBE + "</body>"), StandardCharsets.UTF_8);

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
