package dev.agenteval.report.internal;

import dev.agenteval.api.CaseAttempt;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.Check;
import dev.agenteval.api.Fingerprint;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.Summary;
import dev.agenteval.api.ToolCall;
import dev.agenteval.api.TurnResult;
import dev.agenteval.api.Usage;
import dev.agenteval.common.json.JsonTrees;
import dev.agenteval.report.BaselineComparison;
import dev.agenteval.report.stats.Confidence;
import dev.agenteval.report.stats.Interval;
import dev.agenteval.report.stats.MeanEstimate;
import dev.agenteval.report.stats.RunStatistics;
import dev.agenteval.report.stats.ScorerStatistics;
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
 * the head, the summary, then the slot for sections that compare this run with another (marked in
 * {@link #write}: the baseline diff goes there, as a {@code <section class="baseline"
 * id="baseline">} with its regressions), the filter bar, the case table and the cases. The style
 * already has what such a section needs: the {@code baseline} section, and the class
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
        writeSummary(html, result, confidence);
        writeScorers(html, ScorerStatistics.of(result, confidence));
        // Sections comparing this run with another (the baseline diff) go here, between the
        // summary and the cases, each as its own <section>; see the class comment.
        if (comparison != null) {
            writeBaseline(html, comparison);
        }
        List<CaseResult> cases = failuresFirst(result.cases());
        List<String> anchors = anchors(cases);
        writeCaseTable(html, result, cases, anchors, regressed);
        out.append(html);
        for (int i = 0; i < cases.size(); i++) {
            html.setLength(0);
            CaseResult c = cases.get(i);
            writeCase(html, c, anchors.get(i), regressed.contains(c.id()));
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
    private static int rank(CaseStatus status) {
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

    private static void writeSummary(StringBuilder html, SuiteResult result, Confidence confidence) {
        Summary s = result.summary();
        Optional<Interval> interval = RunStatistics.of(result, confidence.level()).passRateInterval();
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
        interval.ifPresent(i -> errorBar(html, "pass-rate-ci", i.low() * 100, i.high() * 100, 4));
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

    /**
     * An error bar from {@code low} to {@code high} (in the viewBox's units, 0..100) across an SVG of
     * {@code height}: a line with a whisker at each end, drawn with strokes the viewBox does not stretch.
     */
    private static void errorBar(StringBuilder html, String id, double low, double high, int height) {
        String x1 = ReportText.number(Math.round(low * 10) / 10.0);
        String x2 = ReportText.number(Math.round(high * 10) / 10.0);
        String mid = ReportText.number(height / 2.0);
        html.append("<g class=\"ci\"").append(id == null ? "" : " id=\"" + id + "\"").append(" data-low=\"").append(x1)
                .append("\" data-high=\"").append(x2).append("\">")
                .append("<line x1=\"").append(x1).append("\" y1=\"").append(mid).append("\" x2=\"").append(x2)
                .append("\" y2=\"").append(mid).append("\" vector-effect=\"non-scaling-stroke\"/>");
        for (String x : List.of(x1, x2)) {
            html.append("<line x1=\"").append(x).append("\" y1=\"0\" x2=\"").append(x).append("\" y2=\"").append(height)
                    .append("\" vector-effect=\"non-scaling-stroke\"/>");
        }
        html.append("</g>");
    }

    /**
     * Each scorer's mean score with its standard error, bootstrap interval and an error bar drawn on
     * a 0..1 scale (widened when a bound lies outside); nothing without numeric scores.
     */
    private static void writeScorers(StringBuilder html, List<ScorerStatistics> scorers) {
        if (scorers.isEmpty()) {
            return;
        }
        double min = Math.min(0, scorers.stream().mapToDouble(s -> s.estimate().interval().low()).min().orElse(0));
        double max = Math.max(1, scorers.stream().mapToDouble(s -> s.estimate().interval().high()).max().orElse(1));
        html.append("<section class=\"scorers\" id=\"scorers\" aria-label=\"Scorers\">\n<h2>Scorers</h2>\n")
                .append("<table class=\"scorer-means\">\n<thead><tr><th>Scorer</th><th class=\"num\">Cases</th>")
                .append("<th class=\"num\">Mean</th><th class=\"num\">Std. error</th><th>Interval</th>")
                .append("<th class=\"opt\">Mean and interval</th></tr></thead>\n<tbody>\n");
        for (ScorerStatistics s : scorers) {
            MeanEstimate e = s.estimate();
            Interval i = e.interval();
            html.append("<tr data-scorer=\"").append(esc(s.id())).append("\"><td><code>").append(esc(s.id()))
                    .append("</code></td><td class=\"num\">").append(e.n()).append("</td><td class=\"num mean\">")
                    .append(ReportText.score(e.mean())).append("</td><td class=\"num\">").append(ReportText.score(e.stderr()))
                    .append("</td><td class=\"interval\">").append(ReportText.scoreInterval(i, "–"))
                    .append("</td><td class=\"opt\"><svg class=\"bar\" viewBox=\"0 0 100 4\" preserveAspectRatio=\"none\"")
                    .append(" role=\"img\" aria-label=\"mean ").append(ReportText.score(e.mean())).append(", ")
                    .append(ReportText.scoreInterval(i, " to ")).append("\">")
                    .append("<rect class=\"track\" width=\"100\" height=\"4\" rx=\"2\"/>");
            errorBar(html, null, scale(i.low(), min, max), scale(i.high(), min, max), 4);
            double x = Math.round(scale(e.mean(), min, max) * 10) / 10.0;
            html.append("<rect class=\"mean\" x=\"").append(ReportText.number(Math.max(0, Math.min(99, x - 0.5))))
                    .append("\" width=\"1\" height=\"4\"/></svg></td></tr>\n");
        }
        html.append("</tbody>\n</table>\n</section>\n");
    }

    /** {@code value} on a 0..100 scale from {@code min} to {@code max}. */
    private static double scale(double value, double min, double max) {
        return (value - min) / (max - min) * 100;
    }

    private static void writeBaseline(StringBuilder html, BaselineComparison c) {
        html.append("<section class=\"baseline\" id=\"baseline\" aria-label=\"Compared with baseline\">\n")
                .append("<h2>Compared with baseline</h2>\n<p>Baseline <code>").append(esc(c.baselineSource()))
                .append("</code> (started <time datetime=\"").append(esc(c.baselineStartedAt().toString())).append("\">")
                .append(esc(c.baselineStartedAt().toString())).append("</time>): ")
                .append(esc(ComparisonReport.headline(c, "→"))).append(".</p>\n");
        if (!c.changes().isEmpty()) {
            html.append("<ul class=\"checks\" id=\"baseline-changes\">\n");
            for (BaselineComparison.Change ch : c.changes()) {
                String badge = switch (ch.kind()) {
                    case REGRESSION -> "regression";
                    case FIX -> "passed";
                    case UNCONFIRMED -> "errored";
                    case NEW -> "";
                    case REMOVED -> "skipped";
                };
                html.append("<li data-change=\"").append(ch.kind().wireName()).append("\"><span class=\"badge ")
                        .append(badge).append("\">").append(ch.kind().wireName()).append("</span> <code>")
                        .append(esc(ch.id())).append("</code>: ")
                        .append(esc(ComparisonReport.detail(ch, c.significance(), "→"))).append("</li>\n");
            }
            html.append("</ul>\n");
        }
        if (!c.notCompared().isEmpty()) {
            html.append("<p class=\"muted\">Not compared (skipped, or not selected in this run): ")
                    .append(esc(String.join(", ", c.notCompared()))).append("</p>\n");
        }
        html.append("</section>\n");
    }

    private static void count(StringBuilder html, CaseStatus status, int n) {
        html.append("<li><span class=\"badge ").append(status.wireName()).append("\">").append(n).append(' ')
                .append(status.wireName()).append("</span></li>");
    }

    private static void writeCaseTable(StringBuilder html, SuiteResult result, List<CaseResult> cases,
                                       List<String> anchors, Set<String> regressed) {
        Summary s = result.summary();
        html.append("<nav class=\"filters\" id=\"filters\" aria-label=\"Filter cases\" hidden>")
                .append("<button type=\"button\" data-filter=\"all\" aria-pressed=\"true\">All ").append(s.cases())
                .append("</button>");
        filter(html, CaseStatus.FAILED, s.failed());
        filter(html, CaseStatus.ERRORED, s.errored());
        filter(html, CaseStatus.SKIPPED, s.skipped());
        if (s.undecided() > 0) {
            filter(html, CaseStatus.UNDECIDED, s.undecided());
        }
        filter(html, CaseStatus.PASSED, s.passed());
        html.append("<button type=\"button\" data-open=\"true\">Expand all</button>")
                .append("<button type=\"button\" data-open=\"false\">Collapse all</button></nav>\n");
        html.append("<section id=\"cases\" aria-label=\"Cases\">\n<h2>Cases</h2>\n");
        if (result.cases().isEmpty()) {
            return;
        }
        // Sorted by verdict (failures first); the script makes each header a sort button (data-sort:
        // text, or num for cells' data-value).
        html.append("<div class=\"scroll\"><table id=\"case-table\">\n<thead><tr><th data-sort=\"text\">Case</th>")
                .append("<th data-sort=\"num\" aria-sort=\"ascending\">Verdict</th>")
                .append("<th class=\"num opt\" data-sort=\"num\">Time</th>")
                .append("<th class=\"num opt\" data-sort=\"num\">Tokens in / out</th>")
                .append("<th class=\"num opt\" data-sort=\"num\">Cost</th><th class=\"why\" data-sort=\"text\">Why</th>")
                .append("</tr></thead>\n<tbody>\n");
        for (int i = 0; i < cases.size(); i++) {
            CaseResult c = cases.get(i);
            boolean regression = regressed.contains(c.id());
            html.append("<tr data-case-status=\"").append(c.status().wireName()).append('"')
                    .append(regression ? " class=\"regression\"" : "").append("><td class=\"case-id\"><a href=\"#")
                    .append(anchors.get(i)).append("\"><code>").append(esc(c.id())).append("</code></a></td><td data-value=\"")
                    .append(rank(c.status())).append("\">");
            badge(html, c.status());
            if (regression) {
                html.append(" <span class=\"badge regression\">regression</span>");
            }
            Usage u = c.usage();
            long tokenCount = u == null ? -1 : (u.inputTokens() == null ? 0 : u.inputTokens())
                    + (u.outputTokens() == null ? 0 : u.outputTokens());
            html.append("</td><td class=\"num opt\" data-value=\"")
                    .append(c.status() == CaseStatus.SKIPPED ? -1 : c.duration().toMillis()).append("\">")
                    .append(c.status() == CaseStatus.SKIPPED ? "" : ReportText.secondsText(c.duration()))
                    .append("</td><td class=\"num opt\" data-value=\"").append(tokenCount).append("\">").append(tokens(u))
                    .append("</td><td class=\"num opt\" data-value=\"")
                    .append(u == null || u.cost() == null ? "-1" : ReportText.number(u.cost())).append("\">")
                    .append(cost(u)).append("</td><td class=\"why\">");
            List<String> errors = ReportText.errorLines(c);
            String why = !errors.isEmpty() ? errors.get(0) + (errors.size() > 1 ? " (+" + (errors.size() - 1)
                    + " more)" : "") : c.reason();
            html.append(esc(why)).append("</td></tr>\n");
        }
        html.append("</tbody>\n</table></div>\n");
    }

    private static void filter(StringBuilder html, CaseStatus status, int n) {
        html.append("<button type=\"button\" data-filter=\"").append(status.wireName())
                .append("\" aria-pressed=\"false\">").append(capitalized(status.wireName())).append(' ').append(n)
                .append("</button>");
    }

    private static void writeCase(StringBuilder html, CaseResult c, String anchor, boolean regression) {
        boolean open = c.status() == CaseStatus.FAILED || c.status() == CaseStatus.ERRORED
                || c.status() == CaseStatus.UNDECIDED;
        html.append("<details class=\"case").append(regression ? " regression" : "").append("\" id=\"")
                .append(anchor).append("\" data-case-status=\"")
                .append(c.status().wireName()).append('"').append(open ? " open" : "").append(">\n<summary>");
        badge(html, c.status());
        if (regression) {
            html.append(" <span class=\"badge regression\">regression</span>");
        }
        html.append(" <code class=\"id\">").append(esc(c.id())).append("</code>");
        if (c.status() != CaseStatus.SKIPPED) {
            html.append(" <span class=\"muted\">").append(ReportText.secondsText(c.duration())).append("</span>");
        }
        String usage = ReportText.usage(c.usage());
        if (usage != null) {
            html.append(" <span class=\"muted\">").append(esc(usage)).append("</span>");
        }
        html.append("</summary>\n<div class=\"case-body\">\n<dl class=\"facts\">\n");
        if (!c.tags().isEmpty()) {
            fact(html, "Tags", c.tags().stream().map(t -> "<code>" + esc(t) + "</code>")
                    .collect(Collectors.joining(", ")));
        }
        if (!c.expectPass()) {
            fact(html, "Expectation", "expected to fail (passes when a scorer fails)");
        }
        if (c.attempts().size() > 1) {
            fact(html, "Attempts", esc(ReportText.attempts(c)));
        }
        if (!c.reason().isEmpty()) {
            fact(html, "Reason", esc(c.reason()));
        }
        html.append("</dl>\n");

        List<String> errors = ReportText.errorLines(c);
        if (!errors.isEmpty()) {
            html.append("<h3>Failed checks and harness failures</h3>\n<ul class=\"errors\">\n");
            for (String e : errors) {
                html.append("<li>").append(esc(e)).append("</li>\n");
            }
            html.append("</ul>\n");
        }

        if (c.attempts().size() > 1) {
            for (CaseAttempt a : c.attempts()) {
                html.append("<details class=\"attempt\"").append(a.passed() ? "" : " open").append("><summary>")
                        .append("Attempt ").append(a.attempt()).append(": ");
                badge(html, a.status());
                html.append(" <span class=\"muted\">").append(ReportText.secondsText(a.duration()))
                        .append("</span></summary>\n");
                if (!a.reason().isEmpty()) {
                    html.append("<p>").append(esc(a.reason())).append("</p>\n");
                }
                for (TurnResult t : a.turns()) {
                    writeTurn(html, t);
                }
                html.append("</details>\n");
            }
        } else {
            for (TurnResult t : c.turns()) {
                writeTurn(html, t);
            }
        }
        html.append("</div>\n</details>\n");
    }

    private static void writeTurn(StringBuilder html, TurnResult t) {
        html.append("<section class=\"turn\">\n<h4>Turn ").append(t.index());
        if (t.name() != null) {
            html.append(": ").append(esc(t.name()));
        }
        html.append(" <span class=\"muted\">(").append(ReportText.secondsText(t.duration())).append(")</span></h4>\n");
        message(html, "Input", t.input());
        if (t.answer() != null) {
            message(html, "Answer", t.answer());
        } else {
            html.append("<div class=\"msg\"><span class=\"label\">Answer</span> <span class=\"muted\">none</span>"
                    + "</div>\n");
        }
        html.append("<dl class=\"facts\">\n");
        if (t.state() != null) {
            fact(html, "State", "<code>" + esc(t.state().wireName()) + "</code>");
        }
        String usage = ReportText.usage(t.usage());
        if (usage != null) {
            fact(html, "Usage", esc(usage));
        }
        if (t.traceUrl() != null && (t.traceUrl().startsWith("https://") || t.traceUrl().startsWith("http://"))) {
            fact(html, "Trace", "<a href=\"" + esc(t.traceUrl()) + "\" rel=\"noopener\">" + esc(t.traceUrl()) + "</a>");
        }
        if (t.harnessFailure() != null) {
            fact(html, "Harness failure", "<span class=\"errored\">"
                    + esc(ReportText.harnessFailure(t.harnessFailure())) + "</span>");
        }
        html.append("</dl>\n");
        if (!t.toolCalls().isEmpty()) {
            html.append("<div class=\"msg\"><span class=\"label\">toolsCalled</span>\n<ol class=\"tools\">\n");
            for (ToolCall call : t.toolCalls()) {
                html.append("<li><code>").append(esc(call.name())).append("</code> <code>")
                        .append(esc(JsonTrees.compact(call.arguments()))).append("</code>");
                if (call.result() != null) {
                    html.append(" → <code>").append(esc(JsonTrees.compact(call.result()))).append("</code>");
                }
                html.append("</li>\n");
            }
            html.append("</ol>\n</div>\n");
        }
        if (!t.scores().isEmpty()) {
            writeScores(html, t.scores());
        }
        if (t.request() != null) {
            raw(html, "Request as sent", JsonTrees.pretty(t.request()));
        }
        if (t.response() != null) {
            raw(html, "Raw response", JsonTrees.pretty(t.response()));
        }
        html.append("</section>\n");
    }

    private static void writeScores(StringBuilder html, List<ScoreResult> scores) {
        html.append("<div class=\"scroll\"><table class=\"scores\">\n<thead><tr><th>Scorer</th><th>Verdict</th>")
                .append("<th class=\"num\">Score</th><th>Reason and checks</th></tr></thead>\n<tbody>\n");
        for (ScoreResult s : scores) {
            html.append("<tr><td><code>").append(esc(s.type())).append("</code></td><td><span class=\"")
                    .append(scoreClass(s.status())).append("\">").append(s.status().wireName())
                    .append("</span></td><td class=\"num\">")
                    .append(s.value() == null ? "" : ReportText.number(s.value())).append("</td><td>");
            if (showReason(s)) {
                html.append("<div>").append(esc(s.reason())).append("</div>");
            }
            if (!s.checks().isEmpty()) {
                html.append("<ul class=\"checks\">");
                for (Check c : s.checks()) {
                    html.append("<li class=\"").append(c.passed() ? "passed" : "failed").append("\">")
                            .append(c.passed() ? "✓" : "✗").append(' ').append(esc(c.label()))
                            .append(": ").append(esc(c.detail())).append("</li>");
                }
                html.append("</ul>");
            }
            if (s.failure() != null) {
                html.append("<div class=\"errored\">").append(esc(ReportText.harnessFailure(s.failure())))
                        .append("</div>");
            }
            String usage = ReportText.usage(s.usage());
            if (usage != null) {
                html.append("<div class=\"muted\">judge usage: ").append(esc(usage)).append("</div>");
            }
            html.append("</td></tr>\n");
        }
        html.append("</tbody>\n</table></div>\n");
    }

    /**
     * False when the reason only repeats the checks (as {@link ScoreResult#ofChecks} writes it, or a
     * judge scorer's single check whose detail is the judge's reason), or merely restates the
     * failure shown below it.
     */
    private static boolean showReason(ScoreResult s) {
        if (s.reason().isEmpty()) {
            return false;
        }
        if (s.failure() != null && s.reason().equals(s.failure().message())) {
            return false;
        }
        if (s.checks().isEmpty()) {
            return true;
        }
        String derived = s.checks().stream().filter(c -> !c.passed()).map(c -> c.label() + ": " + c.detail())
                .collect(Collectors.joining("; "));
        return !s.reason().equals(derived) && s.checks().stream().noneMatch(c -> c.detail().equals(s.reason()));
    }

    private static void message(StringBuilder html, String label, String text) {
        html.append("<div class=\"msg\"><span class=\"label\">").append(label).append("</span>\n<pre>");
        if (text.isEmpty()) {
            html.append("<span class=\"muted\">(empty)</span>");
        } else {
            // A newline right after <pre> is dropped by the parser: write one, so the text's own first line break stays.
            html.append('\n').append(esc(text));
        }
        html.append("</pre></div>\n");
    }

    private static void raw(StringBuilder html, String label, String json) {
        html.append("<details class=\"raw\"><summary>").append(label).append("</summary>\n<pre>\n")
                .append(esc(json)).append("</pre></details>\n");
    }

    private static void fact(StringBuilder html, String term, String definitionHtml) {
        html.append("<dt>").append(term).append("</dt><dd>").append(definitionHtml).append("</dd>\n");
    }

    private static void badge(StringBuilder html, CaseStatus status) {
        html.append("<span class=\"badge ").append(status.wireName()).append("\">")
                .append(mark(status)).append(' ').append(status.wireName()).append("</span>");
    }

    private static String mark(CaseStatus status) {
        return switch (status) {
            case PASSED -> "✓";
            case FAILED -> "✗";
            case ERRORED -> "!";
            case SKIPPED -> "–";
            case UNDECIDED -> "?";
        };
    }

    private static String scoreClass(ScoreStatus status) {
        return switch (status) {
            case PASSED -> "passed";
            case FAILED -> "failed";
            case ERRORED -> "errored";
            case SKIPPED -> "skipped";
            case UNDECIDED -> "undecided";
        };
    }

    private static String tokens(Usage u) {
        if (u == null || (u.inputTokens() == null && u.outputTokens() == null)) {
            return "";
        }
        return (u.inputTokens() == null ? "–" : u.inputTokens().toString()) + " / "
                + (u.outputTokens() == null ? "–" : u.outputTokens().toString());
    }

    private static String cost(Usage u) {
        if (u == null) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        if (u.cost() != null) {
            parts.add(ReportText.cost(u));
        }
        if (u.credits() != null) {
            parts.add(ReportText.number(u.credits()) + " credits");
        }
        return String.join(" · ", parts);
    }

    private static String capitalized(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
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
