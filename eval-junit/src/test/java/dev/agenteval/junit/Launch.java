package dev.agenteval.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.reporting.legacy.xml.LegacyXmlReportGeneratingListener;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * Runs a fixture class through the JUnit Platform launcher, as Surefire does, and records what
 * happened to each test and container by display name; writes the Ant/Surefire XML report.
 */
final class Launch {

    /** What happened to one test or container. */
    record Outcome(TestExecutionResult.Status status, Throwable throwable, String abortReason) {
        /** The throwable's message, or the abort reason. */
        String message() {
            return throwable != null ? throwable.getMessage() : abortReason;
        }
    }

    final Map<String, Outcome> tests = new ConcurrentHashMap<>();
    final Map<String, Outcome> containers = new ConcurrentHashMap<>();
    /** Every test and container by display name, as the launcher's listeners see it (source included). */
    final Map<String, TestIdentifier> identifiers = new ConcurrentHashMap<>();

    private Launch() {
    }

    /** Runs {@code fixture} with these configuration parameters, writing XML into {@code reportDir}. */
    static Launch run(Class<?> fixture, Path reportDir, Map<String, String> parameters) {
        return run(fixture, reportDir, parameters, new TestExecutionListener() { });
    }

    /** As {@link #run(Class, Path, Map)}, with one more listener. */
    static Launch run(Class<?> fixture, Path reportDir, Map<String, String> parameters, TestExecutionListener also) {
        Map<String, String> all = new LinkedHashMap<>(parameters);
        all.put(Fixture.PARAMETER, "true");
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(selectClass(fixture))
                .configurationParameters(all)
                .build();
        Launch launch = new Launch();
        StringWriter xmlErrors = new StringWriter();
        LauncherFactory.create().execute(request, launch.listener(), also,
                new LegacyXmlReportGeneratingListener(reportDir, new PrintWriter(xmlErrors)));
        assertThat(xmlErrors.toString()).as("XML listener errors").isEmpty();
        return launch;
    }

    private TestExecutionListener listener() {
        return new TestExecutionListener() {
            @Override
            public void executionFinished(TestIdentifier id, TestExecutionResult result) {
                identifiers.put(id.getDisplayName(), id);
                Outcome outcome = new Outcome(result.getStatus(), result.getThrowable().orElse(null), null);
                (id.isTest() ? tests : containers).put(id.getDisplayName(), outcome);
            }

            @Override
            public void executionSkipped(TestIdentifier id, String reason) {
                (id.isTest() ? tests : containers).put(id.getDisplayName(), new Outcome(null, null, reason));
            }
        };
    }

    Outcome test(String displayName) {
        assertThat(tests).as("tests that ran").containsKey(displayName);
        return tests.get(displayName);
    }
}
