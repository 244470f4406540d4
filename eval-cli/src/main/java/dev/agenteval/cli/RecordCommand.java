package dev.agenteval.cli;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.core.Providers;
import dev.agenteval.core.Recording;
import dev.agenteval.launch.Settings;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.yaml.CaseRecorder;
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
 * called ("save as test case").
 */
@Command(name = "record", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Sends one or more inputs (one turn each, one conversation) to an agent and writes a case "
                + "into a platform-dialect suite file: its expected tools are the tools the agent called on each turn, "
                + "in order (tools_in_order), with a commented-out rubric to fill in. Appends to the file's cases, "
                + "or creates the file.",
                "Exit codes: 0 recorded; 2 invalid command line or suite file (nothing written); "
                        + "3 the agent could not be reached or its task failed (nothing written)."})
final class RecordCommand implements Callable<Integer> {

    @Option(names = "--input", paramLabel = "TEXT", description = "A message to send (repeatable: one turn each, in order).")
    List<String> inputs = new ArrayList<>();

    @Option(names = "--input-file", paramLabel = "FILE", description = "A file of messages, one per line (blank lines skipped), sent as turns in order.")
    Path inputFile;

    @Option(names = "--to", paramLabel = "FILE", required = true, description = "The suite file to append the case to (created if missing), e.g. eval/eval.yaml.")
    Path to;

    @Option(names = "--id", paramLabel = "CASE_ID", description = "The new case's id (default: from the first input, e.g. where-is-my-refund).")
    String caseId;

    @Mixin
    AgentOptions agentOptions = new AgentOptions();

    @Option(names = {"-v", "--verbose"}, description = "More logging (repeat for debug).")
    boolean[] verbose = new boolean[0];

    @Option(names = {"-q", "--quiet"}, description = "Less output (repeat to silence logging).")
    boolean[] quiet = new boolean[0];

    private final AgentEvalCli.Context context;

    RecordCommand(AgentEvalCli.Context context) {
        this.context = context;
    }

    @Override
    // The locks and the interruption watch are held for the run; their bodies never name them.
    @SuppressWarnings("try")
    public Integer call() {
        // Discovered once: the environment's declared variables and the agent's protocol come from it.
        Providers providers = Providers.discover(RecordCommand.class.getClassLoader());
        Function<String, String> environment = Launching.environment(context, providers);
        Settings settings = Settings.commandLine(agentOptions.values(), environment);
        List<String> messages = messages(settings);
        String id = caseId != null ? caseId : CaseRecorder.idFrom(messages.get(0));
        Path file = context.workDir().resolve(to).normalize();
        Recording recording;
        try (Interruption watch = Interruption.watch();
             AgentClient agent = AgentOptions.create(settings, environment, context.workDir(), providers)) {
            CaseRecorder recorder = CaseRecorder.builder().agent(agent).build();
            recording = recorder.record(id, messages);
            recorder.save(recording, file);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            context.err().println("Interrupted: nothing recorded.");
            return AgentEvalCli.NOT_CARRIED_OUT;
        }
        context.out().println("Recorded case '" + id + "' into " + to + ":");
        for (int i = 0; i < recording.turns().size(); i++) {
            List<String> tools = recording.turns().get(i).tools();
            context.out().println("  turn " + (i + 1) + ": " + (tools.isEmpty() ? "no tool called"
                    : "expects " + String.join(", ", tools)));
        }
        context.out().println("Add a rubric: edit the commented '# - type: rubric' lines of case '" + id + "' in " + to + ".");
        return AgentEvalCli.OK;
    }

    private List<String> messages(Settings settings) {
        List<String> problems = new ArrayList<>();
        agentOptions.validate(problems, settings);
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
