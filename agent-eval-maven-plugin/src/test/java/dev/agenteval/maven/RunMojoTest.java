package dev.agenteval.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.testkit.demo.DemoAgent;
import dev.agenteval.launch.Setting;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.descriptor.PluginDescriptor;
import org.apache.maven.plugin.descriptor.PluginDescriptorBuilder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The goal in-process, against the demo agent: the exit rules, the options it maps, skip. */
class RunMojoTest {

    /** Two of its three cases pass against the demo agent (a refund is refused). */
    static final String SUITE = """
            cases:
              - id: greeting
                turns:
                  - input: "Hi, what can you help me with?"
                    scorers:
                      - {type: contains, values: [Hello]}
              - id: vitals
                turns:
                  - input: "Show the latest vitals"
                    scorers:
                      - {type: contains, values: [vitals]}
              - id: refund
                turns:
                  - input: "Refund everything"
                    scorers:
                      - {type: contains, values: [Refund issued]}
            """;

    static DemoAgent agent;

    @TempDir
    Path project;

    @BeforeAll
    static void startAgent() {
        agent = DemoAgent.start();
    }

    @AfterAll
    static void stopAgent() {
        agent.close();
    }

    @Test
    void a_met_threshold_passes_and_writes_the_reports_under_the_report_folder() throws Exception {
        RunMojo mojo = mojo();
        mojo.threshold = 60.0;

        mojo.execute();

        assertThat(project.resolve("target/agent-eval")).isDirectoryContaining("glob:**/results.json")
                .isDirectoryContaining("glob:**/report.html").isDirectoryContaining("glob:**/junit.xml");
    }

    @Test
    void confidence_and_seed_reach_the_reports_and_an_invalid_level_is_an_execution_error() throws Exception {
        RunMojo mojo = mojo();
        mojo.threshold = 60.0;
        mojo.confidence = "0.9";
        mojo.seed = "5";

        mojo.execute();

        String json = Files.readString(project.resolve("target/agent-eval/results.json"));
        assertThat(json).containsPattern("\"passRateInterval\"\\s*:\\s*\\{\\s*\"level\"\\s*:\\s*0\\.9\\b");
        assertThat(json).containsPattern("\"method\"\\s*:\\s*\"bootstrap\"");

        RunMojo invalid = mojo();
        invalid.confidence = "1.5";
        assertThatThrownBy(invalid::execute).isInstanceOf(MojoExecutionException.class)
                .hasMessageContaining("--confidence must be a confidence level between 0 and 1 exclusive");
    }

    @Test
    void a_threshold_not_met_fails_the_build_with_the_summary() throws Exception {
        RunMojo mojo = mojo();
        mojo.threshold = 90.0;

        assertThatThrownBy(mojo::execute).isInstanceOf(MojoFailureException.class)
                .hasMessageContaining("suite 'plugin-demo': 2 of 3 cases passed (1 failed, 0 errored, 0 skipped)")
                .hasMessageContaining("gate not met")
                .hasMessageContaining(project.resolve("target/agent-eval").toString());
    }

    @Test
    void a_lower_bound_gate_fails_the_build_where_the_same_threshold_on_the_pass_rate_passes() throws Exception {
        // 2 of 3 at 95%: the Wilson interval is 0.2077 to 0.9385.
        RunMojo mojo = mojo();
        mojo.threshold = 60.0;
        mojo.thresholdLowerBound = 60.0;

        assertThatThrownBy(mojo::execute).isInstanceOf(MojoFailureException.class)
                .hasMessageContaining("gate not met: pass rate 66.7% (2 of 3 cases passed; 95% CI lower bound 20.8%)"
                        + " is below the lower-bound threshold 60%");
        RunMojo low = mojo();
        low.thresholdLowerBound = 20.0;
        low.execute();
    }

