// Provable time (spec §8) and §10 check 7: the header's and a receipt's
// witness_times, checked with a key and a policy (`witness_time`, line 1), and
// the last record's `existed_by`. The times expected are those
// `decision-trail verify --json` gives the same files.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  verify, verifyConsistency, consistencyProof, merkleRoot, leafData, toBase64, toHex, fromBase64, fromHex,
} from '../src/verify.js';
import { makeLog, signer, ndjson } from './forge.js';

const T0 = 1800000000;
const W = [signer('w1.example', 0x04), signer('w2.example', 0x04), signer('w3.example', 0x04)];
const TWO_OF_THREE = `witness a ${W[0].vkey}\nwitness b ${W[1].vkey}\nwitness c ${W[2].vkey}\ngroup g 2 a b c\nquorum g\n`;
// Which witness cosigned which checkpoint, when (seconds after T0): the
// export's tree is of 8 leaves, its records at 4, 5 and 6.
const COSIGNED = { 5: [[0, 100], [1, 150]], 7: [[0, 400], [1, 300], [2, 200]], 9: [[0, 250], [2, 500]] };

/**
 * An export of task t (leaves 4 to 6) of a tree of 8 leaves, its checkpoint
 * cosigned by the three witnesses, with the witness_times of the checkpoints
 * of COSIGNED of the same log (9 leaves), each with its consistency proof.
 */
async function witnessed(cosigned = COSIGNED) {
  const task = (i) => (i >= 4 && i <= 6 ? 't' : 'o');
  const log = await makeLog(Array.from({ length: 8 }, (_, i) => ({ task_id: task(i), content: `c${i}` })));
  const leaves = [...log.records.map((r) => leafData(r, 'agent')), new TextEncoder().encode('leaf 8')];
  const cosignedCheckpoint = log.checkpoint + W.map((w) => w.cosign(log.cpText)).join('');
  const lines = await log.exportLines('t', { checkpoint: cosignedCheckpoint });
  const times = [];
  for (const [size, by] of Object.entries(cosigned)) {
    const n = Number(size);
    const text = `${log.log.name}\n${n}\n${toBase64(await merkleRoot(leaves.slice(0, n)))}\n`;
    const note = log.log.note(text) + by.map(([w, t]) => W[w].cosign(text, T0 + t)).join('');
    const proof = await consistencyProof(leaves.slice(0, Math.max(n, 8)), Math.min(n, 8));
    times.push({ checkpoint: note, consistency_proof: proof.map(toHex) });
  }
  lines[0].witness_times = times;
  const receipt = { ...(await log.receipt(log.records[4])), checkpoint: cosignedCheckpoint, witness_times: times.slice(0, 1) };
  return { log, lines, receipt, key: log.log.vkey };
}

const said = (r) => [r.verdict, r.code, r.line, r.existed_by];
const withTimes = (lines, times) => ndjson([{ ...lines[0], witness_times: times }, ...lines.slice(1)]);
const copy = (v) => JSON.parse(JSON.stringify(v));

