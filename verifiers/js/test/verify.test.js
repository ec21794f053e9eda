// verify() on genuine files written by the service (test/fixtures) and on
// forged ones (test/forge.js): verdicts, codes, lines, and the order of checks.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { verify, UsageError, toHex, toBase64, fromBase64 } from '../src/verify.js';
import { makeLog, signer, ndjson } from './forge.js';

const fx = (name) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), 'utf8');
const KEY = fx('erased.key').trim();
const WKEY = fx('witnessed.key').trim();
const POLICY = fx('witnessed.policy');
const FIELDS = ['verdict', 'code', 'line', 'message', 'task_id', 'records', 'head', 'erased', 'signature', 'leaves', 'witnesses', 'existed_by'];

async function expect(input, opts, want) {
  const res = await verify(input, opts);
  assert.deepEqual(Object.keys(res), FIELDS);
  const got = Object.fromEntries(Object.keys(want).map((k) => [k, res[k]]));
  assert.deepEqual(got, want, res.message);
  return res;
}
// §9: on a failure the other fields are null, whatever was checked before it.
const failed = (code, line) => ({
  verdict: 'failed', code, line, task_id: null, records: null, head: null, erased: null, signature: null, leaves: null, witnesses: null, existed_by: null,
});
// A signature line with its last signature byte changed.
const flipLastByte = (line) => {
  const [dash, name, b64] = line.trimEnd().split(' ');
  const raw = fromBase64(b64);
  raw[raw.length - 1] ^= 1;
  return `${dash} ${name} ${toBase64(raw)}\n`;
};

// The erased export as lines of JSON objects, to tamper with.
const lines = () => fx('erased.ndjson').trimEnd().split('\n').map((l) => JSON.parse(l));

test('genuine exports, receipts and tlog-proofs', async () => {
  await expect(fx('erased.ndjson'), { key: KEY }, {
    verdict: 'whole', code: null, line: null, task_id: 't', records: 5, erased: 1,
    head: 'b87ea8084509d5c792f114cb5e9261ccaf384c1ac0e71e126fe02d932e742e81',
    signature: 'checked', leaves: 'agent', witnesses: null, existed_by: null,
  });
  await expect(fx('erased.ndjson'), {}, { verdict: 'whole', signature: 'not_checked', records: 5 });
  await expect(new TextEncoder().encode(fx('before-erasure.ndjson')), { key: KEY }, { verdict: 'whole', records: 4, erased: 0 });
  await expect(fx('erased.ndjson'), { key: KEY, checkpoint: fx('erased-checkpoint.txt') }, { verdict: 'whole' });
  await expect(fx('before-erasure.ndjson'), { key: KEY, checkpoint: fx('erased-checkpoint.txt') }, failed('checkpoint_mismatch', 1));
  await expect(fx('witnessed.ndjson'), { key: WKEY, policy: POLICY }, { verdict: 'whole', records: 5, witnesses: ['w1', 'w2'] });
  await expect(fx('witnessed.ndjson'), { policy: POLICY }, { verdict: 'whole', witnesses: ['w1', 'w2'], signature: 'not_checked' });
  await expect(fx('witnessed-receipt.json'), { key: WKEY, policy: POLICY }, { verdict: 'one_record', records: 1, line: null });
  await expect(fx('witnessed-receipt.json'), {}, { verdict: 'one_record', signature: 'not_checked' });
  await expect(fx('witnessed.tlog-proof'), { key: WKEY }, { verdict: 'one_record', records: 1, leaves: 'agent' });
  await expect(fx('witnessed.tlog-proof'), { key: WKEY, policy: POLICY, record: fx('witnessed-record.json') },
    { verdict: 'one_record', records: 1, task_id: 'wt', witnesses: ['w1', 'w2'] });
  const pretty = JSON.stringify(JSON.parse(fx('witnessed-receipt.json')), null, 2);
  await expect(pretty, { key: WKEY }, { verdict: 'one_record' });
});

test('what cannot run throws UsageError (exit 2)', async () => {
  const bad = [
    [fx('erased.ndjson'), { key: 'not a key' }],
    [fx('erased.ndjson'), { key: KEY.replace(/\+[0-9a-f]{8}\+/, '+00000000+') }],
    [fx('erased.ndjson'), { policy: 'quorum w1\n' }],
    [fx('erased.ndjson'), { policy: 'log x\nquorum none\n' }],
    [fx('erased.ndjson'), { checkpoint: fx('erased-checkpoint.txt') }],
    [fx('erased.ndjson'), { key: KEY, record: '{}' }],
    [fx('witnessed.tlog-proof'), {}],
    [fx('witnessed.tlog-proof'), { key: WKEY, checkpoint: fx('erased-checkpoint.txt') }],
  ];
  for (const [file, opts] of bad) await assert.rejects(verify(file, opts), UsageError, JSON.stringify(Object.keys(opts)));
});