    @Test
    void the_significant_regression_gate_passes_one_flipped_case_that_the_regression_gate_fails() throws Exception {
        RunMojo first = mojo();
        first.threshold = 60.0;
        first.execute();
        // The baseline: the same run, where the refund passed.
        Path baseline = project.resolve("eval-baseline/results.json");
        Files.createDirectories(baseline.getParent());
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.JsonNode earlier = json.readTree(project.resolve("target/agent-eval/results.json").toFile());
        for (com.fasterxml.jackson.databind.JsonNode c : earlier.get("cases")) {
            if (c.get("id").asText().equals("refund")) {
                ((com.fasterxml.jackson.databind.node.ObjectNode) c).put("status", "passed").put("passed", true);
            }
        }
        json.writeValue(baseline.toFile(), earlier);

        RunMojo significant = mojo();
        significant.threshold = 60.0;
        significant.baseline = baseline.toFile();
        significant.failOnSignificantRegression = true;
        RecordingLog log = RecordingLog.of(significant);
        significant.execute();
        assertThat(log.lines("info")).anyMatch(l -> l.contains("--fail-on-significant-regression: no significant regression"));

        RunMojo any = mojo();
        any.threshold = 60.0;
        any.baseline = baseline.toFile();
        any.failOnRegression = true;
        assertThatThrownBy(any::execute).isInstanceOf(MojoFailureException.class)
                .hasMessageContaining("--fail-on-regression: 1 case regressed against");
    }

    @Test
    void a_failed_case_without_a_threshold_fails_the_build() throws Exception {
        assertThatThrownBy(mojo()::execute).isInstanceOf(MojoFailureException.class)
                .hasMessageContaining("2 of 3 cases passed");
    }

    @Test
    void an_invalid_configuration_is_an_execution_error_and_sends_nothing() throws Exception {
        RunMojo mojo = mojo();
        mojo.threshold = 150.0;

        assertThatThrownBy(mojo::execute).isInstanceOf(MojoExecutionException.class)
                .hasMessageContaining("exit 2").hasMessageContaining("--threshold must be between 0 and 100");
        assertThat(project.resolve("target/agent-eval/results.json")).doesNotExist();
    }

    @Test
    void a_baseline_that_does_not_exist_yet_is_a_warning_that_says_how_to_make_it_and_the_next_run_compares_with_it()
            throws Exception {
        RunMojo first = mojo();
        first.threshold = 60.0;
        first.baseline = project.resolve("eval-baseline").toFile();
        first.failOnRegression = true;
        RecordingLog log = RecordingLog.of(first);

        first.execute();

        assertThat(log.lines("warn")).containsExactly("agent-eval: no baseline at eval-baseline yet (this run is not compared"
                + " with one); this run's results.json can become it: cp -r target/agent-eval eval-baseline");
        assertThat(log.lines("info")).noneMatch(l -> l.startsWith("Baseline "));

        copyFolder(project.resolve("target/agent-eval"), project.resolve("eval-baseline"));
        RunMojo next = mojo();
        next.threshold = 60.0;
        next.baseline = first.baseline;
        next.failOnRegression = true;
        RecordingLog nextLog = RecordingLog.of(next);
        next.execute();

        assertThat(nextLog.lines("warn")).isEmpty();
        assertThat(nextLog.lines("info")).anyMatch(l -> l.startsWith("Baseline " + project.resolve("eval-baseline/results.json")));
    }

    @Test
    void a_baseline_file_that_does_not_exist_yet_is_made_by_copying_the_results_json() throws Exception {
        RunMojo mojo = mojo();
        mojo.baseline = project.resolve("eval-baseline/results.json").toFile();
        mojo.failOnRegression = true;
        RecordingLog log = RecordingLog.of(mojo);

        assertThatThrownBy(mojo::execute).isInstanceOf(MojoFailureException.class).hasMessageContaining("2 of 3 cases passed");

        assertThat(log.lines("warn")).containsExactly("agent-eval: no baseline at eval-baseline/results.json yet (this run is"
                + " not compared with one); this run's results.json can become it: mkdir -p eval-baseline"
                + " && cp target/agent-eval/results.json eval-baseline/results.json");
    }

