// Test helper (Node only): a toy log that signs with fresh Ed25519 keys, so a
// test can build a valid export, receipt or tlog-proof and break one thing in it.

import { generateKeyPairSync, sign, createHash } from 'node:crypto';
import {
  recordHash, leafData, merkleRoot, inclusionProof, toBase64, toHex, ZERO_HASH,
} from '../src/verify.js';

const sha = (b) => new Uint8Array(createHash('sha256').update(b).digest());

/** A signer of signature type `type` (0x01 log, 0x04 witness) named `name`. */
export function signer(name, type = 0x01) {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const pub = new Uint8Array(Buffer.from(publicKey.export({ format: 'jwk' }).x, 'base64url'));
  const raw = Uint8Array.of(type, ...pub);
  const keyId = sha(Buffer.concat([Buffer.from(name + '\n'), raw])).slice(0, 4);
  return {
    name,
    vkey: `${name}+${toHex(keyId)}+${toBase64(raw)}`,
    line(msg, prefix = new Uint8Array(0)) {
      const sig = new Uint8Array(sign(null, Buffer.from(msg), privateKey));
      return `\u2014 ${name} ${toBase64(Uint8Array.of(...keyId, ...prefix, ...sig))}\n`;
    },
    /** A signed note of `text` by this key. */
    note(text) { return `${text}\n${this.line(text)}`; },
    /** A cosignature/v1 line of a checkpoint text at time t. */
    cosign(text, t = 1700000000) {
      const ts = new Uint8Array(8);
      new DataView(ts.buffer).setBigUint64(0, BigInt(t));
      return this.line(`cosignature/v1\ntime ${t}\n${text}`, ts);
    },
  };
}

/**
 * A log holding `records` (partial records: type, task_id, agent_id, content, …)
 * in order; fills id, seq, log_index, timestamp, prev_hash and hash. Returns
 * helpers to write exports, receipts and tlog-proofs of it.
 */
export async function makeLog(records, { origin = 'forge.test/log', format = 'agent' } = {}) {
  const log = signer(origin);
  const seqs = new Map(), heads = new Map();
  const out = [];
  for (const [i, part] of records.entries()) {
    const seq = seqs.get(part.task_id) ?? 0;
    const r = {
      id: part.id ?? `r${i}`, seq, log_index: i, type: 'plan', agent_id: 'a',
      timestamp: `2026-04-17T00:00:${String(i).padStart(2, '0')}Z`,
      ...part,
      prev_hash: heads.get(part.task_id) ?? ZERO_HASH,
    };
    r.hash = await recordHash(r);
    seqs.set(part.task_id, seq + 1);
    heads.set(part.task_id, r.hash);
    out.push(r);
  }
  const leaves = out.map((r) => leafData(r, format));
  const size = out.length;
  const root = await merkleRoot(leaves);
  const cpText = `${origin}\n${size}\n${toBase64(root)}\n`;
  const proof = async (r) => (await inclusionProof(leaves, r.log_index)).map(toHex);
  const ctx = {
    log, records: out, size, root, cpText, checkpoint: log.note(cpText),
    statement(task, { length, head, treeSize = size, org = origin } = {}) {
      const mine = out.filter((r) => r.task_id === task);
      const text = `decision-trail/task-head/v1\n${org}\n${treeSize}\n${JSON.stringify(task)}\n`
        + `${length ?? mine.length}\n${head ?? (mine.length ? mine[mine.length - 1].hash : ZERO_HASH)}\n`;
      return log.note(text);
    },
    /** Export lines (objects) of a task: the header then one line per record. */
    async exportLines(task, { statement = true, checkpoint = ctx.checkpoint } = {}) {
      const header = { tree_size: size, root: toHex(root), checkpoint };
      if (statement) header.task_statement = ctx.statement(task);
      const lines = [header];
      for (const r of out.filter((x) => x.task_id === task)) {
        lines.push({ record: { ...r }, inclusion_proof: await proof(r) });
      }
      return lines;
    },
    async receipt(r) {
      return {
        record: { ...r }, log_index: r.log_index, tree_size: size, root: toHex(root),
        inclusion_proof: await proof(r), checkpoint: ctx.checkpoint,
      };
    },
    async tlogProof(r, { extra = true, checkpoint = ctx.checkpoint } = {}) {
      const p = await inclusionProof(leaves, r.log_index);
      return 'c2sp.org/tlog-proof@v1\n'
        + (extra ? `extra ${toBase64(leaves[r.log_index])}\n` : '')
        + `index ${r.log_index}\n${p.map((h) => toBase64(h) + '\n').join('')}\n${checkpoint}`;
    },
  };
  return ctx;
}

export const ndjson = (lines) => lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l)) + '\n').join('');
