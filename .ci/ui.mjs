// The trail browser in Debian's chromium, driven by playwright-core (.ci/ui
// runs it). Phases: `pages BASE` seeds records over the API and over OTLP
// and checks every page, its keys, its PDF print and axe-core, a REST
// trail with the metadata convention against the same trail over OTLP,
// reviewers' verdicts and the dense task list; `tampered
// BASE` clicks Verify on the chain .ci/ui rewrote in the file; `login BASE`
// (UI_TOKEN set) checks the login flow of a keyed service.
// Any failed check, console error, CSP violation or dialog exits non-zero.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';

// playwright-core is installed under target/ (.ci/ui), not beside this file.
const { chromium } = createRequire(`${process.env.NODE_DIR}/`)('playwright-core');

const [phase, base] = process.argv.slice(2);
const shots = process.env.SCREENSHOTS;
const XSS = '<script>window.__xss = 1; alert(1)</script><img src=x onerror="alert(2)">';
const problems = [];

function check(ok, what) {
  if (!ok) {
    problems.push(what);
    console.error(`FAIL: ${what}`);
  } else {
    console.log(`ok: ${what}`);
  }
}

async function append(body) {
  const r = await fetch(`${base}/thoughts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (r.status !== 201) throw new Error(`append: ${r.status} ${await r.text()}`);
  return r.json();
}

// An agent's OpenTelemetry trace of 1,000 spans (GenAI conventions), sent
// over OTLP/HTTP JSON in four exports: its run, then chats with the model
// (model, tokens) and tool runs, a tenth of them under the chat before.
async function otlpTrace() {
  const t0 = 1_775_898_000_000n;
  const attrs = (o) => Object.entries(o).map(([key, v]) =>
    ({ key, value: typeof v === 'number' ? { intValue: String(v) } : { stringValue: v } }));
  const spans = [];
  for (let i = 1; i <= 1000; i++) {
    const parent = i === 1 ? 0 : (i % 10 === 0 ? i - 1 : 1);
    const chat = i % 2 === 1 && i > 1;
    const a = i === 1
      ? { 'gen_ai.operation.name': 'invoke_agent' }
      : chat
        ? { 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'gpt-4o', 'gen_ai.usage.input_tokens': 100 + i, 'gen_ai.usage.output_tokens': 7 }
        : { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': `tool_${i % 7}` };
    a['gen_ai.conversation.id'] = 'browser-otlp';
    const from = i === 1 ? 0n : BigInt(i) * 100n;
    const to = i === 1 ? 100_100n : from + 80n;
    spans.push({
      traceId: 'b7ad6b7169203331b7ad6b7169203331', spanId: i.toString(16).padStart(16, '0'),
      parentSpanId: parent ? parent.toString(16).padStart(16, '0') : '',
      name: i === 1 ? 'invoke_agent browser-agent' : chat ? 'chat gpt-4o' : `execute_tool tool_${i % 7}`, kind: 1,
      startTimeUnixNano: String((t0 + from) * 1_000_000n), endTimeUnixNano: String((t0 + to) * 1_000_000n),
      attributes: attrs(a),
    });
  }
  for (let at = 0; at < spans.length; at += 250) {
    const r = await fetch(`${base}/v1/traces`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ resourceSpans: [{ resource: { attributes: attrs({ 'service.name': 'browser-agent' }) },
        scopeSpans: [{ scope: { name: 'ui' }, spans: spans.slice(at, at + 250) }] }] }),
    });
    const answer = await r.text();
    if (r.status !== 200 || Object.keys(JSON.parse(answer)).length) throw new Error(`OTLP export: ${r.status} ${answer}`);
  }
}

// axe-core (pinned, .ci/browser) on each page, in both colour schemes: no
// serious or critical violation. Its script is injected, so this context
// alone sets the CSP aside.
async function axe(browser, paths) {
  const script = `${process.env.NODE_DIR}/node_modules/axe-core/axe.min.js`;
  for (const colorScheme of ['light', 'dark']) {
    const context = await browser.newContext({ bypassCSP: true, colorScheme, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    for (const path of paths) {
      await page.goto(`${base}${path}`);
      await page.addScriptTag({ path: script });
      const found = await page.evaluate(async () =>
        (await window.axe.run(document, { resultTypes: ['violations'] })).violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id} (${v.impact}) at ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`));
      check(found.length === 0, `axe-core on ${path} (${colorScheme}): ${found.join('; ') || 'no serious or critical violation'}`);
    }
    await context.close();
  }
}

