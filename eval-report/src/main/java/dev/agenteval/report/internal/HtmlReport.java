package dev.agenteval.report.internal;

import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.Fingerprint;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.Summary;
import dev.agenteval.results.BaselineComparison;
import dev.agenteval.results.stats.Confidence;
import dev.agenteval.results.stats.Interval;
import dev.agenteval.results.stats.internal.RunStatistics;
import dev.agenteval.results.stats.internal.ScorerStatistics;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Renders a {@link SuiteResult} as one self-contained HTML page: the pass rate and counts, usage
 * and cost, the agent, judge and fingerprint, a table of the cases (failures first; sortable by
 * each column with script), then per case (failures first, each with the anchor
 * {@code #case-<id>}, see {@link #anchors}) its verdict, the lines explaining a miss (failed
 * checks and harness failures, as in the other reports), and every turn's input, answer, state,
 * tool calls, usage and scores with their reasons (a judge scorer's reason is the judge's).
 *
 * <p>The page fetches nothing: styles and the small script are inline (kept in {@code report.css}
 * and {@code report.js} beside this class, read once), and a
 * {@code Content-Security-Policy} of {@code default-src 'none'} that admits only that style and
 * that script (by hash) means that nothing else can load or run, even if some text escaped
 * escaping. All text from agents and suites is HTML-escaped, with control characters replaced.
 * Without script the page shows everything; the script adds the status filter and marks the
 * root element {@code data-js="ready"} once it has run.
 *
 * <p>The layout is one column below 720 px (phones) and wider tables above it; text wraps
 * between words, and a word is broken only when it alone is wider than its box
 * ({@code overflow-wrap: break-word}, not {@code anywhere}, which let table columns shrink
 * until ids and words broke mid-word), so long unbroken text still never widens the page.
 *
 * <h2>Extending</h2>
 * The page is written top to bottom, case by case, so memory stays bounded by the largest case:
 * the head and the summary (this class), a repeated run's attempt pass rate and pass@k / pass^k and
 * the scorers' means ({@link HtmlStatistics}), then the slot
 * for sections that compare this run with another (marked in {@link #write}: the baseline diff goes
 * there, as a {@code <section class="baseline" id="baseline">} with its regressions and the paired
 * tests, {@link HtmlComparison}), the filter bar, the case table and the cases ({@link HtmlCases}).
 * The style already has what such a section needs: the {@code baseline} section, and the class
 * {@code regression} (a case that passed in the baseline and does not now) for table rows, case
 * blocks and badges.
 */
public final class HtmlReport {

    /** The page's style ({@code report.css} beside this class); its hash is in the content security policy. */
    static final String STYLE = resource("report.css");

    /** The page's script ({@code report.js} beside this class); its hash is in the content security policy. */
    static final String SCRIPT = resource("report.js");

    /** Nothing may load; only this style and this script apply. */
    static final String CONTENT_SECURITY_POLICY = "default-src 'none'; style-src '" + sha256(STYLE)
            + "'; script-src '" + sha256(SCRIPT) + "'; base-uri 'none'; form-action 'none'";

    private HtmlReport() {
    }

    /** The HTML text, ending with a newline. */
    public static String render(SuiteResult result) {
        return FileSink.render(HtmlReport::write, result);
    }

    /** Writes the page case by case, so memory stays bounded by the largest case. */
    public static void write(SuiteResult result, Writer out) throws IOException {
        write(result, null, out);
    }

    /**
     * Like {@link #write(SuiteResult, Writer)}; when {@code comparison} is not null, adds the
     * baseline section and marks the regressed cases in the table and their blocks.
     */
    public static void write(SuiteResult result, BaselineComparison comparison, Writer out) throws IOException {
        write(result, comparison, Confidence.DEFAULT, out);
    }

    /**
     * Like {@link #write(SuiteResult, BaselineComparison, Writer)}, the error bars (the pass rate's
     * interval, the scorers' means) at {@code confidence}'s level and seed.
     */
    public static void write(SuiteResult result, BaselineComparison comparison, Confidence confidence, Writer out)
            throws IOException {
        Set<String> regressed = comparison == null ? Set.of()
                : comparison.regressions().stream().map(BaselineComparison.Change::id).collect(Collectors.toSet());
        StringBuilder html = new StringBuilder(8192);
        writeHead(html, result);
        RunStatistics stats = RunStatistics.of(result, confidence.level());
        writeSummary(html, result, stats);
        HtmlStatistics.writeAttempts(html, stats);
        HtmlStatistics.writeScorers(html, ScorerStatistics.of(result, confidence));
        // Sections comparing this run with another (the baseline diff) go here, between the
        // summary and the cases, each as its own <section>; see the class comment.
        if (comparison != null) {
            HtmlComparison.writeBaseline(html, comparison);
        }
        List<CaseResult> cases = failuresFirst(result.cases());
        List<String> anchors = anchors(cases);
        HtmlCases.writeCaseTable(html, result, cases, anchors, regressed);
        out.append(html);
        for (int i = 0; i < cases.size(); i++) {
            html.setLength(0);
            CaseResult c = cases.get(i);
            HtmlCases.writeCase(html, c, anchors.get(i), regressed.contains(c.id()));
            out.append(html);
        }
        html.setLength(0);
        if (result.cases().isEmpty()) {
            html.append("<p class=\"muted\">No cases were selected.</p>\n");
        }
        html.append("</section>\n</main>\n<script>").append(SCRIPT).append("</script>\n</body>\n</html>\n");
        out.append(html);
        out.flush();
    }

    /** The cases in the order the page shows them: failed and undecided, errored, skipped, passed; the suite's order within each. */
    static List<CaseResult> failuresFirst(List<CaseResult> cases) {
        List<CaseResult> ordered = new ArrayList<>(cases);
        ordered.sort(java.util.Comparator.comparingInt(c -> rank(c.status())));
        return ordered;
    }

    /** The order of verdicts on the page (and of the table's verdict column): the ones to look at first. */
    static int rank(CaseStatus status) {
        return switch (status) {
            // Undecided ranks with failed (both want a person's look), so other pages' ranks stay as they were.
            case FAILED, UNDECIDED -> 0;
            case ERRORED -> 1;
            case SKIPPED -> 2;
            case PASSED -> 3;
        };
    }

    /**
     * The element id of each case, {@code case-<id>} with every character but ASCII letters,
     * digits, {@code _} and {@code -} made a {@code -} (e.g. {@code support › booking} is
     * {@code case-support-booking}); a second case with the same slug gets {@code -2}, and so on.
     */
    static List<String> anchors(List<CaseResult> cases) {
        Set<String> taken = new java.util.HashSet<>();
        List<String> anchors = new ArrayList<>(cases.size());
        for (CaseResult c : cases) {
            StringBuilder slug = new StringBuilder();
            for (int i = 0; i < c.id().length(); i++) {
                char ch = c.id().charAt(i);
                boolean plain = ch < 128 && (Character.isLetterOrDigit(ch) || ch == '_' || ch == '-');
                if (plain) {
                    slug.append(ch);
                } else if (slug.length() > 0 && slug.charAt(slug.length() - 1) != '-') {
                    slug.append('-');
                }
            }
            while (slug.length() > 0 && slug.charAt(slug.length() - 1) == '-') {
                slug.setLength(slug.length() - 1);
            }
            String base = "case-" + (slug.length() == 0 ? "unnamed" : slug);
            String anchor = base;
            for (int n = 2; !taken.add(anchor); n++) {
                anchor = base + "-" + n;
            }
            anchors.add(anchor);
        }
        return anchors;
    }

    private static void writeHead(StringBuilder html, SuiteResult result) {
        html.append("<!DOCTYPE html>\n<html lang=\"en\" data-report=\"agent-eval\">\n<head>\n")
                .append("<meta charset=\"utf-8\">\n")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"").append(CONTENT_SECURITY_POLICY)
                .append("\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<meta name=\"generator\" content=\"agent-eval\">\n")
                .append("<title>Eval results: ").append(esc(result.suite())).append("</title>\n")
                .append("<style>").append(STYLE).append("</style>\n</head>\n<body>\n<main>\n");
    }

    private static void writeSummary(StringBuilder html, SuiteResult result, RunStatistics stats) {
        Summary s = result.summary();
        Optional<Interval> interval = stats.passRateInterval();
        html.append("<header>\n<h1>Eval results: ").append(esc(result.suite())).append("</h1>\n");
        if (!result.complete()) {
            html.append("<p class=\"banner\" id=\"incomplete\"><strong>Incomplete run:</strong> the run was"
                    + " interrupted or stopped early; cases that did not run are listed as skipped.</p>\n");
        }
        html.append("<section class=\"summary\" id=\"summary\" aria-label=\"Summary\">\n<div>\n")
                .append("<div class=\"rate\" id=\"pass-rate\">").append(ReportText.percent(s.passRate()))
                .append("<small>pass rate</small>")
                .append(interval.map(i -> "<small class=\"ci\" id=\"pass-rate-interval\">" + ReportText.interval(i, "–")
                        + " (Wilson, n=" + s.cases() + ")</small>").orElse(""))
                .append("</div>\n");
        // An SVG bar: sized by attributes, so the policy needs no inline styles.
        double width = Math.round(s.passRate() * 1000) / 10.0;
        html.append("<svg class=\"bar\" viewBox=\"0 0 100 4\" preserveAspectRatio=\"none\" role=\"img\" aria-label=\"")
                .append(s.passed()).append(" of ").append(s.cases()).append(" passed\">")
                .append("<rect class=\"track\" width=\"100\" height=\"4\" rx=\"2\"/>")
                .append("<rect class=\"fill\" width=\"").append(ReportText.number(width))
                .append("\" height=\"4\" rx=\"2\"/>");
        interval.ifPresent(i -> HtmlStatistics.errorBar(html, "pass-rate-ci", i.low() * 100, i.high() * 100, 4));
        html.append("</svg>\n</div>\n<div>\n");
        html.append("<ul class=\"counts\" id=\"counts\">");
        html.append("<li><span class=\"badge\">").append(s.cases()).append(s.cases() == 1 ? " case" : " cases")
                .append("</span></li>");
        count(html, CaseStatus.PASSED, s.passed());
        count(html, CaseStatus.FAILED, s.failed());
        count(html, CaseStatus.ERRORED, s.errored());
        count(html, CaseStatus.SKIPPED, s.skipped());
        if (s.undecided() > 0) {
            count(html, CaseStatus.UNDECIDED, s.undecided());
        }
        html.append("</ul>\n<dl class=\"facts\">\n");
        fact(html, "Started", "<time datetime=\"" + esc(result.startedAt().toString()) + "\">"
                + esc(result.startedAt().toString()) + "</time>");
        fact(html, "Duration", ReportText.secondsText(result.duration()));
        String usage = ReportText.usage(result.usage());
        fact(html, "Agent usage", usage == null ? "<span class=\"muted\">not reported</span>" : esc(usage));
        String judgeUsage = ReportText.usage(result.judgeUsage());
        if (judgeUsage != null) {
            fact(html, "Judge usage", esc(judgeUsage));
        }
        Fingerprint f = result.fingerprint();
        if (f != null) {
            fact(html, "Agent", "<code id=\"agent\">" + esc(f.agent()) + "</code>");
            fact(html, "Judge", "<code id=\"judge\">" + esc(f.judge()) + "</code>");
            fact(html, "Fingerprint", "<code id=\"fingerprint\" title=\"suite " + esc(f.suite()) + "\">"
                    + esc(f.value()) + "</code>");
        }
        html.append("</dl>\n</div>\n</section>\n</header>\n");
    }

    private static void count(StringBuilder html, CaseStatus status, int n) {
        html.append("<li><span class=\"badge ").append(status.wireName()).append("\">").append(n).append(' ')
                .append(status.wireName()).append("</span></li>");
    }

    static void fact(StringBuilder html, String term, String definitionHtml) {
        html.append("<dt>").append(term).append("</dt><dd>").append(definitionHtml).append("</dd>\n");
    }

    /**
     * Text escaped for HTML content and double- or single-quoted attributes. Control characters
     * other than tab and newline become U+FFFD; CR LF and lone CR become LF.
     */
    static String esc(String text) {
        StringBuilder sb = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            switch (ch) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                case '\r' -> {
                    sb.append('\n');
                    if (i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                        i++;
                    }
                }
                default -> sb.append(Character.isISOControl(ch) && ch != '\n' && ch != '\t' ? '\uFFFD' : ch);
            }
        }
        return sb.toString();
    }

    /**
     * A text resource in this class's package, read once (UTF-8, exactly as stored: the page
     * embeds it byte for byte and the content security policy holds its hash).
     */
    private static String resource(String name) {
        try (InputStream in = HtmlReport.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("the HTML report's resource " + name + " is missing beside "
                        + HtmlReport.class.getName());
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the HTML report's resource " + name, e);
        }
    }

    /** A CSP source for the exact text, e.g. {@code sha256-...}. */
    static String sha256(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return "sha256-" + Base64.getEncoder().encodeToString(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every Java platform", e);
        }
    }
}
