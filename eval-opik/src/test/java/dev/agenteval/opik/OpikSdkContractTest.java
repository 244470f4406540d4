package dev.agenteval.opik;

import static dev.agenteval.api.Scorers.mustInclude;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agenteval.api.AgentResponse;
import dev.agenteval.api.Case;
import dev.agenteval.api.Part;
import dev.agenteval.api.Suite;
import dev.agenteval.api.TaskState;
import dev.agenteval.api.Turn;
import dev.agenteval.core.EvalRunner;
import dev.agenteval.core.InProcessAgent;
import java.io.File;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The contract check: the official Opik TypeScript SDK (npm {@code opik}, pinned in
 * {@code src/test/opik-js/package-lock.json}, installed with {@code npm ci}) runs its own
 * {@code evaluate()} for a two-item dataset against {@link FakeOpik}; the sink's recording for
 * the same two cases must use the same write endpoints, in a compatible order, with the body keys
 * the SDK sends. Without node or npm it is skipped, unless {@code CI} is set.
 */
class OpikSdkContractTest {

    private static final Path DIR = Path.of("src/test/opik-js").toAbsolutePath();
    private static final long TIMEOUT_SECONDS = 300;

    /** The writes an experiment needs, in the order both must reach them first. */
    private static final List<String> WRITES = List.of(
            "POST /api/v1/private/datasets",
            "PUT /api/v1/private/datasets/items",
            "POST /api/v1/private/experiments",
            "POST /api/v1/private/traces/batch",
            "PUT /api/v1/private/traces/feedback-scores");

    @Test
    void should_speak_opik_as_the_official_sdk_does() throws Exception {
        List<FakeOpik.Request> sdk = sdkRecording();
        List<FakeOpik.Request> ours = sinkRecording();

        Set<String> sdkKeys = new LinkedHashSet<>(keys(sdk));
        Set<String> ourKeys = new LinkedHashSet<>(keys(ours));
        assertThat(sdkKeys).as("the SDK's calls").containsAll(WRITES).contains("POST /api/v1/private/experiments/items");
        assertThat(ourKeys).as("the sink's calls").containsAll(WRITES).contains("POST /api/v1/private/experiments/items");
        assertThat(firstIndexes(keys(sdk))).as("the SDK's order").isSorted();
        assertThat(firstIndexes(keys(ours))).as("the sink's order").isSorted();
        // the experiment item names a trace: ours is sent after the traces (the SDK's may race them)
        assertThat(keys(ours).indexOf("POST /api/v1/private/experiments/items"))
                .isGreaterThan(keys(ours).indexOf("POST /api/v1/private/traces/batch"));

        // every key the sink sends, the SDK sends too, at the top of each body and in its elements
        Map<String, String> elements = Map.of(
                "PUT /api/v1/private/datasets/items", "items",
                "POST /api/v1/private/traces/batch", "traces",
                "POST /api/v1/private/spans/batch", "spans",
                "POST /api/v1/private/experiments/items", "experiment_items",
                "PUT /api/v1/private/traces/feedback-scores", "scores");
        List<String> problems = new ArrayList<>();
        for (String key : ourKeys) {
            if (!sdkKeys.contains(key) || !key.startsWith("P")) {
                continue;
            }
            Set<String> sdkTop = fields(sdk, key, null);
            Set<String> ourTop = fields(ours, key, null);
            // Dataset_Write and the experiment: documented fields the SDK leaves out
            Set<String> documented = Set.of("description", "metadata", "tags");
            for (String f : ourTop) {
                if (!sdkTop.contains(f) && !documented.contains(f)) {
                    problems.add(key + ": the sink sends '" + f + "', the SDK does not (SDK: " + sdkTop + ")");
                }
            }
            String element = elements.get(key);
            if (element != null) {
                Set<String> sdkFields = fields(sdk, key, element);
                Set<String> ourFields = fields(ours, key, element);
                Set<String> extra = Set.of("tags", "metadata", "end_time", "output", "error_info", "usage",
                        "type", "total_estimated_cost");
                for (String f : ourFields) {
                    if (!sdkFields.contains(f) && !extra.contains(f)) {
                        problems.add(key + " " + element + "[]: the sink sends '" + f + "', the SDK does not (SDK: "
                                + sdkFields + ")");
                    }
                }
                for (String f : sdkFields) {
                    if (!ourFields.contains(f) && !Set.of("batch_group_id", "reason", "last_updated_at", "parent_span_id",
                            "end_time", "output", "metadata", "tags").contains(f)) {
                        problems.add(key + " " + element + "[]: the SDK sends '" + f + "', the sink does not (sink: "
                                + ourFields + ")");
                    }
                }
            }
        }
        System.out.println("[OpikSdkContractTest] SDK: " + keys(sdk));
        System.out.println("[OpikSdkContractTest] sink: " + keys(ours));
        assertThat(problems).isEmpty();
    }

