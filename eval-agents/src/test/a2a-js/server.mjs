// A2A agents built with the official A2A JS SDK, for eval-agents' A2aJsSdkTest and eval-cli's
// A2aJsSdkCliTest: the SDK, not our reading of the spec, is the reference for the wire.
//
// One process, three agents on 127.0.0.1 (port 0, printed as "PORT <n>" once listening):
//   /v1/      @a2a-js/sdk 1.x, A2A 1.0 only (JSON-RPC at /v1/rpc)
//   /compat/  @a2a-js/sdk 1.x with its v0.3 compatibility layer (1.0 and 0.3 at /compat/rpc)
//   /v03/     @a2a-js/sdk 0.3.x (the package alias a2a-js-sdk-0.3), A2A 0.3 (JSON-RPC at /v03/rpc)
// Each serves its agent card at <prefix>.well-known/agent-card.json through the SDK's handler.
//
// The executor answers by the first word of the user's text (see scenario(); "echo" and, on 1.x,
// "disorder" are handled in the executors), and a message of data parts only with what it received
// (featureInput()). It exits when its
// standard input closes, so it never outlives the JVM that started it.

import express from 'express';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Role, TaskState } from '@a2a-js/sdk';
import { AgentEvent, DefaultRequestHandler, InMemoryTaskStore } from '@a2a-js/sdk/server';
import { agentCardHandler, jsonRpcHandler, UserBuilder } from '@a2a-js/sdk/server/express';
import { AGENT_CARD_PATH as AGENT_CARD_PATH_03 } from 'a2a-js-sdk-0.3';
import { DefaultRequestHandler as DefaultRequestHandler03, InMemoryTaskStore as InMemoryTaskStore03 } from 'a2a-js-sdk-0.3/server';
import {
  agentCardHandler as agentCardHandler03,
  jsonRpcHandler as jsonRpcHandler03,
  UserBuilder as UserBuilder03,
} from 'a2a-js-sdk-0.3/server/express';

const version = (name) => JSON.parse(readFileSync(new URL(`./node_modules/${name}/package.json`, import.meta.url))).version;
const SDK = version('@a2a-js/sdk');
const SDK_03 = version('a2a-js-sdk-0.3');

// ------------------------------------------------------------------ the scenarios, in neutral form
//
// A plan is {message: [parts]} or {task: [steps], metadata?}, a step {status, say?} or {artifact,
// parts, append?, lastChunk?, metadata?}; a part is {text} or {data}. A task's metadata is what
// the agent reports about the whole task: the 1.x executor sends it on the last status update
// (the 1.x SDK merges it into the task's metadata), the 0.3 executor on the task it publishes
// first (the 0.3 SDK keeps only the task's own). `arrays` is false where the SDK's types forbid a
// non-object data payload (0.3).

// What "tools" reports: the calls under the task metadata's toolsCalled (the platform CLI's name).
const TOOLS_CALLED = [
  { name: 'find_assets', arguments: { filter: 'pump', limit: 10 }, output: { count: 2 } },
  { name: 'summarize', arguments: { items: ['P-101', 'P-102'] } },
];

// What "traced" reports: the calls as steps of a trace in the artifact's metadata, where only a
// configured toolCallsPath finds them.
const TRACE = { trace: { steps: [{ tool: 'list_views', input: { space: 'plant' } },
  { tool: 'query_view', input: { view: 'Pump', filter: { status: 'running' } } }] } };

