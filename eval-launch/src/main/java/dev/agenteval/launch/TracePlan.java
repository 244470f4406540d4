package dev.agenteval.launch;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import org.apiguardian.api.API;

import dev.agenteval.api.ConfigurationException;
import dev.agenteval.otel.AgentTraceHook;
import dev.agenteval.otel.OtelExportSettings;
import dev.agenteval.otel.OtlpReceiver;
import dev.agenteval.otel.RunTracer;
import dev.agenteval.otel.ToolCallsFrom;
import dev.agenteval.otel.TraceContextHook;
import dev.agenteval.spi.Secrets;
import dev.agenteval.spi.TurnHook;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

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
    private final OtelExportSettings export;
    private RunTracer tracer;
    private final Integer receiverPort;
    private final Duration wait;
    private final ToolCallsFrom from;
    private OtlpReceiver receiver;
    private boolean closed;

    private TracePlan(TraceContextHook context, OtelExportSettings export, Integer receiverPort, Duration wait,
                      ToolCallsFrom from) {
        this.context = context;
        this.export = export;
        this.receiverPort = receiverPort;
        this.wait = wait;
        this.from = from;
    }

    /**
     * The tracing {@code settings} describe.
     *
     * @throws ConfigurationException listing every invalid value, each naming its setting
     */
    public static TracePlan of(Settings settings, Function<String, String> environment) {
        List<String> problems = new ArrayList<>();
        OtelExportSettings export = null;
        try {
            export = settings.flag(Setting.OTEL) ? OtelExportSettings.requested(environment)
                    : OtelExportSettings.fromEnvironment(environment).orElse(null);
        } catch (ConfigurationException e) {
            problems.add(settings.describe(Setting.OTEL) + ": " + e.getMessage());
        }
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
        return new TracePlan(context, export, port, wait, from);
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

    /** Whether the run is exported as a trace ({@link Setting#OTEL} or the standard {@code OTEL_*} variables). */
    public boolean exports() {
        return export != null;
    }

    /**
     * The exporter of the run's trace, built on first use with {@code agentName} and the run's
     * redactor ({@link Secrets#shared()}, which also masks reports); empty when the run is not exported.
     */
    public synchronized Optional<RunTracer> tracer(String agentName) {
        if (export == null || closed) {
            return Optional.empty();
        }
        if (tracer == null) {
            Secrets.shared().addAll(export.secretValues());
            tracer = RunTracer.builder(export).redactor(Secrets.shared()::redact).agentName(agentName).build();
        }
        return Optional.of(tracer);
    }

    /**
     * The run's turn hooks: the exporter's (first, so that the agent's spans join the run's
     * trace) when the run is exported, else the trace context; then, with a receiver, tool calls
     * and usage from the agent's traces.
     */
    public List<TurnHook> hooks() {
        List<TurnHook> hooks = new ArrayList<>();
        synchronized (this) {
            if (tracer != null) {
                hooks.add(tracer);
            }
        }
        hooks.add(context);
        receiver().ifPresent(r -> hooks.add(new AgentTraceHook(r, wait, from)));
        return List.copyOf(hooks);
    }

    /** Flushes and stops the exporter and stops the receiver, those that were started. */
    @Override
    public synchronized void close() {
        closed = true;
        if (tracer != null) {
            tracer.close();
            tracer = null;
        }
        if (receiver != null) {
            receiver.close();
            receiver = null;
        }
    }
}
