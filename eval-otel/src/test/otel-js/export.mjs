// Exports GenAI-convention spans with the official OpenTelemetry JS SDK to an OTLP/HTTP receiver:
//   node export.mjs <traces-url> <proto|json> <traceparent>
// An invoke_agent span continuing <traceparent>, under it a chat span with token usage and two
// execute_tool spans (the second, started later, ended first, so arrival order is not start order),
// the same scenario as GenAiScenario.java. Prints "EXPORTED <trace id> <agent span id>" and exits 0
// when every export succeeded; prints the failure and exits 1 otherwise.
import { context, propagation, trace, SpanKind, SpanStatusCode, ROOT_CONTEXT } from '@opentelemetry/api';
import { W3CTraceContextPropagator, ExportResultCode } from '@opentelemetry/core';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { TracerProvider, SimpleSpanProcessor, BatchSpanProcessor } from '@opentelemetry/sdk-trace';
import { OTLPTraceExporter as ProtoExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';

const [url, protocol, traceparent] = process.argv.slice(2);
if (!url || !['proto', 'json'].includes(protocol) || !traceparent) {
  console.error('usage: node export.mjs <traces-url> <proto|json> <traceparent>');
  process.exit(2);
}

// protobuf: one request per span, plain; JSON: one batch, gzip-compressed.
const inner = protocol === 'proto'
  ? new ProtoExporter({ url })
  : new JsonExporter({ url, compression: 'gzip' });
const failures = [];
const exporter = {
  export(spans, done) {
    inner.export(spans, (result) => {
      if (result.code !== ExportResultCode.SUCCESS) {
        failures.push(String(result.error));
      }
      done(result);
    });
  },
  shutdown: () => inner.shutdown(),
  forceFlush: () => (inner.forceFlush ? inner.forceFlush() : Promise.resolve()),
};
const provider = new TracerProvider({
  resource: resourceFromAttributes({ 'service.name': 'js-agent' }),
  spanProcessors: [protocol === 'proto' ? new SimpleSpanProcessor({ exporter }) : new BatchSpanProcessor({ exporter })],
});
const tracer = provider.getTracer('agent-eval-otel-js-test', '1.0.0');

const parent = new W3CTraceContextPropagator().extract(ROOT_CONTEXT, { traceparent }, {
  get: (carrier, key) => carrier[key],
  keys: (carrier) => Object.keys(carrier),
});

// Times in milliseconds since the epoch (the JS API's unit), fixed so the Java side can assert them.
const T0 = 1767225600000; // 2026-01-01T00:00:00Z
const agent = tracer.startSpan('invoke_agent weather-agent', {
  kind: SpanKind.SERVER,
  startTime: T0,
  attributes: {
    'gen_ai.operation.name': 'invoke_agent',
    'gen_ai.agent.name': 'weather-agent',
    'test.count': 7,
    'test.ratio': 0.5,
    'test.flag': true,
    'test.names': ['a', 'b'],
  },
}, parent);
const inAgent = trace.setSpan(parent, agent);

const chat = tracer.startSpan('chat gpt-4o', {
  kind: SpanKind.CLIENT,
  startTime: T0 + 1,
  attributes: {
    'gen_ai.operation.name': 'chat',
    'gen_ai.request.model': 'gpt-4o',
    'gen_ai.response.model': 'gpt-4o-2024-08-06',
    'gen_ai.usage.input_tokens': 120,
    'gen_ai.usage.output_tokens': 30,
  },
}, inAgent);
chat.end(T0 + 5);

const weather = tracer.startSpan('execute_tool get_weather', {
  kind: SpanKind.INTERNAL,
  startTime: T0 + 10,
  attributes: {
    'gen_ai.operation.name': 'execute_tool',
    'gen_ai.tool.name': 'get_weather',
    'gen_ai.tool.call.id': 'call-1',
    'gen_ai.tool.call.arguments': '{"city":"Paris"}',
    'gen_ai.tool.call.result': '{"temperature":21,"unit":"C"}',
  },
}, inAgent);
const booking = tracer.startSpan('execute_tool book_table', {
  kind: SpanKind.INTERNAL,
  startTime: T0 + 30,
  attributes: {
    'gen_ai.operation.name': 'execute_tool',
    'gen_ai.tool.name': 'book_table',
    'gen_ai.tool.call.id': 'call-2',
    'gen_ai.tool.call.arguments': '{"restaurant":"Chez Nous","people":2}',
    'gen_ai.tool.call.result': 'no table left',
  },
}, inAgent);
booking.addEvent('retry', { attempt: 2 }, T0 + 35);
booking.setStatus({ code: SpanStatusCode.ERROR, message: 'fully booked' });
booking.end(T0 + 40);
weather.end(T0 + 20);
agent.end(T0 + 50);

await provider.forceFlush();
await provider.shutdown();
if (failures.length > 0) {
  console.log('EXPORT FAILED ' + failures.join('; '));
  process.exit(1);
}
const sc = agent.spanContext();
console.log('EXPORTED ' + sc.traceId + ' ' + sc.spanId);
