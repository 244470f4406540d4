package dev.agenteval.cli;

import dev.agenteval.core.Providers;
import dev.agenteval.spi.EnvironmentVariable;
import dev.agenteval.spi.Provider;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import picocli.CommandLine;

/**
 * The "Environment variables" section of {@code --help}, produced from the declarations of every
 * provider on the class path (the same declarations the code reads), plus the CLI's own.
 */
final class EnvironmentHelp {

    /** Variables the CLI itself reads. */
    static final List<EnvironmentVariable> CLI = List.of(
            EnvironmentVariable.setting("AGENT_EVAL_REPORT_DIR", null,
                    "Default for --report-dir: the folder for results.json, results.md and junit.xml."),
            EnvironmentVariable.setting(Wiring.REDACT_JUDGE_INPUT, "true",
                    "Default for --judge-redact-secrets: false sends the judge the run's secrets unmasked."));

    private EnvironmentHelp() {
    }

    /** Every declared variable, by name. */
    static Map<String, EnvironmentVariable> all() {
        Providers providers = Providers.discover(EnvironmentHelp.class.getClassLoader());
        Map<String, EnvironmentVariable> vars = new TreeMap<>();
        CLI.forEach(v -> vars.put(v.name(), v));
        dev.agenteval.judge.Judges.environmentVariables().forEach(v -> vars.putIfAbsent(v.name(), v));
        dev.agenteval.agents.AgentClients.environmentVariables().forEach(v -> vars.putIfAbsent(v.name(), v));
        List<Provider> all = new ArrayList<>();
        providers.agentClientIds().forEach(id -> all.add(providers.agentClient(id)));
        providers.judgeIds().forEach(id -> all.add(providers.judge(id)));
        for (Provider p : all) {
            p.environmentVariables().forEach(v -> vars.putIfAbsent(v.name(), v));
        }
        return vars;
    }

    /** The section as plain lines: each variable, then its effect wrapped and indented. */
    static String render() {
        StringBuilder sb = new StringBuilder();
        for (EnvironmentVariable v : all().values()) {
            String text = v.effect() + (v.defaultValue() == null ? "" : " Default: " + v.defaultValue() + ".")
                    + (v.secret() ? " Secret: never printed." : "");
            sb.append("  ").append(v.name()).append('\n');
            wrap(text, 72).forEach(line -> sb.append("      ").append(line).append('\n'));
        }
        sb.append("  A .env file in the working folder is read too; the real environment wins.\n");
        return sb.toString();
    }

    private static List<String> wrap(String text, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            if (line.length() > 0 && line.length() + 1 + word.length() > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            if (line.length() > 0) {
                line.append(' ');
            }
            line.append(word);
        }
        if (line.length() > 0) {
            lines.add(line.toString());
        }
        return lines;
    }

    static void addTo(CommandLine cli) {
        // Footers are format strings: escape '%' and let picocli print our own line breaks.
        String section = "%nEnvironment variables:%n" + render().replace("%", "%%").replace("\n", "%n");
        cli.getCommandSpec().usageMessage().footer(section);
        for (String name : new String[] {"run", "validate"}) {
            CommandLine sub = cli.getSubcommands().get(name);
            if (sub != null) {
                sub.getCommandSpec().usageMessage().footer(section);
            }
        }
    }
}