async function seed() {
  const root = await append({
    type: 'plan', task_id: 'browser-demo', agent_id: 'planner-1',
    content: 'Split the auth module.\nThen add tests for each part.',
    metadata: { confidence: 0.8, tools: ['grep', 'cargo test'] },
    session_id: 'browser-session',
  });
  await append({
    type: 'decision', task_id: 'browser-demo', agent_id: 'planner-1',
    content: 'Chose JWT over sessions: the API is stateless.', parent_id: root.id,
    session_id: 'browser-session',
  });
  await append({
    type: 'analysis', task_id: 'browser-demo', agent_id: 'coder-2',
    content: `xssmarker ${XSS}`, metadata: { note: XSS }, parent_id: root.id,
  });
  await append({
    type: 'reflection', task_id: 'browser-demo', agent_id: 'reviewer',
    content: 'The split took two passes; next time plan the interfaces first.',
  });
  for (let i = 0; i < 4; i++) {
    await append({ type: 'plan', task_id: 'browser-tamper', agent_id: 'a', content: `step ${i}` });
  }
  for (let start = 0; start < 250; start += 50) {
    await Promise.all(Array.from({ length: 50 }, (_, i) =>
      append({ type: 'analysis', task_id: 'browser-long', agent_id: 'a', content: `long ${start + i}` })));
  }
  await otlpTrace();
  await sameTrip();
  await reviewed();
}

// The same short trip twice: over OTLP (task browser-trip-otlp) and over
// plain REST with the metadata convention (browser-trip-rest), the model
// call with a cost and the tool's run failing.
async function sameTrip() {
  const t0 = 1_775_898_000_000n;
  const ns = (ms) => String((t0 + BigInt(ms)) * 1_000_000n);
  const iso = (ms) => new Date(Number(t0) + ms).toISOString();
  const kv = (o) => Object.entries(o).map(([key, v]) =>
    ({ key, value: typeof v === 'number' ? { intValue: String(v) } : { stringValue: v } }));
  const span = (id, parent, name, from, to, a, error) => ({
    traceId: 'c7ad6b7169203331b7ad6b7169203331', spanId: id.toString(16).padStart(16, '0'),
    parentSpanId: parent ? parent.toString(16).padStart(16, '0') : '', name, kind: 1,
    startTimeUnixNano: ns(from), endTimeUnixNano: ns(to), attributes: kv({ ...a, 'gen_ai.conversation.id': 'browser-trip-otlp' }),
    ...(error ? { status: { code: 2, message: error } } : {}),
  });
  const r = await fetch(`${base}/v1/traces`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ resourceSpans: [{ resource: { attributes: kv({ 'service.name': 'trip-agent' }) },
      scopeSpans: [{ scope: { name: 'ui' }, spans: [
        span(1, 0, 'invoke_agent trip-agent', 0, 3000, { 'gen_ai.operation.name': 'invoke_agent' }),
        span(2, 1, 'chat gpt-4o', 100, 1300, { 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'gpt-4o', 'gen_ai.usage.input_tokens': 12, 'gen_ai.usage.output_tokens': 5 }),
        span(3, 1, 'execute_tool search_trains', 1400, 2000, { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'search_trains' }, 'timeout'),
      ] }] }] }),
  });
  if (r.status !== 200) throw new Error(`OTLP export: ${r.status} ${await r.text()}`);
  const task = 'browser-trip-rest';
  const run = await append({ type: 'plan', task_id: task, agent_id: 'trip-agent', content: 'Plan the trip to Paris',
    metadata: { started_at: iso(0), ended_at: iso(3000) } });
  await append({ type: 'decision', task_id: task, agent_id: 'trip-agent', content: 'Search the trains first', parent_id: run.id,
    metadata: { started_at: iso(100), ended_at: iso(1300), model: 'gpt-4o', input_tokens: 12, output_tokens: 5, cost_usd: 0.0042, status: 'ok' } });
  await append({ type: 'analysis', task_id: task, agent_id: 'trip-agent', content: 'search_trains(Lyon, Paris) failed', parent_id: run.id,
    metadata: { started_at: iso(1400), ended_at: iso(2000), tool: 'search_trains', input: { from: 'Lyon', to: 'Paris' }, status: 'error', error: 'timeout' } });
}

