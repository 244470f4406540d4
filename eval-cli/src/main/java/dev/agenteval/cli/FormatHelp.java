package dev.agenteval.cli;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.core.Providers;
import dev.agenteval.report.Reports;
import dev.agenteval.spi.ReportFormat;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.UsageMessageSpec;
import picocli.CommandLine;

/**
 * The "Report formats" section of {@code run --help} and {@code validate --help}: every
 * {@link ReportFormat} the invocation finds, the plugins' of {@code --plugin-path} included, each
 * with the file it writes and its description, the defaults marked. Produced from the formats
 * themselves, so that a new format is listed without anything else naming it; rendered when help
 * is asked for, not before.
 */
final class FormatHelp {

    private static final String SECTION = "reportFormats";

    private FormatHelp() {
    }

    /** Adds the section before the footer of the commands that take {@code --format}. */
    static void addTo(CommandLine cli, Plugins plugins) {
        for (String name : new String[] {"run", "validate"}) {
            CommandLine sub = cli.getSubcommands().get(name);
            if (sub == null) {
                continue;
            }
            List<String> keys = new ArrayList<>(sub.getHelpSectionKeys());
            int footer = keys.indexOf(UsageMessageSpec.SECTION_KEY_FOOTER);
            keys.add(footer < 0 ? keys.size() : footer, SECTION);
            sub.setHelpSectionKeys(keys);
            sub.getHelpSectionMap().put(SECTION, help -> render(help, plugins).replace("\n", System.lineSeparator()));
        }
    }

    private static String render(Help help, Plugins plugins) {
        List<ReportFormat> formats;
        String problem = null;
        try {
            Providers providers = EnvironmentHelp.providers(help, plugins);
            formats = providers.reportFormatIds().stream().map(providers::reportFormat).toList();
        } catch (ConfigurationException e) {
            formats = Reports.formats();
            problem = String.join("; ", e.problems());
        }
        StringBuilder sb = new StringBuilder("\nReport formats (--format ID):\n");
        int width = formats.stream().mapToInt(f -> f.id().length()).max().orElse(0);
        for (ReportFormat f : formats) {
            String text = f.fileName() + (Reports.DEFAULT_FORMATS.contains(f.id()) ? " (default)" : "")
                    + (f.description() == null || f.description().isBlank() ? "" : ": " + f.description());
            List<String> lines = EnvironmentHelp.wrap(text, 72 - width);
            sb.append("  ").append(f.id()).append(" ".repeat(width - f.id().length() + 2)).append(lines.get(0)).append('\n');
            lines.subList(1, lines.size()).forEach(l -> sb.append(" ".repeat(width + 4)).append(l).append('\n'));
        }
        if (problem != null) {
            sb.append("  Plugins not loaded, their formats not listed: ").append(problem).append('\n');
        }
        return sb.toString();
    }
}
