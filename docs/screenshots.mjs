// The README's screenshot (docs/screenshots.sh runs it): appends a
// realistic trail to the service at BASE, opens its task page in chromium,
// clicks Verify, checks the verdict, and saves OUT/ui-task.png.
import { createRequire } from 'node:module';

// playwright-core is installed under target/ (.ci/browser).
const { chromium } = createRequire(`${process.env.NODE_DIR}/`)('playwright-core');

const [base, out] = process.argv.slice(2);
const task = 'trip-lyon-paris';
const model = 'gpt-4o-2024-08-06';
const usage = (input, output) => ({ model, input_tokens: input, output_tokens: output });

// Each step answers the one before it (parent_id): the page's tree.
const steps = [
  ['plan', 'Find the fastest train from Lyon to Paris arriving before 10:00 on 12 April, and book it if it costs less than €90.', usage(386, 41)],
  ['analysis', 'Two operators run the route: SNCF (TGV INOUI) and the low-cost OUIGO. Search both for departures between 06:00 and 08:00 from Lyon Part-Dieu.', usage(512, 63)],
  ['decision', 'search_trains({"from": "Lyon Part-Dieu", "to": "Paris Gare de Lyon", "date": "2026-04-12", "depart_after": "06:00"})', { tool: 'search_trains' }],
  ['analysis', 'Five trains. Arriving before 10:00: TGV 6604 (07:04 → 09:00, €74) and TGV 6606 (07:34 → 09:30, €96). OUIGO 7806 costs €39 but arrives at 10:27.', usage(934, 88)],
  ['decision', 'Book TGV 6604, 07:04 → 09:00, second class, €74: the only train that arrives before 10:00 within the €90 limit.', { tool: 'book_ticket', ...usage(1102, 52) }],
  ['reflection', 'OUIGO 7806 was ruled out on arrival time alone. If the meeting moves to 11:00, rebooking on it saves €35.', usage(1180, 37)],
];

let parent = null;
for (const [type, content, metadata] of steps) {
  const body = { type, task_id: task, agent_id: 'travel-planner', session_id: 'chat-2026-04-11', content, metadata };
  if (parent) body.parent_id = parent;
  const r = await fetch(`${base}/thoughts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (r.status !== 201) throw new Error(`append: ${r.status} ${await r.text()}`);
  parent = (await r.json()).id;
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM, args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: 1100, height: 760 } });
  await page.goto(`${base}/ui/tasks/${task}`);
  await page.click('button:has-text("Verify")');
  const verdict = await page.locator('#verdict').textContent();
  if (!/valid, 6 records/.test(verdict)) throw new Error(`Verify: ${verdict.trim()}`);
  await page.screenshot({ path: `${out}/ui-task.png` });
  console.log(`${out}/ui-task.png: ${verdict.trim()}`);
} finally {
  await browser.close();
}