// Reviewers' verdicts: browser-review has a decision approved, one
// overridden and one not reviewed; browser-reviewed has all reviewed.
async function reviewed() {
  const decide = (task, content) => append({ type: 'decision', task_id: task, agent_id: 'support-agent', content });
  const verdict = (d, verdict, reason) => append({
    type: verdict === 'overridden' ? 'decision' : 'reflection', task_id: d.task_id, agent_id: 'reviewer-1', parent_id: d.id,
    content: verdict === 'overridden' ? 'Ask the customer first' : `${verdict}: ${reason}`,
    metadata: { oversight: { verdict, reviewer: 'reviewer-1', reason } },
  });
  const a = await decide('browser-review', 'Refund the order in full');
  const b = await decide('browser-review', 'Close the ticket');
  await decide('browser-review', 'Offer a voucher');
  await verdict(a, 'approved', 'within policy');
  await verdict(b, 'overridden', 'the customer asked a question');
  const c = await decide('browser-reviewed', 'Escalate to billing');
  await verdict(c, 'approved', 'right team');
}

async function open(browser, options = {}, expectedStatuses = []) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, ...options });
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    const expected = expectedStatuses.some((s) => m.text().includes(typeof s === 'number' ? `status of ${s}` : s));
    if (!expected) problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('dialog', async (d) => {
    problems.push(`a dialog fired: ${d.message()}`);
    await d.dismiss();
  });
  return { context, page };
}

async function shot(page, name) {
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: false });
}

