package dev.agenteval.report.internal;

import static dev.agenteval.report.internal.HtmlReport.esc;

import dev.agenteval.results.stats.Interval;
import dev.agenteval.results.stats.MeanEstimate;
import dev.agenteval.results.stats.internal.PassAtK;
import dev.agenteval.results.stats.internal.RunStatistics;
import dev.agenteval.results.stats.internal.ScorerStatistics;
import java.util.List;

/**
 * The statistics of {@link HtmlReport}'s page: the error bars drawn as SVG, the section of a
 * repeated run's attempt pass rate and pass@k / pass^k, and the section of the scorers' means with
 * their intervals.
 */
final class HtmlStatistics {

    private HtmlStatistics() {
    }

    /**
     * An error bar from {@code low} to {@code high} (in the viewBox's units, 0..100) across an SVG of
     * {@code height}: a line with a whisker at each end, drawn with strokes the viewBox does not stretch.
     */
    static void errorBar(StringBuilder html, String id, double low, double high, int height) {
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
     * With repeats: the attempt pass rate with its interval (as results.md words it), then pass@k and
     * pass^k for each k with the cases counted and left out; nothing without repeats.
     */
    static void writeAttempts(StringBuilder html, RunStatistics stats) {
        if (stats.attemptPassRate().isEmpty() && stats.passAtK().isEmpty()) {
            return;
        }
        // The scorers' section's class gives it the same spacing, so the style (and its hash) stays as it was.
        html.append("<section class=\"scorers attempts\" id=\"attempts\" aria-label=\"Attempts\">\n<h2>Attempts</h2>\n");
        stats.attemptPassRate().ifPresent(a -> html.append("<p id=\"attempt-pass-rate\">")
                .append(esc(ReportText.attemptPassRate(a, "–"))).append("</p>\n"));
        if (!stats.passAtK().isEmpty()) {
            html.append("<table class=\"pass-at-k\" id=\"pass-at-k\">\n<thead><tr>");
            for (String heading : List.of("k", "pass@k", "pass^k", "Cases", "Left out")) {
                html.append("<th class=\"num\">").append(esc(heading)).append("</th>");
            }
            html.append("</tr></thead>\n<tbody>\n");
            for (PassAtK k : stats.passAtK()) {
                html.append("<tr data-k=\"").append(k.k()).append("\">");
                for (String cell : List.of(String.valueOf(k.k()), ReportText.percent(k.passAtK()),
                        ReportText.percent(k.passHatK()), String.valueOf(k.cases()), String.valueOf(k.leftOut()))) {
                    html.append("<td class=\"num\">").append(esc(cell)).append("</td>");
                }
                html.append("</tr>\n");
            }
            html.append("</tbody>\n</table>\n");
        }
        html.append("</section>\n");
    }

    /**
     * Each scorer's mean score with its standard error, bootstrap interval and an error bar drawn on
     * a 0..1 scale (widened when a bound lies outside); nothing without numeric scores.
     */
    static void writeScorers(StringBuilder html, List<ScorerStatistics> scorers) {
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
}
