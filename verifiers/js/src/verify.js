// decision-trail-verify: an independent verifier of decision-trail files, written
// from docs/spec.md. verify() takes an NDJSON export (§10), a JSON receipt or a
// C2SP tlog-proof (§11) and gives §9's verdict as a plain object. Runs unchanged
// in browsers (<script type="module">) and Node >= 18; WebCrypto only.

import { parseStrict, canonicalJSON, isCountField } from './json.js';
import {
  utf8, fromUtf8, fromHex, toHex, fromBase64, bytesEqual, leafHash, verifyInclusion, verifyConsistency,
} from './crypto.js';
import {
  NoteError, parseNote, parseVerifierKey, verifyNote, parseCheckpoint, parseStatement,
  parsePolicy, checkPolicy, claimedTimes, existedBy,
} from './note.js';
import {
  ZERO_HASH, shapeProblem, recordHash, commitmentProblem, leafData, compareTimestamps,
} from './record.js';

export { parseStrict, canonicalJSON, JSONError, numberToken, isCountField, isWellFormed } from './json.js';
export {
  sha256, leafHash, nodeHash, verifyInclusion, verifyConsistency, merkleRoot, inclusionProof, consistencyProof,
  toHex, fromHex, toBase64, fromBase64, utf8,
} from './crypto.js';
export {
  NoteError, parseNote, parseVerifierKey, verifyNote, parseCheckpoint, parseStatement,
  verifyCosignature, cosignatureTime, claimedTimes, existedBy, parsePolicy, checkPolicy,
} from './note.js';
export {
  ZERO_HASH, shapeProblem, hashedObject, recordHash, commitment, commitmentProblem, leafData,
  compareTimestamps, rfc3339Instant,
} from './record.js';

/** The verifier could not run (spec §9 exit 2): bad arguments, a key or policy that does not parse. */
export class UsageError extends Error {}

/** A check failed (spec §9 verdict `failed`): code, and the 1-based line or null. */
class Failure extends Error {
  constructor(code, line, message) { super(message); this.code = code; this.line = line; }
}
const fail = (code, line, message) => { throw new Failure(code, line, message); };

export const EXIT = { whole: 0, one_record: 0, not_shown: 3, failed: 1 };
export const TLOG_PROOF_MAGIC = 'c2sp.org/tlog-proof@v1\n';
const RECEIPT_MEMBERS = ['record', 'inclusion_proof', 'tree_size', 'root', 'checkpoint'];

// "<64 hex>" (§10) read as hex(x) of the spec's notation: lowercase.
const isHex64 = (v) => typeof v === 'string' && /^[0-9a-f]{64}$/.test(v);
const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const has = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
const plural = (n, one, many = one + 's') => `${n} ${n === 1 || n === 1n ? one : many}`;
const proofsLead = (n) => `${plural(n, 'inclusion proof')} ${n === 1 ? 'leads' : 'lead'}`;

/**
 * Verify a file (spec §9). `input`: its text (string) or bytes (Uint8Array /
 * ArrayBuffer). Options: `key` (the log's verifier key text), `checkpoint` (a
 * checkpoint note obtained separately; needs the key), `policy` (tlog-policy
 * text), `record` (a tlog-proof's record as served, JSON text). Returns
 * {verdict, code, line, message, task_id, records, head, erased, signature,
 * leaves, witnesses, existed_by}; throws UsageError when it cannot run (exit 2).
 */
export async function verify(input, { key, checkpoint, policy, record } = {}) {
  const file = asInput(input);
  const o = {};
  if (key != null) {
    try { o.key = await parseVerifierKey(String(key).trim(), 0x01); } catch (e) {
      throw new UsageError(`the key does not parse: ${e.message}`);
    }
  }
  if (policy != null) {
    try { o.policy = await parsePolicy(policy); } catch (e) {
      throw new UsageError(`the policy does not parse: ${e.message}`);
    }
  }
  if (checkpoint != null) {
    if (!o.key) throw new UsageError('--checkpoint needs --key');
    o.checkpoint = checkpoint;
  }
  const kind = kindOf(file);
  if (kind.kind === 'tlog-proof') {
    if (!o.key) throw new UsageError('a tlog-proof needs the key (--key)');
    if (o.checkpoint != null) throw new UsageError('--checkpoint is for exports: a tlog-proof carries its checkpoint');
    o.record = record;
  } else if (record != null) throw new UsageError('--record is for a tlog-proof');

  const res = {
    verdict: null, code: null, line: null, message: '', task_id: null, records: 0,
    head: null, erased: 0,
    signature: o.key ? 'checked' : 'not_checked', leaves: null, witnesses: null, existed_by: null,
  };
  try {
    const lines = kind.kind === 'tlog-proof' ? await verifyTlogProof(kind.text, o, res)
      : await verifyExport(kind, o, res);
    res.message = lines.join('\n');
  } catch (e) {
    if (!(e instanceof Failure)) throw e;
    // §9: on a failure what was checked before it says nothing.
    Object.assign(res, {
      verdict: 'failed', code: e.code, line: e.line, message: e.message,
      task_id: null, records: null, head: null, erased: null, signature: null, leaves: null, witnesses: null,
      existed_by: null,
    });
  }
  return res;
}

