package dev.agenteval.yaml.internal;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;

/**
 * The harness's folder defaults: every {@code _defaults.yaml} (or {@code _defaults.yml}, read
 * alike; a folder holding both is a problem naming both) from the project root down to a
 * suite's folder, whose {@code globals} blocks apply to the suites under it, the nearer file
 * winning per key.
 *
 * <p>The project root is the nearest folder, from the suite's own up, that holds {@code .git} (a
 * folder, or the file of a git worktree). Without one, only the suite's own folder counts: a
 * suite outside a repository never picks up a stray {@code _defaults.yaml} from a folder above it.
 *
 * <p>A {@code _defaults.yaml} holds a mapping whose only key is {@code globals}, a mapping itself
 * (an empty file, or an empty {@code globals}, is allowed and adds nothing). Anything else is a
 * problem located in that file: the harness reads only {@code globals} there, so another key
 * (such as {@code variables}, which belongs under {@code globals} in a defaults file) would
 * otherwise be silently ignored. Each file is read once per load, however many suites it serves.
 */
public final class FolderDefaults {

    /** The name of a folder-defaults file. */
    public static final String FILE_NAME = "_defaults.yaml";

    /** The other spelling of {@link #FILE_NAME}, read the same way; a folder may hold one of the two. */
    public static final String YML_FILE_NAME = "_defaults.yml";

    private FolderDefaults() {
    }

    /**
     * The {@code globals} blocks that apply to {@code suite}, farthest folder first; the problems
     * of those files are reported (once per load) and their blocks left out.
     */
    public static List<Node> globalsFor(LoadContext ctx, SourceFile suite) {
        Path dir = suite.path().toAbsolutePath().normalize().getParent();
        if (dir == null) {
            return List.of();
        }
        Path shown = Path.of(suite.display()).getParent();
        Deque<Path> folders = new ArrayDeque<>();
        Path root = projectRoot(dir).orElse(dir);
        for (Path d = dir; d != null; d = d.getParent()) {
            folders.push(d);
            if (d.equals(root)) {
                break;
            }
        }
        List<Node> out = new ArrayList<>();
        int up = folders.size() - 1;
        for (Path folder : folders) {
            Path yaml = folder.resolve(FILE_NAME);
            Path yml = folder.resolve(YML_FILE_NAME);
            boolean hasYaml = Files.isRegularFile(yaml);
            boolean hasYml = Files.isRegularFile(yml);
            if (hasYaml && hasYml) {
                String both = display(shown, up, YML_FILE_NAME);
                ctx.problems().addFile(ctx.file(yml, both), "both " + display(shown, up, FILE_NAME) + " and " + both
                        + " hold folder defaults: keep one of the two (they are read alike, and neither wins)");
            } else if (hasYaml || hasYml) {
                String name = hasYaml ? FILE_NAME : YML_FILE_NAME;
                ctx.folderDefaults(folder.resolve(name), display(shown, up, name)).ifPresent(out::add);
            }
            up--;
        }
        return out;
    }

    /** The nearest folder from {@code dir} up holding {@code .git}. */
    static Optional<Path> projectRoot(Path dir) {
        for (Path d = dir; d != null; d = d.getParent()) {
            if (Files.exists(d.resolve(".git"))) {
                return Optional.of(d);
            }
        }
        return Optional.empty();
    }

    /** How messages name the defaults file {@code name} {@code up} folders above the suite's, as the suite's path is shown. */
    private static String display(Path shownSuiteFolder, int up, String name) {
        Path p = shownSuiteFolder == null ? Path.of("") : shownSuiteFolder;
        for (int i = 0; i < up; i++) {
            p = p.resolve("..");
        }
        return p.resolve(name).normalize().toString();
    }

    /** Checks a parsed defaults file; its {@code globals} block, if it has a usable one. */
    static Optional<Node> globals(Node root) {
        if (root.isNull()) {
            return Optional.empty();
        }
        if (!root.isMapping()) {
            root.error("a " + FILE_NAME + " must be a mapping with 'globals' (shared defaults of the suites in its"
                    + " folder and below) but is " + root.value().describe());
            return Optional.empty();
        }
        boolean ok = true;
        for (String key : root.keys()) {
            if (!key.equals("globals")) {
                ok = false;
                String hint = key.equals("variables") || HarnessMapper.GLOBAL_KEYS.contains(key)
                        ? ": put it under 'globals'" : key.equals("evals") ? ": evals belong in a suite file" : "";
                root.errorAtKey(key, "unknown key " + Problems.quote(key) + " in " + FILE_NAME
                        + ": only its 'globals' block counts" + hint);
            }
        }
        Node globals = root.get("globals");
        if (globals == null || globals.isNull() || !globals.expectMapping() || !ok) {
            return Optional.empty();
        }
        return Optional.of(globals);
    }
}
