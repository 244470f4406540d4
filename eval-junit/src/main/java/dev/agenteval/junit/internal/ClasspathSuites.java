package dev.agenteval.junit.internal;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.api.Suite;
import dev.agenteval.yaml.SuiteLoader;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Path;

/** Loads suites named by class path resources, from folders or from jar files. */
public final class ClasspathSuites {

    private ClasspathSuites() {
    }

    /**
     * The suite at {@code resource} ({@code evals/hello.yaml}; a leading {@code /} is optional):
     * a YAML file or a platform folder.
     *
     * @throws ConfigurationException when the resource is missing or the suite is invalid
     */
    public static Suite load(ClassLoader loader, String resource, SuiteLoader suiteLoader) {
        String name = resource.startsWith("/") ? resource.substring(1) : resource;
        if (name.isBlank()) {
            throw new ConfigurationException("suite resource is blank: name a YAML file on the class path, e.g."
                    + " evals/hello.yaml");
        }
        URL url = loader.getResource(name);
        if (url == null) {
            throw new ConfigurationException("suite '" + resource + "' is not on the class path (looked for resource '"
                    + name + "'; test resources usually live in src/test/resources)");
        }
        try {
            switch (url.getProtocol()) {
                case "file":
                    return suiteLoader.load(Path.of(url.toURI()));
                case "jar":
                    String spec = url.toString();
                    int separator = spec.indexOf("!/");
                    Path jar = Path.of(new URI(spec.substring("jar:".length(), separator)));
                    try (FileSystem fs = FileSystems.newFileSystem(jar)) {
                        return suiteLoader.load(fs.getPath(spec.substring(separator + 1)));
                    }
                default:
                    throw new ConfigurationException("suite '" + resource + "' is at " + url
                            + ", which cannot be read as files (only folders and jar files can)");
            }
        } catch (URISyntaxException | IOException | RuntimeException e) {
            if (e instanceof ConfigurationException ce) {
                throw ce;
            }
            throw new ConfigurationException("suite '" + resource + "' at " + url + " could not be read: " + e, e);
        }
    }
}
