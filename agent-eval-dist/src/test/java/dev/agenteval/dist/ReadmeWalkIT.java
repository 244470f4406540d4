package dev.agenteval.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Walks the README in order, as a new user pasting it into a new project would: every fenced block
 * holding commands ({@code ./agent-eval ...}, {@code agent-eval ...}, {@code ./mvnw ...}) is run with
 * the built distribution ({@code java -jar agent-eval.jar}) in one project folder outside the
 * repository, unless an HTML comment just before it says why it cannot run here
 * ({@code <!-- walk: skip REASON -->}: it needs a network beyond loopback, a model, another tool, or
 * another test covers it). A block marked {@code <!-- walk: file PATH -->} is written to that file of
 * the project before the next commands. {@code demo-agent --port 8080} starts the demo agent on a free
 * port, and {@code localhost:8080} in later commands is that port; {@code export NAME=VALUE} sets a
 * variable for the commands after it. Every command must exit 0.
 */
class ReadmeWalkIT {

    private static final Pattern FENCE = Pattern.compile("^(`{3,})\\s*([\\w-]*)\\s*$");
    private static final Pattern MARKER = Pattern.compile("^<!--\\s*walk:\\s*(skip|file)\\s+(.+?)\\s*-->\\s*$");
    private static final Pattern COMMAND = Pattern.compile("^(?:\\./)?(agent-eval|mvnw|uv)\\b.*");
    private static final Pattern DEMO_PORT = Pattern.compile("(?:localhost|127\\.0\\.0\\.1):8080/?");

    @TempDir
    Path project;

    /** A fenced block of the README: where it starts, its language, its lines and the walk marker before it. */
    record Block(int line, String language, List<String> lines, String marker, String argument) {
        boolean hasCommands() {
            return lines.stream().map(String::strip).anyMatch(l -> COMMAND.matcher(l).matches());
        }

        String where() {
            return "README.md:" + line;
        }
    }

    static List<Block> blocks(List<String> readme) {
        List<Block> blocks = new ArrayList<>();
        for (int i = 0; i < readme.size(); i++) {
            Matcher open = FENCE.matcher(readme.get(i));
            if (!open.matches()) {
                continue;
            }
            int start = i;
            List<String> body = new ArrayList<>();
            for (i++; i < readme.size() && !readme.get(i).strip().equals(open.group(1)); i++) {
                body.add(readme.get(i));
            }
            assertThat(i).as("the code fence opened at README.md:" + (start + 1) + " is closed").isLessThan(readme.size());
            String marker = null;
            String argument = null;
            int before = start - 1;
            while (before >= 0 && readme.get(before).isBlank()) {
                before--;
            }
            if (before >= 0) {
                Matcher m = MARKER.matcher(readme.get(before).strip());
                if (m.matches()) {
                    marker = m.group(1);
                    argument = m.group(2);
                }
            }
            blocks.add(new Block(start + 1, open.group(2), body, marker, argument));
        }
        return blocks;
    }