test('headers without a statement, and no header: not_shown', async () => {
  const l = lines();
  delete l[0].task_statement;
  await expect(ndjson(l), { key: KEY }, { verdict: 'not_shown', records: 5, code: null });
  await expect(ndjson(lines().slice(1)), {}, { verdict: 'not_shown', records: 5, leaves: null });
  await expect(ndjson(lines().slice(1)), { key: KEY }, failed('malformed', null));
  await expect('', {}, { verdict: 'not_shown', records: 0, task_id: null });
  await expect(ndjson(lines().slice(1)), { policy: POLICY }, failed('witness_policy', null));
});

test('tampered exports fail at the first check, in the spec order', async () => {
  const cases = [
    ['content', (l) => { l[2].record.content = 'z'; }, failed('hash_mismatch', 3, { records: 1 })],
    ['seq', (l) => { l[2].record.seq = 5; }, failed('seq_gap', 3)],
    ['drop a middle record', (l) => { l.splice(2, 1); }, failed('seq_gap', 3)],
    ['swap records', (l) => { [l[1], l[2]] = [l[2], l[1]]; }, failed('seq_gap', 2)],
    ['drop the last record', (l) => { l.pop(); }, failed('truncated', null, { records: 4 })],
    ['prev_hash', (l) => { l[2].record.prev_hash = '1'.repeat(64); }, failed('prev_hash_mismatch', 3)],
    ['erased by', (l) => { l[3].record.erased.by = 'mallory'; }, failed('erasure_unrecorded', null, { records: 5 })],
    ['an erasure record edited', (l) => {
      l[5].record.metadata.erasure.record = 'x';
    }, failed('hash_mismatch', 6)],
    ['erased with content', (l) => { l[3].record.content = 'secret'; }, failed('malformed', 4)],
    ['erased with a salt', (l) => { l[3].record.salt = '0'.repeat(64); }, failed('commitment_mismatch', 4)],
    ['other task', (l) => { l[2].record.task_id = 'u'; }, failed('wrong_task', 3)],
    ['a proof hash', (l) => { l[2].inclusion_proof[0] = '0'.repeat(64); }, failed('not_in_log', 3)],
    ['no proof', (l) => { delete l[2].inclusion_proof; }, failed('not_in_log', 3)],
    ['bare record', (l) => { l[2] = l[2].record; }, failed('not_in_log', 3)],
    ['log_index', (l) => { l[2].record.log_index = 1; }, failed('not_in_log', 3)],
    ['log_index beyond', (l) => { l[2].record.log_index = 6; }, failed('not_in_log', 3)],
    ['agent', (l) => { l[2].record.agent_id = 'mallory'; }, failed('not_in_log', 3)],
    ['tree_size', (l) => { l[0].tree_size = 7; }, failed('checkpoint_mismatch', 1)],
    ['root', (l) => { l[0].root = '0'.repeat(64); }, failed('checkpoint_mismatch', 1)],
    ['root not hex', (l) => { l[0].root = 'x'; }, failed('malformed', 1)],
    ['checkpoint text', (l) => { l[0].checkpoint = l[0].checkpoint.replace('\n6\n', '\n7\n'); }, failed('bad_signature', null)],
    ['checkpoint not a note', (l) => { l[0].checkpoint = 'x'; }, failed('malformed', null)],
    ['statement text', (l) => { l[0].task_statement = l[0].task_statement.replace('\n5\n', '\n4\n'); }, failed('bad_signature', 1)],
    ['statement form', (l) => { l[0].task_statement = l[0].task_statement.replace('task-head/v1', 'task-head/v2'); }, failed('bad_signature', 1)],
    ['statement not a note', (l) => { l[0].task_statement = 'x'; }, failed('malformed', 1)],
    ['root in upper case', (l) => { l[0].root = l[0].root.toUpperCase(); }, failed('malformed', 1)],
    ['proof hash in upper case', (l) => { l[2].inclusion_proof[0] = l[2].inclusion_proof[0].toUpperCase(); }, failed('malformed', 3)],
    ['statement type', (l) => { l[0].task_statement = 5; }, failed('malformed', 1)],
    ['unknown record member', (l) => { l[4].record.extra = 1; }, failed('malformed', 5)],
    ['seq as 1.0', (l) => { l[2] = JSON.stringify(l[2]).replace('"seq":1', '"seq":1.0'); }, failed('malformed', 3)],
    ['type', (l) => { l[2].record.type = 'action'; }, failed('malformed', 3)],
    ['hash upper case', (l) => { l[2].record.hash = l[2].record.hash.toUpperCase(); }, failed('malformed', 3)],
    ['salt without commitment', (l) => { l[1].record.salt = '0'.repeat(64); }, failed('malformed', 2)],
    ['parse before all else', (l) => { l[2].record.content = 'z'; l[4] = '{"a":1,"a":2}'; }, failed('malformed', 5)],
    ['deep nesting', (l) => { l[4] = JSON.stringify(l[4]).replace('"content":"done"', `"content":"done","metadata":{"a":${'['.repeat(34)}${']'.repeat(34)}}`); }, failed('malformed', 5)],
  ];
  for (const [name, tamper, want] of cases) {
    const l = lines();
    tamper(l);
    await test(name, () => expect(ndjson(l), { key: KEY }, want));
  }
  // Without a key: the signatures are not checked, everything else is.
  const l = lines();
  l[0].task_statement = l[0].task_statement.replace('"t"', '"u"');
  await expect(ndjson(l), {}, failed('statement_mismatch', 1));
  const form = lines();
  form[0].task_statement = form[0].task_statement.replace('task-head/v1', 'task-head/v2');
  await expect(ndjson(form), {}, failed('malformed', 1));
  await expect(fx('erased.ndjson'), { key: WKEY }, failed('bad_signature', null));
  const cpx = lines();
  cpx[0].checkpoint = 'x';
  await expect(ndjson(cpx), {}, failed('malformed', 1));
  // Blank lines are skipped; line numbers stay those of the file.
  const text = fx('erased.ndjson').replace('\n', '\n\n  \r\n');
  await expect(text, { key: KEY }, { verdict: 'whole' });
  await expect(text.replace('"content":"y"', '"content":"Y"'), { key: KEY }, failed('hash_mismatch', 5));
  // A line that is not UTF-8.
  const bytes = new TextEncoder().encode(fx('erased.ndjson'));
  const i = bytes.indexOf(0x0a, bytes.indexOf(0x0a) + 1) + 20;
  bytes[i] = 0xff;
  await expect(bytes, { key: KEY }, failed('malformed', 3));
});

