package dev.agenteval.cli;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The exit codes of the command, each declared once: {@code --help}'s "Exit codes" section is
 * produced from these, and the README's exit-code table is checked against them (ReadmeTest).
 */
enum ExitCode {
    OK(AgentEvalCli.OK, "every selected case met its expectation (with --threshold: the gate was met)"),
    CASES_FAILED(AgentEvalCli.CASES_FAILED,
            "some case did not (or the gate was not met, or --fail-on-regression found a regression)"),
    INVALID(AgentEvalCli.INVALID, "the suite or the command line is invalid (an unknown command or option too),"
            + " or the report folder is unwritable or held by another run (nothing was sent)"),
    NOT_CARRIED_OUT(AgentEvalCli.NOT_CARRIED_OUT, "the run could not be carried out (agent unreachable for every case,"
            + " judge preflight failed, --opik health check failed)"),
    UPLOAD_FAILED(AgentEvalCli.UPLOAD_FAILED,
            "the run finished and its result files were written, but recording it in Opik (--opik) failed"),
    INTERRUPTED(AgentEvalCli.INTERRUPTED, "interrupted (Ctrl-C or SIGTERM); a run's reports hold the cases that"
            + " finished, marked \"complete\": false");

    private final int code;
    private final String meaning;

    ExitCode(int code, String meaning) {
        this.code = code;
        this.meaning = meaning;
    }

    int code() {
        return code;
    }

    String meaning() {
        return meaning;
    }

    /** The "Exit codes" section of {@code --help}: code to meaning, in order. */
    static Map<String, String> helpList() {
        Map<String, String> list = new LinkedHashMap<>();
        for (ExitCode c : values()) {
            list.put(String.valueOf(c.code), c.meaning);
        }
        return list;
    }
}