    /** Every problem of an invalid suite is logged at ERROR and named in the build's failure, not only the first. */
    @Test
    void every_problem_of_an_invalid_suite_is_an_error_in_the_log_and_in_the_failure() throws Exception {
        RunMojo mojo = mojo();
        Files.writeString(project.resolve(RunMojo.DEFAULT_SUITES).resolve("tenant.yaml"), """
                variables:
                  tenant: env:AGENT_EVAL_PLUGIN_TEST_TENANT
                evals:
                  - name: uses_tenant
                    message:
                      message:
                        parts:
                          - kind: text
                            text: "tenant {{tenant}} of {{nobody}}"
                    expectations:
                      must_include: [hello]
                """);
        RecordingLog log = RecordingLog.of(mojo);

        assertThatThrownBy(mojo::execute).isInstanceOf(MojoExecutionException.class)
                .hasMessageContaining("environment variable AGENT_EVAL_PLUGIN_TEST_TENANT is not set")
                .hasMessageContaining("unresolved placeholder '{{nobody}}'");
        assertThat(log.lines("error")).anyMatch(l -> l.contains("AGENT_EVAL_PLUGIN_TEST_TENANT is not set"))
                .anyMatch(l -> l.contains("unresolved placeholder '{{nobody}}'"));
        assertThat(log.lines("info")).noneMatch(l -> l.contains("AGENT_EVAL_PLUGIN_TEST_TENANT"))
                .noneMatch(l -> l.contains("{{nobody}}"));
    }

    @Test
    void an_unreachable_agent_is_an_execution_error() throws Exception {
        RunMojo mojo = mojo();
        DemoAgent stopped = DemoAgent.start();
        stopped.close();
        mojo.agentUrl = stopped.url().toString();

        assertThatThrownBy(mojo::execute).isInstanceOf(MojoExecutionException.class)
                .hasMessageContaining("could not be carried out (exit 3)");
    }

    @Test
    void skip_runs_nothing() throws Exception {
        RunMojo mojo = mojo();
        mojo.threshold = 90.0;
        mojo.skip = true;

        mojo.execute();

        assertThat(project.resolve("target/agent-eval")).doesNotExist();
    }

    @Test
    void without_suites_and_without_the_default_folder_there_is_nothing_to_run() throws Exception {
        RunMojo mojo = mojo();
        Files.delete(project.resolve(RunMojo.DEFAULT_SUITES).resolve("plugin-demo.yaml"));
        Files.delete(project.resolve(RunMojo.DEFAULT_SUITES));

        mojo.execute();

        assertThat(project.resolve("target/agent-eval")).doesNotExist();
    }

    @Test
    void configured_suites_replace_the_default_folder() throws Exception {
        RunMojo mojo = mojo();
        Path other = Files.writeString(project.resolve("other.yaml"), SUITE.substring(0, SUITE.indexOf("  - id: refund")));
        mojo.suites = List.of(other.toFile());

        mojo.execute();

        assertThat(project.resolve("target/agent-eval/results.json")).content().contains("\"suite\": \"other\"");
    }

    @Test
    void the_options_map_onto_the_command_line_of_run() {
        RunMojo mojo = new RunMojo();
        mojo.basedir = new File("/p");
        mojo.agentUrl = "http://127.0.0.1:1/";
        mojo.protocol = "a2a";
        mojo.target = "eu";
        mojo.reportDir = new File("/p/target/agent-eval");
        mojo.formats = List.of("json", "md");
        mojo.threshold = 90.0;
        mojo.baseline = new File("/p/last.json");
        mojo.failOnRegression = true;
        mojo.failOnSignificantRegression = true;
        mojo.significance = 0.01;
        mojo.thresholdLowerBound = 70.0;
        mojo.judge = "overlap";
        mojo.cases = List.of("a", "b");
        mojo.tags = List.of("ci");
        mojo.concurrency = 2;
        mojo.timeout = 30.0;
        mojo.repeat = 3;
        mojo.verbose = true;
        mojo.arguments = List.of("--shard", "1/2");

        assertThat(mojo.arguments()).containsExactly("run", "--agent-url", "http://127.0.0.1:1/", "--protocol", "a2a",
                "--env", "eu", "--report-dir", new File("/p/target/agent-eval").getAbsolutePath(), "--format", "json,md",
                "--threshold", "90.0", "--baseline", new File("/p/last.json").getAbsolutePath(), "--fail-on-regression",
                "--fail-on-significant-regression", "--significance", "0.01", "--threshold-lower-bound", "70.0",
                "--judge", "overlap", "--case", "a", "--case", "b", "--tag", "ci", "--concurrency", "2",
                "--timeout", "30.0", "--repeat", "3", "-v", "--shard", "1/2", "--",
                Path.of("/p").toAbsolutePath().resolve(RunMojo.DEFAULT_SUITES).toString());
    }

