package dev.agenteval.launch;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.otel.AgentTraceHook;
import dev.agenteval.otel.OtlpReceiver;
import dev.agenteval.otel.ToolCallsFrom;
import dev.agenteval.otel.TraceContextHook;
import dev.agenteval.spi.TurnHook;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A run's tracing as the settings decide it: W3C trace context on every agent request
 * ({@link Setting#TRACESTATE}, the {@link Setting#TRACE_LINK_TEMPLATE trace link}), and with
 * {@link Setting#OTEL_RECEIVER} an OTLP receiver for the agent's own traces, started on first use
 * and closed by {@link #close()}, that completes responses ({@link Setting#OTEL_WAIT},
 * {@link Setting#TOOL_CALLS_FROM}).
 */
@API(status = EXPERIMENTAL)
public final class TracePlan implements AutoCloseable {

    private final TraceContextHook context;
    private final Integer receiverPort;
    private final Duration wait;
    private final ToolCallsFrom from;
    private OtlpReceiver receiver;
    private boolean closed;

    private TracePlan(TraceContextHook context, Integer receiverPort, Duration wait, ToolCallsFrom from) {
        this.context = context;
        this.receiverPort = receiverPort;
        this.wait = wait;
        this.from = from;
    }

    /**
     * The tracing {@code settings} describe.
     *
     * @throws ConfigurationException listing every invalid value, each naming its setting
     */
    public static TracePlan of(Settings settings) {
        List<String> problems = new ArrayList<>();
        TraceContextHook context = TraceContextHook.create();
        try {
            context = context.withTracestate(settings.get(Setting.TRACESTATE).orElse(null))
                    .withLinkTemplate(settings.get(Setting.TRACE_LINK_TEMPLATE).orElse(null));
        } catch (ConfigurationException e) {
            problems.add(settings.describe(Setting.TRACE_LINK_TEMPLATE) + ": " + e.getMessage());
        }
        Integer port = port(settings, problems);
        Duration wait = Duration.ofSeconds(2);
        String w = settings.get(Setting.OTEL_WAIT).orElse("2").strip();
        try {
            double seconds = Double.parseDouble(w);
            if (!(seconds >= 0) || seconds > 600) {
                throw new NumberFormatException();
            }
            wait = Duration.ofMillis(Math.round(seconds * 1000));
        } catch (NumberFormatException e) {
            problems.add(settings.describe(Setting.OTEL_WAIT) + " must be seconds from 0 to 600 but is '" + w + "'");
        }
        ToolCallsFrom from = ToolCallsFrom.RESPONSE_FIRST;
        try {
            from = ToolCallsFrom.parse(settings.get(Setting.TOOL_CALLS_FROM).orElse("response-first"),
                    settings.describe(Setting.TOOL_CALLS_FROM));
        } catch (ConfigurationException e) {
            problems.add(e.getMessage());
        }
        if (!problems.isEmpty()) {
            throw new ConfigurationException(problems);
        }
        return new TracePlan(context, port, wait, from);
    }

    /** The receiver's port (0: a free one), or null when it is off. */
    private static Integer port(Settings settings, List<String> problems) {
        String v = settings.get(Setting.OTEL_RECEIVER).orElse("false").strip().toLowerCase(Locale.ROOT);
        switch (v) {
            case "false", "no", "off" -> {
                return null;
            }
            case "true", "yes", "on", "" -> {
                return 0;
            }
            default -> {
                try {
                    int port = Integer.parseInt(v);
                    if (port >= 0 && port <= 65535) {
                        return port;
                    }
                } catch (NumberFormatException e) {
                    // reported below
                }
                problems.add(settings.describe(Setting.OTEL_RECEIVER) + " must be true, false or a port (0 to 65535)"
                        + " but is '" + v + "'");
                return null;
            }
        }
    }

    /** Whether the settings ask for a receiver of the agent's traces. */
    public boolean receives() {
        return receiverPort != null;
    }

    /**
     * The receiver of the agent's traces, started on first use; empty when the settings ask for none.
     *
     * @throws java.io.UncheckedIOException when its port cannot be bound
     */
    public synchronized Optional<OtlpReceiver> receiver() {
        if (receiverPort == null || closed) {
            return Optional.empty();
        }
        if (receiver == null) {
            receiver = OtlpReceiver.builder().port(receiverPort).start();
        }
        return Optional.of(receiver);
    }

    /** The run's turn hooks: trace context, then (with a receiver) tool calls and usage from the agent's traces. */
    public List<TurnHook> hooks() {
        List<TurnHook> hooks = new ArrayList<>(List.of(context));
        receiver().ifPresent(r -> hooks.add(new AgentTraceHook(r, wait, from)));
        return List.copyOf(hooks);
    }

    /** Stops the receiver, if one was started. */
    @Override
    public synchronized void close() {
        closed = true;
        if (receiver != null) {
            receiver.close();
            receiver = null;
        }
    }
}
