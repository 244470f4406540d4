package dev.agenteval.report.internal;

import static dev.agenteval.report.internal.HtmlReport.esc;

import dev.agenteval.results.BaselineComparison;
import dev.agenteval.results.stats.PairedComparison;
import dev.agenteval.results.stats.PairedComparison.ScorerDelta;

/**
 * The section of {@link HtmlReport}'s page comparing the run with a baseline: the change in pass
 * rate, the cases that changed, and the paired tests over the cases in both (McNemar's exact test
 * on the verdicts, each scorer's mean paired difference with its interval, p and Holm-adjusted p),
 * worded as in the console and results.md ({@link ComparisonReport}).
 */
final class HtmlComparison {

    private HtmlComparison() {
    }

    static void writeBaseline(StringBuilder html, BaselineComparison c) {
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
        if (c.paired().pairs() > 0) {
            writePaired(html, c);
        }
        if (!c.notCompared().isEmpty()) {
            html.append("<p class=\"muted\">Not compared (skipped, or not selected in this run): ")
                    .append(esc(String.join(", ", c.notCompared()))).append("</p>\n");
        }
        html.append("</section>\n");
    }

    /**
     * The McNemar line, its counts, p and verdict also as {@code data-} attributes, then a table of
     * the scorers' paired differences (none when no scorer has values on both sides).
     */
    private static void writePaired(StringBuilder html, BaselineComparison c) {
        PairedComparison p = c.paired();
        html.append("<p id=\"baseline-mcnemar\" data-passed-to-failed=\"").append(p.regressed())
                .append("\" data-failed-to-passed=\"").append(p.improved()).append("\" data-p=\"")
                .append(ReportText.number(p.mcnemarP())).append("\" data-significant=\"").append(p.significant())
                .append("\">").append(esc(ComparisonReport.pairedLine(c))).append(".</p>\n");
        if (p.scorers().isEmpty()) {
            return;
        }
        html.append("<div class=\"scroll\"><table class=\"paired\" id=\"baseline-scorers\">\n<thead><tr>")
                .append("<th>Scorer</th><th class=\"num\">Pairs</th><th class=\"num\">Mean difference</th>")
                .append("<th>Interval</th><th class=\"num\">p</th><th class=\"num\">Holm-adjusted p</th>")
                .append("<th>Significant</th></tr></thead>\n<tbody>\n");
        for (ScorerDelta d : p.scorers()) {
            boolean significant = d.significant(c.significance());
            html.append("<tr data-scorer=\"").append(esc(d.id())).append("\" data-significant=\"").append(significant)
                    .append("\"><td><code>").append(esc(d.id())).append("</code></td><td class=\"num\">").append(d.n())
                    .append("</td><td class=\"num\">").append(esc(ComparisonReport.signed(d.meanDelta())))
                    .append("</td><td class=\"interval\">").append(esc(ComparisonReport.deltaInterval(d.interval())))
                    .append("</td><td class=\"num\">").append(esc(ComparisonReport.pValue(d.p())))
                    .append("</td><td class=\"num\">").append(esc(ComparisonReport.pValue(d.pAdjusted())))
                    .append("</td><td>").append(significant ? "yes" : "no").append("</td></tr>\n");
        }
        html.append("</tbody>\n</table></div>\n<p class=\"muted\">Mean difference: now minus baseline, over the")
                .append(" cases scored on both sides, with its paired bootstrap interval; p: sign-flip permutation")
                .append(" test, Holm-adjusted across scorers; significant when the adjusted p is below ")
                .append(esc(ComparisonReport.pValue(c.significance()))).append(".</p>\n");
    }
}
