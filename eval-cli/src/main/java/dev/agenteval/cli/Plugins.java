package dev.agenteval.cli;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.core.Environment;
import dev.agenteval.core.Providers;
import dev.agenteval.launch.Setting;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The plugins of one command-line invocation: every jar in the folders of {@code --plugin-path}
 * (else {@code AGENT_EVAL_PLUGIN_PATH}, from the environment or the {@code .env} file), added to
 * one class loader over the command's own, through which every discovery of the invocation finds
 * its providers: the suites' scorer types, the agent protocols, the judges, the report formats
 * and the declared variables of {@code --help}. Discovered once, on first use; closed when the
 * invocation ends.
 */
final class Plugins implements AutoCloseable {

    private static final Pattern PROVIDER = Pattern.compile("Provider (\\S+)");

    private final AgentEvalCli.Context context;
    private Source source;
    private URLClassLoader loader;
    private List<Path> jars = List.of();
    private Providers providers;

    Plugins(AgentEvalCli.Context context) {
        this.context = context;
    }

    /** The folders and where they were given: the option, else the variable. */
    private record Source(List<Path> dirs, String origin) {
    }

    /**
     * The providers the command's class loader and the plugin jars hold, discovered on the first
     * call; {@code optionDirs} are the {@code --plugin-path} folders of the command (empty: the
     * variable's). Later calls return the same providers.
     *
     * @throws ConfigurationException naming the folder that does not exist or holds no jar, the jar
     *                                that cannot be opened, or the jar and class of a provider that
     *                                cannot be loaded
     */
    synchronized Providers providers(List<String> optionDirs) {
        if (providers == null) {
            ClassLoader l = loader(optionDirs);
            try {
                providers = Providers.discover(l);
            } catch (ServiceConfigurationError e) {
                throw new ConfigurationException(describe(e));
            }
        }
        return providers;
    }

    /** The class loader of the invocation: over the plugin jars when there are any, else the command's own. */
    synchronized ClassLoader loader(List<String> optionDirs) {
        if (source == null) {
            // Kept only once the jars are found, so that every later call (each help section) fails alike.
            Source found = source(optionDirs);
            jars = jars(found);
            source = found;
            if (!jars.isEmpty()) {
                URL[] urls = new URL[jars.size()];
                for (int i = 0; i < urls.length; i++) {
                    try {
                        urls[i] = jars.get(i).toUri().toURL();
                    } catch (MalformedURLException e) {
                        throw new ConfigurationException("plugin jar " + jars.get(i) + ": " + e.getMessage());
                    }
                }
                loader = new URLClassLoader("agent-eval-plugins", urls, Plugins.class.getClassLoader());
            }
        }
        return loader != null ? loader : Plugins.class.getClassLoader();
    }

    /** The plugin jars of the invocation, once {@link #loader} ran (empty without plugins). */
    synchronized List<Path> jars() {
        return jars;
    }

    private Source source(List<String> optionDirs) {
        if (optionDirs != null && !optionDirs.isEmpty()) {
            return new Source(split(String.join(File.pathSeparator, optionDirs)), Setting.PLUGIN_PATH.option());
        }
        // The environment's, else the .env file's (read again, with its secrets, once the providers are known).
        Optional<String> variable = Optional.ofNullable(Environment.of(context.environment())
                        .withDotEnv(context.workDir().resolve(Environment.DOT_ENV)).apply(Setting.PLUGIN_PATH.variable()))
                .map(String::strip).filter(v -> !v.isEmpty());
        if (variable.isEmpty()) {
            return new Source(List.of(), Setting.PLUGIN_PATH.variable());
        }
        return new Source(split(variable.get()), Setting.PLUGIN_PATH.variable());
    }

    /** The folders of a path list ({@link File#pathSeparator}), resolved against the working folder. */
    private List<Path> split(String pathList) {
        List<Path> dirs = new ArrayList<>();
        for (String part : pathList.split(Pattern.quote(File.pathSeparator))) {
            if (!part.isBlank()) {
                dirs.add(resolve(Path.of(part.strip())));
            }
        }
        return dirs;
    }

    private Path resolve(Path dir) {
        return context.workDir().resolve(dir).normalize();
    }

    /** Every jar of every folder, each folder's sorted by name; each checked to open as a jar. */
    private static List<Path> jars(Source source) {
        List<Path> jars = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (Path dir : source.dirs()) {
            if (!Files.isDirectory(dir)) {
                problems.add(source.origin() + ": " + dir + (Files.exists(dir) ? " is not a folder" : " does not exist")
                        + " (give folders of plugin jars)");
                continue;
            }
            List<Path> found;
            try (Stream<Path> list = Files.list(dir)) {
                found = list.filter(f -> f.getFileName().toString().endsWith(".jar")).sorted().toList();
            } catch (IOException | UncheckedIOException e) {
                problems.add(source.origin() + ": " + dir + " cannot be read: " + e.getMessage());
                continue;
            }
            if (found.isEmpty()) {
                problems.add(source.origin() + ": " + dir + " holds no jar (*.jar)");
            }
            for (Path jar : found) {
                try (JarFile ignored = new JarFile(jar.toFile())) {
                    jars.add(jar);
                } catch (IOException e) {
                    problems.add("plugin jar " + jar + " cannot be opened: " + e.getMessage());
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new ConfigurationException(problems);
        }
        return List.copyOf(jars);
    }

    /** A provider that failed to load, named with its class and the jar (or class-path entry) that registers it. */
    private String describe(ServiceConfigurationError e) {
        Matcher m = PROVIDER.matcher(String.valueOf(e.getMessage()));
        String cause = e.getCause() == null ? e.getMessage() : e.getMessage() + ": " + e.getCause();
        if (!m.find()) {
            return "a provider cannot be loaded: " + cause;
        }
        String className = m.group(1);
        String where = registeredIn(className).orElse("the class path");
        return "provider " + className + " of " + where + " cannot be loaded: " + cause;
    }

    /** The plugin jar whose {@code META-INF/services} files name {@code className}, or that holds the class. */
    private Optional<String> registeredIn(String className) {
        String classFile = className.replace('.', '/') + ".class";
        for (Path jar : jars) {
            try (JarFile file = new JarFile(jar.toFile())) {
                if (file.getEntry(classFile) != null) {
                    return Optional.of("plugin jar " + jar);
                }
                for (JarEntry entry : java.util.Collections.list(file.entries())) {
                    if (entry.getName().startsWith("META-INF/services/") && !entry.isDirectory()) {
                        try (InputStream in = file.getInputStream(entry)) {
                            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                            if (text.lines().map(l -> l.replaceAll("#.*", "").strip()).anyMatch(className::equals)) {
                                return Optional.of("plugin jar " + jar);
                            }
                        }
                    }
                }
            } catch (IOException ignored) {
                // checked when the loader was made; a jar changed since is named by no one
            }
        }
        return Optional.empty();
    }

    @Override
    public synchronized void close() {
        if (loader != null) {
            try {
                loader.close();
            } catch (IOException ignored) {
                // the jars were only read
            }
        }
    }
}