    /** The block's commands: continuation lines joined, comments and blank lines dropped. */
    static List<String> commands(Block block) {
        List<String> commands = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String raw : block.lines()) {
            String line = raw.replaceFirst("\\s+#.*$", "").strip();
            if (line.startsWith("#")) {
                continue;
            }
            boolean continued = line.endsWith("\\");
            current.append(continued ? line.substring(0, line.length() - 1).strip() : line).append(' ');
            if (!continued) {
                String command = current.toString().strip();
                if (!command.isEmpty()) {
                    commands.add(command);
                }
                current.setLength(0);
            }
        }
        return commands;
    }

    /** Words of a command line: spaces split, double or single quotes group. */
    static List<String> words(String command) {
        List<String> words = new ArrayList<>();
        Matcher m = Pattern.compile("\"([^\"]*)\"|'([^']*)'|(\\S+)").matcher(command);
        while (m.find()) {
            words.add(m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3));
        }
        return words;
    }

    @Test
    void every_command_of_the_readme_runs_as_pasted_or_says_why_it_cannot_here() throws Exception {
        List<String> readme = Files.readAllLines(Dist.repository().resolve("README.md"));
        Map<String, String> env = new HashMap<>();
        List<String> ran = new ArrayList<>();
        Dist.DemoAgentProcess agent = null;
        try {
            for (Block block : blocks(readme)) {
                if ("file".equals(block.marker())) {
                    Path file = project.resolve(block.argument());
                    Files.createDirectories(file.getParent() == null ? project : file.getParent());
                    Files.writeString(file, String.join("\n", block.lines()) + "\n");
                    continue;
                }
                if (!block.hasCommands()) {
                    continue;
                }
                if ("skip".equals(block.marker())) {
                    assertThat(block.argument()).as(block.where() + ": a skipped block says why").hasSizeGreaterThan(10);
                    continue;
                }
                for (String command : commands(block)) {
                    List<String> words = words(command);
                    if (words.get(0).equals("export")) {
                        String[] assignment = words.get(1).split("=", 2);
                        env.put(assignment[0], assignment[1]);
                        continue;
                    }
                    assertThat(words.get(0)).as(block.where() + ": `" + command + "` is an agent-eval command, or the block"
                            + " carries <!-- walk: skip REASON -->").isIn("./agent-eval", "agent-eval");
                    List<String> args = words.subList(1, words.size());
                    if (args.get(0).equals("demo-agent")) {
                        assertThat(agent).as(block.where() + ": one demo agent").isNull();
                        agent = new Dist.DemoAgentProcess(project);
                        ran.add(command);
                        continue;
                    }
                    List<String> local = new ArrayList<>();
                    for (String arg : args) {
                        Matcher port = DEMO_PORT.matcher(arg);
                        if (port.find()) {
                            assertThat(agent).as(block.where() + ": `" + command + "` needs the demo agent the README"
                                    + " started before").isNotNull();
                            arg = port.replaceAll(agent.url.replaceFirst("^http://", ""));
                        }
                        local.add(arg);
                    }
                    Dist.Result result = Dist.run(project, env, Dist.jar(local.toArray(String[]::new)));
                    assertThat(result.code()).as(block.where() + ": `" + command + "` exits 0; it printed:\n" + result.output())
                            .isZero();
                    ran.add(command);
                }
            }
        } finally {
            if (agent != null) {
                agent.close();
            }
        }
        System.out.println("README walk ran:\n  " + String.join("\n  ", ran));
        assertThat(ran).as("the README commands the walk ran").hasSizeGreaterThanOrEqualTo(4);
    }

    @Test
    void should_read_blocks_markers_and_commands_as_a_user_pastes_them() throws IOException {
        List<String> readme = List.of("text", "<!-- walk: file eval/eval.yaml -->", "", "```yaml", "cases: []", "```",
                "<!-- walk: skip needs an OpenAI key -->", "```bash", "export KEY=...   # yours",
                "./agent-eval run a.yaml \\", "    --judge-model \"gpt 4\"   # the model", "```", "````", "```", "````");

        List<Block> blocks = blocks(readme);

        assertThat(blocks).extracting(Block::line, Block::language, Block::marker, Block::argument).containsExactly(
                org.assertj.core.groups.Tuple.tuple(4, "yaml", "file", "eval/eval.yaml"),
                org.assertj.core.groups.Tuple.tuple(8, "bash", "skip", "needs an OpenAI key"),
                org.assertj.core.groups.Tuple.tuple(13, "", null, null));
        assertThat(commands(blocks.get(1))).containsExactly("export KEY=...", "./agent-eval run a.yaml --judge-model \"gpt 4\"");
        assertThat(words(commands(blocks.get(1)).get(1))).containsExactly("./agent-eval", "run", "a.yaml", "--judge-model",
                "gpt 4");
        assertThat(blocks.get(1).hasCommands()).isTrue();
        assertThat(blocks.get(0).hasCommands()).isFalse();
    }
}
