// The README's screenshots (docs/screenshots.sh runs it): appends realistic
// trails to the service at BASE (an agent planning a train journey over the
// API, with span times; a support agent's OpenTelemetry trace over OTLP;
// a few more agents' tasks), opens each page of the trail browser in
// chromium, checks what it must show, and saves OUT/ui-<page>.png.
import { createRequire } from 'node:module';

// playwright-core is installed under target/ (.ci/browser).
const { chromium } = createRequire(`${process.env.NODE_DIR}/`)('playwright-core');

const [base, out] = process.argv.slice(2);
const task = 'trip-lyon-paris';
const model = 'gpt-4o-2024-08-06';
const t0 = Date.parse('2026-04-11T09:12:00.000Z');
const at = (ms) => new Date(t0 + ms).toISOString();
const usage = (input, output, from, to) =>
  ({ model, input_tokens: input, output_tokens: output, started_at: at(from), ended_at: at(to) });

async function post(path, body, type = 'application/json') {
  const r = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': type }, body: JSON.stringify(body) });
  const text = await r.text();
  if (r.status >= 300) throw new Error(`${path}: ${r.status} ${text}`);
  return text ? JSON.parse(text) : {};
}

// Each step answers the one before it (parent_id): the page's tree.
const steps = [
  ['plan', 'Find the fastest train from Lyon to Paris arriving before 10:00 on 12 April, and book it if it costs less than €90.', usage(386, 41, 0, 1840)],
  ['analysis', 'Two operators run the route: SNCF (TGV INOUI) and the low-cost OUIGO. Search both for departures between 06:00 and 08:00 from Lyon Part-Dieu.', usage(512, 63, 1900, 4120)],
  ['decision', 'search_trains({"from": "Lyon Part-Dieu", "to": "Paris Gare de Lyon", "date": "2026-04-12", "depart_after": "06:00"})', { tool: 'search_trains', started_at: at(4200), ended_at: at(5350) }],
  ['analysis', 'Five trains. Arriving before 10:00: TGV 6604 (07:04 → 09:00, €74) and TGV 6606 (07:34 → 09:30, €96). OUIGO 7806 costs €39 but arrives at 10:27.', usage(934, 88, 5400, 8650)],
  ['decision', 'Book TGV 6604, 07:04 → 09:00, second class, €74: the only train that arrives before 10:00 within the €90 limit.', { tool: 'book_ticket', ...usage(1102, 52, 8700, 11200) }],
  ['reflection', 'OUIGO 7806 was ruled out on arrival time alone. If the meeting moves to 11:00, rebooking on it saves €35.', usage(1180, 37, 11300, 12900)],
];
let parent = null;
for (const [type, content, metadata] of steps) {
  const body = { type, task_id: task, agent_id: 'travel-planner', session_id: 'chat-2026-04-11', content, metadata };
  if (parent) body.parent_id = parent;
  parent = (await post('/thoughts', body)).id;
}

// A support agent instrumented with OpenTelemetry's GenAI conventions
// (content on spans): its run, the model's tool calls, the tools' results.
const trace = 'a3f1c2d4e5b60718293a4b5c6d7e8f90';
const s = (n) => n.toString(16).padStart(16, '0');
const ns = (ms) => String(BigInt(t0 + 3_600_000 + ms) * 1_000_000n);
const attrs = (o) => Object.entries(o).map(([key, v]) =>
  ({ key, value: typeof v === 'number' ? { intValue: String(v) } : { stringValue: v } }));
const span = (id, parentId, name, from, to, a) =>
  ({ traceId: trace, spanId: s(id), parentSpanId: parentId ? s(parentId) : '', name, kind: 1,
     startTimeUnixNano: ns(from), endTimeUnixNano: ns(to), attributes: attrs(a) });
const chat = (input, output) => ({ 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'gpt-4o-mini',
  'gen_ai.response.model': 'gpt-4o-mini-2024-07-18', 'gen_ai.usage.input_tokens': input, 'gen_ai.usage.output_tokens': output });