function scenario(words, previous, arrays) {
  if (previous === 'input-required') {
    // The follow-up of "book": the SDK found the task by the message's taskId (and refuses a wrong one).
    return { task: [{ artifact: 'booking', parts: [{ text: `Booked for ${words.join(' ')}.` }] }, { status: 'completed' }] };
  }
  switch ((words[0] ?? '').toLowerCase()) {
    case 'artifact':
      return { task: [{ status: 'working' }, { artifact: 'report', parts: [{ text: 'Your report is ready: REPORT_WORD.' }] }, { status: 'completed' }] };
    case 'status':
      return { task: [{ artifact: 'answer', parts: [{ text: 'The artifact says ARTIFACT_WORD.' }] },
        { status: 'completed', say: 'The status says STATUS_WORD.' }] };
    case 'data': {
      const parts = [{ text: 'Here is the booking.' }, { data: { booking: { day: 'Tuesday', slot: 10 } } }];
      if (arrays) {
        parts.push({ data: [{ type: 'TEMP', value: 38.5 }, { type: 'PULSE', value: 72 }] });
      }
      return { task: [{ artifact: 'booking', parts }, { status: 'completed' }] };
    }
    case 'fail':
      return { task: [{ status: 'failed', say: 'I could not do it: FAIL_WORD.' }] };
    case 'book':
      return { task: [{ status: 'input-required', say: 'Which day suits you?' }] };
    case 'hello':
      return { message: [{ text: 'Hello from the A2A JS SDK.' }] };
    case 'stream':
      return { task: [{ status: 'submitted' }, { status: 'working', say: 'Working on it.' },
        { artifact: 'story', parts: [{ text: 'Part one, ' }], append: false, lastChunk: false },
        { artifact: 'story', parts: [{ text: 'part two.' }], append: true, lastChunk: true },
        { status: 'completed' }] };
    case 'tools':
      return { task: [{ status: 'working' }, { artifact: 'answer', parts: [{ text: 'Found 2 pumps: P-101 and P-102.' }] },
        { status: 'completed' }], metadata: { toolsCalled: TOOLS_CALLED } };
    case 'traced':
      return { task: [{ artifact: 'answer', parts: [{ text: 'Running pumps: P-101.' }], metadata: TRACE },
        { status: 'completed' }] };
    case 'crash':
      throw new Error('the executor crashed on purpose');
    default:
      return { message: [{ text: `Unknown request: ${words.join(' ')}` }] };
  }
}

/**
 * A message of data parts only (a feature input, no text): answers with the data it received, as
 * text ("Feature input received: {json}") and as a data part {received: [...]}.
 */
function featureInput(data) {
  return { message: [{ text: `Feature input received: ${data.map((d) => JSON.stringify(d)).join(' ')}` },
    { data: { received: data } }] };
}

// ------------------------------------------------------------------ @a2a-js/sdk 1.x

const STATES = {
  submitted: TaskState.TASK_STATE_SUBMITTED,
  working: TaskState.TASK_STATE_WORKING,
  completed: TaskState.TASK_STATE_COMPLETED,
  failed: TaskState.TASK_STATE_FAILED,
  'input-required': TaskState.TASK_STATE_INPUT_REQUIRED,
};

function part1(p) {
  const content = 'text' in p ? { $case: 'text', value: p.text } : { $case: 'data', value: p.data };
  return { content, metadata: undefined, filename: '', mediaType: '' };
}

function message1(ctx, parts, taskId) {
  return { messageId: randomUUID(), contextId: ctx.contextId, taskId, role: Role.ROLE_AGENT, parts: parts.map(part1),
    metadata: undefined, extensions: [], referenceTaskIds: [] };
}

/** What the SDK decoded from the user's message, for "echo". */
function decoded1(m) {
  return {
    role: Role[m.role] ?? String(m.role),
    messageId: m.messageId,
    contextId: m.contextId,
    taskId: m.taskId,
    parts: m.parts.map((p) => ({ type: p.content?.$case ?? 'none', value: p.content?.value ?? null })),
    metadata: m.metadata ?? null,
  };
}

function words1(m) {
  return m.parts.filter((p) => p.content?.$case === 'text').map((p) => p.content.value).join(' ').split(/\s+/).filter(Boolean);
}

