package dev.agenteval.yaml;

import static org.apiguardian.api.API.Status.MAINTAINED;
import org.apiguardian.api.API;

import dev.agenteval.api.AgentException;
import dev.agenteval.api.ConfigurationException;
import dev.agenteval.spi.AgentClient;
import java.nio.file.Path;
import java.text.Normalizer;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns a conversation with an agent into a test case ("save as test case"), as
 * {@code agent-eval record} does: {@link #record} drives the session with a
 * {@link SessionRecorder}, {@link #save} writes the recording with a {@link RecordingWriter}
 * (expected tools from the tools the agent called, a commented-out rubric to fill in).
 *
 * <pre>{@code
 * CaseRecorder recorder = CaseRecorder.builder().agent(agent).build();
 * Recording r = recorder.record("refund-status", List.of("Where is my refund for order 42?"));
 * recorder.save(r, Path.of("support-agent/eval/eval.yaml"));   // appends, or creates the file
 * }</pre>
 *
 * Thread-safe.
 */
@API(status = MAINTAINED)
public final class CaseRecorder {

    private static final Logger LOG = LoggerFactory.getLogger(CaseRecorder.class);
    private static final int MAX_ID_LENGTH = 40;

    private final SessionRecorder sessions;
    private final RecordingWriter writer;

    private CaseRecorder(Builder b) {
        this.sessions = SessionRecorder.of(b.agent);
        this.writer = RecordingWriter.of(b.loader != null ? b.loader : SuiteLoader.defaults()).withFollowLinks(b.followLinks);
    }

    /** A new builder. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Sends {@code inputs} to the agent, one turn each, on one new session; see
     * {@link SessionRecorder#record}.
     *
     * @param caseId the id the case will have; also sent as the session's case id
     * @param inputs the user messages, at least one, none blank
     * @throws AgentException when the agent could not be reached or answered with a task that
     *                        failed, was rejected or canceled (nothing worth recording)
     * @throws InterruptedException when the thread was interrupted while waiting for the agent
     */
    public Recording record(String caseId, List<String> inputs) throws InterruptedException {
        return sessions.record(caseId, inputs);
    }

    /**
     * Appends the recorded case to a platform-dialect suite file, or creates the file; see
     * {@link RecordingWriter#save}.
     *
     * @return the file written
     * @throws ConfigurationException when the file does not load now, is a harness-dialect suite,
     *                                writes {@code cases} in flow style ({@code [...]}), already has
     *                                a case with this id, or would not load with the case added
     */
    public Path save(Recording recording, Path suiteFile) {
        return save(recording, suiteFile, false);
    }

    /**
     * Like {@link #save(Recording, Path)}; with {@code replace}, a case with the same id in the
     * file's own {@code cases} is replaced in place (see {@link RecordingWriter#save(Recording, Path, boolean)}).
     *
     * @return the file written
     */
    public Path save(Recording recording, Path suiteFile, boolean replace) {
        writer.save(recording, suiteFile, replace);
        LOG.info("Recorded case '{}' ({} turn(s), tools: {}) into {}", recording.caseId(), recording.turns().size(),
                recording.tools(), suiteFile);
        return suiteFile;
    }

    /** A lower-case id from an input, e.g. {@code where-is-my-refund} from "Where is my refund?". */
    public static String idFrom(String input) {
        Objects.requireNonNull(input, "input");
        String ascii = Normalizer.normalize(input, Normalizer.Form.NFD).replaceAll("\\p{M}", "");
        String slug = ascii.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-+|-+$", "");
        String[] words = slug.split("-");
        StringBuilder id = new StringBuilder();
        for (String w : words) {
            if (w.isEmpty() || id.length() + w.length() + 1 > MAX_ID_LENGTH) {
                break;
            }
            if (id.length() > 0) {
                id.append('-');
            }
            id.append(w);
        }
        return id.length() == 0 ? "recorded-case" : id.toString();
    }

    /** Builder of a {@link CaseRecorder}. */
    public static final class Builder {
        private AgentClient agent;
        private SuiteLoader loader;
        private boolean followLinks;

        private Builder() {
        }

        /** Whether a suite file that is a symbolic link is written through (see {@link RecordingWriter#withFollowLinks}); default false: refused. */
        public Builder followLinks(boolean follow) {
            this.followLinks = follow;
            return this;
        }

        /** The agent to record. Required. */
        public Builder agent(AgentClient agent) {
            this.agent = Objects.requireNonNull(agent, "agent");
            return this;
        }

        /** The loader that checks the file before and after the case is added; default {@link SuiteLoader#defaults()}. */
        public Builder loader(SuiteLoader loader) {
            this.loader = Objects.requireNonNull(loader, "loader");
            return this;
        }

        /**
         * Builds the recorder.
         *
         * @throws ConfigurationException when no agent was given
         */
        public CaseRecorder build() {
            if (agent == null) {
                throw new ConfigurationException("no agent to record: give one with CaseRecorder.builder().agent(...)"
                        + " (AgentEvalSettings.fromEnvironment().agent() takes it from -Dagent-eval.agent-url or"
                        + " AGENT_EVAL_AGENT_URL)");
            }
            return new CaseRecorder(this);
        }
    }
}
