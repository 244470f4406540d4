package dev.agenteval.opik;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.agenteval.api.AgentException;
import dev.agenteval.api.Case;
import dev.agenteval.api.CaseAttempt;
import dev.agenteval.api.CaseResult;
import dev.agenteval.api.CaseStatus;
import dev.agenteval.api.Check;
import dev.agenteval.api.ScoreResult;
import dev.agenteval.api.ScoreStatus;
import dev.agenteval.api.ScorerSpec;
import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.api.Turn;
import dev.agenteval.api.TurnResult;
import dev.agenteval.api.Usage;
import dev.agenteval.common.json.JsonTrees;
import dev.agenteval.http.HttpJson;
import dev.agenteval.http.JsonResponse;
import dev.agenteval.http.RetryPolicy;
import dev.agenteval.opik.internal.Uuid7;
import dev.agenteval.spi.ResultSink;
import dev.agenteval.spi.Secrets;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Records a run in Opik as an experiment: one dataset item per case (its input turns,
 * expectations and tags), upserted and never cleared, so concurrent runs of one suite share items
 * and each run gets its own experiment; one experiment item per case linking its dataset item to
 * its trace; one feedback score per scorer on that trace. The trace is the agent's own when its
 * response metadata names one ({@code opik_trace_id}, {@code opikTraceId} by default), otherwise
 * the sink writes one trace per case (input, output, tags, and its token usage on a span).
 *
 * <pre>{@code
 * OpikSink opik = OpikSink.builder().url(URI.create("http://localhost:5173/api")).build();
 * opik.checkHealth();                                  // before any agent call
 * EvalRunner.builder().sink(opik.linking(Reports.sink("json", path))).sink(opik)...
 * }</pre>
 *
 * <p>{@link #linking(ResultSink)} wraps a file sink so that its turns carry {@code trace_url};
 * add the file sinks before this one, so that an Opik failure never costs the local results.
 * {@link #write} throws {@link OpikException} (status and the server's message) when Opik refuses.
 */
public final class OpikSink implements ResultSink {

    /** The project traces go to unless {@link Builder#project} names another. */
    public static final String DEFAULT_PROJECT = "Agents";
    /** The response metadata keys read for the agent's trace id unless configured otherwise. */
    public static final List<String> DEFAULT_TRACE_ID_KEYS = List.of("opik_trace_id", "opikTraceId");

    /** The Opik API base, e.g. {@code http://localhost:5173/api}. */
    public static final String URL_VARIABLE = "OPIK_URL_OVERRIDE";
    /** The project. */
    public static final String PROJECT_VARIABLE = "OPIK_PROJECT_NAME";
    /** The API key (Opik Cloud); a secret. */
    public static final String API_KEY_VARIABLE = "OPIK_API_KEY";
    /** The workspace (Opik Cloud). */
    public static final String WORKSPACE_VARIABLE = "OPIK_WORKSPACE";

    static final int BATCH = 1000;
    static final Duration LINKS_TIMEOUT = Duration.ofSeconds(5);
    static final int EXPERIMENT_ITEMS_BATCH = 250;
    static final int PAGE = 500;

    private static final Logger LOG = LoggerFactory.getLogger(OpikSink.class);
    private static final Map<String, String> NO_HEADERS = Map.of();

    private final URI url;
    private final String project;
    private final String workspace;
    private final String datasetName;
    private final String experimentName;
    private final Clock clock;
    private final List<String> traceIdKeys;
    private final Suite suite;
    private final HttpJson http;
    private final boolean recording;
    private final Map<String, String> generatedTraceIds = new ConcurrentHashMap<>();
    // The traces this sink wrote to Opik, of those it made up ids for.
    private final java.util.Set<String> writtenTraces = ConcurrentHashMap.newKeySet();
    private final List<Linked> linked = new java.util.concurrent.CopyOnWriteArrayList<>();
    private volatile String projectId;
    private volatile boolean projectMissing;
    private volatile URI experimentUrl;

    private final Builder config;

    private OpikSink(Builder b) {
        this.config = b.copy();
        this.url = b.url;
        this.project = b.project;
        this.workspace = b.workspace == null ? "default" : b.workspace;
        this.datasetName = b.datasetName;
        this.experimentName = b.experimentName;
        this.clock = b.clock;
        this.traceIdKeys = List.copyOf(b.traceIdKeys);
        this.suite = b.suite;
        this.recording = b.recording;
        b.secrets.add(b.apiKey);
        // Links only: one short attempt, so that an Opik that is down costs a run a few seconds at most.
        HttpJson.Builder h = HttpJson.builder(url).retryPolicy(recording ? b.retryPolicy : RetryPolicy.none())
                .requestTimeout(recording ? b.requestTimeout : min(b.requestTimeout, LINKS_TIMEOUT))
                .secrets(b.secrets).header("Comet-Workspace", workspace);
        if (b.apiKey != null && !b.apiKey.isBlank()) {
            // Opik Cloud takes the raw key, without a "Bearer " prefix.
            h.header("authorization", b.apiKey);
        }
        this.http = h.build();
    }

    /** The variables {@link Builder#fromEnvironment} reads, for help texts and secret registration. */
    public static List<dev.agenteval.spi.EnvironmentVariable> environmentVariables() {
        return List.of(
                new dev.agenteval.spi.EnvironmentVariable(URL_VARIABLE, null, "With --opik: the Opik API base the run"
                        + " is recorded in (e.g. http://localhost:5173/api, https://www.comet.com/opik/api).", false),
                new dev.agenteval.spi.EnvironmentVariable(PROJECT_VARIABLE, DEFAULT_PROJECT,
                        "With --opik: the Opik project of the traces and trace links.", false),
                new dev.agenteval.spi.EnvironmentVariable(API_KEY_VARIABLE, null,
                        "With --opik: the Opik Cloud API key (sent as the authorization header).", true),
                new dev.agenteval.spi.EnvironmentVariable(WORKSPACE_VARIABLE, null,
                        "With --opik: the Opik workspace (Comet-Workspace header; default: default).", false));
    }

    /**
     * The same sink for another suite: the same configuration and project, with {@code suite}'s
     * expectations in the dataset items.
     */
    public OpikSink forSuite(Suite suite) {
        OpikSink other = new OpikSink(config.copy().suite(suite));
        other.projectId = projectId;
        other.projectMissing = projectMissing;
        return other;
    }

    /** A builder; only the URL is required. */
    public static Builder builder() {
        return new Builder();
    }

    /** The Opik API base (e.g. {@code http://localhost:5173/api}). */
    public URI url() {
        return url;
    }

    /** The project traces go to. */
    public String project() {
        return project;
    }

    /**
     * Whether the sink records the run ({@link Builder#recording}); when not, it only links the
     * traces the agent reported.
     */
    public boolean recording() {
        return recording;
    }

    /** The UI link of the last experiment written, when one was. */
    public Optional<URI> experimentUrl() {
        return Optional.ofNullable(experimentUrl);
    }

    /**
     * {@code GET /is-alive/ping}, then a look-up of the project (which also checks the
     * credentials); a missing project is created only when the run is recorded, after it. Call it
     * before any agent call.
     *
     * @throws OpikException when nothing answers there, the server says it is unhealthy, or it
     *                       refuses the credentials; the message names the URL
     */
    public void checkHealth() throws InterruptedException {
        JsonResponse ping;
        try {
            ping = http.get("is-alive/ping", NO_HEADERS);
        } catch (AgentException e) {
            throw failure("Opik at " + HttpJson.display(url) + " is not healthy", e);
        }
        if (ping.body().path("healthy").isBoolean() && !ping.body().path("healthy").asBoolean()) {
            throw new OpikException("Opik at " + HttpJson.display(url) + " is not healthy: "
                    + ping.body().path("message").asText("healthy: false"), ping.status(), null);
        }
        String id = findProject();
        if (id != null) {
            projectId = id;
        }
    }

    /**
     * The result with {@code trace_url} on every turn whose trace is known: the agent's own trace
     * when it reported one, else the trace this sink writes for the case. Stable: the same case
     * gets the same trace id here and in {@link #write}.
     */
    public SuiteResult link(SuiteResult result) {
        String pid;
        try {
            pid = recording ? projectId() : findProjectOnce();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return result;
        } catch (OpikException e) {
            LOG.warn("No Opik trace links: {}", e.getMessage());
            return result;
        }
        if (pid == null) {
            LOG.info("No Opik trace links: Opik at {} has no project '{}'", HttpJson.display(url), project);
            return result;
        }
        // Not recording, only the agent's own traces exist in Opik.
        return link(result, pid, id -> recording);
    }

    /** {@code result} linked; a trace this sink makes up for a case is linked when {@code ownTrace} accepts its id. */
    private SuiteResult link(SuiteResult result, String pid, java.util.function.Predicate<String> ownTrace) {
        List<CaseResult> cases = new ArrayList<>();
        for (CaseResult c : result.cases()) {
            if (c.status() == CaseStatus.SKIPPED || c.turns().isEmpty()) {
                cases.add(c);
                continue;
            }
            String caseTrace = agentTraceId(c).orElseGet(() -> {
                String own = traceId(c);
                return ownTrace.test(own) ? own : null;
            });
            List<CaseAttempt> attempts = new ArrayList<>();
            for (CaseAttempt a : c.attempts()) {
                List<TurnResult> turns = new ArrayList<>();
                for (TurnResult t : a.turns()) {
                    String id = agentTraceId(t).orElse(caseTrace);
                    turns.add(t.withTraceUrl(id == null ? null : traceUrl(pid, id)));
                }
                attempts.add(new CaseAttempt(a.attempt(), a.status(), a.reason(), a.duration(), a.usage(), turns));
            }
            cases.add(new CaseResult(c.id(), c.tags(), c.expectPass(), c.status(), c.reason(), c.duration(),
                    c.usage(), attempts, c.passThreshold()));
        }
        return new SuiteResult(result.suite(), result.startedAt(), result.duration(), result.complete(), cases,
                result.shard(), result.fingerprint());
    }

    /**
     * {@code delegate}, writing {@link #link linked} results. When recording the run fails before
     * the traces this sink makes are written, {@link #write} writes {@code delegate} again,
     * without the links to those traces.
     */
    public ResultSink linking(ResultSink delegate) {
        Objects.requireNonNull(delegate, "delegate");
        Linked l = new Linked(delegate);
        linked.add(l);
        return new ResultSink() {
            @Override
            public void write(SuiteResult result) throws IOException {
                l.last = result;
                delegate.write(link(result));
            }

            @Override
            public void caseFinished(CaseResult result) {
                delegate.caseFinished(result);
            }

            @Override
            public String toString() {
                return delegate.toString();
            }
        };
    }

    /**
     * Uploads the run: dataset items, the experiment, the traces the agent did not write,
     * experiment items and feedback scores, in that order.
     *
     * @throws OpikException when Opik refuses a call (after retries on 408, 429 and 5xx)
     */
    @Override
    public void write(SuiteResult result) {
        if (!recording) {
            return;
        }
        try {
            upload(result);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw relink(new OpikException("Opik upload interrupted", 0, e));
        } catch (OpikException e) {
            throw relink(e);
        }
    }

    private static final class Linked {
        final ResultSink delegate;
        volatile SuiteResult last;

        Linked(ResultSink delegate) {
            this.delegate = delegate;
        }
    }

    /**
     * After a failed upload: the files written with links to traces this sink never wrote are
     * written again, linking only the traces Opik has.
     */
    private OpikException relink(OpikException failure) {
        String pid = projectId;
        List<Linked> stale = linked.stream().filter(l -> l.last != null).toList();
        boolean allWritten = stale.stream().allMatch(l -> l.last.cases().stream()
                .filter(c -> c.status() != CaseStatus.SKIPPED && !c.turns().isEmpty() && agentTraceId(c).isEmpty())
                .allMatch(c -> writtenTraces.contains(traceId(c))));
        if (pid == null || stale.isEmpty() || allWritten) {
            return failure;
        }
        OpikException out = new OpikException(failure.getMessage() + " (the result files link only the traces Opik has)",
                failure.status(), failure.getCause());
        for (Linked l : stale) {
            try {
                l.delegate.write(link(l.last, pid, writtenTraces::contains));
            } catch (IOException | RuntimeException e) {
                out.addSuppressed(e);
            }
        }
        return out;
    }


    private void upload(SuiteResult result) throws InterruptedException {
        List<CaseResult> cases = result.cases().stream()
                .filter(c -> c.status() != CaseStatus.SKIPPED && !c.turns().isEmpty()).toList();
        String pid = projectId();
        String dataset = datasetName != null ? datasetName : result.suite();
        String datasetId = dataset(dataset);

        // Dataset items: an existing item with the same data keeps its id; nothing is deleted.
        Map<String, String> existing = existingItems(datasetId);
        Map<String, String> itemIds = new LinkedHashMap<>();
        List<Object> newItems = new ArrayList<>();
        for (CaseResult c : cases) {
            Map<String, Object> data = itemData(c);
            String hash = canonical(data);
            String id = existing.get(hash);
            if (id == null) {
                id = Uuid7.next(clock).toString();
                existing.put(hash, id);
                Map<String, Object> item = new LinkedHashMap<>();
                item.put("id", id);
                item.put("source", "sdk");
                item.put("data", data);
                if (!c.tags().isEmpty()) {
                    item.put("tags", List.copyOf(new java.util.LinkedHashSet<>(c.tags())));
                }
                newItems.add(item);
            }
            itemIds.put(c.id(), id);
        }
        for (List<Object> chunk : chunks(newItems, BATCH)) {
            call("PUT", "v1/private/datasets/items", Map.of("dataset_id", datasetId, "items", chunk));
        }

        String experimentId = Uuid7.next(clock).toString();
        String name = experimentName != null ? experimentName
                : result.suite() + " " + result.startedAt().truncatedTo(ChronoUnit.SECONDS);
        Map<String, Object> experiment = new LinkedHashMap<>();
        experiment.put("id", experimentId);
        experiment.put("dataset_name", dataset);
        experiment.put("name", name);
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("suite", result.suite());
        metadata.put("started_at", result.startedAt().toString());
        metadata.put("complete", result.complete());
        if (result.fingerprint() != null) {
            metadata.put("fingerprint", result.fingerprint().value());
        }
        experiment.put("metadata", metadata);
        experiment.put("type", "regular");
        experiment.put("project_name", project);
        call("POST", "v1/private/experiments", experiment);

        List<Object> traces = new ArrayList<>();
        List<Object> spans = new ArrayList<>();
        List<Object> experimentItems = new ArrayList<>();
        List<Object> scores = new ArrayList<>();
        Instant start = result.startedAt();
        for (CaseResult c : cases) {
            String traceId = traceId(c);
            if (agentTraceId(c).isEmpty()) {
                traces.add(trace(c, traceId, start));
                Usage usage = c.usage();
                if (usage != null && !usage.isEmpty() && (usage.inputTokens() != null || usage.outputTokens() != null)) {
                    spans.add(span(c, traceId, start, usage));
                }
            }
            Map<String, Object> item = new LinkedHashMap<>();
            item.put("id", Uuid7.next(clock).toString());
            item.put("experiment_id", experimentId);
            item.put("dataset_item_id", itemIds.get(c.id()));
            item.put("trace_id", traceId);
            item.put("project_name", project);
            experimentItems.add(item);
            scores.addAll(scores(c, traceId));
        }
        for (List<Object> chunk : chunks(traces, BATCH)) {
            call("POST", "v1/private/traces/batch", Map.of("traces", chunk));
            for (Object t : chunk) {
                writtenTraces.add((String) ((Map<?, ?>) t).get("id"));
            }
        }
        for (List<Object> chunk : chunks(spans, BATCH)) {
            call("POST", "v1/private/spans/batch", Map.of("spans", chunk));
        }
        for (List<Object> chunk : chunks(experimentItems, EXPERIMENT_ITEMS_BATCH)) {
            call("POST", "v1/private/experiments/items", Map.of("experiment_items", chunk));
        }
        for (List<Object> chunk : chunks(scores, BATCH)) {
            call("PUT", "v1/private/traces/feedback-scores", Map.of("scores", chunk));
        }
        experimentUrl = URI.create(ui() + "/" + enc(workspace) + "/experiments/" + enc(datasetId)
                + "/compare?experiments=%5B%22" + enc(experimentId) + "%22%5D");
        LOG.info("Opik experiment '{}': {} cases, {}", name, cases.size(), experimentUrl);
    }

    private Map<String, Object> trace(CaseResult c, String traceId, Instant start) {
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("id", traceId);
        t.put("project_name", project);
        t.put("name", c.id());
        t.put("start_time", start.toString());
        t.put("end_time", start.plus(c.duration()).toString());
        t.put("input", Map.of("turns", c.turns().stream().map(TurnResult::input).toList()));
        Map<String, Object> output = new LinkedHashMap<>();
        output.put("answers", c.turns().stream().map(x -> x.answer() == null ? "" : x.answer()).toList());
        output.put("status", c.status().wireName());
        if (!c.reason().isEmpty()) {
            output.put("reason", c.reason());
        }
        t.put("output", output);
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("case", c.id());
        metadata.put("passed", c.passed());
        if (c.usage() != null && !c.usage().isEmpty()) {
            metadata.put("usage", usageMap(c.usage()));
        }
        t.put("metadata", metadata);
        if (!c.tags().isEmpty()) {
            t.put("tags", List.copyOf(new java.util.LinkedHashSet<>(c.tags())));
        }
        if (c.status() == CaseStatus.ERRORED) {
            t.put("error_info", Map.of("exception_type", "harness_failure", "traceback", c.reason(),
                    "message", c.reason()));
        }
        t.put("source", "experiment");
        return t;
    }

    // Opik sums token usage from spans: a trace does not take it.
    private Map<String, Object> span(CaseResult c, String traceId, Instant start, Usage usage) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("id", Uuid7.next(clock).toString());
        s.put("trace_id", traceId);
        s.put("project_name", project);
        s.put("name", "agent");
        s.put("type", "general");
        s.put("start_time", start.toString());
        s.put("end_time", start.plus(c.duration()).toString());
        Map<String, Object> u = new LinkedHashMap<>();
        long in = usage.inputTokens() == null ? 0 : usage.inputTokens();
        long out = usage.outputTokens() == null ? 0 : usage.outputTokens();
        u.put("prompt_tokens", (int) Math.min(in, Integer.MAX_VALUE));
        u.put("completion_tokens", (int) Math.min(out, Integer.MAX_VALUE));
        u.put("total_tokens", (int) Math.min(in + out, Integer.MAX_VALUE));
        s.put("usage", u);
        if (usage.cost() != null && usage.cost() >= 0) {
            s.put("total_estimated_cost", usage.cost());
        }
        if (usage.model() != null) {
            s.put("model", usage.model());
        }
        return s;
    }

    private List<Object> scores(CaseResult c, String traceId) {
        List<Object> out = new ArrayList<>();
        boolean several = c.turns().size() > 1;
        Map<String, Integer> seen = new HashMap<>();
        for (TurnResult t : c.turns()) {
            for (ScoreResult s : t.scores()) {
                if (s.status() == ScoreStatus.SKIPPED || s.status() == ScoreStatus.ERRORED) {
                    continue;
                }
                String name = several ? s.type() + " (turn " + t.index() + ")" : s.type();
                int n = seen.merge(name, 1, Integer::sum);
                if (n > 1) {
                    name = name + " #" + n;
                }
                double value = s.value() != null ? s.value() : s.status() == ScoreStatus.PASSED ? 1 : 0;
                Map<String, Object> score = new LinkedHashMap<>();
                score.put("id", traceId);
                score.put("name", name);
                score.put("value", value);
                score.put("source", "sdk");
                String reason = reason(s);
                if (!reason.isEmpty()) {
                    score.put("reason", reason);
                }
                score.put("project_name", project);
                out.add(score);
            }
        }
        return out;
    }

    private static String reason(ScoreResult s) {
        if (!s.checks().isEmpty()) {
            StringBuilder sb = new StringBuilder();
            for (Check check : s.checks()) {
                if (sb.length() > 0) {
                    sb.append("; ");
                }
                sb.append(check.passed() ? "pass " : "FAIL ").append(check.label());
                if (check.detail() != null && !check.detail().isBlank()) {
                    sb.append(": ").append(check.detail());
                }
            }
            return sb.toString();
        }
        return s.reason();
    }

    private Map<String, Object> itemData(CaseResult c) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("case", c.id());
        Case spec = suite == null ? null : suite.find(c.id()).orElse(null);
        List<Object> turns = new ArrayList<>();
        if (spec != null) {
            for (Turn turn : spec.turns()) {
                Map<String, Object> t = new LinkedHashMap<>();
                turn.name().ifPresent(n -> t.put("name", n));
                t.put("input", turn.input().readableText());
                List<Object> expectations = new ArrayList<>();
                for (ScorerSpec s : turn.scorers()) {
                    Map<String, Object> e = new LinkedHashMap<>();
                    e.put("type", s.type());
                    if (s.inline().isEmpty() && !s.params().isEmpty()) {
                        e.put("params", JsonTrees.toValue(JsonTrees.toNode(s.params())));
                    }
                    expectations.add(e);
                }
                turn.expectedState().ifPresent(st -> t.put("expected_state", st.toString()));
                t.put("expectations", expectations);
                turns.add(t);
            }
        } else {
            for (TurnResult turn : c.turns()) {
                Map<String, Object> t = new LinkedHashMap<>();
                if (turn.name() != null) {
                    t.put("name", turn.name());
                }
                t.put("input", turn.input());
                t.put("expectations", turn.scores().stream().map(s -> {
                    Map<String, Object> e = new LinkedHashMap<>();
                    e.put("type", s.type());
                    if (!s.checks().isEmpty()) {
                        e.put("checks", s.checks().stream().map(Check::label).toList());
                    }
                    return (Object) e;
                }).toList());
                turns.add(t);
            }
        }
        data.put("turns", turns);
        if (!c.tags().isEmpty()) {
            data.put("tags", c.tags());
        }
        return data;
    }

    private String traceId(CaseResult c) {
        return agentTraceId(c).orElseGet(() -> generatedTraceIds.computeIfAbsent(c.id(),
                k -> Uuid7.next(clock).toString()));
    }

    private Optional<String> agentTraceId(CaseResult c) {
        for (TurnResult t : c.turns()) {
            Optional<String> id = agentTraceId(t);
            if (id.isPresent()) {
                return id;
            }
        }
        return Optional.empty();
    }

    private Optional<String> agentTraceId(TurnResult t) {
        return Optional.ofNullable(find(t.response(), 0));
    }

    // The agent's trace id, under one of the keys, at the top of its response or in a metadata
    // object below it (A2A puts it in the task's or the message's metadata).
    private String find(Object node, int depth) {
        if (depth > 6 || node == null) {
            return null;
        }
        if (node instanceof Map<?, ?> map) {
            for (String key : traceIdKeys) {
                if (map.get(key) instanceof String s && !s.isBlank()) {
                    return s.strip();
                }
            }
            for (Object v : map.values()) {
                String found = find(v, depth + 1);
                if (found != null) {
                    return found;
                }
            }
        } else if (node instanceof Collection<?> list) {
            for (Object v : list) {
                String found = find(v, depth + 1);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    private String traceUrl(String pid, String traceId) {
        return ui() + "/" + enc(workspace) + "/projects/" + enc(pid) + "/traces?trace=" + enc(traceId);
    }

    private String ui() {
        String base = url.toString();
        while (base.endsWith("/")) {
            base = base.substring(0, base.length() - 1);
        }
        if (base.endsWith("/api")) {
            base = base.substring(0, base.length() - 4);
        }
        return HttpJson.display(base);
    }

    // The project's id, found or (recording) created.
    private String projectId() throws InterruptedException {
        String id = projectId;
        if (id != null) {
            return id;
        }
        synchronized (this) {
            if (projectId == null) {
                String found = findProject();
                if (found == null) {
                    try {
                        call("POST", "v1/private/projects", Map.of("name", project));
                    } catch (OpikException e) {
                        if (e.status() != 409) { // another run created it meanwhile
                            throw e;
                        }
                    }
                    found = requireId(call("POST", "v1/private/projects/retrieve", Map.of("name", project)).body(),
                            "projects/retrieve");
                }
                projectId = found;
            }
            return projectId;
        }
    }

    // Not recording: the project's id, looked up once per sink; null when it does not exist.
    private String findProjectOnce() throws InterruptedException {
        if (projectId != null || projectMissing) {
            return projectId;
        }
        synchronized (this) {
            if (projectId == null && !projectMissing) {
                projectId = findProject();
                projectMissing = projectId == null;
            }
            return projectId;
        }
    }

    // The project's id, or null when it does not exist.
    private String findProject() throws InterruptedException {
        try {
            return requireId(call("POST", "v1/private/projects/retrieve", Map.of("name", project)).body(),
                    "projects/retrieve");
        } catch (OpikException e) {
            if (e.status() == 404) {
                return null;
            }
            throw e;
        }
    }

    private String dataset(String name) throws InterruptedException {
        try {
            return requireId(call("POST", "v1/private/datasets/retrieve", Map.of("dataset_name", name)).body(),
                    "datasets/retrieve");
        } catch (OpikException e) {
            if (e.status() != 404) {
                throw e;
            }
        }
        Map<String, Object> create = new LinkedHashMap<>();
        create.put("id", Uuid7.next(clock).toString());
        create.put("name", name);
        create.put("description", "agent-eval suite " + (name.length() > 200 ? name.substring(0, 200) : name));
        try {
            call("POST", "v1/private/datasets", create);
        } catch (OpikException e) {
            if (e.status() != 409) { // another run created it meanwhile
                throw e;
            }
        }
        return requireId(call("POST", "v1/private/datasets/retrieve", Map.of("dataset_name", name)).body(),
                "datasets/retrieve");
    }

    private Map<String, String> existingItems(String datasetId) throws InterruptedException {
        Map<String, String> byContent = new HashMap<>();
        for (int page = 1; ; page++) {
            JsonNode body = call("GET", "v1/private/datasets/" + enc(datasetId) + "/items?page=" + page + "&size="
                    + PAGE, null).body();
            JsonNode content = body.path("content");
            for (JsonNode item : content) {
                if (item.hasNonNull("id") && item.has("data")) {
                    byContent.putIfAbsent(canonical(JsonTrees.toValue(item.get("data"))), item.get("id").asText());
                }
            }
            long total = body.path("total").asLong(-1);
            if (content.size() < PAGE || total >= 0 && (long) page * PAGE >= total) {
                return byContent;
            }
        }
    }

    private static String canonical(Object value) {
        try {
            return JsonTrees.CANONICAL.writeValueAsString(JsonTrees.toValue(JsonTrees.toNode(value)));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String requireId(JsonNode body, String call) {
        String id = body.path("id").asText("");
        if (id.isEmpty()) {
            throw new OpikException("Opik " + call + " answered without an id: " + JsonTrees.compact(JsonTrees.toValue(body)),
                    200, null);
        }
        return id;
    }

    private JsonResponse call(String method, String path, Object body) throws InterruptedException {
        try {
            return http.send(method, path, body, NO_HEADERS);
        } catch (AgentException e) {
            throw failure("Opik upload failed", e);
        }
    }

    private static OpikException failure(String what, AgentException e) {
        Object status = e.context().get("status");
        int code = status instanceof Number n ? n.intValue() : 0;
        if (code == 0) {
            return new OpikException(what + ": " + e.getMessage(), 0, e);
        }
        String server = serverMessage(String.valueOf(e.context().getOrDefault("body", "")));
        return new OpikException(what + ": " + e.context().get("method") + " " + e.context().get("url")
                + " answered " + code + (server.isEmpty() ? "" : ": " + server), code, e);
    }

    // Opik answers errors as {"code","message","details"} or as {"errors":[...]}.
    static String serverMessage(String body) {
        JsonNode node = JsonTrees.parseOrNull(body);
        if (node == null || !node.isObject()) {
            return body.strip();
        }
        if (node.path("errors").isArray()) {
            List<String> errors = new ArrayList<>();
            node.path("errors").forEach(x -> errors.add(x.asText()));
            return String.join("; ", errors);
        }
        String message = node.path("message").asText("");
        String details = node.path("details").asText("");
        if (message.isEmpty()) {
            return body.strip();
        }
        return details.isEmpty() || details.equals(message) ? message : message + " (" + details + ")";
    }

    private static Map<String, Object> usageMap(Usage u) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("input_tokens", u.inputTokens());
        m.put("output_tokens", u.outputTokens());
        m.put("credits", u.credits());
        m.put("cost", u.cost());
        m.put("cost_estimated", u.costEstimated() ? Boolean.TRUE : null);
        m.put("model", u.model());
        m.values().removeIf(Objects::isNull);
        return m;
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    private static <T> List<List<T>> chunks(List<T> all, int size) {
        List<List<T>> out = new ArrayList<>();
        for (int i = 0; i < all.size(); i += size) {
            out.add(List.copyOf(all.subList(i, Math.min(all.size(), i + size))));
        }
        return out;
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }

    @Override
    public String toString() {
        return "OpikSink[" + HttpJson.display(url) + ", project=" + project + "]";
    }

    /** Builds an {@link OpikSink}; {@link #url} is required. */
    public static final class Builder {
        private URI url;
        private String project = DEFAULT_PROJECT;
        private String workspace;
        private String apiKey;
        private String datasetName;
        private String experimentName;
        private Clock clock = Clock.systemUTC();
        private List<String> traceIdKeys = DEFAULT_TRACE_ID_KEYS;
        private Suite suite;
        private Secrets secrets = Secrets.shared();
        private RetryPolicy retryPolicy = RetryPolicy.builder().maxAttempts(3).initialBackoff(Duration.ofSeconds(1))
                .maxBackoff(Duration.ofSeconds(60)).retryStatuses(java.util.Set.of(408, 429, 500, 502, 503, 504))
                .build();
        private Duration requestTimeout = Duration.ofSeconds(60);
        private boolean recording = true;

        private Builder() {
        }

        /**
         * The URL, project, workspace and API key from {@code OPIK_URL_OVERRIDE},
         * {@code OPIK_PROJECT_NAME}, {@code OPIK_WORKSPACE} and {@code OPIK_API_KEY} (the URL only when set).
         */
        public Builder fromEnvironment(java.util.function.Function<String, String> environment) {
            String u = blankToNull(environment.apply(URL_VARIABLE));
            if (u != null) {
                try {
                    url(URI.create(u));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(URL_VARIABLE + " must be an http(s) URL but was '"
                            + HttpJson.display(u) + "'", e);
                }
            }
            String p = blankToNull(environment.apply(PROJECT_VARIABLE));
            if (p != null) {
                project(p);
            }
            workspace(environment.apply(WORKSPACE_VARIABLE));
            apiKey(environment.apply(API_KEY_VARIABLE));
            return this;
        }

        /** Whether a URL was given. */
        public boolean hasUrl() {
            return url != null;
        }

        Builder copy() {
            Builder b = new Builder();
            b.url = url;
            b.project = project;
            b.workspace = workspace;
            b.apiKey = apiKey;
            b.datasetName = datasetName;
            b.experimentName = experimentName;
            b.clock = clock;
            b.traceIdKeys = traceIdKeys;
            b.suite = suite;
            b.secrets = secrets;
            b.retryPolicy = retryPolicy;
            b.requestTimeout = requestTimeout;
            b.recording = recording;
            return b;
        }

        private static String blankToNull(String s) {
            return s == null || s.isBlank() ? null : s.strip();
        }

        /** The Opik API base: {@code http://localhost:5173/api} self-hosted, {@code https://www.comet.com/opik/api} cloud. */
        public Builder url(URI url) {
            Objects.requireNonNull(url, "url");
            if (!"http".equals(url.getScheme()) && !"https".equals(url.getScheme())) {
                throw new IllegalArgumentException("url must be http or https but was " + HttpJson.display(url));
            }
            this.url = url;
            return this;
        }

        /** The project traces go to; {@code Agents} by default. */
        public Builder project(String project) {
            this.project = nonBlank(project, "project");
            return this;
        }

        /** The workspace ({@code Comet-Workspace}); {@code default} unless set (required by Opik Cloud). */
        public Builder workspace(String workspace) {
            this.workspace = workspace == null || workspace.isBlank() ? null : workspace;
            return this;
        }

        /** The API key (Opik Cloud), sent raw as {@code authorization}; registered as a secret. */
        public Builder apiKey(String apiKey) {
            this.apiKey = apiKey == null || apiKey.isBlank() ? null : apiKey;
            return this;
        }

        /** The dataset; the suite's name by default. */
        public Builder datasetName(String datasetName) {
            this.datasetName = datasetName == null ? null : nonBlank(datasetName, "datasetName");
            return this;
        }

        /** The experiment; the suite's name and the run's start time by default. */
        public Builder experimentName(String experimentName) {
            this.experimentName = experimentName == null ? null : nonBlank(experimentName, "experimentName");
            return this;
        }

        /** The clock of the ids (UUID v7 carry their time). */
        public Builder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        /** The response metadata keys read for the agent's trace id, first found wins. */
        public Builder traceIdKeys(List<String> traceIdKeys) {
            this.traceIdKeys = List.copyOf(traceIdKeys);
            return this;
        }

        /** The suite that ran, for the expectations of the dataset items (else taken from the results). */
        public Builder suite(Suite suite) {
            this.suite = suite;
            return this;
        }

        /** Where the API key is registered for masking; {@link Secrets#shared()} by default. */
        public Builder secrets(Secrets secrets) {
            this.secrets = Objects.requireNonNull(secrets, "secrets");
            return this;
        }

        /** Retries; by default 3 attempts on 408, 429 and 5xx, honouring {@code Retry-After}. */
        public Builder retryPolicy(RetryPolicy retryPolicy) {
            this.retryPolicy = Objects.requireNonNull(retryPolicy, "retryPolicy");
            return this;
        }

        /** The timeout of each call; 60 s by default. */
        public Builder requestTimeout(Duration requestTimeout) {
            this.requestTimeout = Objects.requireNonNull(requestTimeout, "requestTimeout");
            return this;
        }

        /**
         * Whether the sink records the run (true, the default); false: it only puts links to the
         * traces the agent reported on the results ({@link #linking}), with one short look-up of
         * the project, and {@link OpikSink#write} sends nothing.
         */
        public Builder recording(boolean recording) {
            this.recording = recording;
            return this;
        }

        /** The sink. */
        public OpikSink build() {
            if (url == null) {
                throw new IllegalStateException("url is required (OPIK_URL_OVERRIDE)");
            }
            return new OpikSink(this);
        }

        private static String nonBlank(String value, String name) {
            if (value == null || value.isBlank()) {
                throw new IllegalArgumentException(name + " must not be blank but was '" + value + "'");
            }
            return value;
        }
    }
}
