// Signed notes and what is written in them: C2SP signed notes and verifier keys
// (spec §5), tlog-checkpoints (§5), the task statement (§7), cosignature/v1 and
// tlog-policy (§8). Parsers throw NoteError; verifiers return booleans.

import { parseStrict } from './json.js';
import {
  utf8, fromUtf8, concat, bytesEqual, toHex, fromHex, fromBase64, sha256, ed25519Verify,
} from './crypto.js';

export class NoteError extends Error {}

const EM_DASH = '\u2014';
// C2SP signed-note: key names are non-empty, without Unicode spaces or '+'.
const NAME = /^[^\s+\u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/u;
const DECIMAL = /^(0|[1-9][0-9]*)$/;
const HEX64 = /^[0-9a-f]{64}$/;

/**
 * Parse a signed note (spec §5): UTF-8 without control characters but '\n',
 * the text (ending in '\n'), a blank line, then one or more lines
 * `— <name> <b64(key_id ‖ signature)>\n`. `note` is a string or bytes.
 * Returns {text, sigs: [{name, keyId: Uint8Array(4), sig: Uint8Array}]}.
 */
export function parseNote(note) {
  if (typeof note !== 'string') {
    try { note = fromUtf8(note); } catch { throw new NoteError('the note is not UTF-8'); }
  }
  for (let i = 0; i < note.length; i++) {
    const c = note.charCodeAt(i);
    if (c < 0x20 && c !== 0x0a) throw new NoteError('the note holds a control character');
    if (c >= 0xd800 && c <= 0xdfff) {
      const d = note.charCodeAt(i + 1);
      if (c > 0xdbff || !(d >= 0xdc00 && d <= 0xdfff)) throw new NoteError('the note is not UTF-8');
      i++;
    }
  }
  if (!note.endsWith('\n')) throw new NoteError('the note does not end with a newline');
  // The text ends at the last blank line (C2SP signed-note).
  const split = note.lastIndexOf('\n\n');
  if (split < 0) throw new NoteError('the note has no blank line before its signatures');
  const text = note.slice(0, split + 1);
  const lines = note.slice(split + 2, -1).split('\n');
  if (text === '\n' || note.length === split + 2) throw new NoteError('the note has no text or no signature');
  const sigs = lines.map((line) => {
    const m = /^\u2014 ([^ ]+) ([^ ]*)$/u.exec(line);
    if (!m || !NAME.test(m[1])) throw new NoteError(`not a signature line: ${JSON.stringify(line)}`);
    const raw = fromBase64(m[2]);
    if (!raw || raw.length < 5) throw new NoteError(`a signature of ${m[1]} is not base64 of at least 5 bytes`);
    return { name: m[1], keyId: raw.slice(0, 4), sig: raw.slice(4) };
  });
  return { text, sigs };
}

/**
 * Parse a verifier key `<name>+<hex(key_id)>+<b64(type ‖ public_key)>` (spec §5, §8)
 * of signature type `type` (0x01 a log, 0x04 a witness). Checks the key id.
 */
export async function parseVerifierKey(vkey, type = 0x01) {
  // The name has no '+'; the base64 key may (split at the first two only).
  const m = /^([^+]*)\+([^+]*)\+(.*)$/s.exec(vkey);
  if (!m) throw new NoteError('a verifier key is <name>+<key id>+<base64 key>');
  const [, name, idHex, b64] = m;
  if (!NAME.test(name)) throw new NoteError('the key name is empty or holds a space');
  const keyId = /^[0-9a-f]{8}$/.test(idHex) ? fromHex(idHex) : null;
  if (!keyId) throw new NoteError('the key id is not 8 lowercase hex digits');
  const raw = fromBase64(b64);
  if (!raw || raw.length !== 33) throw new NoteError('the key is not base64 of 33 bytes');
  if (raw[0] !== type) throw new NoteError(`the key is of signature type ${raw[0]}, not ${type}`);
  const want = (await sha256(concat(utf8(name), Uint8Array.of(0x0a), raw))).slice(0, 4);
  if (!bytesEqual(want, keyId)) throw new NoteError('the key id is not that of the key');
  return { name, keyId, type, publicKey: raw.slice(1), text: vkey };
}

const claims = (s, key) => s.name === key.name && bytesEqual(s.keyId, key.keyId);

/**
 * Does the note verify with the log key (spec §5)? At least one line of the
 * key's name and id, and every such line, holds an Ed25519 signature of the text.
 */
export async function verifyNote(note, key) {
  // §5: the first line claiming the key must verify; later ones are ignored
  // (as Go's sumdb/note does).
  const first = note.sigs.find((s) => claims(s, key));
  if (!first) return false;
  return ed25519Verify(key.publicKey, first.sig, utf8(note.text));
}

/**
 * Parse a checkpoint's text (spec §5): `<origin>\n<size>\n<b64(root)>\n` then
 * optional non-empty extension lines. Returns {origin, size: BigInt, root, extensions}.
 */
export function parseCheckpoint(text) {
  const lines = text.split('\n');
  if (lines.pop() !== '' || lines.length < 3) throw new NoteError('the text is not a checkpoint');
  const [origin, size, root, ...extensions] = lines;
  if (!origin) throw new NoteError('the checkpoint has no origin');
  if (!DECIMAL.test(size)) throw new NoteError('the checkpoint size is not a decimal');
  const r = fromBase64(root);
  if (!r || r.length !== 32) throw new NoteError('the checkpoint root is not base64 of 32 bytes');
  if (extensions.some((l) => l === '')) throw new NoteError('an empty extension line');
  return { origin, size: BigInt(size), root: r, extensions };
}

/**
 * Parse a task statement's text (spec §7): six lines. Returns
 * {origin, treeSize: BigInt, taskId, length: BigInt, head}.
 */
export function parseStatement(text) {
  const lines = text.split('\n');
  if (lines.pop() !== '' || lines.length !== 6) throw new NoteError('the statement is not six lines');
  const [magic, origin, treeSize, taskJson, length, head] = lines;
  if (magic !== 'decision-trail/task-head/v1') throw new NoteError('the statement is not decision-trail/task-head/v1');
  if (!origin) throw new NoteError('the statement has no origin');
  // §7: decimals without leading zeros, as a checkpoint's size (§5).
  const decimal = /^(0|[1-9][0-9]*)$/;
  if (!decimal.test(treeSize) || !decimal.test(length)) throw new NoteError('a size in the statement is not a decimal');
  let taskId;
  try { taskId = parseStrict(taskJson); } catch { taskId = null; }
  if (typeof taskId !== 'string' || JSON.stringify(taskId) !== taskJson) {
    throw new NoteError('the task id is not a JSON string as JSON.stringify writes it');
  }
  if (!HEX64.test(head)) throw new NoteError('the head is not 64 lowercase hex digits');
  return { origin, treeSize: BigInt(treeSize), taskId, length: BigInt(length), head };
}

/**
 * Does signature line `s` verify as key's cosignature/v1 of the checkpoint text
 * (spec §8)? Its bytes are key_id ‖ u64 timestamp ‖ Ed25519 signature.
 */
export async function verifyCosignature(s, key, checkpointText) {
  return (await cosignatureTime(s, key, checkpointText)) !== null;
}

/** The timestamp (BigInt, seconds) of a cosignature/v1 line that verifies (spec §8), else null. */
export async function cosignatureTime(s, key, checkpointText) {
  if (s.sig.length !== 72) return null;
  let t = 0n;
  for (const b of s.sig.slice(0, 8)) t = (t << 8n) | BigInt(b);
  // Seconds past a signed 64-bit count are no time (the binary refuses them too).
  if (t > 0x7fffffffffffffffn) return null;
  const msg = utf8(`cosignature/v1\ntime ${t}\n${checkpointText}`);
  return (await ed25519Verify(key.publicKey, s.sig.slice(8), msg)) ? t : null;
}

/**
 * Spec §8 rule 2 for one note: every line claiming a policy witness (its name
 * and key id) verifies. Returns {ok: true, times: Map(witness name → timestamp of
 * its first such line)} or {ok: false, why}; lines of other keys are ignored.
 */
export async function claimedTimes(note, policy) {
  const times = new Map();
  for (const [name, key] of policy.witnesses) {
    for (const s of note.sigs.filter((x) => claims(x, key))) {
      const t = await cosignatureTime(s, key, note.text);
      if (t === null) return { ok: false, why: `the cosignature of witness ${name} does not verify` };
      if (!times.has(name)) times.set(name, t);
    }
  }
  return { ok: true, times };
}

/**
 * Spec §8 provable time: `times` is Map(witness name → its first covering
 * cosignature's timestamp). The earliest T at which the witnesses whose time is
 * at most T meet the quorum, as {time, witnesses: [names added, in order]}, or
 * null (never met, or `quorum none`).
 */
export function existedBy(times, policy) {
  if (policy.quorum === 'none') return null;
  const order = [...policy.witnesses.keys()];
  // Ties in time go in policy order, as the binary adds them.
  const sorted = [...times].sort(([a, ta], [b, tb]) => (ta < tb ? -1 : ta > tb ? 1 : order.indexOf(a) - order.indexOf(b)));
  const met = new Set();
  for (const [name, t] of sorted) {
    met.add(name);
    if (quorumHolds(policy, met)) return { time: t, witnesses: [...met] };
  }
  return null;
}

function quorumHolds(policy, met) {
  const holds = (name) => {
    if (policy.witnesses.has(name)) return met.has(name);
    const g = policy.groups.get(name);
    return g.members.filter(holds).length >= g.k;
  };
  return policy.quorum === 'none' || holds(policy.quorum);
}

/**
 * Parse a C2SP tlog-policy (spec §8). Returns {logs: [key], witnesses: Map(name → key),
 * groups: Map(name → {k, members}), quorum: name|'none', order: [witness names]}.
 */
export async function parsePolicy(text) {
  if (typeof text !== 'string') {
    try { text = fromUtf8(text); } catch { throw new NoteError('the policy is not UTF-8'); }
  }
  const logs = [], witnesses = new Map(), groups = new Map(), seenKeys = new Set();
  let quorum = null;
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  for (const [n, raw] of lines.entries()) {
    const where = `policy line ${n + 1}`;
    if (/[\x00-\x08\x0a-\x1f\x7f]/.test(raw)) throw new NoteError(`${where}: a control character`);
    const f = raw.split(/[ \t]+/).filter(Boolean);
    if (!f.length || f[0].startsWith('#')) continue;
    const defined = (name) => witnesses.has(name) || groups.has(name);
    const newName = (name) => {
      if (name === 'none' || defined(name)) throw new NoteError(`${where}: the name ${name} is taken`);
    };
    const newKey = (key) => {
      const id = toHex(key.publicKey);
      if (seenKeys.has(id)) throw new NoteError(`${where}: a key listed twice`);
      seenKeys.add(id);
    };
    const vkey = async (s, type) => {
      try { return await parseVerifierKey(s, type); } catch (e) { throw new NoteError(`${where}: ${e.message}`); }
    };
    if (f[0] === 'log' && (f.length === 2 || f.length === 3)) {
      const key = await vkey(f[1], 0x01);
      newKey(key); logs.push(key);
    } else if (f[0] === 'witness' && (f.length === 3 || f.length === 4)) {
      newName(f[1]);
      const key = await vkey(f[2], 0x04);
      newKey(key); witnesses.set(f[1], key);
    } else if (f[0] === 'group' && f.length >= 4) {
      newName(f[1]);
      const members = f.slice(3);
      if (new Set(members).size !== members.length) throw new NoteError(`${where}: a member listed twice`);
      for (const m of members) if (!defined(m)) throw new NoteError(`${where}: ${m} is not defined above`);
      let k;
      if (f[2] === 'all') k = members.length;
      else if (f[2] === 'any') k = 1;
      else if (DECIMAL.test(f[2]) && Number(f[2]) >= 1 && Number(f[2]) <= members.length) k = Number(f[2]);
      else throw new NoteError(`${where}: the threshold is not all, any or 1..${members.length}`);
      groups.set(f[1], { k, members });
    } else if (f[0] === 'quorum' && f.length === 2) {
      if (quorum !== null) throw new NoteError(`${where}: a second quorum line`);
      if (f[1] !== 'none' && !defined(f[1])) throw new NoteError(`${where}: ${f[1]} is not defined above`);
      quorum = f[1];
    } else throw new NoteError(`${where}: not a log, witness, group or quorum line`);
  }
  if (quorum === null) throw new NoteError('the policy has no quorum line');
  return { logs, witnesses, groups, quorum };
}

/**
 * Check a checkpoint note against a policy (spec §8). Returns {ok, witnesses, why}:
 * witnesses are the policy's names whose cosignatures verify, in policy order
 * (null when the check stops before the quorum is counted).
 */
export async function checkPolicy(note, policy) {
  if (policy.logs.length) {
    let any = false;
    for (const key of policy.logs) if (await verifyNote(note, key)) { any = true; break; }
    if (!any) return { ok: false, witnesses: null, why: 'the checkpoint is not signed by a log of the policy' };
  }
  const met = new Set();
  for (const [name, key] of policy.witnesses) {
    for (const s of note.sigs.filter((s) => claims(s, key))) {
      if (!(await verifyCosignature(s, key, note.text))) {
        return { ok: false, witnesses: null, why: `the cosignature of witness ${name} does not verify` };
      }
      met.add(name);
    }
  }
  const witnesses = [...policy.witnesses.keys()].filter((n) => met.has(n));
  if (!quorumHolds(policy, met)) {
    return { ok: false, witnesses, why: `the cosignatures (${witnesses.join(', ') || 'none'}) do not meet the quorum ${policy.quorum}` };
  }
  return { ok: true, witnesses };
}
