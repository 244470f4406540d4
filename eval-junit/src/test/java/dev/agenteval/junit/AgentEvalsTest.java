package dev.agenteval.junit;

import static dev.agenteval.api.Scorers.contains;
import static dev.agenteval.api.Scorers.correctness;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agenteval.api.Case;
import dev.agenteval.api.FailureCode;
import dev.agenteval.api.Suite;
import dev.agenteval.api.Turn;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.core.InProcessAgent;
import dev.agenteval.junit.Launch.Outcome;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestExecutionResult.Status;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.engine.support.descriptor.UriSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class AgentEvalsTest {

    @TempDir
    Path dir;

    @Test
    void should_pass_fail_and_error_as_the_cases_do_when_run_by_the_junit_platform() {
        int before = InProcessEvals.MESSAGES.get();

        Launch launch = Launch.run(InProcessEvals.class, dir, Map.of());

        assertThat(launch.test("greets").status()).isEqualTo(Status.SUCCESSFUL);

        Outcome failed = launch.test("names-a-dose");
        assertThat(failed.status()).isEqualTo(Status.FAILED);
        assertThat(failed.throwable()).isInstanceOf(AssertionFailedError.class);
        assertThat(failed.message()).isEqualTo("""
                case 'names-a-dose' failed
                failed checks:
                  - turn 1: contains '200 mg': not found in answer text
                  - turn 1: correctness 'meets the criteria': judge fake-judge: %s (score 0.20)
                judge reasons:
                  - turn 1: correctness failed: judge fake-judge: %s (score 0.20)
                answers:
                  - turn 1: "I cannot say.\"""".formatted(InProcessEvals.JUDGE_REASON, InProcessEvals.JUDGE_REASON));

        Outcome errored = launch.test("crashes");
        assertThat(errored.status()).isEqualTo(Status.FAILED);
        assertThat(errored.throwable()).isInstanceOf(InfrastructureFailureException.class).isNotInstanceOf(AssertionError.class);
        assertThat(((InfrastructureFailureException) errored.throwable()).code()).contains(FailureCode.INTERNAL);
        assertThat(((InfrastructureFailureException) errored.throwable()).caseId()).isEqualTo("crashes");
        assertThat(errored.message()).startsWith("case 'crashes' errored (the harness could not evaluate it;")
                .contains("\nharness failures and failed checks:\n  - turn 1: internal: ")
                .contains("the agent crashed");

        assertThat(launch.test("stopping › fails-first").status()).isEqualTo(Status.FAILED);
        Outcome skipped = launch.test("stopping › never-runs");
        assertThat(skipped.status()).isEqualTo(Status.ABORTED);
        assertThat(skipped.throwable()).isInstanceOf(TestAbortedException.class);
        assertThat(skipped.message())
                .isEqualTo("case 'never-runs' was skipped: not run: stop-on-failure after case 'fails-first' failed");
        assertThat(launch.containers).containsKey("stopping");

        // Each suite ran once: one message per case that ran (3 + 1), not one run per test.
        assertThat(InProcessEvals.MESSAGES.get() - before).isEqualTo(4);
    }

    @Test
    void should_write_the_standard_xml_report_with_failures_errors_and_skips() throws Exception {
        Launch.run(InProcessEvals.class, dir, Map.of());

        Path xml = dir.resolve("TEST-junit-jupiter.xml");
        assertThat(xml).exists();
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile());
        Element suite = doc.getDocumentElement();
        assertThat(suite.getTagName()).isEqualTo("testsuite");
        assertThat(suite.getAttribute("tests")).isEqualTo("5");
        assertThat(suite.getAttribute("failures")).isEqualTo("2");
        assertThat(suite.getAttribute("errors")).isEqualTo("1");
        assertThat(suite.getAttribute("skipped")).isEqualTo("1");
        NodeList cases = suite.getElementsByTagName("testcase");
        assertThat(cases.getLength()).isEqualTo(5);
        List<String> names = new ArrayList<>();
        for (int i = 0; i < cases.getLength(); i++) {
            Element testcase = (Element) cases.item(i);
            assertThat(testcase.getAttribute("classname")).isEqualTo(InProcessEvals.class.getName());
            names.add(testcase.getAttribute("name"));
        }
        // JUnit's own legacy XML writer always names dynamic tests by the factory and the index;
        // Surefire names them by display name, as their source is not the factory method
        // (SurefireReportNamesTest checks Surefire's XML).
        assertThat(names).containsExactlyInAnyOrder("inProcess()[1]", "inProcess()[2]", "inProcess()[3]",
                "stopping()[1][1]", "stopping()[1][2]");
        Element failure = (Element) suite.getElementsByTagName("failure").item(0);
        assertThat(failure.getAttribute("type")).isEqualTo(AssertionFailedError.class.getName());
        assertThat(failure.getAttribute("message")).startsWith("case 'names-a-dose' failed")
                .contains("contains '200 mg': not found in answer text");
        Element error = (Element) suite.getElementsByTagName("error").item(0);
        assertThat(error.getAttribute("type")).isEqualTo(InfrastructureFailureException.class.getName());
        assertThat(error.getAttribute("message")).startsWith("case 'crashes' errored");
        assertThat(Files.readString(xml)).contains("display-name: JUnit Jupiter > InProcessEvals > inProcess() > names-a-dose");
    }

    @Test
    void should_give_each_test_its_case_as_source_so_that_surefire_names_it_by_the_case_id() {
        Launch launch = Launch.run(InProcessEvals.class, dir, Map.of());

        TestIdentifier greets = launch.identifiers.get("greets");
        assertThat(greets.getSource()).as("not the factory method, whose legacy name Surefire would write")
                .get().isInstanceOf(UriSource.class).isNotInstanceOf(MethodSource.class)
                .extracting(s -> ((UriSource) s).getUri()).isEqualTo(URI.create("agent-eval:in-process/greets"));
        assertThat(launch.identifiers.get("stopping › never-runs").getSource()).get()
                .extracting(s -> ((UriSource) s).getUri()).isEqualTo(URI.create("agent-eval:stopping/never-runs"));
    }

    @Test
    void should_end_each_test_when_its_own_case_is_done_not_when_the_suite_is() {
        OwnTimeEvals.firstTestFinished = new CountDownLatch(1);
        TestExecutionListener releaser = new TestExecutionListener() {
            @Override
            public void executionFinished(TestIdentifier id, TestExecutionResult result) {
                if (id.getDisplayName().equals("first")) {
                    OwnTimeEvals.firstTestFinished.countDown();
                }
            }
        };

        Launch launch = Launch.run(OwnTimeEvals.class, dir, Map.of(), releaser);

        // The second case is answered only after the first test finished: the first test's time
        // is its own case's, not the suite's (with one case at a time).
        assertThat(launch.test("first").status()).isEqualTo(Status.SUCCESSFUL);
        assertThat(launch.test("second").status()).as(String.valueOf(launch.test("second").message()))
                .isEqualTo(Status.SUCCESSFUL);
    }

    @Test
    void should_run_the_suite_once_when_the_first_test_executes() throws Throwable {
        AtomicInteger messages = new AtomicInteger();
        EvalRunner runner = EvalRunner.builder().environment(name -> null).agent(InProcessAgent.replying(text -> {
            messages.incrementAndGet();
            return "Hello";
        })).build();
        Suite suite = Suite.named("lazy").add(Case.id("a").turn(Turn.of("1").expect(contains("Hello"))))
                .add(Case.id("b").turn(Turn.of("2").expect(contains("Hello")))).build();

        List<DynamicTest> tests = AgentEvals.dynamicTests(suite, runner).toList();

        assertThat(tests).extracting(DynamicTest::getDisplayName).containsExactly("a", "b");
        assertThat(messages).hasValue(0);
        tests.get(0).getExecutable().execute();
        assertThat(messages.get()).as("case a was sent; b may be on its way").isBetween(1, 2);
        tests.get(1).getExecutable().execute();
        assertThat(messages).as("one run, not one per test").hasValue(2);
    }

    @Test
    void should_error_every_test_with_the_cause_when_the_run_cannot_start() {
        Suite needsJudge = Suite.named("judged").add(Case.id("a").turn(Turn.of("1").expect(correctness("Is kind"))))
                .add(Case.id("b").turn(Turn.of("2").expect(correctness("Is kind")))).build();
        EvalRunner noJudge = EvalRunner.builder().agent(InProcessAgent.replying(t -> "ok")).environment(n -> null).build();

        List<DynamicTest> tests = AgentEvals.dynamicTests(needsJudge, noJudge).toList();

        for (DynamicTest t : tests) {
            assertThatThrownBy(() -> t.getExecutable().execute()).isInstanceOf(InfrastructureFailureException.class)
                    .hasMessageStartingWith("suite 'judged' could not be run: ")
                    .hasMessageContaining("judge");
        }
    }

    @Test
    void should_abort_the_test_of_a_case_the_runner_did_not_select() throws Throwable {
        EvalRunner onlyA = EvalRunner.builder().agent(InProcessAgent.replying(t -> "Hello")).environment(n -> null)
                .caseId("a").build();
        Suite suite = Suite.named("filtered").add(Case.id("a").turn(Turn.of("1").expect(contains("Hello"))))
                .add(Case.id("b").turn(Turn.of("2").expect(contains("Hello")))).build();

        List<DynamicTest> tests = AgentEvals.dynamicTests(suite, onlyA).toList();

        tests.get(0).getExecutable().execute();
        assertThatThrownBy(() -> tests.get(1).getExecutable().execute()).isInstanceOf(TestAbortedException.class)
                .hasMessage("case 'b' was not run: the runner's case or tag filters did not select it");
    }

    @Test
    void should_name_the_container_after_the_suite() {
        assertThat(AgentEvals.dynamicContainer(InProcessEvals.SUITE, InProcessEvals.runner()).getDisplayName())
                .isEqualTo("in-process");
    }
}
