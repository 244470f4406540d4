package dev.agenteval.cli;

import dev.agenteval.results.ResultsFile;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.core.Providers;
import dev.agenteval.launch.Settings;
import dev.agenteval.launch.Wiring;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.yaml.AgentFile;
import dev.agenteval.yaml.CaseRecorder;
import dev.agenteval.yaml.Recording;
import dev.agenteval.yaml.RecordingWriter;
import dev.agenteval.yaml.SuiteLoader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code agent-eval record}: sends inputs to an agent and writes a case expecting the tools it
 * called ("save as test case"), or writes one from a case of a past run's results.json
 * ({@code --from FILE --case ID}, no agent called).
 */
@Command(name = "record", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Sends one or more inputs (one turn each, one conversation) to an agent and writes a case "
                + "into a platform-dialect suite file: its expected tools are the tools the agent called on each turn, "
                + "in order (tools_in_order), with a commented-out rubric to fill in. Appends to the file's cases, "
                + "or creates the file.",
                "With --from FILE --case ID: the same from a case of a past run (its results.json), sending nothing.",
                "The suite file keeps its permissions; a read-only file is refused, and so is a symbolic link unless "
                        + "--follow-links.",
                "Exit codes: 0 recorded; 2 invalid command line, results or suite file (nothing written); "
                        + "3 the agent could not be reached or its task failed (nothing written)."})
final class RecordCommand implements Callable<Integer> {

    @Option(names = "--input", paramLabel = "TEXT", description = "A message to send (repeatable: one turn each, in order).")
    List<String> inputs = new ArrayList<>();

    @Option(names = "--input-file", paramLabel = "FILE", description = "A file of messages, one per line (blank lines skipped), sent as turns in order.")
    Path inputFile;

    @Option(names = "--from", paramLabel = "FILE", description = "Record from a past run instead of an agent: its results.json (or the report folder holding it). Sends nothing; needs --case.")
    Path from;

    @Option(names = "--case", paramLabel = "CASE_ID", description = "With --from: the case of that run to write, all its turns (inputs and the tools called, in order). The new case keeps its id unless --id is given.")
    String fromCase;

    @Option(names = "--replace", description = "Replace the case with the same id in --to (in place, the rest of the file as written) instead of refusing.")
    boolean replace;

    @Option(names = "--to", paramLabel = "FILE", required = true, description = "The suite file to append the case to (created if missing), e.g. eval/eval.yaml.")
    Path to;

    @Option(names = "--follow-links", description = "When --to is a symbolic link, write through it: the file it points to is replaced and the link stays (without this option such a file is refused).")
    boolean followLinks;

    @Option(names = "--id", paramLabel = "CASE_ID", description = "The new case's id (default: from the first input, e.g. where-is-my-refund).")
    String caseId;

    @Mixin
    AgentOptions agentOptions = new AgentOptions();

    @Mixin
    PluginOptions pluginOptions = new PluginOptions();

    @Mixin
    Verbosity verbosity = new Verbosity();

    private final AgentEvalCli.Context context;
    private final Plugins plugins;

    RecordCommand(AgentEvalCli.Context context) {
        this(context, new Plugins(context));
    }

    RecordCommand(AgentEvalCli.Context context, Plugins plugins) {
        this.context = context;
        this.plugins = plugins;
    }

    @Override
    // The locks and the interruption watch are held for the run; their bodies never name them.
    @SuppressWarnings("try")
    public Integer call() {
        if (from != null || fromCase != null) {
            return fromResults();
        }
        // Discovered once: the environment's declared variables and the agent's protocol come from it.
        Providers providers = plugins.providers(pluginOptions.dirs);
        Function<String, String> environment = Launching.environment(context, providers);
        Settings settings = Settings.commandLine(agentOptions.values(), environment);
        List<String> messages = messages(settings);
        String id = caseId != null ? caseId : CaseRecorder.idFrom(messages.get(0));
        Path file = context.workDir().resolve(to).normalize();
        // As run: a platform-chat agent named by nothing else is the one of the project's <name>.agent.yaml.
        String fileId = Wiring.needsAgentId(settings, environment, context.workDir())
                ? SuiteLoader.builder().providers(providers).build().agentFile(file)
                        .flatMap(AgentFile::externalIdIfSet).orElse(null)
                : null;
        Recording recording;
        try (Interruption watch = Interruption.watch();
             AgentClient agent = Wiring.agent(settings, environment, context.workDir(), providers, fileId)) {
            CaseRecorder recorder = CaseRecorder.builder().agent(agent).followLinks(followLinks).build();
            recording = recorder.record(id, messages);
            recorder.save(recording, file, replace);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            context.err().println("Interrupted: nothing recorded.");
            return AgentEvalCli.INTERRUPTED;
        }
        report(recording, id);
        return AgentEvalCli.OK;
    }

