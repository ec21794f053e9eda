// Bytes and cryptography: UTF-8, hex, strict base64, SHA-256 and Ed25519 through
// WebCrypto, and the RFC 9162 Merkle log's leaf hash and inclusion proofs (spec §4).
// Runs unchanged in browsers (globalThis.crypto) and Node >= 18 (node:crypto's
// webcrypto, imported only when the global is missing).

const enc = new TextEncoder();
const dec = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

let subtlePromise;
/** WebCrypto's SubtleCrypto: the global one, else Node 18's node:crypto webcrypto. */
export function subtle() {
  if (!subtlePromise) {
    subtlePromise = globalThis.crypto && globalThis.crypto.subtle
      ? Promise.resolve(globalThis.crypto.subtle)
      : import('node:crypto').then((m) => m.webcrypto.subtle);
  }
  return subtlePromise;
}

export const utf8 = (s) => enc.encode(s);
/** Decode UTF-8 strictly; throws TypeError on invalid bytes. */
export const fromUtf8 = (b) => dec.decode(b);

export function concat(...parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) { out.set(p, o); o += p.length; }
  return out;
}

export function bytesEqual(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export const toHex = (b) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

/** Hex (either case) to bytes; null when not hex of an even length. */
export function fromHex(s) {
  if (typeof s !== 'string' || s.length % 2 || !/^[0-9a-fA-F]*$/.test(s)) return null;
  const out = new Uint8Array(s.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(s.slice(2 * i, 2 * i + 2), 16);
  return out;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_INDEX = new Map(Array.from(B64, (c, i) => [c, i]));

export function toBase64(bytes) {
  let s = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    s += B64[(n >> 18) & 63] + B64[(n >> 12) & 63];
    s += i + 1 < bytes.length ? B64[(n >> 6) & 63] : '=';
    s += i + 2 < bytes.length ? B64[n & 63] : '=';
  }
  return s;
}

/**
 * Standard base64 with padding (RFC 4648 §4), strictly: the canonical encoding
 * only (no whitespace, padding as required, unused bits zero). Null otherwise.
 */
export function fromBase64(s) {
  if (typeof s !== 'string' || s.length % 4) return null;
  const pad = s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0;
  const body = s.slice(0, s.length - pad);
  const vals = [];
  for (const c of body) {
    const v = B64_INDEX.get(c);
    if (v === undefined) return null;
    vals.push(v);
  }
  const out = new Uint8Array((vals.length * 6) >> 3);
  let acc = 0, bits = 0, o = 0;
  for (const v of vals) {
    acc = (acc << 6) | v; bits += 6;
    if (bits >= 8) { bits -= 8; out[o++] = (acc >> bits) & 0xff; acc &= (1 << bits) - 1; }
  }
  if (acc !== 0) return null; // non-zero unused bits: not the canonical encoding
  return out;
}

export async function sha256(bytes) {
  return new Uint8Array(await (await subtle()).digest('SHA-256', bytes));
}

/** Ed25519 (RFC 8032) verification of `sig` over `msg` by the 32-byte public key. */
export async function ed25519Verify(publicKey, sig, msg) {
  if (sig.length !== 64) return false;
  try {
    const s = await subtle();
    const key = await s.importKey('raw', publicKey, { name: 'Ed25519' }, false, ['verify']);
    return await s.verify('Ed25519', key, sig, msg);
  } catch {
    return false;
  }
}

// --- The log (spec §4, RFC 9162 §2.1) ---

export const leafHash = (data) => sha256(concat(Uint8Array.of(0), data));
export const nodeHash = (l, r) => sha256(concat(Uint8Array.of(1), l, r));

/**
 * RFC 9162 §2.1.3.2: does `proof` (sibling first) lead from the leaf hash at
 * `index` to `root` in a tree of `size`? index and size are BigInt or Number.
 */
export async function verifyInclusion(index, size, leaf, proof, root) {
  let fn = BigInt(index);
  let sn = BigInt(size) - 1n;
  if (fn > sn) return false;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0n) return false;
    if (fn & 1n || fn === sn) {
      r = await nodeHash(p, r);
      if (!(fn & 1n)) while (!(fn & 1n) && fn !== 0n) { fn >>= 1n; sn >>= 1n; }
    } else {
      r = await nodeHash(r, p);
    }
    fn >>= 1n; sn >>= 1n;
  }
  return sn === 0n && bytesEqual(r, root);
}

