package dev.agenteval.examples.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agenteval.testkit.A2aReply;
import dev.agenteval.testkit.A2aRequest;
import dev.agenteval.testkit.ChatReply;
import dev.agenteval.testkit.ChatRequest;
import dev.agenteval.testkit.FakeA2aAgent;
import dev.agenteval.testkit.FakeChatModel;
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
import java.util.stream.Stream;
import mockwebserver3.MockWebServer;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hostile agent: it echoes every credential it is sent (its Authorization header, its API-key
 * header, the secret suite variables of the input, a password it knows from the user's
 * {@code .env}) in its answers, URL-encoded, base64-encoded and inside JSON text, in a 403 body and
 * in a JSON-RPC error message; the judge quotes what it is sent. Two CLI runs (child JVMs at
 * {@code -vv}): OAuth2 with a password in the agent URL, and a static bearer token. No form of any
 * secret, nor any 12-character piece of a long one, may appear in any byte either run writes, and
 * the judge must never be sent one, unless the user turns that masking off. The agent and the judge
 * are the testkit's fakes; the OAuth2 token endpoint, which the testkit has no fake of, is a
 * MockWebServer.
 */
class EchoedSecretsTest {

    private static final String CLIENT_ID = "echo-client";
    private static final String CLIENT_SECRET = "echo-client-secret-Rk38Fh2w";
    /** Long, so that a 30-character excerpt around a match next to it would cut it in two. */
    private static final String ACCESS_TOKEN = "echo-access-token-Ab1Cd2Ef3Gh4Ij5Kl6Mn7Op8Qr9St0Uv1Wx2Yz3Za4Yb5Xc6";
    private static final String STATIC_TOKEN = "static-bearer-token-Zq9Lm2Xv7Pw4Rt6Yu8Io1";
    private static final String URL_USER = "alice";
    private static final String URL_PASSWORD = "url-pass-Wq7Er5Ty";
    private static final String API_KEY = "header-api-key-Ui3Op5As";
    private static final String QUOTED = "quote\"in-side/Df6Gh8Jk";
    private static final String LONG = "long-suite-secret-Mm1Nn2Bb3Vv4Cc5Xx6Zz7Ll8Kk9Jj0Hh1Gg2Ff3";
    private static final String DOTENV_PASSWORD = "dotenv-db-pass-Mn4Bv6Cx";
    private static final String JUDGE_KEY = "judge-key-Po9Iu7Yt5Re3";

    private static final String SUITE = """
            variables:
              quoted: env:QUOTED_SECRET
              long: env:LONG_SECRET
            evals:
              - name: echoes
                message: {message: {parts: [{kind: text, text: "echo {{quoted}} and {{long}}"}]}}
                expectations:
                  must_not_include: [ECHO]
                  expected_output_text: Acknowledges the request.
              - name: forbidden
                message: {message: {parts: [{kind: text, text: "forbidden {{quoted}} {{long}}"}]}}
                expectations: {must_include: [ok]}
              - name: rpc-error
                message: {message: {parts: [{kind: text, text: "rpc {{quoted}} {{long}}"}]}}
                expectations: {must_include: [ok]}
            """;

    private static final ObjectMapper JSON = new ObjectMapper();

    private final FakeA2aAgent agent = FakeA2aAgent.start().otherwise(EchoedSecretsTest::echo);

    private final FakeChatModel judge = FakeChatModel.start().models("judge-model").otherwise(EchoedSecretsTest::quoting);

    @StartStop
    private final MockWebServer tokens = new MockWebServer();

    @TempDir
    Path dir;

    @AfterEach
    void stop() {
        agent.close();
        judge.close();
    }

    /** The hostile agent: every credential it got, in every form, in a 403, a JSON-RPC error or its answer. */
    private static A2aReply echo(A2aRequest request) {
        String auth = request.header("authorization").orElse("null");
        String key = request.header("x-api-key").orElse("null");
        String text = request.text();
        String credential = auth.substring(auth.indexOf(' ') + 1);
        String everything = auth + " key " + key + " input " + text + " db " + DOTENV_PASSWORD;
        if (text.startsWith("forbidden")) {
            return A2aReply.httpStatus(403, "{\"error\":" + quote("forbidden for " + everything) + "}");
        }
        if (text.startsWith("rpc")) {
            return A2aReply.rpcError(-32001, "bad token " + everything);
        }
        return A2aReply.completed("ok ECHO " + credential + " | " + everything
                + " | json " + quote(Map.of("auth", auth, "input", text).toString() + " " + text)
                + " | b64 " + Base64.getEncoder().encodeToString(credential.getBytes(StandardCharsets.UTF_8))
                + " | url " + URLEncoder.encode(text, StandardCharsets.UTF_8));
    }

