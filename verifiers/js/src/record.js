// The record (spec §2): its shape, its hash, the commitment of an erasable record
// (§6), its log leaf data (§4), and how two timestamps compare (§3 check 5).

import { canonicalJSON, isCountField } from './json.js';
import { utf8, concat, toHex, fromHex, sha256 } from './crypto.js';

export const ZERO_HASH = '0'.repeat(64);
export const TYPES = ['plan', 'analysis', 'decision', 'reflection'];
const HEX64 = /^[0-9a-f]{64}$/;

const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const isStr = (v) => typeof v === 'string';
const nonEmpty = (v) => isStr(v) && v.length > 0;
const isHex64 = (v) => isStr(v) && HEX64.test(v);

// Member → test, for every member a record may have (spec §2's table).
const MEMBERS = {
  id: nonEmpty,
  seq: (v, r) => isCountField(r, 'seq'),
  log_index: (v, r) => isCountField(r, 'log_index'),
  type: (v) => TYPES.includes(v),
  task_id: nonEmpty,
  agent_id: nonEmpty,
  content: isStr,
  metadata: isObj,
  capabilities: (v) => isObj(v) && isHex64(v.static_hash) && isHex64(v.runtime_hash)
    && (!('invocation_hash' in v) || isHex64(v.invocation_hash))
    && Object.keys(v).every((k) => ['static_hash', 'runtime_hash', 'invocation_hash'].includes(k)),
  session_id: isStr,
  parent_id: isStr,
  timestamp: nonEmpty,
  prev_hash: isHex64,
  hash: isHex64,
  content_commitment: isHex64,
  salt: isHex64,
  erased: (v) => isObj(v) && Object.keys(v).length === 3 && isStr(v.at) && isStr(v.by) && isStr(v.reason),
};
const REQUIRED = ['id', 'seq', 'log_index', 'type', 'task_id', 'agent_id', 'timestamp', 'prev_hash', 'hash'];

/**
 * The record's shape (spec §2, §6): null when it is a record, else what is wrong
 * (a `malformed` failure). An erased record's content, metadata or salt is not a
 * shape fault but a `commitment_mismatch` (§6), found by checkCommitment.
 */
export function shapeProblem(r) {
  if (!isObj(r)) return 'not a JSON object';
  for (const k of Object.keys(r)) {
    if (!Object.prototype.hasOwnProperty.call(MEMBERS, k)) return `unknown member \`${k}\``;
    if (!MEMBERS[k](r[k], r)) return `member \`${k}\` is not of its type`;
  }
  for (const k of REQUIRED) if (!(k in r)) return `no member \`${k}\``;
  if (!('content' in r) && !('erased' in r)) return 'no member `content`';
  if (('salt' in r || 'erased' in r) && !('content_commitment' in r)) {
    return '`salt` or `erased` without `content_commitment`';
  }
  if ('erased' in r && ('content' in r || 'metadata' in r)) {
    return 'an erased record carries no `content` or `metadata`';
  }
  return null;
}

/** The object H whose canonical JSON the record hash is taken of (spec §2). */
export function hashedObject(r) {
  const h = { id: r.id, type: r.type, task_id: r.task_id, timestamp: r.timestamp, prev_hash: r.prev_hash };
  if ('content_commitment' in r) h.content_commitment = r.content_commitment;
  else {
    h.content = r.content;
    if ('metadata' in r) h.metadata = r.metadata;
  }
  for (const k of ['capabilities', 'session_id', 'parent_id']) if (k in r) h[k] = r[k];
  return h;
}

/** hex(SHA-256(canonical_json(H))) (spec §2). */
export async function recordHash(r) {
  return toHex(await sha256(utf8(canonicalJSON(hashedObject(r)))));
}

/** The content commitment of content/metadata under the 32-byte salt (spec §6). */
export async function commitment(salt, content, metadata) {
  const c = metadata === undefined ? { content } : { content, metadata };
  return toHex(await sha256(concat(utf8('decision-trail/commitment/v1\n'), salt, utf8(canonicalJSON(c)))));
}

/** Null when an erasable record's commitment opens (spec §6), else what is wrong. */
export async function commitmentProblem(r) {
  if (!('content_commitment' in r)) return null;
  if ('erased' in r) {
    for (const k of ['salt', 'content', 'metadata']) if (k in r) return `an erased record carries \`${k}\``;
    return null;
  }
  if (!('salt' in r)) return 'a record not erased has no `salt` to open its commitment';
  const got = await commitment(fromHex(r.salt), r.content, r.metadata);
  return got === r.content_commitment ? null
    : `its salt opens the commitment to ${got}, not the stored ${r.content_commitment}`;
}

/** Leaf data (spec §4): canonical {agent_id, hash}, or the first format's 32 hash bytes. */
export function leafData(r, format = 'agent') {
  return format === 'first' ? fromHex(r.hash) : utf8(canonicalJSON({ agent_id: r.agent_id, hash: r.hash }));
}

// --- Timestamps (spec §3 check 5) ---

const SIMPLE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/;
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

/** An RFC 3339 date-time as [epoch seconds, nanoseconds] (BigInt), or null. */
export function rfc3339Instant(s) {
  const m = RFC3339.exec(s);
  if (!m) return null;
  const [Y, M, D, h, mi, sec] = m.slice(1, 7).map(Number);
  const leap = (Y % 4 === 0 && Y % 100 !== 0) || Y % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  if (M < 1 || M > 12 || D < 1 || D > days[M - 1] || h > 23 || mi > 59 || sec > 60) return null;
  let off = 0;
  if (!m[8]) {
    const oh = Number(m[10]), om = Number(m[11]);
    if (oh > 23 || om > 59) return null;
    off = (oh * 60 + om) * 60 * (m[9] === '-' ? -1 : 1);
  }
  // Days from the civil date (proleptic Gregorian), then seconds; a leap second
  // (:60) counts as the last second of its minute plus one (it sorts after :59).
  const y = M <= 2 ? Y - 1 : Y;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (M + (M > 2 ? -3 : 9)) + 2) / 5) + D - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  const dayNo = era * 146097 + doe - 719468;
  let secs = BigInt(dayNo) * 86400n + BigInt(h * 3600 + mi * 60 + Math.min(sec, 59) - off);
  let nanos = BigInt(((m[7] || '') + '000000000').slice(0, 9));
  if (sec === 60) nanos += 1000000000n;
  return [secs, nanos];
}

/** Compare by Unicode code points, which is UTF-8 byte order. */
function compareCodePoints(a, b) {
  const x = Array.from(a, (c) => c.codePointAt(0));
  const y = Array.from(b, (c) => c.codePointAt(0));
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
  return x.length === y.length ? 0 : x.length < y.length ? -1 : 1;
}

/** -1, 0 or 1 as timestamp a is before, the same as, or after b (spec §3 check 5). */
export function compareTimestamps(a, b) {
  if (SIMPLE.test(a) && SIMPLE.test(b) && a.length === b.length) return a < b ? -1 : a > b ? 1 : 0;
  const x = rfc3339Instant(a), y = rfc3339Instant(b);
  if (x && y) {
    if (x[0] !== y[0]) return x[0] < y[0] ? -1 : 1;
    return x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0;
  }
  return compareCodePoints(a, b);
}