test('forged logs: chain checks, statements, first-format leaves', async () => {
  const recs = [
    { task_id: 't', content: 'a' },
    { task_id: 'other', content: 'o' },
    { task_id: 't', content: 'b', parent_id: 'r0', metadata: { n: 1.5 } },
    { task_id: 't', content: 'c', session_id: 's', capabilities: { static_hash: 'a'.repeat(64), runtime_hash: 'b'.repeat(64) } },
  ];
  const log = await makeLog(recs);
  const key = log.log.vkey;
  await expect(ndjson(await log.exportLines('t')), { key }, { verdict: 'whole', records: 3, leaves: 'agent' });
  await expect(ndjson(await log.exportLines('other')), { key }, { verdict: 'whole', records: 1 });

  const first = await makeLog(recs, { format: 'first' });
  await expect(ndjson(await first.exportLines('t')), { key: first.log.vkey }, { verdict: 'whole', leaves: 'first' });
  await expect(JSON.stringify(await first.receipt(first.records[2])), { key: first.log.vkey }, { verdict: 'one_record', leaves: 'first' });

  // Statement of another origin, tree size, task; of more records.
  for (const [st, code] of [
    [log.statement('t', { org: 'x.test/log' }), 'statement_mismatch'],
    [log.statement('t', { treeSize: 3 }), 'statement_mismatch'],
    [log.statement('other'), 'statement_mismatch'],
    [log.statement('t', { length: 4 }), 'truncated'],
    [log.statement('t', { head: 'f'.repeat(64) }), 'truncated'],
  ]) {
    const l = await log.exportLines('t');
    l[0].task_statement = st;
    await expect(ndjson(l), { key }, failed(code, code === 'truncated' ? null : 1, { records: 3 }));
  }

  // A statement of a task with no records, and a header alone.
  const empty = await makeLog([{ task_id: 'x', content: 'x' }]);
  await expect(ndjson([{ tree_size: 1, root: toHex(empty.root), checkpoint: empty.checkpoint, task_statement: empty.statement('none') }]),
    { key: empty.log.vkey }, { verdict: 'whole', records: 0, head: null });

  // Timestamps and parents: each record signed into the log as it stands.
  const back = await makeLog([
    { task_id: 't', content: 'a', timestamp: '2026-04-17T00:00:01.5Z' },
    { task_id: 't', content: 'b', timestamp: '2026-04-17T00:00:01.25Z' },
  ]);
  await expect(ndjson(await back.exportLines('t')), { key: back.log.vkey }, failed('timestamp_backwards', 3, { records: 1 }));
  const same = await makeLog([
    { task_id: 't', content: 'a', timestamp: '2026-04-17T00:00:01.50Z' },
    { task_id: 't', content: 'b', timestamp: '2026-04-17T00:00:01.5Z' },
    { task_id: 't', content: 'c', timestamp: '2026-04-17T00:00:01.500Z', parent_id: 'r9' },
  ]);
  await expect(ndjson(await same.exportLines('t')), { key: same.log.vkey }, failed('parent_invalid', 4, { records: 2 }));
  const self = await makeLog([{ task_id: 't', content: 'a', parent_id: 'r0' }]);
  await expect(ndjson(await self.exportLines('t')), { key: self.log.vkey }, failed('parent_invalid', 2));
  // A receipt: any seq and prev_hash, parent not checked.
  await expect(JSON.stringify(await same.receipt(same.records[2])), { key: same.log.vkey }, { verdict: 'one_record' });
});