async function pages(browser) {
  await seed();
  const { context, page } = await open(browser);
  await page.goto(`${base}/`);
  check(page.url() === `${base}/ui`, 'a browser at / lands on /ui');
  check(await page.locator('h1').textContent() === 'Overview', '/ui is the overview');
  check(await page.locator('svg.chart rect:not([height="0"])').count() >= 1, 'the hour chart draws the records appended');
  const agentBars = await page.locator('section[aria-labelledby=per-agent] table.bars tr').count();
  check(agentBars >= 5, `the agents chart has a bar for each agent: ${agentBars}`);
  check(await page.locator('section[aria-labelledby=per-type] table.bars rect').count() === 4, 'the types chart has a bar for each type');
  await page.keyboard.press('Tab');
  check(await page.evaluate(() => document.activeElement.textContent) === 'Skip to content',
    'the first Tab reaches "Skip to content"');
  await shot(page, 'desktop-overview');
  await page.click('nav a[href="/ui/tasks"]');
  check(await page.locator('h1').textContent() === 'Tasks', 'the navigation opens the tasks');
  await shot(page, 'desktop-tasks');
  await page.click('nav a[href="/ui/sessions"]');
  check(await page.locator('h1').textContent() === 'Sessions', 'the navigation opens the sessions');
  await page.click('main a[href^="/ui/sessions/"]');
  check(/^Session /.test(await page.locator('h1').textContent()), 'a session link opens the session');
  await page.goto(`${base}/ui/tasks?agent_id=reviewer`);
  await page.click('a[href="/ui/tasks/browser-demo"]');
  check(page.url().endsWith('/ui/tasks/browser-demo'), 'a task link opens the task');
  const body = await page.locator('main').textContent();
  check(body.includes(XSS), 'a script in content is shown as text');
  check(await page.evaluate(() => window.__xss) === undefined, 'the script in content did not run');
  check(await page.locator('main img').count() === 0, 'an <img> in content is not an element');
  await page.click('button:has-text("Verify")');
  const verdict = await page.locator('#verdict').textContent();
  check(/✓ Valid · 4 records · proven in checkpoint of size \d+/.test(verdict), `Verify says it once: ${verdict.trim()}`);
  await page.setViewportSize({ width: 1100, height: 760 });
  await shot(page, 'docs-task');
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, 'desktop-task-verified');
  await page.click('a:has-text("Tree")');
  check(page.url().includes('view=tree'), 'the Tree tab switches the view');
  check(await page.locator('ul.tree details').count() >= 1, 'the tree nests children under their parent');
  await page.locator('ul.tree summary').first().click();
  check(await page.locator('ul.tree details').first().getAttribute('open') === null, 'a tree node collapses');
  await shot(page, 'desktop-tree');
  await page.locator('ul.tree summary').first().click();
  await page.click('ul.tree a:has-text("#0")');
  check((await page.locator('main').textContent()).includes('matches the stored hash'),
    'the record page recomputes the hash');
  check((await page.locator('main').textContent()).includes('decision-trail verify --url'),
    'the record page gives the verify command');
  await shot(page, 'desktop-thought');
  await page.click('a[rel=next]');
  check((await page.locator('h1').textContent()).startsWith('Record #1'), 'Next follows the chain');
  await page.click('a[href="/ui/sessions/browser-session"]');
  check((await page.locator('h1').textContent()) === 'Session browser-session', 'a session link opens the session');
  await page.goto(`${base}/ui/search`);
  await page.fill('input[name=q]', 'xssmarker');
  await page.press('input[name=q]', 'Enter');
  await page.waitForURL(/q=xssmarker/);
  check(await page.locator('mark').first().textContent() === 'xssmarker', 'search marks the match');
  check(await page.evaluate(() => window.__xss) === undefined, 'the script in a snippet did not run');
  await shot(page, 'desktop-search');
  await page.goto(`${base}/ui/tasks`);
  await page.fill('form.filters input[name=agent_id]', 'reviewer');
  await page.click('form.filters button');
  const kept = await page.locator('table.tasks tbody th a').allTextContents();
  check(kept.join() === 'browser-demo', `the agent filter keeps the tasks with its records: ${kept}`);
  await page.click('a:has-text("those records")');
  check((await page.locator('main').textContent()).includes('plan the interfaces first'), 'the filtered records are a click away');
  await page.goto(`${base}/ui/tasks`);
  await page.selectOption('form.filters select[name=sort]', 'length');
  await page.click('form.filters button');
  check(await page.locator('table.tasks tbody th a').first().textContent() === 'browser-otlp', 'by length, the 1,000-record trace comes first');
  await page.click('a[rel=next]');
  check(page.url().includes('sort=length') && page.url().includes('page=2'), 'the next page keeps the order');
  check(await page.locator('table.tasks tbody tr').count() === 25, 'a page of 25 tasks');
  // The dense table: one line per task, most of a page on one screen;
  // its headers sort it, without script.
  await page.goto(`${base}/ui/tasks`);
  const heights = await page.locator('table.tasks tbody tr').evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().height));
  check(heights.length === 25 && heights.every((h) => h < 30), `one line per task: ${Math.max(...heights)} px at most`);
  const visible = await page.locator('table.tasks tbody tr').evaluateAll((rows) => rows.filter((r) => r.getBoundingClientRect().bottom <= window.innerHeight).length);
  check(visible >= 24, `${visible} of 25 tasks in view on 1440 × 900`);
  await shot(page, 'desktop-tasks-dense');
  await page.click('table.tasks thead a:has-text("task")');
  const named = await page.locator('table.tasks tbody th a').allTextContents();
  check(page.url().endsWith('sort=name') && named.join() === [...named].sort().join(), `the task header sorts by id: ${named.slice(0, 3)}`);
  await page.click('table.tasks thead a:has-text("records")');
  check(await page.locator('table.tasks tbody th a').first().textContent() === 'browser-otlp', 'the records header sorts by length');
  await page.goto(`${base}/ui/agents`);
  check(await page.locator('table.list tbody tr').count() >= 5, 'the agents are listed');
  await shot(page, 'desktop-agents');
  await page.click('table.list a[href="/ui/tasks?agent_id=reviewer"]');
  check((await page.locator('table.tasks tbody th a').allTextContents()).join() === 'browser-demo', "an agent's tasks are a click away");

  // The trace view of the OTLP-made task: rows, durations, bars, chips.
  await page.goto(`${base}/ui/tasks/browser-otlp?view=trace`);
  check(await page.locator('a.row').count() === 100, 'the trace shows its first 100 records as rows');
  const tooks = await page.locator('a.row .took').allTextContents();
  check(tooks.every((t) => /^\d[\d.]* (µs|ms|s|min)$/.test(t.trim())), `every row says its duration: ${tooks.slice(0, 3)}`);
  check(await page.locator('a.row svg.span rect').count() === 100, 'every row has its bar on the waterfall');
  const rows = await page.locator('ol.trace-list').boundingBox();
  const detail = await page.locator('#detail').boundingBox();
  check(detail.x > rows.x + rows.width - 1, 'the detail pane stands beside the rows');
  check((await page.locator('#detail').textContent()).includes('leaf '), 'the detail gives the inclusion proof');
  await page.locator('a.row').nth(2).click();
  await page.waitForURL(/selected=/);
  const chips = (await page.locator('#detail .chip').allTextContents()).map((c) => c.replace(/\s+/g, ' ').trim());
  check(chips.some((c) => c === 'model gpt-4o') && chips.some((c) => /^tokens \d+ in · 7 out$/.test(c)) && chips.some((c) => c === 'took 80 ms'),
    `the selected chat's chips: ${chips}`);
  check(await page.evaluate(() => document.activeElement.getAttribute('aria-current')) === 'true', 'the selected row keeps the focus');
  await shot(page, 'desktop-trace');
  const focused = () => page.evaluate(() => document.activeElement.querySelector('.seq')?.textContent);
  await page.keyboard.press('ArrowDown');
  const after = await focused();
  await page.keyboard.press('ArrowUp');
  const before = await focused();
  check(after !== before && before !== undefined, `the arrow keys move along the rows (${before} → ${after})`);
  await page.keyboard.press('End');
  check(await focused() === (await page.locator('a.row .seq').last().textContent()), 'End reaches the last row');
  await page.keyboard.press('Home');
  check(await focused() === '#0', 'Home reaches the first row');
  await page.click('a[rel=next]');
  check(page.url().includes('after=') && await page.locator('a.row').count() === 100, 'the trace pages on');
  await restLikeOtlp(page);
  await oversight(page);
  await page.goto(`${base}/ui/tasks/browser-demo?view=tree`);
  await page.locator('ul.tree summary').first().focus();
  await page.keyboard.press('ArrowLeft');
  check(await page.locator('ul.tree details').first().getAttribute('open') === null, 'Left folds a tree node');
  await page.keyboard.press('ArrowRight');
  check(await page.locator('ul.tree details').first().getAttribute('open') !== null, 'Right unfolds it');
  await page.keyboard.press('ArrowDown');
  check(await page.evaluate(() => document.activeElement.tagName) === 'A', 'Down moves to the next node');

  // The audit report, printed to PDF: its text holds every hash.
  await page.goto(`${base}/ui/tasks/browser-demo/report`);
  const pdf = `${shots}/report-browser-demo.pdf`;
  await page.pdf({ path: pdf, format: 'A4', printBackground: true });
  const text = execFileSync('pdftotext', ['-layout', pdf, '-']).toString();
  const flat = text.replace(/\s+/g, '');
  const trail = await (await fetch(`${base}/thoughts?task_id=browser-demo`)).json();
  check(trail.records.length === 4 && trail.records.every((r) => flat.includes(r.hash)), 'the printed report holds every hash');
  check(text.includes('Valid') && text.includes('decision-trail verify trail.ndjson'), 'and the verdict and the command');
  check(!text.includes('Skip to content') && !text.includes('Log out'), 'the print leaves the navigation out');
  await shot(page, 'desktop-report');
  await page.goto(`${base}/ui/tasks/browser-long?view=timeline`);
  await page.click('a[rel=next]');
  await page.click('a[rel=next]');
  check(await page.locator('a[href^="/ui/thoughts/"]:has-text("#249")').count() === 1, 'the third page of 250 records ends at #249');
  check(await page.locator('a[rel=next]').count() === 0, 'the last page has no next page');
  await page.goto(`${base}/ui/log`);
  check((await page.locator('#key').textContent()).length > 20, '/ui/log shows the verifier key');
  await shot(page, 'desktop-log');
  await context.close();

  for (const scheme of ['light', 'dark']) {
    const phone = await open(browser, { viewport: { width: 375, height: 812 }, colorScheme: scheme, isMobile: true });
    for (const [name, path] of [['overview', '/ui'], ['tasks', '/ui/tasks'], ['task', '/ui/tasks/browser-demo?verify=1'],
      ['trace', '/ui/tasks/browser-otlp?view=trace'], ['agents', '/ui/agents'], ['report', '/ui/tasks/browser-demo/report'],
      ['sessions', '/ui/sessions'], ['review', '/ui/tasks/browser-review?view=timeline'],
      ['search', '/ui/search?q=jwt']]) {
      await phone.page.goto(`${base}${path}`);
      const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
      check(width <= 375, `${path} fits 375 px (${scheme}): ${width}`);
      await shot(phone.page, `phone-${scheme}-${name}`);
    }
    await phone.context.close();
  }

  const some = trail.records[1];
  await axe(browser, ['/ui', '/ui/tasks', '/ui/tasks?agent_id=reviewer&sort=length', '/ui/records?agent_id=reviewer',
    '/ui/agents', '/ui/sessions', '/ui/sessions/browser-session', '/ui/sessions/browser-session?view=trace',
    '/ui/tasks/browser-demo', '/ui/tasks/browser-demo?view=tree', '/ui/tasks/browser-otlp?view=trace',
    '/ui/tasks/browser-demo/report', `/ui/thoughts/${some.id}`, '/ui/search?q=jwt', '/ui/log', '/ui/nowhere',
    '/ui/tasks?unreviewed=1&sort=name', '/ui/tasks/browser-trip-rest', '/ui/tasks/browser-review',
    '/ui/tasks/browser-review?view=timeline', '/ui/tasks/browser-review/report']);
  await reader(browser);
}

