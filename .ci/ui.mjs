// The trail browser in Debian's chromium, driven by playwright-core (.ci/ui
// runs it). Phases: `pages BASE` seeds records over the API and checks every
// page; `tampered BASE` clicks Verify on the chain .ci/ui rewrote in the file;
// `login BASE` (UI_TOKEN set) checks the login flow of a keyed service.
// Any failed check, console error, CSP violation or dialog exits non-zero.
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
  check(await page.locator('h1').textContent() === 'Tasks', '/ui lists tasks');
  await page.keyboard.press('Tab');
  check(await page.evaluate(() => document.activeElement.textContent) === 'Skip to content',
    'the first Tab reaches "Skip to content"');
  await shot(page, 'desktop-tasks');
  await page.click('nav a[href="/ui/sessions"]');
  check(await page.locator('h1').textContent() === 'Sessions', 'the navigation opens the sessions');
  await page.click('main a[href^="/ui/sessions/"]');
  check(/^Session /.test(await page.locator('h1').textContent()), 'a session link opens the session');
  await page.goto(`${base}/ui`);
  await page.click('a[href="/ui/tasks/browser-demo"]');
  check(page.url().endsWith('/ui/tasks/browser-demo'), 'a task link opens the task');
  const body = await page.locator('main').textContent();
  check(body.includes(XSS), 'a script in content is shown as text');
  check(await page.evaluate(() => window.__xss) === undefined, 'the script in content did not run');
  check(await page.locator('main img').count() === 0, 'an <img> in content is not an element');
  await page.click('button:has-text("Verify")');
  const verdict = await page.locator('#verdict').textContent();
  check(/valid, 4 records, proven in checkpoint of size \d+/.test(verdict), `Verify: ${verdict.trim()}`);
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
  await page.goto(`${base}/ui`);
  await page.fill('form.filters input[name=agent_id]', 'reviewer');
  await page.click('form.filters button');
  check((await page.locator('main').textContent()).includes('plan the interfaces first'), 'the agent filter keeps its records');
  await page.goto(`${base}/ui/tasks/browser-long`);
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
    for (const [name, path] of [['tasks', '/ui'], ['task', '/ui/tasks/browser-demo?verify=1'], ['search', '/ui/search?q=jwt']]) {
      await phone.page.goto(`${base}${path}`);
      const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
      check(width <= 375, `${path} fits 375 px (${scheme}): ${width}`);
      await shot(phone.page, `phone-${scheme}-${name}`);
    }
    await phone.context.close();
  }
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
  await page.goto(`${base}/ui`);
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
  await page.click('a[href="/ui/tasks/browser-demo"]');
  check((await page.locator('main').textContent()).includes('Split the auth module'), 'the data shows after login');
  const cookies = await context.cookies();
  check(cookies.length === 1 && cookies[0].httpOnly && cookies[0].sameSite === 'Strict' && cookies[0].path === '/ui',
    'the login cookie is HttpOnly, SameSite=Strict, Path=/ui');
  const api = await context.request.get(`${base}/tasks/browser-demo`,
    { headers: { cookie: `${cookies[0].name}=${cookies[0].value}` } });
  check(api.status() === 401, 'the API does not take the cookie');
  const blocked = await page.evaluate(async () => {
    try { await fetch('/tasks/browser-demo'); return false; } catch { return true; }
  });
  check(blocked, 'the CSP keeps a page from calling the API');
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