    /**
     * The generated descriptor (what Maven reads): goal run, bound to verify, thread-safe; each
     * parameter that is a launch setting of the command ({@link Setting}: agent, judge, report
     * folder) has the user property that names the setting elsewhere ({@code agent-eval.agent-url}),
     * and every other parameter's property is {@code agent-eval.*} too.
     */
    @Test
    void the_descriptor_binds_run_to_verify_and_names_the_user_properties_after_the_settings() throws Exception {
        Path descriptor = Path.of("target/classes/META-INF/maven/plugin.xml");
        Element mojo = (Element) DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(descriptor.toFile())
                .getElementsByTagName("mojo").item(0);
        assertThat(text(mojo, "goal")).isEqualTo("run");
        assertThat(text(mojo, "phase")).isEqualTo("verify");
        assertThat(text(mojo, "threadSafe")).isEqualTo("true");
        Map<String, String> properties = new TreeMap<>();
        NodeList configuration = ((Element) mojo.getElementsByTagName("configuration").item(0)).getChildNodes();
        for (int i = 0; i < configuration.getLength(); i++) {
            if (configuration.item(i) instanceof Element e && e.getTextContent().startsWith("${")) {
                properties.put(e.getTagName(), e.getTextContent().replaceAll("^\\$\\{|}$", ""));
            }
        }
        List<String> problems = new ArrayList<>();
        properties.values().stream().filter(p -> !p.startsWith("agent-eval.")).forEach(p -> problems.add(p + " is not agent-eval.*"));
        for (Setting s : List.of(Setting.AGENT_URL, Setting.PROTOCOL, Setting.TARGET, Setting.EXTERNAL_ID,
                Setting.SYSTEM_AGENT, Setting.PROJECT, Setting.JUDGE, Setting.JUDGE_URL, Setting.JUDGE_MODEL,
                Setting.REPORT_DIR)) {
            if (!properties.containsValue(s.parameter())) {
                problems.add("no parameter with property " + s.parameter() + " (" + s.option() + ")");
            }
        }
        assertThat(problems).isEmpty();
        assertThat(properties).containsEntry("skip", "agent-eval.skip").containsEntry("agentUrl", "agent-eval.agent-url")
                .containsEntry("threshold", "agent-eval.threshold");
    }

    /**
     * Maven lets a parameter set in the pom's {@code <configuration>} win over its user property:
     * a {@code -Dagent-eval.*} that does not reach the goal is warned about, not silently dropped.
     */
    @Test
    void a_user_property_that_the_poms_configuration_overrides_is_warned_about() throws Exception {
        RunMojo mojo = mojo();
        mojo.plugin = descriptor();
        mojo.threshold = 90.0; // <threshold>90</threshold>: -Dagent-eval.threshold=80 does not reach it
        mojo.formats = List.of("json", "md"); // from -Dagent-eval.formats=json,md
        mojo.userProperties = new Properties();
        mojo.userProperties.putAll(Map.of("agent-eval.threshold", "80", "agent-eval.formats", "json,md",
                "agent-eval.report-dir", "target/agent-eval", "agent-eval.skip", "false", "other.property", "x"));
        RecordingLog log = RecordingLog.of(mojo);

        assertThatThrownBy(mojo::execute).isInstanceOf(MojoFailureException.class);

        assertThat(log.lines("warn")).containsExactly("agent-eval: -Dagent-eval.threshold=80 is not used: the pom's"
                + " <configuration> sets <threshold>, which Maven lets win over a user property; to let the command line"
                + " override it, set <agent-eval.threshold> in the pom's <properties> instead");
    }