// A REST trail with the metadata convention shows as the same trail sent
// over OTLP: durations, waterfall bars, chips, the error, and totals.
async function restLikeOtlp(page) {
  const seen = {};
  for (const task of ['browser-trip-otlp', 'browser-trip-rest']) {
    await page.goto(`${base}/ui/tasks/${task}`);
    check(await page.locator('.tabs a[aria-current=page]').textContent() === 'Trace', `${task} opens on its trace`);
    const tooks = (await page.locator('a.row .took').allTextContents()).map((t) => t.trim());
    const bars = await page.locator('a.row svg.span rect').evaluateAll((rs) => rs.map((r) => `${r.getAttribute('x')}/${r.getAttribute('width')}`));
    const errors = await page.locator('ol.trace-list li.error .badge.error').count();
    const totals = (await page.locator('dl.totals').innerText()).replace(/\s+/g, ' ').trim();
    await page.locator('a.row').nth(1).click();
    await page.waitForURL(/selected=/);
    const chips = (await page.locator('#detail .chip').allTextContents()).map((c) => c.replace(/\s+/g, ' ').trim());
    seen[task] = { tooks, bars, errors, totals, chips };
  }
  const [otlp, rest] = [seen['browser-trip-otlp'], seen['browser-trip-rest']];
  check(rest.tooks.join() === '3.00 s,1.20 s,600 ms' && rest.tooks.join() === otlp.tooks.join(), `the same durations: ${rest.tooks} / ${otlp.tooks}`);
  check(rest.bars.length === 3 && rest.bars.join() === otlp.bars.join(), `the same waterfall: ${rest.bars} / ${otlp.bars}`);
  check(rest.errors === 1 && otlp.errors === 1, `the failed tool's run is an error row, in words: ${rest.errors} / ${otlp.errors}`);
  for (const said of ['tokens 12 in · 5 out', 'took 3.00 s', 'errors 1 error']) {
    check(rest.totals.includes(said) && otlp.totals.includes(said), `both totals say "${said}": ${rest.totals} / ${otlp.totals}`);
  }
  check(rest.totals.includes('cost $0.0042'), `the REST trail's cost: ${rest.totals}`);
  for (const chip of ['model gpt-4o', 'tokens 12 in · 5 out', 'took 1.20 s']) {
    check(rest.chips.includes(chip) && otlp.chips.includes(chip), `both model calls' chips have "${chip}": ${rest.chips} / ${otlp.chips}`);
  }
  await shot(page, 'desktop-trace-rest');
  await page.goto(`${base}/ui/tasks?sort=name`);
  const row = page.locator('tr:has(a[href="/ui/tasks/browser-trip-rest"])');
  const cells = (await row.textContent()).replace(/\s+/g, ' ');
  check(cells.includes('12 in · 5 out') && cells.includes('$0.0042') && cells.includes('3.00 s') && cells.includes('1 error'),
    `the list's row of the REST trail says its totals: ${cells}`);
}

