package dev.agenteval.opik;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import dev.agenteval.api.Suite;
import dev.agenteval.api.SuiteResult;
import dev.agenteval.http.HttpJson;
import dev.agenteval.http.RetryPolicy;
import dev.agenteval.opik.internal.OpikClient;
import dev.agenteval.opik.internal.OpikPayloads;
import dev.agenteval.opik.internal.OpikProject;
import dev.agenteval.opik.internal.OpikUpload;
import dev.agenteval.opik.internal.TraceLinks;
import dev.agenteval.spi.EnvironmentVariable;
import dev.agenteval.spi.ResultSink;
import dev.agenteval.spi.Secrets;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
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
@API(status = MAINTAINED)
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

    static final Duration LINKS_TIMEOUT = Duration.ofSeconds(5);

    private static final Logger LOG = LoggerFactory.getLogger(OpikSink.class);

    private final Builder config;
    private final boolean recording;
    private final OpikClient client;
    private final OpikProject project;
    private final TraceLinks traces;
    private final OpikUpload upload;
    private volatile URI experimentUrl;

    private OpikSink(Builder b, OpikProject known) {
        this.config = b.copy();
        this.recording = b.recording;
        // Links only: one short attempt, so that an Opik that is down costs a run a few seconds at most.
        this.client = new OpikClient(b.url, b.workspace == null ? "default" : b.workspace, b.apiKey, b.secrets,
                recording ? b.retryPolicy : RetryPolicy.none(),
                recording ? b.requestTimeout : min(b.requestTimeout, LINKS_TIMEOUT));
        this.project = known == null ? new OpikProject(client, b.project) : known.through(client);
        this.traces = new TraceLinks(b.clock, b.traceIdKeys);
        this.upload = new OpikUpload(client, project, new OpikPayloads(b.project, b.clock, b.suite), traces, b.clock,
                b.datasetName, b.experimentName);
    }

    /** The variables {@link Builder#fromEnvironment} reads, for help texts and secret registration. */
    public static List<EnvironmentVariable> environmentVariables() {
        return List.of(
                new EnvironmentVariable(URL_VARIABLE, null, "With --opik: the Opik API base the run"
                        + " is recorded in (e.g. http://localhost:5173/api, https://www.comet.com/opik/api).", false),
                new EnvironmentVariable(PROJECT_VARIABLE, DEFAULT_PROJECT,
                        "With --opik: the Opik project of the traces and trace links.", false),
                new EnvironmentVariable(API_KEY_VARIABLE, null,
                        "With --opik: the Opik Cloud API key (sent as the authorization header).", true),
                new EnvironmentVariable(WORKSPACE_VARIABLE, null,
                        "With --opik: the Opik workspace (Comet-Workspace header; default: default).", false));
    }

    /**
     * The same sink for another suite: the same configuration and project, with {@code suite}'s
     * expectations in the dataset items.
     */
    public OpikSink forSuite(Suite suite) {
        return new OpikSink(config.copy().suite(suite), project);
    }

    /** A builder; only the URL is required. */
    public static Builder builder() {
        return new Builder();
    }

    /** The Opik API base (e.g. {@code http://localhost:5173/api}). */
    public URI url() {
        return client.url();
    }

    /** The project traces go to. */
    public String project() {
        return project.name();
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
        client.ping();
        project.check();
    }

    /**
     * The result with {@code trace_url} on every turn whose trace is known: the agent's own trace
     * when it reported one, else the trace this sink writes for the case. Stable: the same case
     * gets the same trace id here and in {@link #write}.
     */
    public SuiteResult link(SuiteResult result) {
        String pid;
        try {
            pid = recording ? project.findOrCreate() : project.findOnce();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return result;
        } catch (OpikException e) {
            LOG.warn("No Opik trace links: {}", e.getMessage());
            return result;
        }
        if (pid == null) {
            LOG.info("No Opik trace links: Opik at {} has no project '{}'", client, project.name());
            return result;
        }
        // Not recording, only the agent's own traces exist in Opik.
        return traces.link(result, id -> recording, id -> client.traceUrl(pid, id));
    }

    /**
     * {@code delegate}, writing {@link #link linked} results. When recording the run fails before
     * the traces this sink makes are written, {@link #write} writes {@code delegate} again,
     * without the links to those traces.
     */
    public ResultSink linking(ResultSink delegate) {
        return traces.linking(delegate, this::link);
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
            experimentUrl = upload.run(result);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw relink(new OpikException("Opik upload interrupted", 0, e));
        } catch (OpikException e) {
            throw relink(e);
        }
    }

    private OpikException relink(OpikException failure) {
        String pid = project.knownId();
        return traces.relink(failure, pid, id -> client.traceUrl(pid, id));
    }

    // Opik answers errors as {"code","message","details"} or as {"errors":[...]}.
    static String serverMessage(String body) {
        return OpikClient.serverMessage(body);
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    @Override
    public String toString() {
        return "OpikSink[" + client + ", project=" + project.name() + "]";
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
                .maxBackoff(Duration.ofSeconds(60)).retryStatuses(Set.of(408, 429, 500, 502, 503, 504))
                .build();
        private Duration requestTimeout = Duration.ofSeconds(60);
        private boolean recording = true;

        private Builder() {
        }

        /**
         * The URL, project, workspace and API key from {@code OPIK_URL_OVERRIDE},
         * {@code OPIK_PROJECT_NAME}, {@code OPIK_WORKSPACE} and {@code OPIK_API_KEY} (the URL only when set).
         */
        public Builder fromEnvironment(Function<String, String> environment) {
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
            return new OpikSink(this, null);
        }

        private static String nonBlank(String value, String name) {
            if (value == null || value.isBlank()) {
                throw new IllegalArgumentException(name + " must not be blank but was '" + value + "'");
            }
            return value;
        }
    }
}
