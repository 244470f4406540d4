package dev.agenteval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agenteval.testkit.CommandResult;
import dev.agenteval.testkit.CommandRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 27: every problem {@code validate} reports for an invalid suite points at the line and
 * column of the offending key or value, never at an enclosing case or scorer. A table of invalid
 * snippets in both dialects, each with where its problem must be reported: what the loader finds
 * and what the runner's check finds after loading (an unresolved placeholder) alike.
 */
class LoadErrorLocationsCliTest {

    @TempDir
    Path dir;

    /** One invalid suite: its text, and each problem as {@code line:column} and a part of its message. */
    private record Snippet(String yaml, List<String> places, List<String> messages) {
    }

    private static Arguments row(String name, String yaml, String place, String message) {
        return Arguments.of(name, new Snippet(yaml, List.of(place), List.of(message)));
    }

    static Stream<Arguments> snippets() {
        return Stream.of(
                // ------------------------------------------------------------------ harness dialect
                row("harness placeholder in a message", """
                        evals:
                          - name: tenant_hello
                            message:
                              message:
                                parts:
                                  - kind: text
                                    text: "Hello from {{tenent}}"
                        """, "7:19", "case 'tenant_hello' turn 1: unresolved placeholder '{{tenent}}'"),
                row("harness bare placeholder as agent_id", """
                        evals:
                          - name: reuse
                            agent_id: {{ agent_identifier }}
                            message:
                              message:
                                parts:
                                  - kind: text
                                    text: Hi
                        """, "3:15", "case 'reuse' agentId: unresolved placeholder '{{agent_identifier}}'"),
                row("harness placeholder in an expectation", """
                        variables:
                          tenant: base
                        evals:
                          - name: expects_tenant
                            message:
                              message:
                                parts:
                                  - kind: text
                                    text: "Hello from {{tenant}}"
                            expectations:
                              must_include: ["{{tenent}}"]
                        """, "11:22", "unresolved placeholder '{{tenent}}'"),
                Arguments.of("harness placeholder in the second step", new Snippet("""
                        evals:
                          - name: steps
                            type: sequential
                            steps:
                              - message:
                                  message:
                                    parts:
                                      - kind: text
                                        text: "First {{tenent}}"
                              - message:
                                  message:
                                    parts:
                                      - kind: text
                                        text: "Second {{tenent}}"
                        """, List.of("9:23", "14:23"), List.of("case 'steps' turn 1: unresolved placeholder '{{tenent}}'",
                        "case 'steps' turn 2: unresolved placeholder '{{tenent}}'"))),
                row("harness unknown expectation", """
                        evals:
                          - name: typo
                            message:
                              message:
                                parts:
                                  - kind: text
                                    text: Hi
                            expectations:
                              must_includ: [hello]
                        """, "9:7", "evals[0].expectations.must_includ (case 'typo')"),
                row("harness negative timeout", """
                        evals:
                          - name: quick
                            timeout_seconds: -5
                            message:
                              message:
                                parts:
                                  - kind: text
                                    text: Hi
                        """, "3:22", "evals[0].timeout_seconds (case 'quick'): must be between"),
                // ------------------------------------------------------------------ platform dialect
                row("platform placeholder in an input", """
                        cases:
                          - id: plant_status
                            turns:
                              - input: "Status of {{plant}}?"
                                scorers:
                                  - type: contains
                                    values: [Status]
                        """, "4:16", "case 'plant_status' turn 1: unresolved placeholder '{{plant}}'"),
                row("platform placeholder in a scorer parameter", """
                        cases:
                          - id: plant_check
                            turns:
                              - input: Status?
                                scorers:
                                  - type: contains
                                    values: ["{{plant}}"]
                        """, "7:22", "case 'plant_check' turn 1: scorer 'contains': unresolved placeholder '{{plant}}'"),
                row("platform even samples on a judge scorer", """
                        cases:
                          - id: judged
                            turns:
                              - input: Hi
                                scorers:
                                  - type: correctness
                                    criteria: Greets the user.
                                    samples: 2
                        """, "8:13", "scorer 'correctness': 'samples' must be an odd number from 1 to 99 but was 2"),
                row("platform unknown scorer type", """
                        cases:
                          - id: loud
                            turns:
                              - input: Hi
                                scorers:
                                  - type: shouting
                        """, "6:19", "unknown scorer type 'shouting'"),
                row("platform case without scorers", """
                        cases:
                          - id: unscored
                            turns:
                              - input: Hi
                        """, "4:7", "no turn has scorers"),
                row("platform unknown case key", """
                        cases:
                          - id: tagged
                            tagz: [ci]
                            turns:
                              - input: Hi
                                scorers:
                                  - type: contains
                                    values: [Hi]
                        """, "3:5", "cases[0].tagz (case 'tagged')"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("snippets")
    void validate_should_point_at_the_offending_key_or_value(String name, Snippet snippet) throws IOException {
        Path suite = Files.writeString(dir.resolve("suite.yaml"), snippet.yaml());

        CommandResult result = CommandRunner.in(dir).run(new String[] {"validate", "suite.yaml", "--judge", "overlap"});
        int code = result.exitCode();

        String problems = result.err();
        assertThat(code).as(problems).isEqualTo(2);
        for (int i = 0; i < snippet.places().size(); i++) {
            String place = suite + ":" + snippet.places().get(i) + ": ";
            String message = snippet.messages().get(i);
            assertThat(problems.lines().filter(l -> l.contains(place) && l.contains(message)))
                    .as("a problem at %s saying %s in%n%s", place, message, problems).isNotEmpty();
        }
        assertThat(problems).contains(snippet.places().size() == 1 ? "1 problem" : snippet.places().size() + " problems");
    }
}
