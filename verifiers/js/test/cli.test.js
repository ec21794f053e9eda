// The command line (bin/cli.js): its output lines, --json, and exit codes (spec §9).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../bin/cli.js', import.meta.url));
const FX = fileURLToPath(new URL('fixtures/', import.meta.url));
const run = (...args) => {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: FX, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
};
const tmp = mkdtempSync(join(tmpdir(), 'dt-verify-'));
const write = (name, text) => { const p = join(tmp, name); writeFileSync(p, text); return p; };

test('a whole export: ok lines, exit 0', () => {
  const r = run('erased.ndjson', '--key', 'erased.key');
  assert.equal(r.code, 0, r.err);
  const lines = r.out.trimEnd().split('\n');
  assert.match(lines[0], /^ok: task `t`: 5 records \(1 erased: checked through its content commitment\), every hash, link, seq and timestamp checks; head b87ea808[0-9a-f]{56}; the whole chain/);
  assert.equal(lines[1], 'ok: checkpoint `example.test/log` of 6 records verifies with the key; 5 inclusion proofs lead to its root');
  const key = readFileSync(join(FX, 'erased.key'), 'utf8');
  assert.equal(run('erased.ndjson', `--key=${key}`).code, 0); // the key text itself
});

test('without a key: says the signature is not checked', () => {
  const r = run('witnessed-receipt.json');
  assert.equal(r.code, 0);
  assert.match(r.out, /^ok: task `wt`: 1 record, /);
  assert.match(r.out, /1 inclusion proof leads to the root/);
  assert.match(r.out, /no signature checked/);
});

test('not_shown: exit 3 and a note', () => {
  const lines = readFileSync(join(FX, 'erased.ndjson'), 'utf8').split('\n');
  const h = JSON.parse(lines[0]);
  delete h.task_statement;
  const f = write('nostatement.ndjson', [JSON.stringify(h), ...lines.slice(1)].join('\n'));
  const r = run(f, '--key', 'erased.key');
  assert.equal(r.code, 3);
  assert.match(r.out, /^note: the records are not shown to be the task's whole chain/m);
  const j = run(f, '--key', 'erased.key', '--json');
  assert.equal(j.code, 3);
  assert.equal(JSON.parse(j.out).verdict, 'not_shown');
});

test('failed: FAILED line on stderr, exit 1; --json the one object', () => {
  const text = readFileSync(join(FX, 'erased.ndjson'), 'utf8').replace('"content":"y"', '"content":"Y"');
  const f = write('tampered.ndjson', text);
  const r = run(f, '--key', 'erased.key');
  assert.equal(r.code, 1);
  assert.equal(r.out, '');
  assert.match(r.err, new RegExp(`^FAILED: ${f}: line 3: hash_mismatch: record \\S+ \\(seq 1\\): recomputed [0-9a-f]{64}, stored 92c37165[0-9a-f]{56}\\n$`));
  const j = run(f, '--key', 'erased.key', '--json');
  assert.equal(j.code, 1);
  const o = JSON.parse(j.out);
  assert.deepEqual([o.verdict, o.code, o.line, o.records], ['failed', 'hash_mismatch', 3, null]);
  assert.deepEqual(Object.keys(o), ['verdict', 'code', 'line', 'message', 'task_id', 'records', 'head', 'erased', 'signature', 'leaves', 'witnesses', 'existed_by']);
  const n = run('witnessed.tlog-proof', '--key', 'erased.key');
  assert.equal(n.code, 1);
  assert.match(n.err, /^FAILED: witnessed.tlog-proof: bad_signature: /);
});

test('tlog-proofs and policies', () => {
  const r = run('witnessed.tlog-proof', '--key', 'witnessed.key', '--record', 'witnessed-record.json', '--policy', 'witnessed.policy');
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /cosigned by 2 witnesses \(w1, w2\)/);
  assert.match(r.out, /hashes to its hash, and is that leaf/);
});

test('exit 2: bad arguments, unreadable files, keys and policies that do not parse', () => {
  for (const args of [
    [], ['a', 'b'], ['erased.ndjson', '--bogus'], ['erased.ndjson', '--key'], ['/nonexistent'],
    ['erased.ndjson', '--key', 'garbage'], ['erased.ndjson', '--policy', 'erased.key'],
    ['erased.ndjson', '--checkpoint', 'erased-checkpoint.txt'], ['witnessed.tlog-proof'],
    ['erased.ndjson', '--policy', '/nonexistent'], ['erased.ndjson', '--json', '--key', 'x'],
  ]) {
    const r = run(...args);
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.err}`);
    assert.match(r.err, /^error: /);
  }
});