test('forged logs: erasures', async () => {
  const salt = '00'.repeat(32);
  const { commitment } = await import('../src/verify.js');
  const cc = await commitment(new Uint8Array(32), 'secret', undefined);
  const log = await makeLog([
    { task_id: 't', content_commitment: cc, erased: { at: '2026-04-17T00:00:02Z', by: 'op', reason: '' } },
    { task_id: 't', content_commitment: cc, salt, content: 'secret' },
    { task_id: 't', type: 'decision', agent_id: 'op', content: 'erased', metadata: { erasure: { records: ['r0', 'r9'] } } },
  ]);
  const key = log.log.vkey;
  await expect(ndjson(await log.exportLines('t')), { key }, { verdict: 'whole', erased: 1 });
  const l = await log.exportLines('t');
  l[2].record.content = 'secrex';
  await expect(ndjson(l), { key }, failed('commitment_mismatch', 3, { records: 1 }));
  const unnamed = await makeLog([
    { task_id: 't', content_commitment: cc, erased: { at: 'x', by: 'op', reason: '' } },
    { task_id: 't', type: 'plan', agent_id: 'op', content: 'erased', metadata: { erasure: { record: 'r0' } } },
  ]);
  await expect(ndjson(await unnamed.exportLines('t')), { key: unnamed.log.vkey }, { verdict: 'not_shown', code: null, records: 2 });
  // Without a statement erasures are not asked about: not_shown.
  await expect(ndjson(await unnamed.exportLines('t', { statement: false })), { key: unnamed.log.vkey }, { verdict: 'not_shown' });
});