class Executor1 {
  async execute(ctx, bus) {
    const m = ctx.userMessage;
    const words = words1(m);
    if (words.length === 0 && m.parts.some((p) => p.content?.$case === 'data')) {
      const plan = featureInput(m.parts.filter((p) => p.content?.$case === 'data').map((p) => p.content.value));
      bus.publish(AgentEvent.message(message1(ctx, plan.message, '')));
      bus.finished();
      return;
    }
    if ((words[0] ?? '').toLowerCase() === 'echo') {
      bus.publish(AgentEvent.message(message1(ctx, [{ data: decoded1(m) }], '')));
      bus.finished();
      return;
    }
    if ((words[0] ?? '').toLowerCase() === 'disorder') {
      // A message after the task breaks the SDK's stream ordering: it answers a JSON-RPC error
      // (in a stream, as an SSE "event: error" after the events already sent).
      bus.publish(AgentEvent.task({ id: ctx.taskId, contextId: ctx.contextId, artifacts: [], history: [m], metadata: undefined,
        status: { state: TaskState.TASK_STATE_WORKING, message: undefined, timestamp: new Date().toISOString() } }));
      bus.publish(AgentEvent.message(message1(ctx, [{ text: 'out of order' }], '')));
      bus.finished();
      return;
    }
    const previous = ctx.task ? Object.keys(STATES).find((k) => STATES[k] === ctx.task.status?.state) : undefined;
    const plan = scenario(words, previous, true);
    if (plan.message) {
      bus.publish(AgentEvent.message(message1(ctx, plan.message, '')));
      bus.finished();
      return;
    }
    // Every execution publishes the task first, follow-ups included (the SDK's rule).
    bus.publish(AgentEvent.task(ctx.task ?? { id: ctx.taskId, contextId: ctx.contextId,
      status: { state: TaskState.TASK_STATE_SUBMITTED, message: undefined, timestamp: new Date().toISOString() },
      artifacts: [], history: [m], metadata: undefined }));
    const last = plan.task.length - 1;
    for (const [i, step] of plan.task.entries()) {
      if (step.status) {
        bus.publish(AgentEvent.statusUpdate({ taskId: ctx.taskId, contextId: ctx.contextId,
          metadata: i === last ? plan.metadata : undefined,
          status: { state: STATES[step.status], message: step.say ? message1(ctx, [{ text: step.say }], ctx.taskId) : undefined,
            timestamp: new Date().toISOString() } }));
      } else {
        bus.publish(AgentEvent.artifactUpdate({ taskId: ctx.taskId, contextId: ctx.contextId, metadata: undefined,
          append: step.append ?? false, lastChunk: step.lastChunk ?? true,
          artifact: { artifactId: step.artifact, name: step.artifact, description: '', parts: step.parts.map(part1),
            metadata: step.metadata, extensions: [] } }));
      }
    }
    bus.finished();
  }

  async cancelTask() {}
}

function card1(interfaces) {
  return {
    name: 'A2A JS SDK reference agent', description: 'Answers by the first word of the message.', version: SDK,
    supportedInterfaces: interfaces, provider: undefined,
    capabilities: { streaming: true, pushNotifications: false, extensions: [] },
    securitySchemes: {}, securityRequirements: [], defaultInputModes: ['text/plain'], defaultOutputModes: ['text/plain'],
    skills: [{ id: 'scenarios', name: 'Scenarios', description: 'artifact, status, data, fail, book, hello, echo, stream, tools, traced',
      tags: ['test'], examples: [], inputModes: [], outputModes: [], securityRequirements: [] }],
    signatures: [],
  };
}

// ------------------------------------------------------------------ @a2a-js/sdk 0.3.x

function part03(p) {
  return 'text' in p ? { kind: 'text', text: p.text } : { kind: 'data', data: p.data };
}

function message03(ctx, parts, taskId) {
  const m = { kind: 'message', messageId: randomUUID(), role: 'agent', contextId: ctx.contextId, parts: parts.map(part03) };
  if (taskId) {
    m.taskId = taskId;
  }
  return m;
}

