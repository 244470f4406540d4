/**
 * What agent-eval's own modules share and users never see: one configured Jackson mapper with its
 * writers and tree conversions ({@code json}), did-you-mean suggestions, quoting and the
 * {@code {{placeholder}}} syntax ({@code text}), the base of the typed reader of provider
 * settings ({@code settings}), and the writing of files without following
 * a symbolic link ({@code files}). Every package is exported only to agent-eval's modules, so none
 * of it is API.
 */
// The qualified exports name modules built after this one; javac warns that it cannot see them yet.
@SuppressWarnings("module")
module dev.agenteval.common {
    requires transitive com.fasterxml.jackson.databind;

    exports dev.agenteval.common.json to dev.agenteval.core, dev.agenteval.http, dev.agenteval.agents, dev.agenteval.opik,
            dev.agenteval.judge, dev.agenteval.results, dev.agenteval.report, dev.agenteval.cli;
    exports dev.agenteval.common.text to dev.agenteval.core, dev.agenteval.scorers, dev.agenteval.http, dev.agenteval.yaml,
            dev.agenteval.agents, dev.agenteval.judge, dev.agenteval.cli;
    exports dev.agenteval.common.files to dev.agenteval.results, dev.agenteval.report, dev.agenteval.judge, dev.agenteval.cli;
    exports dev.agenteval.common.settings to dev.agenteval.http, dev.agenteval.agents;
}
