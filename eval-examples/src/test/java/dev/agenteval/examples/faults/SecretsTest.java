package dev.agenteval.examples.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.testkit.A2aReply;
import dev.agenteval.testkit.A2aRequest;
import dev.agenteval.testkit.ChatReply;
import dev.agenteval.testkit.FakeA2aAgent;
import dev.agenteval.testkit.FakeChatModel;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import mockwebserver3.MockWebServer;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A CLI run (child JVM, debug logging) with an OAuth2 agent (client secret from the environment,
 * an access token from the token endpoint, an API-key header from the environment), a judge with
 * a bearer API key, and a secret suite variable read from {@code .env}: none of those values may
 * appear in any byte the run writes (reports, stdout, stderr with every log line), even though the
 * agent echoes the variable in its answers and in an error body and the judge quotes it in its
 * reasons. Each secret is also searched URL-encoded and in HTTP Basic form. The agent and the judge
 * are the testkit's fakes; the token endpoint is a {@link TokenEndpoint}.
 */
class SecretsTest {

    private static final String CLIENT_ID = "agent-eval-client";
    private static final String CLIENT_SECRET = "oauth-client-secret-Qm9vbXM1";
    private static final String ACCESS_TOKEN = "issued-access-token-Zx81Lq0p";
    private static final String API_KEY = "agent-api-key-header-Jf77Kd2";
    private static final String JUDGE_KEY = "judge-bearer-token-Tt42Vb9";
    private static final String SUITE_TOKEN = "suite-variable-value-Hy66Nc3";

    private static final String SUITE = """
            variables:
              api_token: env:SUITE_TOKEN
            evals:
              - name: echoes-the-variable
                message:
                  message:
                    role: user
                    kind: message
                    parts:
                      - kind: text
                        text: "Use token {{ api_token }} please"
                expectations:
                  must_include: [ok]
                  expected_output_text: Acknowledges the request.
              - name: fails-echoing-the-variable
                message:
                  message:
                    role: user
                    kind: message
                    parts:
                      - kind: text
                        text: "fail with {{ api_token }}"
                expectations:
                  must_include: [ok]
            """;

    private final FakeA2aAgent agent = FakeA2aAgent.start()
            .when(r -> !authorized(r), r -> A2aReply.httpStatus(401, "{\"error\":\"unauthorized\"}"))
            .when(r -> r.text().startsWith("fail"), r -> A2aReply.httpStatus(500, "{\"error\":\"cannot " + r.text() + "\"}"))
            .otherwise(r -> A2aReply.completed("ok: " + r.text()));

    private final FakeChatModel judge = FakeChatModel.start().models("judge-model").requireKey(JUDGE_KEY)
            .otherwise(r -> {
                Matcher answer = ANSWER.matcher(r.body());
                return ChatReply.pass("The agent said '" + (answer.find() ? answer.group() : "(nothing)") + "', as expected.");
            });

    private final TokenEndpoint tokenEndpoint = new TokenEndpoint(CLIENT_ID, CLIENT_SECRET, ACCESS_TOKEN);

    @StartStop
    private final MockWebServer tokens = new MockWebServer();

    @TempDir
    Path dir;

    @AfterEach
    void stop() {
        agent.close();
        judge.close();
    }

    private static boolean authorized(A2aRequest request) {
        return request.header("authorization").equals(java.util.Optional.of("Bearer " + ACCESS_TOKEN))
                && request.header("x-api-key").equals(java.util.Optional.of(API_KEY));
    }

    /** What the servers saw, to prove the credentials were really used. */
    private Set<String> seen() {
        Set<String> seen = new java.util.TreeSet<>();
        if (tokenEndpoint.issued() > 0) {
            seen.add("token issued");
        }
        if (agent.requests().stream().anyMatch(SecretsTest::authorized)) {
            seen.add("agent called with credentials");
        }
        if (judge.requests().stream().anyMatch(r -> r.header("authorization").equals(java.util.Optional.of("Bearer " + JUDGE_KEY)))) {
            seen.add("judge called with its key");
        }
        return seen;
    }

    private static final Pattern ANSWER = Pattern.compile("ok: Use token [^\\\\\"]* please");