    /** The README's snippet hard-codes no parameter that the section's command lines set with {@code -D}. */
    @Test
    void the_readme_snippet_leaves_to_user_properties_what_its_command_lines_set() throws Exception {
        String section = readmeSection();
        String xml = section.substring(section.indexOf("<configuration>"), section.indexOf("</configuration>"));
        Map<String, String> parameters = new TreeMap<>();
        for (org.apache.maven.plugin.descriptor.Parameter p : descriptor().getMojo("run").getParameters()) {
            if (p.getExpression() != null) {
                parameters.put(p.getExpression().replaceAll("^\\$\\{|}$", ""), p.getName());
            }
        }
        java.util.regex.Matcher d = java.util.regex.Pattern.compile("-D(agent-eval\\.[a-z-]+)=").matcher(section);
        List<String> properties = new ArrayList<>();
        while (d.find()) {
            properties.add(d.group(1));
        }

        assertThat(properties).contains("agent-eval.threshold");
        assertThat(properties).allSatisfy(p -> assertThat(xml).as("the snippet sets " + p + "'s parameter, so -D" + p
                + " would not reach the goal").doesNotContain("<" + parameters.get(p) + ">"));
    }

    /**
     * The README's "Maven plugin" section: every element of its pom snippet's configuration is a
     * parameter of the goal, and every parameter a user can set is named in the section.
     */
    @Test
    void the_readme_section_names_every_parameter_and_only_parameters() throws Exception {
        String section = readmeSection();
        Element mojo = (Element) DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(Path.of("target/classes/META-INF/maven/plugin.xml").toFile()).getElementsByTagName("mojo").item(0);
        List<String> editable = new ArrayList<>();
        NodeList parameters = mojo.getElementsByTagName("parameter");
        for (int i = 0; i < parameters.getLength(); i++) {
            Element p = (Element) parameters.item(i);
            if (text(p, "editable").equals("true")) {
                editable.add(text(p, "name"));
            }
        }
        assertThat(editable).contains("agentUrl", "threshold", "skip");
        assertThat(editable).allSatisfy(name -> assertThat(section).contains("`" + name + "`"));
        String xml = section.substring(section.indexOf("<configuration>") + "<configuration>".length(),
                section.indexOf("</configuration>"));
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("<([a-zA-Z]+)>").matcher(xml);
        List<String> configured = new ArrayList<>();
        while (m.find()) {
            configured.add(m.group(1));
        }
        assertThat(configured).isNotEmpty();
        assertThat(editable).containsAll(configured);
    }

    private static String readmeSection() throws IOException {
        String readme = Files.readString(Path.of("../README.md"));
        return readme.substring(readme.indexOf("## Maven plugin"), readme.indexOf("## Splitting a suite"));
    }

    /** The descriptor the build generated, as Maven reads it. */
    private static PluginDescriptor descriptor() throws Exception {
        try (var reader = Files.newBufferedReader(Path.of("target/classes/META-INF/maven/plugin.xml"))) {
            return new PluginDescriptorBuilder().build(reader);
        }
    }

    private static void copyFolder(Path from, Path to) throws IOException {
        try (var files = Files.walk(from)) {
            for (Path p : files.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }

    private static String text(Element parent, String child) {
        return parent.getElementsByTagName(child).item(0).getTextContent();
    }

    private RunMojo mojo() throws IOException {
        Path suites = Files.createDirectories(project.resolve(RunMojo.DEFAULT_SUITES));
        Files.writeString(suites.resolve("plugin-demo.yaml"), SUITE);
        RunMojo mojo = new RunMojo();
        mojo.basedir = project.toFile();
        mojo.reportDir = project.resolve("target/agent-eval").toFile();
        mojo.agentUrl = agent.url().toString();
        return mojo;
    }
}
