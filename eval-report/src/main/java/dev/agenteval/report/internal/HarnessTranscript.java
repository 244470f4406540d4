package dev.agenteval.report.internal;

import static dev.agenteval.report.internal.MarkdownReport.code;
import static dev.agenteval.report.internal.MarkdownReport.fenced;
import static dev.agenteval.report.internal.MarkdownReport.inline;

import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.InfrastructureFailure;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.TurnResult;
import dev.agenteval.api.Usage;
import dev.agenteval.common.json.JsonTrees;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;

/**
 * The Markdown sibling of the harness result file ({@link HarnessReport}), as the harness writes
 * it beside its JSON: per entry the duration, a {@code Trace:} line when a trace link is known,
 * an {@code Errors:} line derived from the failed checks only, a {@code Harness error:} line when
 * the harness gave out, and the pretty-printed input (the request as sent) and output (the raw
 * response), step by step for a sequential case. Cases that were not run are listed at the end.
 */
public final class HarnessTranscript {

    private HarnessTranscript() {
    }

    /** The Markdown text, ending with a newline. */
    public static String render(SuiteResult result) {
        return FileSink.render(HarnessTranscript::write, result);
    }

    /** Writes the Markdown text case by case. */
    public static void write(SuiteResult result, Writer out) throws IOException {
        StringBuilder md = new StringBuilder();
        md.append("# Eval results: ").append(inline(result.suite())).append("\n\n");
        md.append("Started ").append(result.startedAt()).append(" · ")
                .append(ReportText.secondsText(result.duration())).append(" · ")
                .append(ReportText.counts(result.summary())).append("\n\n");
        if (!result.complete()) {
            md.append("> ⚠️ **INCOMPLETE run**: the run was interrupted or stopped early; the cases that did not"
                    + " run are listed at the end.\n\n");
        }
        out.append(md);
        List<CaseResult> notRun = new ArrayList<>();
        for (CaseResult c : result.cases()) {
            if (c.status() == CaseStatus.SKIPPED) {
                notRun.add(c);
            }
            for (HarnessReport.Run run : HarnessReport.runs(c)) {
                md.setLength(0);
                appendRun(md, run);
                out.append(md);
            }
        }
        if (!notRun.isEmpty()) {
            md.setLength(0);
            md.append("## Not run\n\n");
            for (CaseResult c : notRun) {
                md.append("- ").append(code(c.id())).append(c.reason().isEmpty() ? "" : ": " + inline(c.reason()))
                        .append('\n');
            }
            out.append(md).append('\n');
        }
        out.flush();
    }

    private static void appendRun(StringBuilder md, HarnessReport.Run run) {
        md.append("## ").append(run.success() ? "✅ " : "❌ ").append(code(run.name())).append("\n\n");
        md.append("Duration: ").append(ReportText.secondsText(run.attempt().duration())).append("  \n");
        if (run.agentId() != null) {
            md.append("Agent: ").append(code(run.agentId())).append("  \n");
        }
        String usage = ReportText.usage(Usage.sum(run.turns().stream().map(TurnResult::usage).toList()));
        if (usage != null) {
            md.append("Usage: ").append(usage).append("  \n");
        }
        if (!run.sequential()) {
            for (TurnResult t : run.turns()) {
                appendStepLines(md, t);
                md.append('\n');
                appendExchange(md, t, "###");
            }
            if (run.turns().isEmpty()) {
                md.append('\n');
            }
            return;
        }
        List<String> errors = new ArrayList<>();
        for (TurnResult t : run.turns()) {
            String step = "step " + t.index() + (t.name() == null ? "" : " (" + t.name() + ")") + ": ";
            HarnessReport.failedChecks(t).forEach(e -> errors.add(step + e));
        }
        if (!errors.isEmpty()) {
            md.append("Errors: ").append(inline(String.join("; ", errors))).append("  \n");
        }
        md.append('\n');
        for (TurnResult t : run.turns()) {
            md.append("### Step ").append(t.index()).append(t.name() == null ? "" : ": " + inline(t.name()))
                    .append(t.passed() ? " ✅" : " ❌").append("\n\n");
            md.append("Duration: ").append(ReportText.secondsText(t.duration())).append("  \n");
            appendStepLines(md, t);
            md.append('\n');
            appendExchange(md, t, "####");
        }
    }

    /** The Trace, Errors and Harness error lines of a step, each when it has something to say. */
    private static void appendStepLines(StringBuilder md, TurnResult t) {
        if (t.traceUrl() != null) {
            md.append("Trace: ").append(inline(t.traceUrl())).append("  \n");
        }
        List<String> errors = HarnessReport.failedChecks(t);
        if (!errors.isEmpty()) {
            md.append("Errors: ").append(inline(String.join("; ", errors))).append("  \n");
        }
        InfrastructureFailure f = HarnessReport.harnessError(t);
        if (f != null) {
            md.append("Harness error: ").append(inline(ReportText.harnessFailure(f))).append("  \n");
        }
    }

    private static void appendExchange(StringBuilder md, TurnResult t, String heading) {
        boolean aborted = HarnessReport.aborted(t);
        md.append(heading).append(" Input\n\n").append(pretty(aborted ? null : t.request(), aborted)).append('\n');
        md.append(heading).append(" Output\n\n").append(pretty(aborted ? null : t.response(), aborted)).append('\n');
    }

    private static String pretty(Object json, boolean aborted) {
        if (json == null) {
            return aborted ? "_none: the step was aborted_\n" : "_none_\n";
        }
        return fenced(JsonTrees.pretty(json), "json");
    }
}