    @Test
    void should_leave_no_credential_or_secret_variable_in_any_report_file_or_log_line() throws Exception {
        tokens.setDispatcher(tokenEndpoint);
        Path work = Files.createDirectories(dir.resolve("work"));
        Files.writeString(work.resolve("suite.yaml"), SUITE);
        Files.writeString(work.resolve(".env"), "SUITE_TOKEN=" + SUITE_TOKEN + "\n");
        Files.writeString(work.resolve("agent-eval.targets.yaml"), """
                targets:
                  mock:
                    protocol: a2a
                    url: %s
                    auth:
                      type: oauth2
                      tokenUrl: %s
                      clientIdEnv: MOCK_CLIENT_ID
                      clientSecretEnv: MOCK_CLIENT_SECRET
                    headers: {X-Api-Key: "env:MOCK_API_KEY"}
                    settings: {version: "0.3"}
                """.formatted(agent.url().resolve("/a2a"), tokens.url("/oauth/token")));
        Set<Path> inputs = Set.of(work.resolve("suite.yaml"), work.resolve(".env"), work.resolve("agent-eval.targets.yaml"));
        Map<String, String> env = Map.of("MOCK_CLIENT_ID", CLIENT_ID, "MOCK_CLIENT_SECRET", CLIENT_SECRET,
                "MOCK_API_KEY", API_KEY, "AGENT_EVAL_JUDGE_API_KEY", JUDGE_KEY);

        int exit;
        byte[] stdout;
        byte[] stderr;
        try (ChildCli cli = ChildCli.start(work, env, List.of("run", "suite.yaml", "--env", "mock", "--judge-url",
                judge.url().toString(), "--judge-model", "judge-model", "--report-dir", "reports",
                "--output", "out/results.json", "-vv"))) {
            exit = cli.awaitExit();
            stdout = cli.stdoutBytes();
            stderr = cli.stderrBytes();
        }

        String log = new String(stderr, StandardCharsets.UTF_8);
        assertThat(exit).as("one case passes, one fails with an HTTP error; stderr:%n%s", log).isEqualTo(1);
        assertThat(seen()).as("every credential was used").containsExactlyInAnyOrder("token issued",
                "agent called with credentials", "judge called with its key");
        assertThat(log).as("debug logging was on").contains("DEBUG");
        JsonNode json = new ObjectMapper().readTree(Files.readString(work.resolve("reports/results.json")));
        JsonNode echoed = json.path("cases").get(0).path("turns").get(0);
        assertThat(echoed.path("answer").asText()).isEqualTo("ok: Use token *** please");
        assertThat(json.path("cases").get(1).path("turns").get(0).path("harnessFailure").path("message").asText())
                .contains("answered 500", "cannot fail with ***");

        Map<String, byte[]> outputs = new LinkedHashMap<>();
        outputs.put("stdout", stdout);
        outputs.put("stderr (progress and every log line)", stderr);
        try (Stream<Path> files = Files.walk(work)) {
            for (Path f : files.filter(Files::isRegularFile).filter(f -> !inputs.contains(f)).toList()) {
                outputs.put(work.relativize(f).toString(), Files.readAllBytes(f));
            }
        }
        assertThat(outputs.keySet()).contains("reports/results.json", "reports/results.md", "reports/junit.xml",
                "out/results.json", "out/results.md");

        List<String> leaks = new ArrayList<>();
        for (Map.Entry<String, String> secret : forms().entrySet()) {
            byte[] needle = secret.getValue().getBytes(StandardCharsets.UTF_8);
            outputs.forEach((name, bytes) -> {
                if (indexOf(bytes, needle) >= 0) {
                    leaks.add(secret.getKey() + " in " + name);
                }
            });
        }
        assertThat(leaks).as("secrets found in the run's output").isEmpty();
    }

    /** Every secret as written, URL-encoded and, for the client credentials, as a Basic header. */
    private static Map<String, String> forms() {
        Map<String, String> forms = new LinkedHashMap<>();
        Map<String, String> secrets = Map.of("OAuth client secret", CLIENT_SECRET, "OAuth access token", ACCESS_TOKEN,
                "API key header", API_KEY, "judge bearer token", JUDGE_KEY, "suite variable", SUITE_TOKEN);
        secrets.forEach((what, value) -> {
            forms.put(what, value);
            forms.put(what + " (URL-encoded)", URLEncoder.encode(value, StandardCharsets.UTF_8));
        });
        forms.put("OAuth client credentials (Basic)", TokenEndpoint.basic(CLIENT_ID, CLIENT_SECRET).substring(6));
        return forms;
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