test('forged logs: signatures and witness policies', async () => {
  const log = await makeLog([{ task_id: 't', content: 'a' }, { task_id: 't', content: 'b' }]);
  const key = log.log.vkey;
  const w1 = signer('w1.test', 0x04), w2 = signer('w2.test', 0x04), other = signer('other.test', 0x04);
  const cosigned = log.checkpoint + w1.cosign(log.cpText) + other.cosign(log.cpText);
  const policy = (q) => `# a policy\nlog ${key}\n\nwitness one ${w1.vkey} https://w1.test\n  witness two ${w2.vkey}\n${q}\n`;
  const run = async (cp, q, want, opts = {}) =>
    expect(ndjson(await log.exportLines('t', { checkpoint: cp })), { key, policy: policy(q), ...opts }, want);

  await run(cosigned, 'quorum one', { verdict: 'whole', witnesses: ['one'] });
  await run(cosigned, 'group g any one two\nquorum g', { verdict: 'whole', witnesses: ['one'] });
  await run(cosigned, 'group g 2 one two\nquorum g', failed('witness_policy', null, { witnesses: ['one'] }));
  await run(cosigned, 'group g all one two\nquorum g', failed('witness_policy', null));
  await run(log.checkpoint, 'quorum none', { verdict: 'whole', witnesses: [] });
  await run(log.checkpoint + w2.cosign(log.cpText), 'quorum two', { verdict: 'whole', witnesses: ['two'] });
  // A cosignature line of a policy witness that does not verify.
  const badCosig = log.checkpoint + flipLastByte(w1.cosign(log.cpText));
  await run(badCosig, 'quorum none', failed('witness_policy', null));
  // A policy of another log.
  const stranger = signer('forge.test/log');
  await expect(ndjson(await log.exportLines('t')), { key, policy: `log ${stranger.vkey}\nquorum none\n` }, failed('witness_policy', null));
  // A second line claiming the log's key after a good one is ignored, as Go's
  // sumdb/note ignores it (§5); a bad first one fails the note.
  const twice = log.checkpoint + log.log.line('something else');
  await expect(ndjson(await log.exportLines('t', { checkpoint: twice })), { key }, { verdict: 'whole' });
  const badFirst = log.cpText + '\n' + log.log.line('something else') + log.checkpoint.slice(log.cpText.length + 1);
  await expect(ndjson(await log.exportLines('t', { checkpoint: badFirst })), { key }, failed('bad_signature', null));
  // Lines of other keys are ignored; a note with no signature line is malformed.
  await expect(ndjson(await log.exportLines('t', { checkpoint: log.checkpoint + stranger.line('x') })), { key }, { verdict: 'whole' });
  await expect(ndjson(await log.exportLines('t', { checkpoint: log.cpText + '\n' })), {}, failed('malformed', 1));
  // Base64 with non-zero unused bits is not b64(x): the note is malformed.
  const sigLine = log.checkpoint.split('\n').at(-2);
  const b64 = sigLine.split(' ').at(-1);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const last = b64.replace(/=+$/, '').at(-1);
  const nonCanonical = b64.replace(/.(=+)$/, alphabet[alphabet.indexOf(last) ^ 1] + '$1');
  await expect(ndjson(await log.exportLines('t', { checkpoint: log.checkpoint.replace(b64, nonCanonical) })), { key }, failed('malformed', null));
});

test('forged tlog-proofs (spec §11)', async () => {
  const log = await makeLog([{ task_id: 't', content: 'a' }, { task_id: 't', content: 'b', agent_id: 'bee' }, { task_id: 'u', content: 'c' }]);
  const key = log.log.vkey;
  const r = log.records[1];
  const proof = await log.tlogProof(r);
  await expect(proof, { key }, { verdict: 'one_record', leaves: 'agent', records: 1, task_id: null });
  await expect(proof, { key, record: JSON.stringify(r) }, { verdict: 'one_record', records: 1, head: r.hash });
  await expect(await log.tlogProof(r, { extra: false }), { key, record: JSON.stringify(r) }, { verdict: 'one_record' });
  await assert.rejects(verify(await log.tlogProof(r, { extra: false }), { key }), UsageError);
  await expect(proof, { key, record: JSON.stringify({ ...r, content: 'x' }) }, failed('hash_mismatch', null));
  await expect(proof, { key, record: JSON.stringify({ ...r, log_index: 0 }) }, failed('record_mismatch', null));
  await expect(proof, { key, record: JSON.stringify({ ...r, agent_id: 'x' }) }, failed('record_mismatch', null));
  await expect(proof, { key, record: JSON.stringify(log.records[0]) }, failed('record_mismatch', null));
  await expect(proof, { key, record: '{"id":' }, failed('malformed', null));
  await expect(proof.replace('index 1', 'index 0'), { key }, failed('not_in_log', null));
  await expect(proof.replace('index 1', 'index 3'), { key }, failed('not_in_log', null));
  await expect(proof.replace('index 1', 'index 01'), { key }, failed('malformed', null));
  await expect(proof.replace(/\n\n/, '\n'), { key }, failed('malformed', null));
  await expect(proof.replace(`\n${log.size}\n`, `\n${log.size + 1}\n`), { key }, failed('bad_signature', null));
  await expect(proof, { key: signer('forge.test/log').vkey }, failed('bad_signature', null));
  const w = signer('w.test', 0x04);
  const policy = `witness w ${w.vkey}\nquorum w\n`;
  await expect(proof, { key, policy }, failed('witness_policy', null, { witnesses: [] }));
  await expect(await log.tlogProof(r, { checkpoint: log.checkpoint + w.cosign(log.cpText) }), { key, policy },
    { verdict: 'one_record', witnesses: ['w'] });
});
