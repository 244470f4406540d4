package dev.agenteval.cli;

import dev.agenteval.agents.EnvironmentTargets;
import dev.agenteval.agents.Targets;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.core.Environment;
import dev.agenteval.core.Providers;
import dev.agenteval.launch.Setting;
import dev.agenteval.launch.Wiring;
import dev.agenteval.spi.EnvironmentVariable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * The "Environment variables" section of {@code --help}, produced from the declarations of every
 * provider on the class path and in the plugin jars ({@code --plugin-path}) and of the launch
 * settings (the same declarations the code reads), and, for the commands that take {@code --env}, the "Environments" section: the harness's
 * variables ({@link EnvironmentTargets}) and the environments the targets file, the {@code .env}
 * file and the environment name. Both are rendered when help is asked for, not before.
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
        return render(all(), null);
    }

    /**
     * The section for {@code variables}; {@code problem}, when the plugins could not be loaded,
     * is said after them (the variables are then the built-ins').
     */
    private static String render(Map<String, EnvironmentVariable> variables, String problem) {
        StringBuilder sb = new StringBuilder();
        variables.values().forEach(v -> append(sb, v));
        if (problem != null) {
            sb.append("  Plugins not loaded, their variables not listed: ").append(problem).append('\n');
        }
        sb.append("  A .env file in the working folder is read too; the real environment wins.\n");
        return sb.toString();
    }

    private static void append(StringBuilder sb, EnvironmentVariable v) {
        String text = v.effect() + (v.defaultValue() == null ? "" : " Default: " + v.defaultValue() + ".")
                + (v.secret() ? " Secret: never printed." : "");
        sb.append("  ").append(v.name()).append('\n');
        wrap(text, 72).forEach(line -> sb.append("      ").append(line).append('\n'));
    }

    /**
     * The "Environments" section: how {@code --env NAME} resolves, the harness's variables, and
     * the environments found in the targets file, the {@code .env} file and the environment of
     * {@code context}.
     */
    static String renderEnvironments(AgentEvalCli.Context context) {
        StringBuilder sb = new StringBuilder();
        wrap("--env NAME is the target NAME of " + Targets.FILE_NAME + " in the working folder when that file names it;"
                + " else the environment these variables describe (NAME upper-cased, other characters than letters and"
                + " digits as _), as in the Python harness, with protocol " + EnvironmentTargets.DEFAULT_PROTOCOL
                + " unless --protocol names another. Credentials: the client id, secret and token URL when all are"
                + " set, else the static token; what is missing is one error naming every variable, before any"
                + " request.", 74).forEach(line -> sb.append("  ").append(line).append('\n'));
        EnvironmentTargets.variables().forEach(v -> append(sb, v));
        List<String> unreadable = new ArrayList<>();
        Map<String, String> found = found(context, unreadable);
        sb.append("  Found: ");
        if (found.isEmpty()) {
            sb.append("none (").append(EnvironmentTargets.LOCAL).append(" needs only AGENT_API_TOKEN_LOCAL)");
        } else {
            List<String> entries = new ArrayList<>();
            found.forEach((name, where) -> entries.add(name + " (" + where + ")"));
            sb.append(String.join(", ", entries));
        }
        sb.append('\n');
        unreadable.forEach(file -> sb.append("  ").append(file).append(" is invalid: agent-eval validate SUITE --env NAME")
                .append(" says why.\n"));
        return sb.toString();
    }

    /** The environments named, each with where: the targets file first, then {@code .env}, then the environment. */
    private static Map<String, String> found(AgentEvalCli.Context context, List<String> unreadable) {
        Map<String, String> found = new LinkedHashMap<>();
        Path targetsFile = context.workDir().resolve(Targets.FILE_NAME);
        if (Files.exists(targetsFile)) {
            try {
                Targets.load(targetsFile).names().forEach(n -> found.putIfAbsent(n, Targets.FILE_NAME));
            } catch (ConfigurationException e) {
                unreadable.add(Targets.FILE_NAME);
            }
        }
        try {
            Environment dotEnv = Environment.of(Map.of()).withDotEnv(context.workDir().resolve(Environment.DOT_ENV));
            EnvironmentTargets.named(dotEnv.dotEnvNames()).forEach(n -> found.putIfAbsent(n, Environment.DOT_ENV));
        } catch (ConfigurationException e) {
            unreadable.add(Environment.DOT_ENV);
        }
        EnvironmentTargets.named(context.environment().keySet()).forEach(n -> found.putIfAbsent(n, "environment"));
        return found;
    }

    /** {@code text} in lines of at most {@code width} characters (a longer word stands alone). */
    static List<String> wrap(String text, int width) {
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
     * Sets the footer of the top command and of the commands that take {@code --env}: the
     * variables and the environments (the same list, so that {@code agent-eval --help} and
     * {@code agent-eval run --help} name every variable the README's table does), rendered when
     * help is printed, not before: a command that shows no help does not discover the providers
     * for it (and the variables are rendered once however many helps are printed).
     */
    static void addTo(CommandLine cli, AgentEvalCli.Context context, Plugins plugins) {
        Function<Help, String> variables = new Function<>() {
            private String text;

            @Override
            public synchronized String apply(Help help) {
                if (text == null) {
                    text = "\nEnvironment variables:\n" + render(help, plugins);
                }
                return text;
            }
        };
        CommandLine.IHelpSectionRenderer footer = help -> lines(variables.apply(help)
                + "\nEnvironments (--env NAME):\n" + renderEnvironments(context));
        cli.getHelpSectionMap().put(UsageMessageSpec.SECTION_KEY_FOOTER, footer);
        for (String name : new String[] {"run", "validate", "record", "token"}) {
            CommandLine sub = cli.getSubcommands().get(name);
            if (sub != null) {
                sub.getHelpSectionMap().put(UsageMessageSpec.SECTION_KEY_FOOTER, footer);
            }
        }
    }

    /** The variables of the invocation's providers, the plugins of the command's {@code --plugin-path} included. */
    private static String render(Help help, Plugins plugins) {
        try {
            return render(Wiring.declaredVariables(providers(help, plugins)), null);
        } catch (ConfigurationException e) {
            return render(all(), String.join("; ", e.problems()));
        }
    }

    /**
     * The providers of the invocation whose help is printed, the plugins of its {@code --plugin-path} included.
     *
     * @throws ConfigurationException when the plugins cannot be loaded
     */
    static Providers providers(Help help, Plugins plugins) {
        OptionSpec option = help.commandSpec().findOption(Setting.Option.PLUGIN_PATH);
        List<String> dirs = option == null || option.getValue() == null ? List.of() : option.getValue();
        return plugins.providers(dirs);
    }

    private static String lines(String text) {
        return text.replace("\n", System.lineSeparator());
    }
}