test('the last record existed by the time a quorum first covered it', async () => {
  const { lines, receipt, key } = await witnessed();
  // The head (leaf 6): first covered at size 7 by c (200), b (300) and a (400);
  // a's earlier time on the later size 9 does not count.
  const r = await verify(ndjson(lines), { key, policy: TWO_OF_THREE });
  assert.deepEqual(said(r), ['whole', null, null, '2027-01-15T08:05:00Z'], r.message);
  assert.equal(Object.keys(r).at(-1), 'existed_by');
  assert.match(r.message, /ok: the chain's head existed by 2027-01-15T08:05:00Z \(2 of 3 witnesses\)/);
  // Leaf 4: size 5, a (100) and b (150).
  assert.deepEqual(said(await verify(JSON.stringify(receipt), { key, policy: TWO_OF_THREE })),
    ['one_record', null, null, '2027-01-15T08:02:30Z']);
  const policies = [
    ['group g 2 a c', '2027-01-15T08:06:40Z'], ['group g any a b c', '2027-01-15T08:03:20Z'],
    ['group g all a b c', '2027-01-15T08:06:40Z'],
  ];
  for (const [group, time] of policies) {
    const res = await verify(ndjson(lines), { key, policy: TWO_OF_THREE.replace('group g 2 a b c', group) });
    assert.equal(res.existed_by, time, group);
  }
  // The file's own tree as an entry: an empty proof (cosigned at 1700000000).
  const own = { checkpoint: lines[0].checkpoint, consistency_proof: [] };
  assert.equal((await verify(withTimes(lines, [own]), { key, policy: TWO_OF_THREE })).existed_by, '2023-11-14T22:13:20Z');
});

test('no witness time: no key, no policy, quorum none, no covering checkpoints', async () => {
  const { lines, key } = await witnessed();
  const cases = [
    [ndjson(lines), { key }], [ndjson(lines), { policy: TWO_OF_THREE }],
    [ndjson(lines), { key, policy: TWO_OF_THREE.replace('quorum g', 'quorum none') }],
    [withTimes(lines, lines[0].witness_times.slice(0, 1)), { key, policy: TWO_OF_THREE }],
    [withTimes(lines, []), { key, policy: TWO_OF_THREE }],
  ];
  for (const [text, opts] of cases) {
    const r = await verify(text, opts);
    assert.deepEqual(said(r), ['whole', null, null, null], r.message);
    assert.match(r.message, /no witness time/);
  }
});

test('an entry that does not check: witness_time, line 1', async () => {
  const { lines, receipt, key } = await witnessed();
  const opts = { key, policy: TWO_OF_THREE };
  const edited = (i, fn) => { const t = copy(lines[0].witness_times); fn(t[i]); return withTimes(lines, t); };
  // b's cosignature of size 7 claims an earlier time than it signed.
  const forge = (e) => {
    const [text] = e.checkpoint.split('\n\n');
    const line = W[1].cosign(`${text}\n`, T0 + 300);
    const raw = fromBase64(line.trimEnd().split(' ')[2]);
    raw[11] ^= 1;
    e.checkpoint = e.checkpoint.replace(line, `\u2014 w2.example ${toBase64(raw)}\n`);
  };
  const flip = (e) => { const h = e.consistency_proof[0]; e.consistency_proof[0] = h.slice(0, -1) + (h.endsWith('0') ? '1' : '0'); };
  const other = signer('forge.test/log').note(lines[0].checkpoint.split('\n\n')[0] + '\n');
  const failing = [
    ['a forged cosignature', edited(1, forge)],
    ['a proof from a smaller tree', edited(0, flip)],
    ['a proof to a larger tree', edited(2, flip)],
    ['a proof a hash short', edited(2, (e) => e.consistency_proof.pop())],
    ['the same tree with a proof', withTimes(lines, [{ checkpoint: lines[0].checkpoint, consistency_proof: ['00'.repeat(32)] }])],
    ['another log key', edited(0, (e) => { e.checkpoint = other; })],
    ['not a note', edited(0, (e) => { e.checkpoint = 'x'; })],
    ['a receipt\'s', JSON.stringify({ ...receipt, witness_times: [{ ...receipt.witness_times[0], consistency_proof: [] }] }, null, 2)],
  ];
  for (const [what, text] of failing) {
    const r = await verify(text, opts);
    assert.deepEqual(said(r), ['failed', 'witness_time', 1, null], `${what}: ${r.message}`);
    assert.equal(r.witnesses, null);
  }
  // Unchecked without a policy or a key; a line of a key the policy does not name is ignored.
  assert.deepEqual(said(await verify(edited(1, forge), { key })), ['whole', null, null, null]);
  assert.deepEqual(said(await verify(edited(1, forge), { policy: TWO_OF_THREE })), ['whole', null, null, null]);
  const stranger = signer('w9.example', 0x04).cosign('x\n');
  assert.deepEqual(said(await verify(edited(1, (e) => { e.checkpoint += stranger; }), opts)), ['whole', null, null, '2027-01-15T08:05:00Z']);
  // Of the wrong type: malformed, with or without a key; a receipt's null is absent.
  for (const bad of [{}, null, [{ checkpoint: 'x' }], [{ checkpoint: 'x', consistency_proof: ['AB'.repeat(32)] }]]) {
    assert.deepEqual(said(await verify(withTimes(lines, bad), opts)), ['failed', 'malformed', 1, null]);
    assert.deepEqual(said(await verify(withTimes(lines, bad), {})), ['failed', 'malformed', 1, null]);
  }
  assert.deepEqual(said(await verify(JSON.stringify({ ...receipt, witness_times: null }), opts)), ['one_record', null, null, null]);
});

test('RFC 9162 consistency proofs (tests/data/merkle.json)', async () => {
  const m = JSON.parse(readFileSync(new URL('../../../tests/data/merkle.json', import.meta.url), 'utf8'));
  const std = m.standard_8_leaf;
  const leaves = std.leaf_inputs_hex.map(fromHex);
  for (const c of [...std.all_consistency_proofs, ...std.published_consistency_proofs]) {
    const proof = c.proof.map(fromHex);
    const args = [c.size1, fromHex(c.root1), c.size2, fromHex(c.root2)];
    assert.ok(await verifyConsistency(...args, proof), JSON.stringify(c));
    assert.deepEqual((await consistencyProof(leaves.slice(0, c.size2), c.size1)).map(toHex), c.proof);
    if (proof.length) {
      assert.equal(await verifyConsistency(...args, proof.slice(0, -1)), false);
      assert.equal(await verifyConsistency(...args, [...proof, proof[0]]), false);
      assert.equal(await verifyConsistency(...args, [new Uint8Array(32), ...proof.slice(1)]), false);
    }
  }
  assert.equal(await verifyConsistency(0, new Uint8Array(32), 1, new Uint8Array(32), []), false);
});