    /** {@code --from FILE --case ID}: a case of a past run, written without calling any agent. */
    private Integer fromResults() {
        List<String> problems = new ArrayList<>();
        if (from == null) {
            problems.add("--case names a case of a past run: give its results file with --from FILE");
        }
        if (fromCase == null) {
            problems.add("--from needs --case ID: the case of that run to record");
        } else if (fromCase.isBlank()) {
            problems.add("--case must not be blank");
        }
        if (!inputs.isEmpty() || inputFile != null) {
            problems.add("--from records a past run, --input/--input-file a new conversation: give one");
        }
        if (caseId != null && caseId.isBlank()) {
            problems.add("--id must not be blank");
        }
        if (!problems.isEmpty()) {
            throw new ConfigurationException(problems);
        }
        ResultFiles.Given given = ResultFiles.given(context.workDir(), from);
        Path resultsFile = given.file();
        String shown = given.shown();
        SuiteResult run;
        try {
            run = ResultsFile.read(resultsFile);
        } catch (ConfigurationException e) {
            throw new ConfigurationException(e.problems().stream().map(p -> p.replace(resultsFile.toString(), shown)).toList());
        }
        String id = caseId != null ? caseId : fromCase;
        Recording recording;
        try {
            recording = Recording.of(run, fromCase, id);
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException(shown + ": " + e.getMessage());
        }
        RecordingWriter.defaults().withFollowLinks(followLinks).save(recording, context.workDir().resolve(to).normalize(), replace);
        report(recording, id);
        return AgentEvalCli.OK;
    }

    private void report(Recording recording, String id) {
        context.out().println("Recorded case '" + id + "' into " + to + ":");
        for (int i = 0; i < recording.turns().size(); i++) {
            List<String> tools = recording.turns().get(i).tools();
            context.out().println("  turn " + (i + 1) + ": " + (tools.isEmpty() ? "no tool called"
                    : "expects " + String.join(", ", tools)));
        }
        context.out().println("Add a rubric: edit the commented '# - type: rubric' lines of case '" + id + "' in " + to + ".");
    }

    private List<String> messages(Settings settings) {
        List<String> problems = new ArrayList<>();
        problems.addAll(agentOptions.agentProblems(settings));
        if (!inputs.isEmpty() && inputFile != null) {
            problems.add("--input and --input-file are alternatives: give one");
        }
        List<String> messages = new ArrayList<>(inputs);
        if (inputFile != null) {
            Path file = context.workDir().resolve(inputFile);
            try {
                Files.readAllLines(file, StandardCharsets.UTF_8).stream().filter(l -> !l.isBlank()).forEach(messages::add);
                if (messages.isEmpty()) {
                    problems.add("--input-file " + inputFile + " holds no message (one per line)");
                }
            } catch (NoSuchFileException e) {
                problems.add("--input-file " + inputFile + ": no such file");
            } catch (IOException e) {
                problems.add("--input-file " + inputFile + ": cannot be read: " + e.getMessage());
            }
        } else if (inputs.isEmpty()) {
            problems.add("nothing to send: give --input TEXT (repeatable) or --input-file FILE");
        }
        for (int i = 0; i < inputs.size(); i++) {
            if (inputs.get(i).isBlank()) {
                problems.add("--input " + (i + 1) + " is blank");
            }
        }
        if (caseId != null && caseId.isBlank()) {
            problems.add("--id must not be blank");
        }
        if (!problems.isEmpty()) {
            throw new ConfigurationException(problems);
        }
        return messages;
    }
}
