// An A2A agent (JSON-RPC message/send, A2A 0.3, answered by hand) instrumented with the official
// OpenTelemetry JS SDK, on 127.0.0.1 (port 0, printed as "PORT <n>" once listening):
//   node agent.mjs <traces-url>
// Each request's W3C traceparent is continued (W3CTraceContextPropagator): an invoke_agent span under
// the caller's span, under it a chat span with token usage and two GenAI execute_tool spans
// (get_weather, then book_table). The answer reports no tool call; the spans are exported (OTLP/HTTP
// protobuf, one batch) to <traces-url> after the answer is sent, as an agent's exporter does. Exits
// when its standard input ends.
import http from 'node:http';
import { trace, SpanKind, ROOT_CONTEXT } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { TracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';

const [url] = process.argv.slice(2);
if (!url) {
  console.error('usage: node agent.mjs <traces-url>');
  process.exit(2);
}
const provider = new TracerProvider({
  resource: resourceFromAttributes({ 'service.name': 'weather-agent' }),
  spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url }) })],
});
const tracer = provider.getTracer('agent-eval-otel-js-agent', '1.0.0');
const propagator = new W3CTraceContextPropagator();
const getter = {
  get: (carrier, key) => carrier[key],
  keys: (carrier) => Object.keys(carrier),
};

/** The agent's work on one message, as spans under the caller's context. */
function work(headers) {
  const parent = propagator.extract(ROOT_CONTEXT, headers, getter);
  const agent = tracer.startSpan('invoke_agent weather-agent', {
    kind: SpanKind.SERVER,
    attributes: { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': 'weather-agent' },
  }, parent);
  const inAgent = trace.setSpan(parent, agent);
  const chat = tracer.startSpan('chat gpt-4o', {
    kind: SpanKind.CLIENT,
    attributes: {
      'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'gpt-4o',
      'gen_ai.usage.input_tokens': 120, 'gen_ai.usage.output_tokens': 30,
    },
  }, inAgent);
  chat.end();
  for (const [name, args, result] of [
    ['get_weather', { city: 'Paris' }, { temperature: 21, unit: 'C' }],
    ['book_table', { restaurant: 'Chez Nous', people: 2 }, { booked: true }],
  ]) {
    const tool = tracer.startSpan(`execute_tool ${name}`, {
      kind: SpanKind.INTERNAL,
      attributes: {
        'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': name,
        'gen_ai.tool.call.arguments': JSON.stringify(args), 'gen_ai.tool.call.result': JSON.stringify(result),
      },
    }, inAgent);
    tool.end();
  }
  agent.end();
}

const server = http.createServer((req, res) => {
  if (req.method !== 'POST') {
    res.writeHead(404).end();
    return;
  }
  let body = '';
  req.on('data', (chunk) => { body += chunk; });
  req.on('end', async () => {
    const rpc = JSON.parse(body);
    work(req.headers);
    const answer = JSON.stringify({
      jsonrpc: '2.0', id: rpc.id,
      result: {
        kind: 'task', id: `task-${rpc.id}`, contextId: 'ctx-1', status: { state: 'completed' },
        artifacts: [{ artifactId: 'answer', parts: [{ kind: 'text', text: 'Sunny, 21 C; table booked.' }] }],
      },
    });
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(answer);
    try {
      await provider.forceFlush();
    } catch (e) {
      console.log(`EXPORT FAILED ${e}`);
    }
  });
});
server.listen(0, '127.0.0.1', () => {
  console.log(`PORT ${server.address().port}`);
});
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