class Executor03 {
  async execute(ctx, bus) {
    const m = ctx.userMessage;
    const words = m.parts.filter((p) => p.kind === 'text').map((p) => p.text).join(' ').split(/\s+/).filter(Boolean);
    if (words.length === 0 && m.parts.some((p) => p.kind === 'data')) {
      bus.publish(message03(ctx, featureInput(m.parts.filter((p) => p.kind === 'data').map((p) => p.data)).message));
      bus.finished();
      return;
    }
    if ((words[0] ?? '').toLowerCase() === 'echo') {
      const decoded = { role: m.role, messageId: m.messageId, contextId: m.contextId, taskId: m.taskId,
        parts: m.parts.map((p) => ({ type: p.kind, value: p.kind === 'text' ? p.text : p.data ?? null })),
        metadata: m.metadata ?? null, kind: m.kind };
      bus.publish(message03(ctx, [{ data: decoded }]));
      bus.finished();
      return;
    }
    const plan = scenario(words, ctx.task?.status?.state, false);
    if (plan.message) {
      bus.publish(message03(ctx, plan.message));
      bus.finished();
      return;
    }
    if (!ctx.task) {
      const task = { kind: 'task', id: ctx.taskId, contextId: ctx.contextId,
        status: { state: 'submitted', timestamp: new Date().toISOString() }, history: [m] };
      if (plan.metadata) {
        task.metadata = plan.metadata;
      }
      bus.publish(task);
    }
    const last = plan.task.length - 1;
    plan.task.forEach((step, i) => {
      if (step.status) {
        const status = { state: step.status, timestamp: new Date().toISOString() };
        if (step.say) {
          status.message = message03(ctx, [{ text: step.say }], ctx.taskId);
        }
        bus.publish({ kind: 'status-update', taskId: ctx.taskId, contextId: ctx.contextId, status, final: i === last });
      } else {
        bus.publish({ kind: 'artifact-update', taskId: ctx.taskId, contextId: ctx.contextId,
          append: step.append ?? false, lastChunk: step.lastChunk ?? true,
          artifact: { artifactId: step.artifact, name: step.artifact, parts: step.parts.map(part03),
            ...(step.metadata ? { metadata: step.metadata } : {}) } });
      }
    });
    bus.finished();
  }

  async cancelTask() {}
}

// ------------------------------------------------------------------ the server

const app = express();
const noAuth = UserBuilder.noAuthentication;

const v1Card = card1([]);
const v1 = new DefaultRequestHandler(v1Card, new InMemoryTaskStore(), new Executor1());
app.use('/v1/.well-known/agent-card.json', agentCardHandler({ agentCardProvider: v1 }));
app.use('/v1/rpc', jsonRpcHandler({ requestHandler: v1, userBuilder: noAuth }));

const compatCard = card1([]);
const compat = new DefaultRequestHandler(compatCard, new InMemoryTaskStore(), new Executor1());
app.use('/compat/.well-known/agent-card.json', agentCardHandler({ agentCardProvider: compat, legacyCompat: { enabled: true } }));
app.use('/compat/rpc', jsonRpcHandler({ requestHandler: compat, userBuilder: noAuth, legacyCompat: { enabled: true } }));

const v03Card = {
  name: 'A2A JS SDK 0.3 reference agent', description: 'Answers by the first word of the message.', version: SDK_03,
  protocolVersion: '0.3.0', url: '', preferredTransport: 'JSONRPC',
  capabilities: { streaming: true, pushNotifications: false },
  defaultInputModes: ['text/plain'], defaultOutputModes: ['text/plain'],
  skills: [{ id: 'scenarios', name: 'Scenarios', description: 'artifact, status, data, fail, book, hello, echo, stream, tools, traced', tags: ['test'] }],
};
const v03 = new DefaultRequestHandler03(v03Card, new InMemoryTaskStore03(), new Executor03());
app.use(`/v03/${AGENT_CARD_PATH_03}`, agentCardHandler03({ agentCardProvider: v03 }));
app.use('/v03/rpc', jsonRpcHandler03({ requestHandler: v03, userBuilder: UserBuilder03.noAuthentication }));

const server = app.listen(0, '127.0.0.1', () => {
  const base = `http://127.0.0.1:${server.address().port}`;
  v1Card.supportedInterfaces.push({ url: `${base}/v1/rpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0', tenant: '' });
  compatCard.supportedInterfaces.push(
    { url: `${base}/compat/rpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0', tenant: '' },
    { url: `${base}/compat/rpc`, protocolBinding: 'JSONRPC', protocolVersion: '0.3', tenant: '' });
  v03Card.url = `${base}/v03/rpc`;
  console.log(`SDK @a2a-js/sdk ${SDK} and ${SDK_03}`);
  console.log(`PORT ${server.address().port}`);
});
server.on('error', (e) => {
  console.error(e);
  process.exit(1);
});
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
