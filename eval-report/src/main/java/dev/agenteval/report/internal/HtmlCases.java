package dev.agenteval.report.internal;

import static dev.agenteval.report.internal.HtmlReport.esc;
import static dev.agenteval.report.internal.HtmlReport.fact;

import dev.agenteval.api.CaseAttempt;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.Check;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.Summary;
import dev.agenteval.api.ToolCall;
import dev.agenteval.api.TurnResult;
import dev.agenteval.api.Usage;
import dev.agenteval.common.json.JsonTrees;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The cases of {@link HtmlReport}'s page: the filter bar, the sortable case table, and each case's
 * block with its attempts, turns, tool calls and scores.
 */
final class HtmlCases {

    private HtmlCases() {
    }

    static void writeCaseTable(StringBuilder html, SuiteResult result, List<CaseResult> cases,
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
                    .append(HtmlReport.rank(c.status())).append("\">");
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

    static void writeCase(StringBuilder html, CaseResult c, String anchor, boolean regression) {
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
                if (call.error() != null) {
                    html.append(" → <span class=\"errored\">error: <code>").append(esc(call.error())).append("</code></span>");
                } else if (call.result() != null) {
                    html.append(" → <code>").append(esc(JsonTrees.compact(call.result()))).append("</code>");
                }
                html.append(call.mocked() ? " <span class=\"label\">mocked</span></li>\n" : "</li>\n");
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
}
