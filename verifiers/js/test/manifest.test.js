// Every vector of docs/vectors/manifest.json (spec §9): verdict, code, line, and
// records and existed_by when the manifest gives them. Skipped while the manifest does not exist.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { verify, UsageError, EXIT } from '../src/verify.js';

const DIR = new URL('../../../docs/vectors/', import.meta.url);
const MANIFEST = new URL('manifest.json', DIR);
const has = existsSync(fileURLToPath(MANIFEST));

test('docs/vectors/manifest.json', { skip: has ? false : 'docs/vectors/manifest.json does not exist yet' }, async (t) => {
  const { vectors } = JSON.parse(readFileSync(MANIFEST, 'utf8'));
  assert.ok(Array.isArray(vectors) && vectors.length, 'the manifest lists vectors');
  const read = (p) => (p == null ? undefined : new Uint8Array(readFileSync(new URL(p, DIR))));
  for (const v of vectors) {
    await t.test(v.name, async () => {
      const opts = {};
      if (v.key != null) {
        const path = fileURLToPath(new URL(v.key, DIR));
        opts.key = existsSync(path) ? readFileSync(path, 'utf8').trim() : v.key;
      }
      for (const k of ['checkpoint', 'policy', 'record']) if (v[k] != null) opts[k] = read(v[k]);
      const e = v.expect;
      if (e.exit === 2 || e.verdict === 'error' || e.verdict === null) {
        await assert.rejects(verify(read(v.file), opts), UsageError);
        return;
      }
      const res = await verify(read(v.file), opts);
      const want = { verdict: e.verdict };
      for (const k of ['code', 'line', 'records', 'existed_by']) if (k in e) want[k] = e[k];
      const got = Object.fromEntries(Object.keys(want).map((k) => [k, res[k]]));
      assert.deepEqual(got, want, res.message);
      if ('exit' in e) assert.equal(EXIT[res.verdict], e.exit);
    });
  }
});