// Reviewers' verdicts marked on their decisions, in the report, and the
// filter of tasks with a decision not reviewed.
async function oversight(page) {
  await page.goto(`${base}/ui/tasks/browser-review`);
  check(await page.locator('a.row .badge.verdict-approved').count() === 1 && await page.locator('a.row .badge.verdict-overridden').count() === 1,
    'the trace marks the approved and the overridden decision');
  const mark = await page.locator('#detail p.oversight').textContent();
  check(/approved by reviewer-1, \d+ s later/.test(mark) && mark.includes('within policy'), `the detail says the verdict: ${mark}`);
  await page.click('.tabs a:has-text("Cards")');
  const replaced = page.locator('p.oversight:has-text("overridden by reviewer-1") a');
  check(await replaced.count() === 1, 'the cards mark the overridden decision');
  await replaced.click();
  check((await page.locator('main').textContent()).includes('Ask the customer first'), 'the override links its replacement');
  await page.goto(`${base}/ui/tasks/browser-review/report`);
  check(await page.locator('table.verdicts tbody tr').count() === 2, 'the report lists both verdicts');
  await page.goto(`${base}/ui/tasks`);
  await page.check('form.filters input[name=unreviewed]');
  await page.click('form.filters button');
  check(page.url().includes('unreviewed=1'), 'the filter is a query parameter');
  const kept = await page.locator('table.tasks tbody th a').allTextContents();
  check(kept[0] === 'browser-review' && !kept.includes('browser-reviewed'),
    `the filter keeps the tasks with a decision not reviewed: ${kept.slice(0, 5)}`);
  const badge = await page.locator('tr:has(a[href="/ui/tasks/browser-review"]) .badge.unreviewed').textContent();
  check(badge.trim() === '1', `the row counts its decisions not reviewed: ${badge}`);
  await shot(page, 'desktop-tasks-unreviewed');
}