    /** The judge quotes what it was sent. */
    private static ChatReply quoting(ChatRequest request) {
        String sent = request.body();
        return ChatReply.pass("I was sent: " + sent.substring(0, Math.min(sent.length(), 3000)));
    }

    private List<String> agentSaw() {
        return agent.requests().stream().map(r -> r.header("authorization").orElse("null")).toList();
    }

    private String judgeRequests() {
        return String.join("\n", judge.requests().stream().map(ChatRequest::body).toList());
    }

    private static String quote(String s) {
        return JSON.getNodeFactory().textNode(s).toString();
    }

    @Test
    void should_mask_every_echoed_secret_with_oauth2_and_a_password_in_the_agent_url() throws Exception {
        String url = agent.url().resolve("/a2a").toString().replace("http://", "http://" + URL_USER + ":" + URL_PASSWORD + "@");
        String auth = "{type: oauth2, tokenUrl: \"" + tokens.url("/oauth/token")
                + "\", clientIdEnv: MOCK_CLIENT_ID, clientSecretEnv: MOCK_CLIENT_SECRET}";
        Map<String, byte[]> outputs = run(url, auth, List.of());

        assertThat(agentSaw()).as("the agent got the access token").contains("Bearer " + ACCESS_TOKEN);
        assertThat(leaks(outputs)).as("secrets found in the run's output").isEmpty();
        assertThat(leaks(Map.of("what the judge was sent", judgeRequests()
                .getBytes(StandardCharsets.UTF_8)))).isEmpty();
        JsonNode results = JSON.readTree(new String(outputs.get("reports/results.json"), StandardCharsets.UTF_8));
        JsonNode echoes = results.path("cases").get(0);
        assertThat(echoes.path("status").asText()).isEqualTo("failed");
        String detail = echoes.path("turns").get(0).path("scores").get(0).path("checks").get(0).path("detail").asText();
        assertThat(detail).as("the excerpt is cut after masking").startsWith("found in response: ").contains("ECHO ***");
        assertThat(results.path("cases").get(1).path("turns").get(0).path("harnessFailure").path("message").asText())
                .contains("answered 403", "forbidden for *** key ***");
        assertThat(results.path("cases").get(2).path("turns").get(0).path("harnessFailure").path("message").asText())
                .contains("JSON-RPC error -32001", "bad token *** key ***");
    }

    @Test
    void should_mask_an_echoed_static_token_and_may_send_the_judge_secrets_only_when_told_to() throws Exception {
        String auth = "{type: bearer, tokenEnv: MOCK_TOKEN}";
        Map<String, byte[]> outputs = run(agent.url().resolve("/a2a").toString(), auth, List.of("--no-judge-redact-secrets"));

        assertThat(agentSaw()).as("the agent got the static token").contains("Bearer " + STATIC_TOKEN);
        assertThat(leaks(outputs)).as("secrets found in the run's output").isEmpty();
        assertThat(judgeRequests()).as("the user let the judge see the secrets")
                .contains(STATIC_TOKEN, LONG);
    }