await post('/v1/traces', { resourceSpans: [{
  resource: { attributes: attrs({ 'service.name': 'support-bot' }) },
  scopeSpans: [{ scope: { name: 'support' }, spans: [
    span(1, 0, 'invoke_agent support-bot', 0, 9400, { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': 'support-bot', 'gen_ai.conversation.id': 'ticket-4821',
      'gen_ai.input.messages': JSON.stringify([{ role: 'user', parts: [{ type: 'text', content: 'My order A-20931 arrived broken. Can I get my money back?' }] }]),
      'gen_ai.output.messages': JSON.stringify([{ role: 'assistant', parts: [{ type: 'text', content: 'Refunded €42.50 to your card for order A-20931.' }], finish_reason: 'stop' }]) }),
    span(2, 1, 'chat gpt-4o-mini', 120, 2380, { ...chat(1250, 96), 'gen_ai.output.messages': JSON.stringify([{ role: 'assistant', parts: [{ type: 'tool_call', name: 'lookup_order', arguments: { order: 'A-20931' } }], finish_reason: 'tool_calls' }]) }),
    span(3, 1, 'execute_tool lookup_order', 2400, 3100, { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'lookup_order', 'gen_ai.tool.call.arguments': '{"order":"A-20931"}', 'gen_ai.tool.call.result': '{"status":"delivered","damaged":true,"paid":42.5}' }),
    span(4, 1, 'chat gpt-4o-mini', 3150, 5900, { ...chat(1610, 142), 'gen_ai.output.messages': JSON.stringify([{ role: 'assistant', parts: [{ type: 'tool_call', name: 'refund', arguments: { order: 'A-20931', amount: 42.5 } }], finish_reason: 'tool_calls' }]) }),
    span(5, 1, 'execute_tool refund', 5950, 7300, { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'refund', 'gen_ai.tool.call.arguments': '{"order":"A-20931","amount":42.5}', 'gen_ai.tool.call.result': '{"refund_id":"R-7781","status":"issued"}' }),
    span(6, 1, 'chat gpt-4o-mini', 7350, 9350, { ...chat(1890, 77), 'gen_ai.output.messages': JSON.stringify([{ role: 'assistant', parts: [{ type: 'text', content: 'Refunded €42.50 to your card for order A-20931.' }], finish_reason: 'stop' }]) }),
  ] }],
}] });

// More agents, for the overview and the agents' list.
for (const [agent, name, kinds] of [
  ['code-reviewer', 'review-pr-1184', ['plan', 'analysis', 'analysis', 'decision', 'reflection']],
  ['data-analyst', 'q3-churn-report', ['plan', 'analysis', 'decision']],
  ['travel-planner', 'hotel-paris-2-nights', ['plan', 'analysis', 'decision', 'decision']],
]) {
  await post('/thoughts/batch', { records: kinds.map((type, i) => ({
    type, task_id: name, agent_id: agent, content: `${type} ${i + 1} of ${name}: ${['read the diff', 'compare the cohorts', 'check the totals', 'write it up', 'note what to watch'][i % 5]}.`,
  })) });
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM, args: ['--no-sandbox'] });
const shots = [];
async function shoot(name, path, check, scheme = 'light') {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: scheme });
  try {
    const r = await page.goto(`${base}${path}`);
    if (r.status() !== 200) throw new Error(`${path}: ${r.status()}`);
    await check(page);
    await page.screenshot({ path: `${out}/ui-${name}.png` });
    shots.push(`${out}/ui-${name}.png`);
  } finally {
    await page.close();
  }
}
const has = (page, selector) => page.locator(selector).first().waitFor({ timeout: 5000 });
try {
  await shoot('task', `/ui/tasks/${task}?view=timeline`, async (page) => {
    const verdict = await page.locator('#verdict').textContent();
    if (!/Valid · 6 records/.test(verdict)) throw new Error(`verdict: ${verdict.trim()}`);
  });
  // The trace with the second chat selected: its model and tokens beside.
  const support = (await (await fetch(`${base}/thoughts?task_id=ticket-4821`)).json()).records;
  const chat = support.find((r) => r.seq === 3);
  await shoot('trace', `/ui/tasks/ticket-4821?view=trace&selected=${chat.id}`, async (page) => {
    const chips = await page.locator('#detail .chip').allTextContents();
    if (!chips.some((c) => c.includes('gpt-4o-mini'))) throw new Error(`the chat's chips: ${chips}`);
  });
  await shoot('trace-dark', `/ui/tasks/${task}?view=trace`, (page) => has(page, 'svg.span rect'), 'dark');
  await shoot('overview', '/ui', (page) => has(page, 'svg.chart rect:not([height="0"])'));
  await shoot('tasks', '/ui/tasks', (page) => has(page, 'table.tasks tbody tr'));
  await shoot('agents', '/ui/agents', (page) => has(page, 'table.list tbody tr'));
  await shoot('sessions', '/ui/sessions', (page) => has(page, 'table.sessions tbody tr'));
  await shoot('report', `/ui/tasks/${task}/report`, (page) => has(page, 'table.trail'));
  await shoot('search', '/ui/search?q=train', (page) => has(page, 'mark'));
  await shoot('log', '/ui/log', (page) => has(page, '#checkpoint'));
  console.log(shots.join('\n'));
} finally {
  await browser.close();
}