// The reader's own check (templates/ui/reader.js): the page fetches the
// task's export and verifies it in the browser with the JavaScript verifier
// and the key the reader pinned. `want` is the verdict's class, `says` what
// its text must hold.
async function readerSays(page, path, want, says) {
  await page.goto(`${base}${path}`);
  const verdict = page.locator('#reader-verdict:not(.pending)');
  await verdict.waitFor({ timeout: 30_000 });
  const text = (await verdict.textContent()).trim();
  const cls = await verdict.getAttribute('class');
  check(cls.includes(want) && says.every((s) => text.includes(s)), `the reader's check of ${path}: ${text}`);
}

async function pinKey(page, path, key) {
  await page.goto(`${base}${path}`);
  await page.fill('#reader-key', key);
  await page.click('button:has-text("Pin and check")');
}

async function reader(browser) {
  const key = (await (await fetch(`${base}/log/key`)).text()).trim();
  const name = key.split('+').slice(0, 2).join('+');
  const { context, page } = await open(browser);
  await page.goto(`${base}/ui/tasks/browser-demo`);
  check(await page.locator('#reader-key').count() === 1, 'a reader without a pinned key is asked for one');
  await pinKey(page, '/ui/tasks/browser-demo', key);
  await page.locator('#reader-verdict:not(.pending)').waitFor({ timeout: 30_000 });
  await readerSays(page, '/ui/tasks/browser-demo', 'valid', ['Your browser verified it', name, 'the checkpoint of']);
  await readerSays(page, '/ui/tasks/browser-demo/report', 'valid', ['Your browser verified it', name]);
  await shot(page, 'desktop-reader-check');
  // Another key pinned (as if the reader kept an older one): flagged loudly,
  // and the export does not verify with it.
  const other = (await import('node:fs')).readFileSync('docs/vectors/keys/built.vkey', 'utf8').trim();
  await page.evaluate(([k, v]) => localStorage.setItem(k, v),
    [`decision-trail:pinned-key:${new URL(base).origin}`, other]);
  await readerSays(page, '/ui/tasks/browser-demo', 'broken', ['bad_signature']);
  const changed = await page.locator('#reader-key-changed').textContent();
  check(changed.includes('The key changed') && changed.includes(name), `a changed key is flagged: ${changed}`);
  await context.close();
}

