package dev.agenteval.examples.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A CLI run (child JVM, debug logging) with an OAuth2 agent (client secret from the environment,
 * an access token from the token endpoint, an API-key header from the environment), a judge with
 * a bearer API key, and a secret suite variable read from {@code .env}: none of those values may
 * appear in any byte the run writes (reports, stdout, stderr with every log line), even though the
 * agent echoes the variable in its answers and in an error body and the judge quotes it in its
 * reasons. Each secret is also searched URL-encoded and in HTTP Basic form.
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

    @StartStop
    private final MockWebServer agent = new MockWebServer();

    @StartStop
    private final MockWebServer judge = new MockWebServer();

    @TempDir
    Path dir;

    /** What the servers saw, to prove the credentials were really used. */
    private final Set<String> seen = ConcurrentHashMap.newKeySet();

    private final Dispatcher oauthAgent = new Dispatcher() {
        @Override
        public MockResponse dispatch(RecordedRequest request) {
            String path = request.getUrl().encodedPath();
            if (path.equals("/oauth/token")) {
                String form = request.getBody().utf8();
                if (!form.contains("client_secret=" + CLIENT_SECRET) && !String.valueOf(request.getHeaders().get("Authorization"))
                        .equals(basic(CLIENT_ID, CLIENT_SECRET))) {
                    return FaultyServers.json(401, "{\"error\":\"invalid_client\"}");
                }
                seen.add("token issued");
                return FaultyServers.json(200, "{\"access_token\":\"" + ACCESS_TOKEN + "\",\"token_type\":\"Bearer\","
                        + "\"expires_in\":3600}");
            }
            if (!"POST".equals(request.getMethod())) {
                return new MockResponse.Builder().code(404).build();
            }
            if (!("Bearer " + ACCESS_TOKEN).equals(request.getHeaders().get("Authorization"))
                    || !API_KEY.equals(request.getHeaders().get("X-Api-Key"))) {
                return FaultyServers.json(401, "{\"error\":\"unauthorized\"}");
            }
            seen.add("agent called with credentials");
            JsonNode body = FaultyServers.tree(request.getBody().utf8());
            String text = body.path("params").path("message").path("parts").path(0).path("text").asText();
            if (text.startsWith("fail")) {
                return FaultyServers.json(500, "{\"error\":\"cannot " + text + "\"}");
            }
            return FaultyServers.json(200, FaultyServers.task(body.path("id").asLong(), "ok: " + text));
        }
    };

    private static final Pattern ANSWER = Pattern.compile("ok: Use token [^\\\\\"]* please");

    private final Dispatcher bearerJudge = new Dispatcher() {
        @Override
        public MockResponse dispatch(RecordedRequest request) {
            if (!("Bearer " + JUDGE_KEY).equals(request.getHeaders().get("Authorization"))) {
                return FaultyServers.json(401, "{\"error\":{\"message\":\"invalid api key\"}}");
            }
            if (request.getTarget().endsWith("/models")) {
                return FaultyServers.json(200, "{\"object\":\"list\",\"data\":[{\"id\":\"judge-model\"}]}");
            }
            seen.add("judge called with its key");
            Matcher answer = ANSWER.matcher(request.getBody().utf8());
            String quoted = answer.find() ? answer.group() : "(nothing)";
            String content = "{\"reason\": " + FaultyServers.quote("The agent said '" + quoted + "', as expected.")
                    + ", \"verdict\": \"pass\", \"score\": 1.0}";
            return FaultyServers.json(200, "{\"id\":\"c\",\"object\":\"chat.completion\",\"model\":\"judge-model\","
                    + "\"choices\":[{\"index\":0,\"finish_reason\":\"stop\",\"message\":{\"role\":\"assistant\","
                    + "\"content\":" + FaultyServers.quote(content) + "}}]}");
        }
    };

    private static String basic(String id, String secret) {
        return "Basic " + Base64.getEncoder().encodeToString((id + ":" + secret).getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void should_leave_no_credential_or_secret_variable_in_any_report_file_or_log_line() throws Exception {
        agent.setDispatcher(oauthAgent);
        judge.setDispatcher(bearerJudge);
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
                """.formatted(agent.url("/a2a"), agent.url("/oauth/token")));
        Set<Path> inputs = Set.of(work.resolve("suite.yaml"), work.resolve(".env"), work.resolve("agent-eval.targets.yaml"));
        Map<String, String> env = Map.of("MOCK_CLIENT_ID", CLIENT_ID, "MOCK_CLIENT_SECRET", CLIENT_SECRET,
                "MOCK_API_KEY", API_KEY, "AGENT_EVAL_JUDGE_API_KEY", JUDGE_KEY);

        int exit;
        byte[] stdout;
        byte[] stderr;
        try (ChildCli cli = ChildCli.start(work, env, List.of("run", "suite.yaml", "--env", "mock", "--judge-url",
                judge.url("/v1").toString(), "--judge-model", "judge-model", "--report-dir", "reports",
                "--output", "out/results.json", "-vv"))) {
            exit = cli.awaitExit();
            stdout = cli.stdoutBytes();
            stderr = cli.stderrBytes();
        }

        String log = new String(stderr, StandardCharsets.UTF_8);
        assertThat(exit).as("one case passes, one fails with an HTTP error; stderr:%n%s", log).isEqualTo(1);
        assertThat(seen).as("every credential was used").containsExactlyInAnyOrder("token issued",
                "agent called with credentials", "judge called with its key");
        assertThat(log).as("debug logging was on").contains("DEBUG");
        JsonNode json = FaultyServers.tree(Files.readString(work.resolve("reports/results.json")));
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
        forms.put("OAuth client credentials (Basic)", basic(CLIENT_ID, CLIENT_SECRET).substring(6));
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