function asInput(input) {
  if (typeof input === 'string') return { str: input };
  if (input instanceof ArrayBuffer) return { bytes: new Uint8Array(input) };
  if (ArrayBuffer.isView(input)) return { bytes: new Uint8Array(input.buffer, input.byteOffset, input.byteLength) };
  throw new UsageError('the file is neither text nor bytes');
}

const decodeOrNull = (b) => { try { return fromUtf8(b); } catch { return null; } };

/**
 * What the file is (§10, §11): a tlog-proof (starts with its first line), a JSON
 * receipt (one JSON object with record, inclusion_proof, tree_size, root and
 * checkpoint), otherwise an NDJSON export, as lines [{no, text|null}].
 */
function kindOf(file) {
  const whole = file.str ?? decodeOrNull(file.bytes);
  if (whole !== null && whole.startsWith(TLOG_PROOF_MAGIC)) return { kind: 'tlog-proof', text: whole };
  if (whole === null && file.bytes.length >= TLOG_PROOF_MAGIC.length
    && TLOG_PROOF_MAGIC === String.fromCharCode(...file.bytes.slice(0, TLOG_PROOF_MAGIC.length))) {
    return { kind: 'tlog-proof', text: null };
  }
  if (whole !== null) {
    let v;
    try { v = parseStrict(whole); } catch { v = undefined; }
    if (isObj(v) && RECEIPT_MEMBERS.every((k) => has(v, k))) return { kind: 'receipt', receipt: v };
  }
  let lines;
  if (file.str !== undefined) lines = file.str.split('\n');
  else {
    lines = [];
    let start = 0;
    const b = file.bytes;
    for (let i = 0; i <= b.length; i++) {
      if (i === b.length || b[i] === 0x0a) { lines.push(decodeOrNull(b.subarray(start, i))); start = i + 1; }
    }
  }
  if (lines[lines.length - 1] === '') lines.pop(); // the last line's '\n'
  return { kind: 'export', lines: lines.map((text, i) => ({ no: i + 1, text })) };
}

// --- Exports and receipts (§10, §11) ---