async function tampered(browser) {
  const { context, page } = await open(browser);
  await page.goto(`${base}/ui/tasks/browser-tamper`);
  await page.click('button:has-text("Verify")');
  const verdict = await page.locator('#verdict').textContent();
  check(verdict.includes('hash_mismatch') && verdict.includes('#2'), `Verify on the tampered chain: ${verdict.trim()}`);
  const marked = page.locator('article.record.broken');
  check(await marked.count() === 1, 'one record is highlighted');
  check((await marked.textContent()).includes('rewritten by an insider'), 'the highlighted record is the rewritten one');
  await shot(page, 'desktop-tampered');
  // The reader's own check, with the key it pinned: the export the altered
  // database serves does not verify, whatever the service says.
  const key = (await (await fetch(`${base}/log/key`)).text()).trim();
  await pinKey(page, '/ui/tasks/browser-tamper', key);
  await readerSays(page, '/ui/tasks/browser-tamper', 'broken', ['hash_mismatch']);
  await page.goto(`${base}/ui/tasks`);
  check(await page.locator('a[href="/ui/tasks/browser-tamper"] >> xpath=../..').locator('.badge.broken').count() === 1,
    'the task list says broken');
  await context.close();
  const phone = await open(browser, { viewport: { width: 375, height: 812 }, isMobile: true });
  await phone.page.goto(`${base}/ui/tasks/browser-tamper?verify=1`);
  await shot(phone.page, 'phone-tampered');
  await phone.context.close();
}

async function login(browser) {
  const token = process.env.UI_TOKEN;
  await axe(browser, ['/ui/tasks/browser-demo']);
  const { context, page } = await open(browser, {}, [401, 'Content Security Policy']);
  const first = await page.goto(`${base}/ui/tasks/browser-demo`);
  check(first.status() === 401, 'a page without login answers 401');
  check(await page.locator('input[name=token]').count() === 1, 'only the login form is shown');
  check(!(await page.content()).includes('Split the auth module'), 'no data before login');
  await page.fill('input[name=token]', 'dtk_wrong');
  await page.click('button:has-text("Log in")');
  check((await page.locator('main').textContent()).includes('not valid'), 'a wrong key is refused');
  await shot(page, 'desktop-login');
  await page.fill('input[name=token]', token);
  await page.click('button:has-text("Log in")');
  check(page.url() === `${base}/ui`, 'a valid key logs in');
  await page.goto(`${base}/ui/tasks/browser-demo`);
  check((await page.locator('main').textContent()).includes('Split the auth module'), 'the data shows after login');
  const cookies = await context.cookies();
  check(cookies.length === 1 && cookies[0].httpOnly && cookies[0].sameSite === 'Strict' && cookies[0].path === '/ui',
    'the login cookie is HttpOnly, SameSite=Strict, Path=/ui');
  const api = await context.request.get(`${base}/tasks/browser-demo`,
    { headers: { cookie: `${cookies[0].name}=${cookies[0].value}` } });
  check(api.status() === 401, 'the API does not take the cookie');
  const fromPage = await page.evaluate(async () => (await fetch('/tasks/browser-demo')).status);
  check(fromPage === 401, `a page's call to the API is not logged in by the cookie: ${fromPage}`);
  const blocked = await page.evaluate(async () => {
    try { await fetch('https://example.com/'); return false; } catch { return true; }
  });
  check(blocked, 'the CSP keeps a page from connecting anywhere but the service');
  await page.click('button:has-text("Log out")');
  check(await page.locator('input[name=token]').count() === 1, 'logout shows the login form');
  check((await context.cookies()).length === 0, 'logout clears the cookie');
  await page.goto(`${base}/ui`);
  check(await page.locator('input[name=token]').count() === 1, 'after logout the pages need a login again');
  await context.close();
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM, args: ['--no-sandbox'] });
try {
  await { pages, tampered, login }[phase](browser);
} catch (e) {
  problems.push(`${phase}: ${e.stack || e}`);
} finally {
  await browser.close();
}
if (problems.length) {
  console.error(`${phase}: ${problems.length} problem(s):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`${phase}: every check passed`);
