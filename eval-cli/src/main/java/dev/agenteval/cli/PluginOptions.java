package dev.agenteval.cli;

import dev.agenteval.launch.Setting;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --plugin-path DIR}, a picocli mixin of every command that finds providers (run, validate,
 * show, record, merge, token); the command finds them through the invocation's {@link Plugins}.
 */
final class PluginOptions {

    @Option(names = Setting.Option.PLUGIN_PATH, paramLabel = "DIR",
            description = "A folder of plugin jars (repeatable, or folders separated by the path separator): every"
                    + " jar in it is added to the class loader scorers, --protocol clients, judges and --format report"
                    + " formats are found through. Default: AGENT_EVAL_PLUGIN_PATH.")
    List<String> dirs = new ArrayList<>();
}
