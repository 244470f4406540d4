package dev.agenteval.yaml;

import dev.agenteval.api.AgentException;
import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.Message;
import dev.agenteval.api.Suite;
import dev.agenteval.api.TaskState;
import dev.agenteval.api.ToolCall;
import dev.agenteval.spi.AgentClient;
import dev.agenteval.spi.AgentSession;
import dev.agenteval.spi.SessionRequest;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.yaml.snakeyaml.DumperOptions.FlowStyle;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * Turns a conversation with an agent into a test case ("save as test case"): sends the inputs,
 * one turn each, on one session, and writes a platform-dialect case whose expected tools are the
 * tools the agent called on each turn, in order ({@code tools_in_order}, other calls allowed
 * between), with a commented-out rubric for a person to fill in.
 *
 * <pre>{@code
 * CaseRecorder recorder = CaseRecorder.builder().agent(agent).build();
 * CaseRecorder.Recording r = recorder.record("refund-status", List.of("Where is my refund for order 42?"));
 * recorder.save(r, Path.of("support-agent/eval/eval.yaml"));   // appends, or creates the file
 * }</pre>
 *
 * writes
 *
 * <pre>
 *   - id: "refund-status"
 *     # Recorded from the agent's answers: the tools it called, in order. Add a rubric.
 *     turns:
 *       - input: "Where is my refund for order 42?"
 *         # The agent answered: "Your refund for order 42 was issued on ..."
 *         scorers:
 *           - type: tools_in_order
 *             expected: ["find_order", "refund_status"]
 *           # What a good answer does, in plain words, for the judge:
 *           # - type: rubric
 *           #   rubric: "..."
 *           # or: - type: correctness
 *           #       criteria: "..."
 * </pre>
 *
 * A turn on which the agent called no tool has no scorer; when no turn called one, the last
 * turn checks that the agent answered with some text ({@code regex: "\S"}), because a platform
 * case needs a scored turn. {@link #save} appends the case to the file's {@code cases} list
 * (keeping everything else in the file as written) or creates the file, and only replaces the
 * file once the result loads with {@link SuiteLoader} and holds the new case. Thread-safe.
 */
public final class CaseRecorder {

    private static final Logger LOG = LoggerFactory.getLogger(CaseRecorder.class);
    private static final int ANSWER_PREVIEW = 200;

    private final AgentClient agent;
    private final SuiteLoader loader;

    private CaseRecorder(Builder b) {
        this.agent = Objects.requireNonNull(b.agent, "agent must be set");
        this.loader = b.loader != null ? b.loader : SuiteLoader.defaults();
    }

    /** A new builder. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * What the agent did on one turn.
     *
     * @param input  the text sent; never null
     * @param answer the answer text; never null, may be empty
     * @param state  the task state, or null when the protocol has none
     * @param tools  the names of the tools the agent called, in call order; never null
     */
    public record RecordedTurn(String input, String answer, TaskState state, List<String> tools) {
        /** Validates and copies. */
        public RecordedTurn {
            Objects.requireNonNull(input, "input");
            Objects.requireNonNull(answer, "answer");
            tools = List.copyOf(Objects.requireNonNull(tools, "tools"));
        }
    }

    /**
     * A recorded conversation, ready to be written as a case.
     *
     * @param caseId the id of the case to write; never blank
     * @param turns  the turns, at least one; never null
     */
    public record Recording(String caseId, List<RecordedTurn> turns) {
        /** Validates and copies. */
        public Recording {
            requireId(caseId);
            turns = List.copyOf(Objects.requireNonNull(turns, "turns"));
            if (turns.isEmpty()) {
                throw new IllegalArgumentException("a recording needs at least one turn");
            }
        }

        /** Every tool called, turn after turn, in order. */
        public List<String> tools() {
            return turns.stream().flatMap(t -> t.tools().stream()).toList();
        }
    }

    /**
     * Sends {@code inputs} to the agent, one turn each, on one new session.
     *
     * @param caseId the id the case will have; also sent as the session's case id
     * @param inputs the user messages, at least one, none blank
     * @throws AgentException when the agent could not be reached or answered with a task that
     *                        failed, was rejected or canceled (nothing worth recording)
     * @throws InterruptedException when the thread was interrupted while waiting for the agent
     */
    public Recording record(String caseId, List<String> inputs) throws InterruptedException {
        requireId(caseId);
        Objects.requireNonNull(inputs, "inputs");
        if (inputs.isEmpty()) {
            throw new IllegalArgumentException("give at least one input to send");
        }
        for (int i = 0; i < inputs.size(); i++) {
            if (inputs.get(i) == null || inputs.get(i).isBlank()) {
                throw new IllegalArgumentException("input " + (i + 1) + " is blank");
            }
        }
        List<RecordedTurn> turns = new ArrayList<>();
        try (AgentSession session = agent.openSession(SessionRequest.of(caseId))) {
            for (int i = 0; i < inputs.size(); i++) {
                AgentResponse response = session.send(Message.user(inputs.get(i)));
                TaskState state = response.state().orElse(null);
                if (state != null && state.isFailure()) {
                    throw new AgentException(FailureCode.INVALID_RESPONSE, "turn " + (i + 1) + ": the agent's task ended in '"
                            + state.wireName() + "' (" + preview(response.text()) + "): nothing recorded");
                }
                List<String> tools = response.toolCalls().stream().map(ToolCall::name).toList();
                LOG.debug("Recorded turn {} of case '{}': {} tool call(s)", i + 1, caseId, tools.size());
                turns.add(new RecordedTurn(inputs.get(i), response.text(), state, tools));
            }
        }
        return new Recording(caseId, turns);
    }

    /**
     * The case as a YAML list item at {@code dashColumn} (the column of the {@code -} of the
     * {@code cases} list it joins), ending with a newline.
     */
    public static String toYaml(Recording recording, int dashColumn) {
        Objects.requireNonNull(recording, "recording");
        if (dashColumn < 0) {
            throw new IllegalArgumentException("dashColumn must be >= 0 but was " + dashColumn);
        }
        String pad = " ".repeat(dashColumn);
        String in = pad + "  ";
        StringBuilder sb = new StringBuilder();
        sb.append(pad).append("- id: ").append(quote(recording.caseId())).append('\n');
        sb.append(in).append("# Recorded from the agent's answers: the tools it called, in order. Add a rubric.\n");
        sb.append(in).append("turns:\n");
        boolean anyTools = recording.turns().stream().anyMatch(t -> !t.tools().isEmpty());
        List<RecordedTurn> turns = recording.turns();
        for (int i = 0; i < turns.size(); i++) {
            RecordedTurn t = turns.get(i);
            boolean last = i == turns.size() - 1;
            String turn = in + "  ";
            String item = turn + "  ";
            sb.append(turn).append("- input: ").append(quote(t.input())).append('\n');
            sb.append(item).append("# The agent answered: ").append(preview(t.answer())).append('\n');
            boolean answered = !anyTools && last;
            if (!t.tools().isEmpty() || answered) {
                sb.append(item).append("scorers:\n");
                if (answered) {
                    sb.append(item).append("  # No tool was called: this checks that the agent answered with some text.\n");
                    sb.append(item).append("  - type: regex\n");
                    sb.append(item).append("    pattern: ").append(quote("\\S")).append('\n');
                } else {
                    sb.append(item).append("  - type: tools_in_order\n");
                    sb.append(item).append("    expected: [")
                            .append(String.join(", ", t.tools().stream().map(CaseRecorder::quote).toList()))
                            .append("]\n");
                }
                if (last) {
                    rubricPlaceholder(sb, item + "  ");
                }
            } else if (last) {
                sb.append(item).append("# scorers:\n");
                rubricPlaceholder(sb, item + "  ");
            }
        }
        return sb.toString();
    }

    private static void rubricPlaceholder(StringBuilder sb, String at) {
        sb.append(at).append("# What a good answer does, in plain words, for the judge:\n");
        sb.append(at).append("# - type: rubric\n");
        sb.append(at).append("#   rubric: \"...\"\n");
        sb.append(at).append("# or: - type: correctness\n");
        sb.append(at).append("#       criteria: \"...\"\n");
    }

    /**
     * Appends the recorded case to the {@code cases} list of a platform-dialect suite file
     * (adding the list if the file has none, e.g. only {@code include}), or creates the file
     * (and its folders) holding just this case. Everything else in the file stays as written.
     * The file is replaced in one move, and only when the new text loads with the loader and
     * holds the case.
     *
     * @return the file written
     * @throws ConfigurationException when the file does not load now, is a harness-dialect suite,
     *                                writes {@code cases} in flow style ({@code [...]}), already has
     *                                a case with this id, or would not load with the case added
     */
    public Path save(Recording recording, Path suiteFile) {
        Objects.requireNonNull(recording, "recording");
        Objects.requireNonNull(suiteFile, "suiteFile");
        if (Files.isDirectory(suiteFile)) {
            throw new ConfigurationException(suiteFile + ": is a folder: name the suite file, e.g. "
                    + suiteFile.resolve("eval.yaml"));
        }
        String text;
        if (Files.exists(suiteFile)) {
            Suite existing = loader.load(suiteFile);
            if (existing.find(recording.caseId()).isPresent()) {
                throw new ConfigurationException(suiteFile + ": suite '" + existing.name() + "' already has a case '"
                        + recording.caseId() + "': choose another id");
            }
            text = withCaseAppended(suiteFile, read(suiteFile), recording);
        } else {
            text = "cases:\n" + toYaml(recording, 2);
        }
        write(suiteFile, text, recording.caseId());
        LOG.info("Recorded case '{}' ({} turn(s), tools: {}) into {}", recording.caseId(), recording.turns().size(),
                recording.tools(), suiteFile);
        return suiteFile;
    }

    /** A lower-case id from an input, e.g. {@code where-is-my-refund} from "Where is my refund?". */
    public static String idFrom(String input) {
        Objects.requireNonNull(input, "input");
        String ascii = Normalizer.normalize(input, Normalizer.Form.NFD).replaceAll("\\p{M}", "");
        String slug = ascii.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-+|-+$", "");
        String[] words = slug.split("-");
        StringBuilder id = new StringBuilder();
        for (String w : words) {
            if (w.isEmpty() || id.length() + w.length() + 1 > 40) {
                break;
            }
            if (id.length() > 0) {
                id.append('-');
            }
            id.append(w);
        }
        return id.length() == 0 ? "recorded-case" : id.toString();
    }

    private static void requireId(String caseId) {
        Objects.requireNonNull(caseId, "caseId");
        if (caseId.isBlank()) {
            throw new IllegalArgumentException("caseId must not be blank");
        }
    }

    private static String withCaseAppended(Path file, String text, Recording recording) {
        Node root;
        try {
            root = new Yaml(new SafeConstructor(new LoaderOptions())).compose(new StringReader(text));
        } catch (YAMLException e) {
            throw new ConfigurationException(file + ": cannot be read as one YAML document: " + e.getMessage(), e);
        }
        if (!(root instanceof MappingNode mapping)) {
            throw new ConfigurationException(file + ": the suite is not a mapping with 'cases'");
        }
        List<NodeTuple> entries = mapping.getValue();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < entries.size(); i++) {
            NodeTuple entry = entries.get(i);
            String key = entry.getKeyNode() instanceof ScalarNode s ? s.getValue() : "";
            if (key.equals("evals") || key.equals("globals")) {
                throw new ConfigurationException(file + ": is a harness-dialect suite ('" + key + "'): recorded cases are "
                        + "written in the platform dialect ('cases'); record into another file");
            }
            if (!key.equals("cases")) {
                continue;
            }
            if (!(entry.getValueNode() instanceof SequenceNode cases) || cases.getFlowStyle() == FlowStyle.FLOW) {
                throw new ConfigurationException(file + ":" + (entry.getKeyNode().getStartMark().getLine() + 1)
                        + ": 'cases' is not a block list ('- id: ...' items, one per line): write it as one to record into it");
            }
            int dashColumn = cases.getStartMark().getColumn();
            int insertAt = i + 1 < entries.size()
                    ? lineAfterLastContent(lines, entries.get(i + 1).getKeyNode().getStartMark().getLine())
                    : lineAfterLastContent(lines, lines.length);
            return insert(lines, insertAt, toYaml(recording, dashColumn));
        }
        String base = text.isEmpty() || text.endsWith("\n") ? text : text + "\n";
        return base + "cases:\n" + toYaml(recording, 2);
    }

    /**
     * The line to insert at so that the case follows the list's last item: before {@code next}
     * (the next root key, or the end), moving up over blank lines and comments at column 0,
     * which belong to what follows.
     */
    private static int lineAfterLastContent(String[] lines, int next) {
        int at = next;
        while (at > 0 && (lines[at - 1].isBlank() || lines[at - 1].startsWith("#"))) {
            at--;
        }
        return at;
    }

    private static String insert(String[] lines, int at, String block) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < at; i++) {
            sb.append(lines[i]).append('\n');
        }
        sb.append(block);
        for (int i = at; i < lines.length; i++) {
            sb.append(lines[i]);
            if (i < lines.length - 1) {
                sb.append('\n');
            }
        }
        return sb.toString();
    }

    private void write(Path file, String text, String caseId) {
        Path dir = file.toAbsolutePath().getParent();
        Path temp = null;
        try {
            Files.createDirectories(dir);
            temp = Files.createTempFile(dir, ".record-", ".yaml");
            Files.writeString(temp, text, StandardCharsets.UTF_8);
            Suite suite;
            try {
                suite = loader.load(temp);
            } catch (ConfigurationException e) {
                String tempName = temp.toString();
                throw new ConfigurationException(e.problems().stream()
                        .map(p -> file + ": with the recorded case the suite would not load: " + p.replace(tempName, file.toString()))
                        .toList());
            }
            if (suite.find(caseId).isEmpty()) {
                throw new ConfigurationException(file + ": the recorded case '" + caseId
                        + "' was not found after adding it; the file was left unchanged");
            }
            try {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
            temp = null;
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": could not be written: " + e.getMessage(), e);
        } finally {
            if (temp != null) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException e) {
                    LOG.warn("Could not delete the temporary file {}: {}", temp, e.toString());
                }
            }
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ConfigurationException(file + ": cannot be read: " + e.getMessage(), e);
        }
    }

    /** A one-line preview of an answer for a comment. */
    private static String preview(String answer) {
        String line = answer.strip().replaceAll("\\s+", " ");
        if (line.isEmpty()) {
            return "(no text)";
        }
        return quote(line.length() > ANSWER_PREVIEW ? line.substring(0, ANSWER_PREVIEW) + "…" : line);
    }

    /** A YAML double-quoted scalar: backslash, quote and control characters escaped. */
    static String quote(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                case '\r' -> sb.append("\\r");
                default -> {
                    if (c < 0x20 || c == 0x7F || c == 0x85 || c == '\u2028' || c == '\u2029' || c == '\uFEFF') {
                        sb.append(String.format("\\u%04X", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }

    /** Builder of a {@link CaseRecorder}. */
    public static final class Builder {
        private AgentClient agent;
        private SuiteLoader loader;

        private Builder() {
        }

        /** The agent to record. Required. */
        public Builder agent(AgentClient agent) {
            this.agent = Objects.requireNonNull(agent, "agent");
            return this;
        }

        /** The loader that checks the file before and after the case is added; default {@link SuiteLoader#defaults()}. */
        public Builder loader(SuiteLoader loader) {
            this.loader = Objects.requireNonNull(loader, "loader");
            return this;
        }

        /** Builds the recorder. */
        public CaseRecorder build() {
            if (agent == null) {
                throw new IllegalStateException("agent must be set");
            }
            return new CaseRecorder(this);
        }
    }
}