async function verifyExport(kind, o, res) {
  const receipt = kind.kind === 'receipt';
  let header = null;
  let rows;
  if (receipt) {
    // §11: an export of one record whose header is {tree_size, root, checkpoint};
    // the header counts as line 1 and the record as line 2 (NOTES.md).
    const r = kind.receipt;
    header = { no: 1, v: r };
    rows = [{ no: 2, v: { record: r.record, inclusion_proof: r.inclusion_proof } }];
  } else {
    // §10 check 1: every line parses. Blank lines are skipped (NOTES.md).
    rows = [];
    for (const { no, text } of kind.lines) {
      if (text === null) fail('malformed', no, 'the line is not UTF-8');
      if (/^[ \t\r]*$/.test(text)) continue;
      try { rows.push({ no, v: parseStrict(text) }); } catch (e) {
        fail('malformed', no, `not JSON: ${e.message}`);
      }
    }
    if (rows.length && isObj(rows[0].v) && has(rows[0].v, 'checkpoint')) header = rows.shift();
  }

  // §10 check 2: the header's members are of their types.
  let hdr = null;
  if (header) {
    const v = header.v;
    const root = isHex64(v.root) ? fromHex(v.root) : null;
    // A receipt's `witness_times: null` is read as absent (as the binary reads
    // it); in an export's header null is of the wrong type.
    const times = has(v, 'witness_times') && !(receipt && v.witness_times === null)
      ? witnessTimesOf(v.witness_times) : [];
    if (!isCountField(v, 'tree_size') || !root || typeof v.checkpoint !== 'string'
      || (!receipt && has(v, 'task_statement') && typeof v.task_statement !== 'string') || !times) {
      fail('malformed', header.no, 'the header is not {tree_size, root, checkpoint, task_statement, witness_times} of their types');
    }
    hdr = {
      no: header.no, size: BigInt(v.tree_size), root, checkpoint: v.checkpoint,
      statement: receipt ? undefined : v.task_statement, witnessTimes: times,
    };
  }

  // §10 check 3: the checkpoint.
  const cp = await checkCheckpoint(hdr, o);

  // §10 check 4: each record line: shape, task, chain walk (§3), inclusion (§4).
  const walked = await walk(rows, hdr, receipt, res);

  // §10 check 5: the task statement, then the erasures (§6).
  let whole = false;
  let unnamed = [];
  if (hdr && hdr.statement !== undefined) {
    unnamed = await checkStatement(hdr, cp, walked, o, res);
    whole = unnamed.length === 0;
  }

  // §10 check 6: the policy (§8).
  if (o.policy) await checkWitnesses(cp && cp.note, o.policy, res);

  // §10 check 7: the witness times, of the last record (an export's head).
  const time = await witnessTime(hdr, cp, walked, o, res, receipt);

  res.verdict = receipt ? 'one_record' : whole ? 'whole' : 'not_shown';
  const lines = exportLines(res, hdr, cp, o, whole, receipt);
  lines.push(time);
  if (unnamed.length) {
    lines.push(`note: no erasure record in the file names the erased record${unnamed.length > 1 ? 's' : ''} ${unnamed.join(', ')} `
      + '(erased after the file\'s tree size, or with no record): not shown to be the task\'s whole chain as it stands');
  }
  return lines;
}

/** §8: [{checkpoint: note text, consistency_proof: [64 hex]}] as [{note, proof: [bytes]}], or null. */
function witnessTimesOf(v) {
  if (!Array.isArray(v)) return null;
  const out = [];
  for (const e of v) {
    if (!isObj(e) || typeof e.checkpoint !== 'string' || !Array.isArray(e.consistency_proof)
      || !e.consistency_proof.every(isHex64)) return null;
    out.push({ note: e.checkpoint, proof: e.consistency_proof.map(fromHex) });
  }
  return out;
}

