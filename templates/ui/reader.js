// decision-trail's trail browser: the reader's own check of a task. The
// verdict the pages print is the service's word about itself; this script
// fetches the task's export and checks it in the reader's browser with the
// project's JavaScript verifier (verifiers/js, docs/spec.md), against a
// verifier key the reader pins here once (kept in this browser's storage,
// per service address). The key the service shows is compared with the
// pinned one, never used in its place: a changed key is a loud warning.
// Without JavaScript the section says what it would do; the pages work as
// they do without it.
const box = document.getElementById('reader-check');
const STORE = `decision-trail:pinned-key:${location.origin}`;

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  for (const c of children) node.append(c);
  return node;
}

function pinned() {
  try { return localStorage.getItem(STORE); } catch { return null; }
}

function pin(key) {
  try { localStorage.setItem(STORE, key); } catch { /* storage off: this visit only */ }
}

// The key's name and id, as a reader compares it: `name+id`.
function keyName(key) {
  const parts = key.split('+');
  return parts.length === 3 ? `${parts[0]}+${parts[1]}` : key;
}

function pinForm(current, served) {
  const input = el('input', { name: 'key', id: 'reader-key', class: 'mono', autocomplete: 'off',
    spellcheck: 'false', placeholder: 'name+keyid+base64 (GET /log/key, kept outside this service)' });
  if (current) input.value = current;
  const form = el('form', { class: 'reader-pin' },
    el('label', { for: 'reader-key' }, 'The log\'s verifier key you trust: '), input, ' ',
    el('button', { type: 'submit', class: 'primary' }, current ? 'Pin this key instead' : 'Pin and check'));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const key = input.value.trim();
    if (!key) return;
    const before = pinned();
    if (before && before !== key
        && !window.confirm(`You pinned ${keyName(before)} before. Pin ${keyName(key)} in its place?`)) return;
    pin(key);
    check(key, served);
  });
  return form;
}

function say(cls, ...children) {
  const p = el('p', { class: `verdict ${cls}`, role: 'status', id: 'reader-verdict' }, ...children);
  return p;
}

async function check(key, served) {
  const status = say('pending', 'Your browser is checking the export…');
  box.replaceChildren(box.firstElementChild, status);
  const parts = [box.firstElementChild];
  if (served && served !== key) {
    parts.push(el('p', { class: 'verdict broken', id: 'reader-key-changed', role: 'alert' },
      el('strong', {}, '⚠ The key changed: '),
      `this service now shows the verifier key ${keyName(served)}, not ${keyName(key)}, the key you pinned. `
      + 'Your browser checks with the key you pinned. A log that really moved to a new key says so in a '
      + 'successor statement (GET /log/successor); pin the new key only once you have checked it outside this service.'));
  }
  let result;
  let origin = '';
  try {
    const { verify } = await import(box.dataset.verifier);
    const answer = await fetch(box.dataset.export, { credentials: 'same-origin', cache: 'no-store' });
    if (!answer.ok) throw new Error(`the export could not be fetched (HTTP ${answer.status})`);
    const text = await answer.text();
    try {
      // Which checkpoint: the header's (its signature is what verify checks).
      const header = JSON.parse(text.slice(0, text.indexOf('\n')));
      origin = `${header.checkpoint.split('\n')[0]} of size ${header.tree_size}`;
    } catch { /* no header: the verdict says so */ }
    result = await verify(text, { key });
  } catch (e) {
    result = { verdict: 'failed', code: 'unchecked', message: String(e && e.message || e) };
  }
  if (result.verdict === 'whole' || result.verdict === 'not_shown') {
    const whole = result.verdict === 'whole';
    parts.push(say(whole ? 'valid' : 'pending',
      el('strong', {}, whole ? '✓ Your browser verified it: ' : '✓ Your browser verified these records, not that they are all: '),
      `${result.records} record${result.records === 1 ? '' : 's'}, head ${result.head}; `
      + `checked with the key you pinned, ${keyName(key)}${origin ? `, against the checkpoint of ${origin}` : ''}.`));
  } else {
    parts.push(say('broken', el('strong', {}, '✗ Your browser\'s check failed: '),
      `${result.code}${result.line ? ` (line ${result.line} of the export)` : ''}: ${result.message}; `
      + `checked with the key you pinned, ${keyName(key)}.`));
  }
  parts.push(pinForm(key, served));
  box.replaceChildren(...parts);
}

if (box) {
  const served = box.dataset.servedKey;
  const key = pinned();
  if (key) {
    check(key, served);
  } else {
    box.replaceChildren(box.firstElementChild,
      el('p', {}, 'Pin the log\'s verifier key once (from a copy you keep outside this service: '
        + 'your records, an auditor\'s, a witness\'s), and your browser checks this trail itself.'),
      pinForm('', served));
  }
}
