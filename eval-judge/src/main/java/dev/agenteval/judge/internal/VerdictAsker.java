package dev.agenteval.judge.internal;

import dev.agenteval.api.JudgeException;
import dev.agenteval.api.Usage;
import dev.agenteval.judge.ChatBackend.Message;
import dev.agenteval.judge.LlmJudge;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asks for one sample of a verdict: a reply without a clear verdict is asked again, up to
 * {@code verdictRetries} times, with the reply and a reminder of the format appended; then the
 * call fails with a {@link JudgeException}. A verdict is never invented.
 *
 * <p>Logs as {@link LlmJudge}. Thread-safe.
 */
public final class VerdictAsker {

    static final String CORRECTION = "Your reply did not contain a clear verdict. Reply with one JSON object and"
            + " nothing else: {\"reason\": \"<one or two sentences>\", \"verdict\": \"pass\" or \"fail\","
            + " \"score\": <a number from 0 to 1>}";

    private static final Logger LOG = LoggerFactory.getLogger(LlmJudge.class);

    private final ModelCalls calls;
    private final String model;
    private final double threshold;
    private final int verdictRetries;

    /** Asks through {@code calls}; a score without a verdict passes at {@code threshold} or above. */
    public VerdictAsker(ModelCalls calls, double threshold, int verdictRetries) {
        this.calls = calls;
        this.model = calls.model();
        this.threshold = threshold;
        this.verdictRetries = verdictRetries;
    }

    /** One sample of the verdict on {@code prompt} for the scorer {@code scorerType}. */
    public Sample ask(Prompt prompt, String scorerType) throws InterruptedException {
        List<Message> messages = prompt.messages();
        Usage usage = null;
        String lastReply = null;
        String problem = null;
        int replies = verdictRetries + 1;
        for (int i = 1; i <= replies; i++) {
            Completion c = calls.complete(messages);
            usage = c.usage() == null ? usage : usage == null ? c.usage() : usage.plus(c.usage());
            try {
                return new Sample(VerdictParser.parse(c.content(), c.finishReason(), threshold), usage);
            } catch (VerdictParser.Unclear e) {
                lastReply = c.content();
                problem = c.problem() != null ? c.problem() : e.getMessage();
                LOG.debug("Judge {} reply {} of {} on '{}' held no clear verdict: {}", model, i, replies, scorerType, problem);
                messages = Prompt.again(prompt.messages(), lastReply, CORRECTION);
            }
        }
        Map<String, Object> context = new LinkedHashMap<>();
        context.put("judge", model);
        context.put("replies", replies);
        context.put("lastReply", excerpt(lastReply));
        throw new JudgeException("judge '" + model + "' gave no clear verdict on '" + scorerType + "' in " + replies
                + (replies == 1 ? " reply" : " replies") + " (" + problem + "); last reply: " + excerpt(lastReply),
                context, null);
    }

    /** A reply as error messages quote it: stripped, at most 200 characters, in quotes; {@code (none)} for null. */
    public static String excerpt(String reply) {
        if (reply == null) {
            return "(none)";
        }
        String s = reply.strip();
        return "\"" + (s.length() > 200 ? s.substring(0, 200) + "…" : s) + "\"";
    }
}