    private Map<String, byte[]> run(String agentUrl, String auth, List<String> extraArgs) throws Exception {
        tokens.setDispatcher(new TokenEndpoint(CLIENT_ID, CLIENT_SECRET, ACCESS_TOKEN));
        Path work = Files.createDirectories(dir.resolve("work"));
        Files.writeString(work.resolve("suite.yaml"), SUITE);
        Files.writeString(work.resolve(".env"), "DB_PASSWORD=" + DOTENV_PASSWORD + "\nLONG_SECRET=" + LONG + "\n");
        Files.writeString(work.resolve("agent-eval.targets.yaml"), """
                targets:
                  mock:
                    protocol: a2a
                    url: %s
                    auth: %s
                    headers: {X-Api-Key: "env:MOCK_API_KEY"}
                    settings: {version: "0.3", maxAttempts: "1"}
                """.formatted(agentUrl, auth));
        Set<Path> inputs = Set.of(work.resolve("suite.yaml"), work.resolve(".env"), work.resolve("agent-eval.targets.yaml"));
        Map<String, String> env = Map.of("MOCK_CLIENT_ID", CLIENT_ID, "MOCK_CLIENT_SECRET", CLIENT_SECRET,
                "MOCK_TOKEN", STATIC_TOKEN, "MOCK_API_KEY", API_KEY, "QUOTED_SECRET", QUOTED,
                "AGENT_EVAL_JUDGE_API_KEY", JUDGE_KEY);
        List<String> args = new ArrayList<>(List.of("run", "suite.yaml", "--env", "mock", "--judge-url",
                judge.url().toString(), "--judge-model", "judge-model", "--report-dir", "reports",
                "--output", "out/results.json", "-vv"));
        args.addAll(extraArgs);
        Map<String, byte[]> outputs = new LinkedHashMap<>();
        try (ChildCli cli = ChildCli.start(work, env, args)) {
            int exit = cli.awaitExit();
            outputs.put("stdout", cli.stdoutBytes());
            outputs.put("stderr (progress and every log line)", cli.stderrBytes());
            assertThat(exit).as("the cases fail or error; stderr:%n%s", new String(cli.stderrBytes(), StandardCharsets.UTF_8))
                    .isEqualTo(1);
        }
        assertThat(new String(outputs.get("stderr (progress and every log line)"), StandardCharsets.UTF_8))
                .as("debug logging was on").contains("DEBUG");
        try (Stream<Path> files = Files.walk(work)) {
            for (Path f : files.filter(Files::isRegularFile).filter(f -> !inputs.contains(f)).toList()) {
                outputs.put(work.relativize(f).toString(), Files.readAllBytes(f));
            }
        }
        assertThat(outputs.keySet()).contains("reports/results.json", "reports/results.md", "reports/junit.xml",
                "reports/report.html", "out/results.json", "out/results.md");
        return outputs;
    }

    /** Each secret in every form, and each 12-character piece of the long ones, found in an output. */
    private static List<String> leaks(Map<String, byte[]> outputs) {
        Map<String, String> secrets = new LinkedHashMap<>();
        secrets.put("OAuth client secret", CLIENT_SECRET);
        secrets.put("OAuth access token", ACCESS_TOKEN);
        secrets.put("static bearer token", STATIC_TOKEN);
        secrets.put("URL password", URL_PASSWORD);
        secrets.put("API key header", API_KEY);
        secrets.put("suite variable with a quote", QUOTED);
        secrets.put("long suite variable", LONG);
        secrets.put(".env password", DOTENV_PASSWORD);
        secrets.put("judge key", JUDGE_KEY);
        Map<String, String> forms = new LinkedHashMap<>();
        secrets.forEach((what, value) -> {
            forms.put(what, value);
            String json = quote(value);
            forms.put(what + " (JSON-escaped)", json.substring(1, json.length() - 1));
            forms.put(what + " (URL-encoded)", URLEncoder.encode(value, StandardCharsets.UTF_8));
            forms.put(what + " (base64)", Base64.getEncoder().encodeToString(value.getBytes(StandardCharsets.UTF_8)));
            if (value.length() >= 24) {
                for (int i = 0; i + 12 <= value.length(); i += 6) {
                    forms.put(what + " (piece at " + i + ")", value.substring(i, i + 12));
                }
            }
        });
        forms.put("URL credentials (Basic)", Base64.getEncoder().encodeToString(
                (URL_USER + ":" + URL_PASSWORD).getBytes(StandardCharsets.UTF_8)));
        List<String> leaks = new ArrayList<>();
        forms.forEach((what, form) -> {
            byte[] needle = form.getBytes(StandardCharsets.UTF_8);
            outputs.forEach((name, bytes) -> {
                int at = indexOf(bytes, needle);
                if (at >= 0) {
                    String around = new String(bytes, Math.max(0, at - 40), Math.min(bytes.length, at + needle.length + 40)
                            - Math.max(0, at - 40), StandardCharsets.UTF_8);
                    leaks.add(what + " in " + name + ": ..." + around + "...");
                }
            });
        });
        return leaks;
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
