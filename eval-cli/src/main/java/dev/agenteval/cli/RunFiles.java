package dev.agenteval.cli;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Suite;
import dev.agenteval.common.files.NoFollow;
import dev.agenteval.launch.Wiring;
import dev.agenteval.results.Journal;
import dev.agenteval.report.Reports;
import dev.agenteval.spi.ReportFormat;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The files a run reads and writes, checked by {@link Preflight} before anything is sent: the
 * report folders, the journals a run resumes, the files that must not be written through a link,
 * and suites whose reports would land in the same place; and where a run writes them (the report
 * files of a suite's folder, the results file of {@code --output}).
 */
final class RunFiles {

    private RunFiles() {
    }

    /**
     * Why {@code folder} cannot hold reports, without creating anything: the nearest existing
     * folder on its path is a file or not writable.
     */
    static Optional<String> folderProblem(Path folder) {
        Path dir = folder.toAbsolutePath().normalize();
        for (Path p = dir; p != null; p = p.getParent()) {
            if (!Files.exists(p)) {
                continue;
            }
            if (!Files.isDirectory(p)) {
                return Optional.of("report folder '" + folder + "' cannot be created: '" + p + "' is a file, not a folder");
            }
            if (!Files.isWritable(p)) {
                return Optional.of(p.equals(dir) ? "report folder '" + folder + "' is not writable"
                        : "report folder '" + folder + "' cannot be created: '" + p + "' is not writable");
            }
            return Optional.empty();
        }
        return Optional.empty();
    }

    /**
     * The journal of each suite in the folder a run resumes ({@code journal.jsonl} in the suite's
     * report folder), each checked against the suite's name and the run's shard; a problem for
     * each that is missing, unreadable or of another run (the fingerprint is compared later, with
     * the agent: {@link RunCommand}).
     */
    static List<Journal.Contents> journals(List<SuiteSources.Source> sources,
            Path folder, dev.agenteval.api.Shard shard, List<String> problems) {
        List<Journal.Contents> journals = new ArrayList<>();
        for (SuiteSources.Source source : sources) {
            Suite suite = source.suite();
            Path file = Wiring.reportDir(folder, suite, sources.size() > 1).resolve(Journal.FILE_NAME);
            try {
                Journal.Contents j = Journal.read(file);
                if (!j.suite().equals(suite.name())) {
                    problems.add("--resume: " + file + " is the journal of suite '" + j.suite() + "', not of '"
                            + suite.name() + "'");
                } else if (!java.util.Objects.equals(j.shard(), shard)) {
                    problems.add("--resume: " + file + " is the journal of " + (j.shard() == null ? "an unsharded run"
                            : "shard " + j.shard()) + ", and this run is " + (shard == null ? "not sharded" : "shard " + shard)
                            + " (resume each shard with its own --shard)");
                } else if (j.fingerprint() == null && !j.results().isEmpty()) {
                    // Written by a version that wrote cases before the fingerprint; a journal without
                    // cases has nothing to check.
                    problems.add("--resume: " + file + " holds " + j.results().size() + " finished case"
                            + (j.results().size() == 1 ? "" : "s") + " but no fingerprint (its run was stopped before"
                            + " it knew its agent), so they cannot be checked against this run: run again without --resume");
                }
                journals.add(j);
            } catch (ConfigurationException e) {
                problems.add("--resume: " + e.getMessage());
                journals.add(null);
            }
        }
        return journals;
    }

    /**
     * Why a file the run writes (each suite's journal and reports, the {@code --output} file and its
     * sibling) cannot be written, checked before anything is sent: a symbolic link (never written
     * through, {@link NoFollow}), or a journal without write permission (it is written in place; the
     * reports replace their file, so their folder's permission decides, checked by {@link #folderProblem}).
     */
    static List<String> writtenFileProblems(List<SuiteSources.Source> sources, Path reportFolder, Path outputFile,
                                            List<? extends ReportFormat> formats) {
        boolean several = sources.size() > 1;
        List<String> problems = new ArrayList<>();
        for (SuiteSources.Source source : sources) {
            if (reportFolder != null) {
                Path suiteDir = Wiring.reportDir(reportFolder, source.suite(), several);
                NoFollow.problem(suiteDir.resolve(Journal.FILE_NAME), true).ifPresent(problems::add);
                for (Path f : reportFiles(suiteDir, formats)) {
                    NoFollow.problem(f, false).ifPresent(problems::add);
                }
            }
            if (outputFile != null) {
                Path json = outputFile(outputFile, source.suite(), several);
                for (Path f : List.of(json, Reports.markdownSibling(json))) {
                    NoFollow.problem(f, false).ifPresent(p -> problems.add("--output: " + p));
                }
            }
        }
        return problems;
    }

    /** Several suites whose reports would land in the same place. */
    static List<String> sameReportNames(List<SuiteSources.Source> sources, Path reportFolder, boolean output) {
        Map<String, List<SuiteSources.Source>> byName = new LinkedHashMap<>();
        for (SuiteSources.Source s : sources) {
            byName.computeIfAbsent(Wiring.fileName(s.suite().name()), k -> new ArrayList<>()).add(s);
        }
        List<String> problems = new ArrayList<>();
        byName.forEach((name, same) -> {
            if (same.size() > 1) {
                problems.add("suites " + String.join(", ", same.stream().map(s -> "'" + s.suite().name() + "'"
                        + s.file().map(f -> " (" + f + ")").orElse("")).toList())
                        + " would write their reports to the same place ("
                        + (reportFolder != null ? reportFolder.resolve(name).toString()
                                : output ? "'-" + name + "' beside --output"
                                : ResultFiles.DEFAULT_FOLDER + "/" + name + "-<start>.json")
                        + "): rename one, or run them separately");
            }
        });
        return problems;
    }

    /** The files {@code formats} write in a suite's report folder (a harness file with its Markdown sibling). */
    static List<Path> reportFiles(Path suiteDir, List<? extends ReportFormat> formats) {
        List<Path> files = new ArrayList<>();
        for (var f : formats) {
            Path written = suiteDir.resolve(f.fileName());
            files.add(written);
            if (f.id().equals("harness")) {
                files.add(Reports.markdownSibling(written));
            }
        }
        return files;
    }

    /** The results file of {@code suite} for {@code --output FILE}: FILE, or with several suites one beside it per suite. */
    static Path outputFile(Path file, Suite suite, boolean several) {
        return several ? sibling(file, "-" + Wiring.fileName(suite.name()) + ".json") : file;
    }

    private static Path sibling(Path file, String suffix) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String base = dot > 0 ? name.substring(0, dot) : name;
        return file.resolveSibling(base + suffix);
    }
}