/**
 * RFC 9162 §2.1.4.2: does `proof` show the tree of `first` leaves with
 * `firstRoot` to be a prefix of the tree of `second` leaves with `secondRoot`?
 * Equal sizes need an empty proof and the same root. Sizes BigInt or Number.
 */
export async function verifyConsistency(first, firstRoot, second, secondRoot, proof) {
  const m = BigInt(first), n = BigInt(second);
  if (m === n) return proof.length === 0 && bytesEqual(firstRoot, secondRoot);
  // No proof starts from the empty tree (RFC 9162 asks 0 < first).
  if (m < 1n || m > n || proof.length === 0) return false;
  // A first tree that is a complete subtree is the proof's first node.
  const path = (m & (m - 1n)) === 0n ? [firstRoot, ...proof] : [...proof];
  let fn = m - 1n, sn = n - 1n;
  while (fn & 1n) { fn >>= 1n; sn >>= 1n; }
  let fr = path[0], sr = path[0];
  for (const c of path.slice(1)) {
    if (sn === 0n) return false;
    if (fn & 1n || fn === sn) {
      fr = await nodeHash(c, fr);
      sr = await nodeHash(c, sr);
      while (!(fn & 1n) && fn !== 0n) { fn >>= 1n; sn >>= 1n; }
    } else {
      sr = await nodeHash(sr, c);
    }
    fn >>= 1n; sn >>= 1n;
  }
  return sn === 0n && bytesEqual(fr, firstRoot) && bytesEqual(sr, secondRoot);
}

/** RFC 9162 §2.1.1 Merkle tree hash of the leaf data in `leaves` (for tests and tools). */
export async function merkleRoot(leaves) {
  const hashes = await Promise.all(leaves.map(leafHash));
  const mth = async (lo, hi) => {
    if (hi - lo === 1) return hashes[lo];
    let k = 1;
    while (k * 2 < hi - lo) k *= 2;
    return nodeHash(await mth(lo, lo + k), await mth(lo + k, hi));
  };
  return leaves.length ? mth(0, leaves.length) : sha256(new Uint8Array(0));
}

/** RFC 9162 §2.1.4.1 consistency proof PROOF(m, D[n]) of the first `m` of `leaves` (for tests and tools). */
export async function consistencyProof(leaves, m) {
  const hashes = await Promise.all(leaves.map(leafHash));
  const mth = async (lo, hi) => {
    if (hi - lo === 1) return hashes[lo];
    let k = 1;
    while (k * 2 < hi - lo) k *= 2;
    return nodeHash(await mth(lo, lo + k), await mth(lo + k, hi));
  };
  const sub = async (m, lo, hi, complete) => {
    if (m === hi - lo) return complete ? [] : [await mth(lo, hi)];
    let k = 1;
    while (k * 2 < hi - lo) k *= 2;
    return m <= k
      ? [...(await sub(m, lo, lo + k, complete)), await mth(lo + k, hi)]
      : [...(await sub(m - k, lo + k, hi, false)), await mth(lo, lo + k)];
  };
  return sub(m, 0, leaves.length, true);
}

/** RFC 9162 §2.1.3.1 inclusion proof of leaf `m` among `leaves` (for tests and tools). */
export async function inclusionProof(leaves, m) {
  const hashes = await Promise.all(leaves.map(leafHash));
  const mth = async (lo, hi) => {
    if (hi - lo === 1) return hashes[lo];
    let k = 1;
    while (k * 2 < hi - lo) k *= 2;
    return nodeHash(await mth(lo, lo + k), await mth(lo + k, hi));
  };
  const path = async (m, lo, hi) => {
    if (hi - lo <= 1) return [];
    let k = 1;
    while (k * 2 < hi - lo) k *= 2;
    return m < k
      ? [...(await path(m, lo, lo + k)), await mth(lo + k, hi)]
      : [...(await path(m - k, lo + k, hi)), await mth(lo, lo + k)];
  };
  return path(m, 0, leaves.length);
}