/** Seconds since the epoch (BigInt or Number) as RFC 3339, UTC, in seconds (§8). */
export function rfc3339Seconds(t) {
  const s = BigInt(t);
  if (s > 253402300799n) return `${s} s after the epoch`; // no four-digit year
  return new Date(Number(s) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * §10 check 7 and §8 provable time: with a key and a policy, each entry of
 * `witness_times` in order (`witness_time`, line 1), then the time of the last
 * walked record (the head; a receipt's record) into res.existed_by. Returns the
 * line said of it.
 */
async function witnessTime(hdr, cpInfo, walked, o, res, receipt) {
  if (!o.key || !o.policy || !cpInfo || !walked.length) {
    return `note: no witness time: ${hdr && hdr.witnessTimes.length
      ? "give --key and --policy to check the witnesses' times" : 'the file carries no witness times'}`;
  }
  const { cp } = cpInfo;
  const leaf = BigInt(walked[walked.length - 1].r.log_index);
  const first = new Map(); // witness name -> {size, time} of its first covering cosignature
  for (const [i, e] of hdr.witnessTimes.entries()) {
    const bad = (why) => fail('witness_time', 1, `witness_times entry ${i + 1}: ${why}`);
    let note, its;
    try { note = parseNote(e.note); } catch (err) { bad(`its checkpoint is not a signed note: ${err.message}`); }
    if (!(await verifyNote(note, o.key))) bad('its checkpoint does not verify with the key');
    try { its = parseCheckpoint(note.text); } catch (err) { bad(`its checkpoint: ${err.message}`); }
    const consistent = its.size <= cp.size
      ? await verifyConsistency(its.size, its.root, cp.size, cp.root, e.proof)
      : await verifyConsistency(cp.size, cp.root, its.size, its.root, e.proof);
    if (!consistent) bad(`the checkpoint of size ${its.size} is not proven consistent with the file's of size ${cp.size}`);
    const c = await claimedTimes(note, o.policy);
    if (!c.ok) bad(c.why);
    if (its.size > leaf) {
      for (const [name, t] of c.times) {
        const had = first.get(name);
        if (!had || its.size < had.size) first.set(name, { size: its.size, time: t });
      }
    }
  }
  const by = existedBy(new Map([...first].map(([n, v]) => [n, v.time])), o.policy);
  const what = receipt ? 'the record' : "the chain's head";
  if (!by) {
    return `note: no witness time: ${o.policy.quorum === 'none' ? "the policy's quorum is none: nothing is witnessed"
      : `the file's cosignatures do not meet the policy's quorum for ${what}`}`;
  }
  res.existed_by = rfc3339Seconds(by.time);
  return `ok: ${what} existed by ${res.existed_by} (${by.witnesses.length} of ${o.policy.witnesses.size} witnesses)`;
}

async function checkCheckpoint(hdr, o) {
  if (o.key && !hdr) fail('malformed', null, 'no header: with a key there is nothing to prove the records against');
  if (!hdr) return null;
  const given = o.checkpoint != null;
  // With a key the checkpoint is the key's to verify: its failures are not at a
  // line of the file (as the reference binary and the vectors give it; NOTES.md).
  const line = given || o.key ? null : hdr.no;
  const what = given ? 'the checkpoint given (--checkpoint)' : "the header's checkpoint";
  let note, cp;
  try { note = parseNote(given ? o.checkpoint : hdr.checkpoint); } catch (e) {
    fail('malformed', line, `${what} is not a signed note: ${e.message}`);
  }
  if (o.key && !(await verifyNote(note, o.key))) {
    fail('bad_signature', line, `${what} does not verify with the key ${o.key.name}+${toHex(o.key.keyId)}`);
  }
  try { cp = parseCheckpoint(note.text); } catch (e) { fail('malformed', line, `${what}: ${e.message}`); }
  if (cp.size !== hdr.size || !bytesEqual(cp.root, hdr.root)) {
    fail('checkpoint_mismatch', hdr.no,
      `${what} is of size ${cp.size} and root ${toHex(cp.root)}; the header's tree is of size ${hdr.size} and root ${toHex(hdr.root)}`);
  }
  return { note, cp };
}

function proofOf(line) {
  if (!has(line, 'inclusion_proof')) return null;
  const p = line.inclusion_proof;
  if (!Array.isArray(p)) return undefined;
  const out = p.map((h) => (isHex64(h) ? fromHex(h) : null));
  return out.every(Boolean) ? out : undefined;
}

async function walk(rows, hdr, receipt, res) {
  const walked = [];
  const ids = new Set();
  let prev = null;
  let format = null;
  for (const { no, v } of rows) {
    if (!isObj(v)) fail('malformed', no, 'the line is not a JSON object');
    const r = has(v, 'record') ? v.record : v;
    const proof = has(v, 'record') ? proofOf(v) : null;
    if (proof === undefined) fail('malformed', no, '`inclusion_proof` is not an array of 64-hex hashes');
    const bad = shapeProblem(r);
    if (bad) fail('malformed', no, `not a record: ${bad}`);
    const who = `record ${r.id} (seq ${r.seq})`;
    if (!walked.length) res.task_id = r.task_id;
    else if (r.task_id !== res.task_id) fail('wrong_task', no, `${who} is of task \`${r.task_id}\`, not \`${res.task_id}\``);

    // §3, in order.
    if (!receipt && r.seq !== walked.length) fail('seq_gap', no, `${who}: seq ${r.seq}, expected ${walked.length}`);
    const want = prev ? prev.hash : ZERO_HASH;
    if (!receipt && r.prev_hash !== want) fail('prev_hash_mismatch', no, `${who}: prev_hash ${r.prev_hash}, expected ${want}`);
    const h = await recordHash(r);
    if (h !== r.hash) fail('hash_mismatch', no, `${who}: recomputed ${h}, stored ${r.hash}`);
    const c = await commitmentProblem(r);
    if (c) fail('commitment_mismatch', no, `${who}: ${c}`);
    if (prev && compareTimestamps(r.timestamp, prev.timestamp) < 0) {
      fail('timestamp_backwards', no, `${who}: timestamp ${r.timestamp} is before the previous record's ${prev.timestamp}`);
    }
    if (!receipt && has(r, 'parent_id') && !ids.has(r.parent_id)) {
      fail('parent_invalid', no, `${who}: parent_id ${r.parent_id} is not an earlier record of the chain`);
    }

    // §4: its inclusion proof against the header's root.
    if (hdr) {
      if (proof === null) fail('not_in_log', no, `${who} has no inclusion proof`);
      if (BigInt(r.log_index) >= hdr.size) fail('not_in_log', no, `${who}: log_index ${r.log_index} is outside the tree of ${hdr.size}`);
      const leads = async (fmt) => verifyInclusion(r.log_index, hdr.size, await leafHash(leafData(r, fmt)), proof, hdr.root);
      // The first record's proof settles the leaf format for the whole file.
      const tries = format ? [format] : ['agent', 'first'];
      let found = null;
      for (const f of tries) if (await leads(f)) { found = f; break; }
      if (!found) {
        fail('not_in_log', no, `${who}: its inclusion proof does not lead to the root${format === 'first' ? ' (leaves of the first format)' : ''}`);
      }
      format = res.leaves = found;
    }
    ids.add(r.id);
    prev = r;
    walked.push({ no, r });
    res.records = walked.length;
    res.head = r.hash;
    if (has(r, 'erased')) res.erased++;
  }
  return walked;
}

async function checkStatement(hdr, cpInfo, walked, o, res) {
  const line = hdr.no;
  // As the checkpoint: the note parses, its signature, then its six lines (NOTES.md).
  let note, st;
  try { note = parseNote(hdr.statement); } catch (e) { fail('malformed', line, `the task statement: ${e.message}`); }
  if (o.key && !(await verifyNote(note, o.key))) fail('bad_signature', line, 'the task statement does not verify with the key');
  try { st = parseStatement(note.text); } catch (e) { fail('malformed', line, `the task statement: ${e.message}`); }
  const { cp } = cpInfo;
  if (st.origin !== cp.origin) fail('statement_mismatch', line, `the task statement is of log \`${st.origin}\`, the checkpoint of \`${cp.origin}\``);
  if (st.treeSize !== hdr.size) fail('statement_mismatch', line, `the task statement is as of tree size ${st.treeSize}, the header's tree is of ${hdr.size}`);
  if (walked.length && st.taskId !== res.task_id) fail('statement_mismatch', line, `the task statement is of task \`${st.taskId}\`, the records of \`${res.task_id}\``);
  const head = res.head ?? ZERO_HASH;
  if (st.length !== BigInt(walked.length) || st.head !== head) {
    fail('truncated', null, `the file holds ${plural(walked.length, 'record')} (head ${head}), the log states ${plural(st.length, 'record')} (head ${st.head}) as of tree size ${st.treeSize}: records were dropped`);
  }
  // §6: an erasure record naming an erased record states its erasure; an
  // erased record no erasure record of the file names (erased past the file's
  // tree size, or on no record) makes the verdict not_shown.
  const unnamed = [];
  for (const { r } of walked) {
    if (!has(r, 'erased')) continue;
    const e = walked.map((w) => w.r).find((x) => x.type === 'decision' && isObj(x.metadata)
      && isObj(x.metadata.erasure) && erasureNames(x.metadata.erasure).includes(r.id));
    if (!e) { unnamed.push(r.id); continue; }
    const er = e.metadata.erasure;
    const reason = has(er, 'reason') ? er.reason : '';
    if (r.erased.by !== e.agent_id || r.erased.at !== e.timestamp || r.erased.reason !== reason) {
      fail('erasure_unrecorded', null,
        `record ${r.id} says it was erased by \`${r.erased.by}\` at ${r.erased.at} for \`${r.erased.reason}\`, the erasure record ${e.id} states \`${e.agent_id}\` at ${e.timestamp} for \`${reason}\``);
    }
  }
  return unnamed;
}

function erasureNames(er) {
  const names = [];
  if (typeof er.record === 'string') names.push(er.record);
  if (Array.isArray(er.records)) names.push(...er.records.filter((x) => typeof x === 'string'));
  return names;
}

async function checkWitnesses(note, policy, res) {
  if (!note) fail('witness_policy', null, 'no checkpoint to check against the policy');
  const p = await checkPolicy(note, policy);
  res.witnesses = p.witnesses;
  if (!p.ok) fail('witness_policy', null, p.why);
  return p;
}

function witnessLine(res, policy) {
  if (policy.quorum === 'none') return 'ok: the checkpoint meets the policy (quorum none: no cosignature asked for)';
  const w = res.witnesses;
  return `ok: the checkpoint is cosigned by ${plural(w.length, 'witness', 'witnesses')} (${w.join(', ')}), the policy's quorum`;
}

function exportLines(res, hdr, cpInfo, o, whole, receipt) {
  const erased = res.erased
    ? ` (${res.erased} erased: checked through ${res.erased === 1 ? 'its content commitment' : 'their content commitments'})` : '';
  let first = `ok: task \`${res.task_id ?? '(none)'}\`: ${plural(res.records, 'record')}${erased}, every hash, link, seq and timestamp checks; ${receipt ? 'record hash' : 'head'} ${res.head ?? ZERO_HASH}`;
  if (whole) {
    first += o.key ? "; the whole chain, as the log's signed statement in the header gives it"
      : "; the whole chain, as the header's statement gives it (its signature not checked: give --key)";
  }
  const out = [first];
  if (cpInfo) {
    const { cp } = cpInfo;
    out.push(o.key
      ? `ok: checkpoint \`${cp.origin}\` of ${plural(cp.size, 'record')} verifies with the key; ${proofsLead(res.records)} to its root`
      : `ok: ${proofsLead(res.records)} to the root of the file's own checkpoint \`${cp.origin}\` of ${plural(cp.size, 'record')}`);
  }
  if (o.policy) out.push(witnessLine(res, o.policy));
  if (res.leaves === 'first') {
    out.push("note: the log's leaves are of its first format (the record hash alone): the log does not cover the records' agent_id");
  }
  if (!whole && !receipt && !(hdr && hdr.statement !== undefined)) {
    out.push(`note: the records are not shown to be the task's whole chain: ${hdr
      ? 'the header has no task statement (an export from before statements, or one whose statement was removed)'
      : 'the file has no header'}`);
  }
  if (!o.key) {
    out.push(`note: no signature checked (no --key): nothing shows that the log signed ${hdr ? 'this checkpoint' : 'these records'}; give --key (GET /log/key)`);
  }
  return out;
}

// --- tlog-proofs (§11) ---

/** Parse a C2SP tlog-proof: {extra: bytes|null, index: BigInt, proof: [bytes], note: text}. */
export function parseTlogProof(text) {
  const lines = text.split('\n');
  let i = 0;
  if (lines[i++] !== TLOG_PROOF_MAGIC.slice(0, -1)) throw new NoteError('not a c2sp.org/tlog-proof@v1 proof');
  let extra = null;
  if (lines[i].startsWith('extra ')) {
    extra = fromBase64(lines[i++].slice(6));
    if (!extra) throw new NoteError('the extra data is not base64');
  }
  const m = /^index (0|[1-9][0-9]*)$/.exec(lines[i++] ?? '');
  if (!m) throw new NoteError('no `index N` line (a decimal, no leading zeros)');
  const proof = [];
  for (; i < lines.length && lines[i] !== ''; i++) {
    const h = fromBase64(lines[i]);
    if (!h || h.length !== 32) throw new NoteError(`\`${lines[i]}\` is not a base64 SHA-256 hash`);
    proof.push(h);
  }
  if (i >= lines.length) throw new NoteError('no blank line before the checkpoint');
  return { extra, index: BigInt(m[1]), proof, note: lines.slice(i + 1).join('\n') };
}

/** The agent and record hash a leaf's data names (§4), when it names them. */
function leafNames(data) {
  if (data.length === 32) return { hash: toHex(data) };
  try {
    const v = parseStrict(fromUtf8(data));
    if (isObj(v) && typeof v.agent_id === 'string' && isHex64(v.hash)) return { agent: v.agent_id, hash: v.hash };
  } catch { /* opaque leaf data */ }
  return {};
}

function describeLeaf(data) {
  const { agent, hash } = leafNames(data);
  if (agent !== undefined) return `agent \`${agent}\`, record hash ${hash}`;
  return hash ? `record hash ${hash} (a leaf of the first format)` : `leaf data ${toHex(data)}`;
}

/** §11: a tlog-proof's extra data is exactly §4's leaf data, the canonical
 * JSON of an agent_id and a hash (tlog-proofs postdate the first log format). */
function isLeafData(bytes) {
  let v;
  try { v = parseStrict(fromUtf8(bytes)); } catch { return false; }
  if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
  const keys = Object.keys(v).sort();
  if (keys.length !== 2 || keys[0] !== 'agent_id' || keys[1] !== 'hash') return false;
  if (typeof v.agent_id !== 'string' || typeof v.hash !== 'string') return false;
  return bytesEqual(utf8(canonicalJSON(v)), bytes);
}

async function verifyTlogProof(text, o, res) {
  let p, note, cp;
  if (text === null) fail('malformed', null, 'the tlog-proof is not UTF-8');
  try { p = parseTlogProof(text); note = parseNote(p.note); } catch (e) {
    fail('malformed', null, `not a c2sp.org/tlog-proof@v1 proof: ${e.message}`);
  }
  if (!(await verifyNote(note, o.key))) fail('bad_signature', null, `the checkpoint does not verify with the key ${o.key.name}+${toHex(o.key.keyId)}`);
  try { cp = parseCheckpoint(note.text); } catch (e) { fail('malformed', null, `the checkpoint: ${e.message}`); }
  if (p.extra && !isLeafData(p.extra)) {
    fail('malformed', null, 'the extra data is not leaf data ({"agent_id":…,"hash":…}, canonical)');
  }

  let leaf = p.extra, formats = null, r = null;
  if (o.record != null) {
    try { r = parseStrict(typeof o.record === 'string' ? o.record : fromUtf8(o.record)); } catch (e) {
      fail('malformed', null, `the record (--record) is not JSON: ${e.message}`);
    }
    // GET /thoughts/{id} adds the record's provable time: served beside
    // the record, not part of it (spec §11).
    if (r !== null && typeof r === 'object' && !Array.isArray(r)) delete r.provable_time;
    const bad = shapeProblem(r);
    if (bad) fail('malformed', null, `the record (--record) is not a record: ${bad}`);
    const h = await recordHash(r);
    if (h !== r.hash) fail('hash_mismatch', null, `record ${r.id}: recomputed ${h}, stored ${r.hash}`);
    const c = await commitmentProblem(r);
    if (c) fail('commitment_mismatch', null, `record ${r.id}: ${c}`);
    if (BigInt(r.log_index) !== p.index) fail('record_mismatch', null, `record ${r.id} is leaf ${r.log_index}, the proof is for leaf ${p.index}`);
    if (p.extra) {
      formats = bytesEqual(leafData(r, 'agent'), p.extra) ? ['agent'] : [];
      if (!formats.length) fail('record_mismatch', null, `record ${r.id} is not the leaf the proof's extra data names`);
    } else formats = ['agent', 'first'];
    res.task_id = r.task_id;
    res.head = r.hash;
    if (has(r, 'erased')) res.erased = 1;
  } else if (!p.extra) {
    throw new UsageError('the tlog-proof names no leaf (no extra data): give the record (--record)');
  }

  if (p.index >= cp.size) fail('not_in_log', null, `leaf ${p.index} is outside the checkpoint's tree of ${cp.size}`);
  const leads = async (data) => verifyInclusion(p.index, cp.size, await leafHash(data), p.proof, cp.root);
  if (formats) {
    for (const f of formats) if (await leads(leafData(r, f))) { res.leaves = f; leaf = leafData(r, f); break; }
  } else if (await leads(leaf)) res.leaves = 'agent';
  if (!res.leaves) fail('not_in_log', null, `the inclusion proof of leaf ${p.index} does not lead to the checkpoint's root`);

  res.records = 1; // the one record (its leaf) is checked
  if (!r) res.head = leafNames(leaf).hash ?? null;
  if (o.policy) await checkWitnesses(note, o.policy, res);
  res.verdict = 'one_record';
  const out = [
    `ok: checkpoint \`${cp.origin}\` of ${plural(cp.size, 'record')} verifies with the key`,
    `ok: leaf ${p.index} (${describeLeaf(leaf)}) is in the log: its inclusion proof leads to the checkpoint's root`,
  ];
  if (o.policy) out.push(witnessLine(res, o.policy));
  out.push(r ? `ok: record ${r.id} hashes to its hash, and is that leaf`
    : 'note: the record itself is not checked; give --record FILE (GET /thoughts/{id}) to check that it hashes to the leaf');
  if (res.leaves === 'first') out.push("note: the leaf is of the log's first format: the log does not cover the record's agent_id");
  return out;
}
