// JSON as the spec reads and writes it (spec §1): a strict RFC 8259 parser that
// refuses duplicate member names, lone surrogate escapes and nesting deeper than
// 35 levels, and RFC 8785 canonical JSON. Runs unchanged in browsers and Node.

export const MAX_DEPTH = 35;

/** Raised for any text that is not strict JSON (spec §1). */
export class JSONError extends Error {}

// Number tokens of object members, kept so that an integer field can tell `1`
// from `1.0` or `1e0` (spec §2 "non-negative integer"); values stay JS numbers.
const numberTokens = new WeakMap();

/** The source token of the number held by member `name` of a parsed object, or undefined. */
export function numberToken(obj, name) {
  const m = numberTokens.get(obj);
  return m ? m.get(name) : undefined;
}

/** True when member `name` of a parsed object is a non-negative integer written as one. */
export function isCountField(obj, name) {
  const v = obj[name];
  if (typeof v !== 'number') return false;
  const tok = numberToken(obj, name);
  return tok !== undefined && /^-?(0|[1-9][0-9]*)$/.test(tok) && v >= 0 && Number.isSafeInteger(v);
}

const WS = new Set([' ', '\t', '\n', '\r']);
const ESC = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
const NUM = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

/** Parse `text` (a JS string) strictly; throws JSONError. */
export function parseStrict(text) {
  let i = 0;
  const n = text.length;
  const fail = (what) => { throw new JSONError(`${what} at offset ${i}`); };
  const ws = () => { while (i < n && WS.has(text[i])) i++; };

  function str() {
    i++; // opening quote
    let out = '';
    for (;;) {
      if (i >= n) fail('unterminated string');
      const c = text.charCodeAt(i);
      if (c === 0x22) { i++; return out; }
      if (c < 0x20) fail('control character in a string');
      if (c === 0x5c) {
        const e = text[i + 1];
        if (e === 'u') {
          const u = hex4(i + 2);
          i += 6;
          if (u >= 0xd800 && u <= 0xdbff) {
            if (text[i] !== '\\' || text[i + 1] !== 'u') fail('lone surrogate escape');
            const lo = hex4(i + 2);
            if (lo < 0xdc00 || lo > 0xdfff) fail('lone surrogate escape');
            i += 6;
            out += String.fromCharCode(u, lo);
          } else if (u >= 0xdc00 && u <= 0xdfff) {
            fail('lone surrogate escape');
          } else out += String.fromCharCode(u);
        } else if (e !== undefined && Object.prototype.hasOwnProperty.call(ESC, e)) {
          out += ESC[e]; i += 2;
        } else fail('bad escape');
      } else if (c >= 0xd800 && c <= 0xdfff) {
        // A raw surrogate: only a well-formed pair (text decoded from UTF-8 has no other).
        const d = text.charCodeAt(i + 1);
        if (c > 0xdbff || !(d >= 0xdc00 && d <= 0xdfff)) fail('lone surrogate');
        out += text[i] + text[i + 1]; i += 2;
      } else { out += text[i]; i++; }
    }
  }
  function hex4(at) {
    const h = text.slice(at, at + 4);
    if (!/^[0-9a-fA-F]{4}$/.test(h)) { i = at; fail('bad \\u escape'); }
    return parseInt(h, 16);
  }
  function num() {
    NUM.lastIndex = i;
    const m = NUM.exec(text);
    if (!m) fail('bad number');
    i += m[0].length;
    const v = Number(m[0]);
    if (!Number.isFinite(v)) fail('number out of range');
    return [v, m[0]];
  }
  function lit(word, v) {
    if (text.startsWith(word, i)) { i += word.length; return v; }
    return fail('unexpected character');
  }
  function value(depth) {
    ws();
    const c = text[i];
    if (c === '{') {
      if (depth + 1 > MAX_DEPTH) fail('nesting deeper than 35');
      i++;
      const obj = {};
      const toks = new Map();
      ws();
      if (text[i] === '}') { i++; return obj; }
      for (;;) {
        ws();
        if (text[i] !== '"') fail('expected a member name');
        const k = str();
        if (Object.prototype.hasOwnProperty.call(obj, k)) fail(`duplicate member name ${JSON.stringify(k)}`);
        ws();
        if (text[i] !== ':') fail("expected ':'");
        i++;
        ws();
        let v;
        if (text[i] === '-' || (text[i] >= '0' && text[i] <= '9')) {
          const [nv, tok] = num();
          v = nv; toks.set(k, tok);
        } else v = value(depth + 1);
        // defineProperty: a member named "__proto__" stays an ordinary member.
        Object.defineProperty(obj, k, { value: v, enumerable: true, writable: true, configurable: true });
        ws();
        if (text[i] === ',') { i++; continue; }
        if (text[i] === '}') { i++; break; }
        fail("expected ',' or '}'");
      }
      if (toks.size) numberTokens.set(obj, toks);
      return obj;
    }
    if (c === '[') {
      if (depth + 1 > MAX_DEPTH) fail('nesting deeper than 35');
      i++;
      const arr = [];
      ws();
      if (text[i] === ']') { i++; return arr; }
      for (;;) {
        arr.push(value(depth + 1));
        ws();
        if (text[i] === ',') { i++; continue; }
        if (text[i] === ']') { i++; break; }
        fail("expected ',' or ']'");
      }
      return arr;
    }
    if (c === '"') return str();
    if (c === '-' || (c >= '0' && c <= '9')) return num()[0];
    if (c === 't') return lit('true', true);
    if (c === 'f') return lit('false', false);
    if (c === 'n') return lit('null', null);
    return fail(i >= n ? 'unexpected end of text' : 'unexpected character');
  }
  const v = value(0);
  ws();
  if (i < n) fail('text after the JSON value');
  return v;
}

/** True when the JS string holds no lone surrogate (it has a UTF-8 form). */
export function isWellFormed(s) {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (!(d >= 0xdc00 && d <= 0xdfff)) return false;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) return false;
  }
  return true;
}

/**
 * RFC 8785 canonical JSON (spec §1): no whitespace, members sorted by the UTF-16
 * code units of their names, strings as JSON.stringify escapes them, numbers as
 * ECMAScript's Number-to-String (-0 as 0). Throws on a lone surrogate or a
 * non-finite number, which RFC 8785 cannot represent.
 */
export function canonicalJSON(v) {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'boolean': return v ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(v)) throw new JSONError('a non-finite number has no canonical form');
      return Object.is(v, -0) ? '0' : String(v);
    case 'string':
      if (!isWellFormed(v)) throw new JSONError('a lone surrogate has no canonical form');
      return JSON.stringify(v);
    case 'object':
      if (Array.isArray(v)) return '[' + v.map(canonicalJSON).join(',') + ']';
      return '{' + Object.keys(v).sort().map((k) => canonicalJSON(k) + ':' + canonicalJSON(v[k])).join(',') + '}';
    default:
      throw new JSONError(`a ${typeof v} has no JSON form`);
  }
}
