"""Strict JSON reading and canonical JSON (spec §1).

`loads` reads RFC 8259 JSON and refuses what §1 refuses: two members of one
name, a lone UTF-16 surrogate escape, nesting deeper than 35 levels (and
non-finite numbers, which no JSON text may denote). `canonical` writes RFC 8785
(JCS): sorted members by UTF-16 code units, no whitespace, strings as
ECMAScript's JSON.stringify writes them, numbers as ECMAScript's Number::toString.
"""

import decimal
import json
import math
import re

MAX_DEPTH = 35


class JSONError(ValueError):
    """A JSON text that §1 refuses."""


def _pairs(pairs):
    obj = {}
    for k, v in pairs:
        if k in obj:
            raise JSONError(f"two members named {k!r}")
        obj[k] = v
    return obj


def _constant(name):
    raise JSONError(f"{name} is not JSON")


def _float(text):
    value = float(text)
    if math.isinf(value):
        raise JSONError(f"number {text} is out of range")
    return value


def _has_surrogate(s):
    return any(0xD800 <= ord(c) <= 0xDFFF for c in s)


def _check(value, depth):
    """Depth (a container is one level deeper than its parent; the top one is
    level 1), lone surrogates, numbers a double cannot hold."""
    if isinstance(value, (dict, list)):
        depth += 1
        if depth > MAX_DEPTH:
            raise JSONError(f"nested deeper than {MAX_DEPTH} levels")
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for k, v in items:
            if isinstance(k, str) and _has_surrogate(k):
                raise JSONError("a lone surrogate escape in a member name")
            _check(v, depth)
    elif isinstance(value, str):
        if _has_surrogate(value):
            raise JSONError("a lone surrogate escape in a string")
    elif isinstance(value, int) and not isinstance(value, bool):
        try:
            float(value)
        except OverflowError:
            raise JSONError("number out of range") from None


def loads(text):
    """Parse one JSON text (str, or UTF-8 bytes) strictly (§1)."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as e:
            raise JSONError(f"not UTF-8: {e.reason} at byte {e.start}") from None
    if _has_surrogate(text):
        raise JSONError("not UTF-8")
    try:
        value = json.loads(text, object_pairs_hook=_pairs,
                           parse_constant=_constant, parse_float=_float)
    except JSONError:
        raise
    except RecursionError:
        raise JSONError(f"nested deeper than {MAX_DEPTH} levels") from None
    except ValueError as e:
        raise JSONError(str(e)) from None
    _check(value, 0)
    return value


# --- canonical JSON (RFC 8785) ---------------------------------------------

_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\f": "\\f",
            "\n": "\\n", "\r": "\\r", "\t": "\\t"}
_NEEDS_ESCAPE = re.compile('["\\\\\x00-\x1f\ud800-\udfff]')


def _escape_char(m):
    c = m.group(0)
    return _ESCAPES.get(c) or "\\u%04x" % ord(c)


def quote(s):
    """A string as JSON.stringify writes it."""
    return '"' + _NEEDS_ESCAPE.sub(_escape_char, s) + '"'


def number(x):
    """ECMAScript Number::toString of the double x (RFC 8785 §3.2.2.3)."""
    x = float(x)
    if math.isnan(x) or math.isinf(x):
        raise JSONError("a non-finite number has no JSON form")
    if x == 0:
        return "0"  # -0 too
    sign = "-" if x < 0 else ""
    # repr gives the shortest digits that round-trip, as ECMAScript asks.
    t = decimal.Decimal(repr(abs(x))).as_tuple()
    digits = "".join(map(str, t.digits)).lstrip("0")
    exp = t.exponent
    stripped = digits.rstrip("0")
    exp += len(digits) - len(stripped)
    digits = stripped
    k = len(digits)
    n = exp + k  # value = 0.digits × 10^n
    if k <= n <= 21:
        out = digits + "0" * (n - k)
    elif 0 < n <= 21:
        out = digits[:n] + "." + digits[n:]
    elif -6 < n <= 0:
        out = "0." + "0" * (-n) + digits
    else:
        e = n - 1
        mant = digits if k == 1 else digits[0] + "." + digits[1:]
        out = mant + "e" + ("+" if e >= 0 else "-") + str(abs(e))
    return sign + out


def _utf16_key(item):
    return item[0].encode("utf-16-be", "surrogatepass")


def canonical(value):
    """RFC 8785 canonical JSON of a parsed value, as a str."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, str):
        return quote(value)
    if isinstance(value, (int, float)):
        return number(value)
    if isinstance(value, list):
        return "[" + ",".join(canonical(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ",".join(quote(k) + ":" + canonical(v)
                              for k, v in sorted(value.items(), key=_utf16_key)) + "}"
    raise TypeError(f"not a JSON value: {type(value).__name__}")


def canonical_bytes(value):
    return canonical(value).encode("utf-8")
