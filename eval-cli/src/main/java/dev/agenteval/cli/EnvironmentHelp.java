package dev.agenteval.cli;

import dev.agenteval.launch.Wiring;
import dev.agenteval.spi.EnvironmentVariable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import picocli.CommandLine;

/**
 * The "Environment variables" section of {@code --help}, produced from the declarations of every
 * provider on the class path and of the launch settings (the same declarations the code reads).
 */
final class EnvironmentHelp {

    private EnvironmentHelp() {
    }

    /**
     * Every declared variable, by name: the launch settings' ({@code AGENT_EVAL_AGENT_URL},
     * {@code AGENT_EVAL_REPORT_DIR}, ...) and every provider's ({@link Wiring#declaredVariables}).
     */
    static Map<String, EnvironmentVariable> all() {
        return Wiring.declaredVariables(EnvironmentHelp.class.getClassLoader());
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

    /**
     * Makes the section the footer of the help of {@code cli}, {@code run} and {@code validate}.
     * It is produced when help is shown, not before: a command that shows none does not discover
     * the providers for it.
     */
    static void addTo(CommandLine cli) {
        Supplier<String> section = new Supplier<>() {
            private String text;

            @Override
            public synchronized String get() {
                if (text == null) {
                    // Footers are format strings: escape '%' and let picocli print our own line breaks.
                    text = "%nEnvironment variables:%n" + render().replace("%", "%%").replace("\n", "%n");
                }
                return text;
            }
        };
        footer(cli, section);
        for (String name : new String[] {"run", "validate"}) {
            CommandLine sub = cli.getSubcommands().get(name);
            if (sub != null) {
                footer(sub, section);
            }
        }
    }

    private static void footer(CommandLine cli, Supplier<String> section) {
        cli.getHelpSectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_FOOTER, help -> {
            help.commandSpec().usageMessage().footer(section.get());
            return help.footer();
        });
    }
}
