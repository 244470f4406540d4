package dev.agenteval.otel.internal;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.data.DelegatingSpanData;
import io.opentelemetry.sdk.trace.data.EventData;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.data.StatusData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * Sits between the span processor and the OTLP exporter: every span's name, string attributes,
 * event names and attributes, link attributes, status description and resource pass through the
 * run's redactor before they are encoded (the one place, so no attribute can miss it), and a failed
 * export is reported to {@code onFailure} (the caller warns once). Runs on the processor's thread,
 * never on a case's.
 */
public final class RedactingSpanExporter implements SpanExporter {

    private final SpanExporter delegate;
    private final UnaryOperator<String> redactor;
    private final Consumer<Throwable> onFailure;

    public RedactingSpanExporter(SpanExporter delegate, UnaryOperator<String> redactor, Consumer<Throwable> onFailure) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
        this.redactor = Objects.requireNonNull(redactor, "redactor");
        this.onFailure = Objects.requireNonNull(onFailure, "onFailure");
    }

    @Override
    public CompletableResultCode export(Collection<SpanData> spans) {
        CompletableResultCode result;
        try {
            result = delegate.export(spans.stream().map(s -> (SpanData) new Redacted(s, redactor)).toList());
        } catch (RuntimeException e) {
            onFailure.accept(e);
            return CompletableResultCode.ofFailure();
        }
        result.whenComplete(() -> {
            if (!result.isSuccess()) {
                onFailure.accept(result.getFailureThrowable());
            }
        });
        return result;
    }

    @Override
    public CompletableResultCode flush() {
        return delegate.flush();
    }

    @Override
    public CompletableResultCode shutdown() {
        return delegate.shutdown();
    }

    /** {@code attributes} with every string (and string list element) redacted. */
    @SuppressWarnings("unchecked")
    public static Attributes redact(Attributes attributes, UnaryOperator<String> redactor) {
        AttributesBuilder out = Attributes.builder();
        attributes.forEach((key, value) -> {
            switch (key.getType()) {
                case STRING -> out.put((AttributeKey<String>) key, redact(redactor, (String) value));
                case STRING_ARRAY -> out.put((AttributeKey<List<String>>) key,
                        ((List<String>) value).stream().map(v -> redact(redactor, v)).toList());
                default -> out.put((AttributeKey<Object>) key, value);
            }
        });
        return out.build();
    }

    private static String redact(UnaryOperator<String> redactor, String text) {
        if (text == null || text.isEmpty()) {
            return text;
        }
        String r = redactor.apply(text);
        return r == null ? "" : r;
    }

    /** A span as exported: its texts redacted. */
    private static final class Redacted extends DelegatingSpanData {
        private final String name;
        private final Attributes attributes;
        private final List<EventData> events;
        private final List<LinkData> links;
        private final StatusData status;
        private final Resource resource;

        Redacted(SpanData span, UnaryOperator<String> redactor) {
            super(span);
            name = redact(redactor, span.getName());
            attributes = redact(span.getAttributes(), redactor);
            events = span.getEvents().stream()
                    .map(e -> EventData.create(e.getEpochNanos(), redact(redactor, e.getName()),
                            redact(e.getAttributes(), redactor), e.getTotalAttributeCount()))
                    .toList();
            links = span.getLinks().stream()
                    .map(l -> LinkData.create(l.getSpanContext(), redact(l.getAttributes(), redactor),
                            l.getTotalAttributeCount()))
                    .toList();
            StatusData s = span.getStatus();
            status = StatusData.create(s.getStatusCode(), redact(redactor, s.getDescription()));
            Resource r = span.getResource();
            resource = Resource.create(redact(r.getAttributes(), redactor), r.getSchemaUrl());
        }

        @Override
        public String getName() {
            return name;
        }

        @Override
        public Attributes getAttributes() {
            return attributes;
        }

        @Override
        public List<EventData> getEvents() {
            return events;
        }

        @Override
        public List<LinkData> getLinks() {
            return links;
        }

        @Override
        public StatusData getStatus() {
            return status;
        }

        @Override
        public Resource getResource() {
            return resource;
        }
    }
}