    private static List<String> keys(List<FakeOpik.Request> requests) {
        return requests.stream().map(FakeOpik.Request::key).toList();
    }

    private static List<Integer> firstIndexes(List<String> keys) {
        return WRITES.stream().map(keys::indexOf).toList();
    }

    private static Set<String> fields(List<FakeOpik.Request> requests, String key, String element) {
        Set<String> out = new TreeSet<>();
        for (FakeOpik.Request r : requests) {
            if (!r.key().equals(key) || r.body() == null) {
                continue;
            }
            if (element == null) {
                r.body().fieldNames().forEachRemaining(out::add);
            } else {
                for (JsonNode e : r.body().path(element)) {
                    e.fieldNames().forEachRemaining(out::add);
                }
            }
        }
        return out;
    }

    private static List<FakeOpik.Request> sinkRecording() throws Exception {
        try (FakeOpik opik = new FakeOpik()) {
            Suite suite = Suite.named("contract")
                    .add(Case.id("greets").turn(Turn.of("Good morning").expect(mustInclude("hello"))))
                    .add(Case.id("repeats").turn(Turn.of("Say banana").expect(mustInclude("banana")))).build();
            OpikSink sink = OpikSink.builder().url(opik.url()).workspace("team").apiKey("contract-key").suite(suite).build();
            sink.checkHealth();
            EvalRunner.builder().agent(InProcessAgent.of((c, m) -> AgentResponse.builder()
                    .part(Part.text("hello banana")).state(TaskState.COMPLETED).build())).sink(sink).build().run(suite);
            assertThat(opik.violations).isEmpty();
            return List.copyOf(opik.requests);
        }
    }

    private static List<FakeOpik.Request> sdkRecording() throws Exception {
        String node = executable("node");
        String npm = executable("npm");
        if (node == null || npm == null) {
            String message = (node == null ? "node" : "npm") + " not found on the PATH; the Opik SDK contract test"
                    + " needs Node.js 20+ and npm";
            if (System.getenv("CI") != null) {
                fail(message);
            }
            Assumptions.abort(message + "; skipped because CI is unset");
        }
        npmCi(npm);
        try (FakeOpik opik = new FakeOpik()) {
            Path log = Files.createTempFile("opik-sdk", ".log");
            ProcessBuilder pb = new ProcessBuilder(node, "evaluate.mjs").directory(DIR.toFile())
                    .redirectErrorStream(true).redirectOutput(log.toFile());
            Map<String, String> env = pb.environment();
            env.put("OPIK_URL_OVERRIDE", opik.url().toString());
            env.put("OPIK_API_KEY", "contract-key");
            env.put("OPIK_WORKSPACE", "team");
            env.put("OPIK_PROJECT_NAME", "Agents");
            env.put("OPIK_DATASET", "contract");
            env.put("OPIK_EXPERIMENT", "sdk");
            env.remove("OPIK_CONFIG_PATH");
            Process p = pb.start();
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                fail("the SDK script did not finish within " + TIMEOUT_SECONDS + " s:\n" + Files.readString(log));
            }
            String output = Files.readString(log);
            assertThat(p.exitValue()).as(output).isZero();
            assertThat(opik.violations).as("what the SDK sent breaks the fake's rules\n" + output).isEmpty();
            assertThat(opik.experimentItems).as(output).hasSize(2);
            return List.copyOf(opik.requests);
        }
    }

    private static void npmCi(String npm) throws IOException, InterruptedException {
        try (FileChannel channel = FileChannel.open(DIR.resolve(".npm-ci.lock"), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE); FileLock ignored = channel.lock()) {
            Path installed = DIR.resolve("node_modules").resolve(".package-lock.json");
            if (Files.exists(installed) && Files.getLastModifiedTime(installed).compareTo(
                    Files.getLastModifiedTime(DIR.resolve("package-lock.json"))) >= 0) {
                return;
            }
            Path log = Files.createTempFile("npm-ci", ".log");
            Process p = new ProcessBuilder(npm, "ci", "--no-audit", "--no-fund", "--loglevel=error").directory(DIR.toFile())
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                fail("npm ci in " + DIR + " did not finish within " + TIMEOUT_SECONDS + " s:\n" + Files.readString(log));
            }
            if (p.exitValue() != 0) {
                fail("npm ci in " + DIR + " exited " + p.exitValue() + ":\n" + Files.readString(log));
            }
        }
    }

    private static String executable(String name) {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String dir : path.split(File.pathSeparator)) {
            Path candidate = Path.of(dir, name);
            if (Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        return null;
    }
}
