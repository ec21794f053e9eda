// The AI SDK 6 (`ai`, unchanged) running a tool-calling agent with
// experimental_telemetry, exported as OTLP/HTTP protobuf to decision-trail
// (.ci/otlp runs it). The model is the SDK's own MockLanguageModelV3 from
// `ai/test`: its first call asks for search_trains({"from":"Paris","to":
// "Lyon"}), its second answers.
//
//   node ai_sdk.mjs --otlp-endpoint URL --session S [--token T] [--stream]
//
// --stream uses streamText + doStream instead of generateText + doGenerate.
// Spans go through a BatchSpanProcessor, flushed at the end; then the same
// spans are exported once more (an exporter's retry).
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import {
  BasicTracerProvider, BatchSpanProcessor, InMemorySpanExporter, SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { generateText, simulateReadableStream, stepCountIs, streamText, tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { z } from 'zod';

const args = process.argv.slice(2);
const stream = args.includes('--stream');
const arg = (name, fallback) => (args.indexOf(name) >= 0 ? args[args.indexOf(name) + 1] : fallback);
const endpoint = arg('--otlp-endpoint');
const session = arg('--session', 's-1');
const token = arg('--token', '');
const headers = token ? { Authorization: `Bearer ${token}` } : {};

// --- OTel setup: global context manager is required, otherwise every AI SDK
// span becomes a root span (the SDK uses startActiveSpan + context.with).
const contextManager = new AsyncLocalStorageContextManager().enable();
context.setGlobalContextManager(contextManager);
const exporter = new OTLPTraceExporter({ url: endpoint, headers });
const memory = new InMemorySpanExporter();
const provider = new BasicTracerProvider({
  resource: defaultResource().merge(resourceFromAttributes({ 'service.name': 'train-agent' })),
  spanProcessors: [new BatchSpanProcessor(exporter), new SimpleSpanProcessor(memory)],
});
trace.setGlobalTracerProvider(provider);

const TOOL_ARGS = JSON.stringify({ from: 'Paris', to: 'Lyon' });
const FINAL_TEXT =
  'The next train from Paris to Lyon is TGV 6601 departing 08:04 and arriving 10:00 (EUR 45).';
const usage = (input, output) => ({
  inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: output, text: output, reasoning: 0 },
});
const responseMeta = (id) => ({ id, modelId: 'gpt-4o-mini', timestamp: new Date() });

const generateResults = [
  {
    content: [{ type: 'tool-call', toolCallId: 'call_search_trains_1', toolName: 'search_trains', input: TOOL_ARGS }],
    finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
    usage: usage(82, 18),
    response: responseMeta('chatcmpl-mock0001'),
    warnings: [],
  },
  {
    content: [{ type: 'text', text: FINAL_TEXT }],
    finishReason: { unified: 'stop', raw: 'stop' },
    usage: usage(131, 27),
    response: responseMeta('chatcmpl-mock0002'),
    warnings: [],
  },
];

const streamResults = [
  {
    stream: simulateReadableStream({
      chunks: [
        { type: 'stream-start', warnings: [] },
        { type: 'response-metadata', ...responseMeta('chatcmpl-mock0001') },
        { type: 'tool-input-start', id: 'call_search_trains_1', toolName: 'search_trains' },
        { type: 'tool-input-delta', id: 'call_search_trains_1', delta: TOOL_ARGS },
        { type: 'tool-input-end', id: 'call_search_trains_1' },
        { type: 'tool-call', toolCallId: 'call_search_trains_1', toolName: 'search_trains', input: TOOL_ARGS },
        { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage: usage(82, 18) },
      ],
    }),
  },
  {
    stream: simulateReadableStream({
      chunks: [
        { type: 'stream-start', warnings: [] },
        { type: 'response-metadata', ...responseMeta('chatcmpl-mock0002') },
        { type: 'text-start', id: 't1' },
        ...FINAL_TEXT.split(/(?<= )/).map((w) => ({ type: 'text-delta', id: 't1', delta: w })),
        { type: 'text-end', id: 't1' },
        { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: usage(131, 27) },
      ],
    }),
  },
];

const model = new MockLanguageModelV3({
  provider: 'openai.chat', // what @ai-sdk/openai reports for chat models
  modelId: 'gpt-4o-mini',
  doGenerate: generateResults,
  doStream: streamResults,
});

const tools = {
  search_trains: tool({
    description: 'Search train connections between two cities.',
    inputSchema: z.object({
      from: z.string().describe('Departure city'),
      to: z.string().describe('Arrival city'),
    }),
    execute: async ({ from, to }) => [
      { train: 'TGV 6601', from, to, departs: '08:04', arrives: '10:00', price_eur: 45 },
    ],
  }),
};

const common = {
  model,
  tools,
  stopWhen: stepCountIs(2),
  system: 'You are a helpful train booking agent. Use tools to look up trains.',
  prompt: 'Find me a train from Paris to Lyon tomorrow morning.',
  temperature: 0.2,
  maxOutputTokens: 256,
  experimental_telemetry: {
    isEnabled: true,
    functionId: 'planner',
    metadata: { sessionId: session, userId: 'u-42' },
  },
};

let text;
if (stream) {
  const result = streamText(common);
  text = await result.text;
} else {
  const result = await generateText(common);
  text = result.text;
}
console.log('ANSWER:', text);
// streamText ends its root span a tick after the text resolves: let it end,
// as an app's exit would, so the run's spans leave in one export.
await new Promise((resolve) => setTimeout(resolve, 200));
await provider.forceFlush();
// The exporter's retry: the same spans once more.
const spans = memory.getFinishedSpans();
const again = new OTLPTraceExporter({ url: endpoint, headers });
const code = await new Promise((resolve) => again.export(spans, (r) => resolve(r.code)));
if (code !== 0) throw new Error(`the retry was refused: ${code}`);
console.log(`exported ${spans.length} spans, twice`);
await provider.shutdown();
