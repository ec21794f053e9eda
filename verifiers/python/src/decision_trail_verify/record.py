"""The record (spec §2), its hash, its content commitment (§6), its leaf
data (§4) and the timestamp order of the chain walk (§3 step 5)."""

import hashlib
import re

from .jsonc import canonical_bytes

ZERO_HASH = "0" * 64
TYPES = ("plan", "analysis", "decision", "reflection")
COMMITMENT_PREFIX = b"decision-trail/commitment/v1\n"
U64_MAX = 2 ** 64 - 1
_HEX64 = re.compile(r"[0-9a-f]{64}")


class Malformed(ValueError):
    """A record that is not of its shape (§2): `malformed`."""


def is_uint(v):
    """A non-negative integer: a JSON number without fraction or exponent
    (a u64)."""
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= U64_MAX


def is_hex64(v):
    return isinstance(v, str) and bool(_HEX64.fullmatch(v))


def _nonempty(v):
    return isinstance(v, str) and v != ""


_CHECKS = {
    "id": (_nonempty, "a non-empty string"),
    "seq": (is_uint, "a non-negative integer"),
    "log_index": (is_uint, "a non-negative integer"),
    "type": (lambda v: isinstance(v, str) and v in TYPES, "plan, analysis, decision or reflection"),
    "task_id": (_nonempty, "a non-empty string"),
    "agent_id": (_nonempty, "a non-empty string"),
    "content": (lambda v: isinstance(v, str), "a string"),
    "metadata": (lambda v: isinstance(v, dict), "an object"),
    "capabilities": (None, None),
    "session_id": (lambda v: isinstance(v, str), "a string"),
    "parent_id": (lambda v: isinstance(v, str), "a string"),
    "timestamp": (_nonempty, "a non-empty string"),
    "prev_hash": (is_hex64, "64 lowercase hex characters"),
    "hash": (is_hex64, "64 lowercase hex characters"),
    "content_commitment": (is_hex64, "64 lowercase hex characters"),
    "salt": (is_hex64, "64 lowercase hex characters"),
    "erased": (None, None),
}
REQUIRED = ("id", "seq", "log_index", "type", "task_id", "agent_id", "timestamp", "prev_hash", "hash")


def check_shape(rec):
    """Raise Malformed unless `rec` is a record as §2 and §6 describe it."""
    if not isinstance(rec, dict):
        raise Malformed("not a JSON object")
    for name in rec:
        if name not in _CHECKS:
            raise Malformed(f"`{name}`: not a member of a record")
    for name in REQUIRED:
        if name not in rec:
            raise Malformed(f"no `{name}`")
    if "content" not in rec and "erased" not in rec:
        raise Malformed("no `content` (and not erased)")
    for name, value in rec.items():
        test, want = _CHECKS[name]
        if test is not None and not test(value):
            raise Malformed(f"`{name}` is not {want}")
    if "capabilities" in rec:
        caps = rec["capabilities"]
        if (not isinstance(caps, dict) or not {"static_hash", "runtime_hash"} <= set(caps)
                or not set(caps) <= {"static_hash", "runtime_hash", "invocation_hash"}
                or not all(is_hex64(v) for v in caps.values())):
            raise Malformed("`capabilities` is not {static_hash, runtime_hash, invocation_hash?} of 64 hex")
    if "erased" in rec:
        e = rec["erased"]
        if not isinstance(e, dict) or set(e) != {"at", "by", "reason"} or \
                not all(isinstance(v, str) for v in e.values()):
            raise Malformed("`erased` is not {at, by, reason} of strings")
    if ("salt" in rec or "erased" in rec) and "content_commitment" not in rec:
        raise Malformed("`salt` or `erased` without `content_commitment`")
    if "erased" in rec and ("content" in rec or "metadata" in rec):
        raise Malformed("an erased record carries no `content` or `metadata`")


def hashed_object(rec):
    """H of §2: what the record hash covers."""
    h = {k: rec[k] for k in ("id", "type", "task_id", "timestamp", "prev_hash")}
    erasable = "content_commitment" in rec
    if erasable:
        h["content_commitment"] = rec["content_commitment"]
    else:
        h["content"] = rec["content"]
    for k in ("metadata", "capabilities", "session_id", "parent_id"):
        if k in rec and not (erasable and k == "metadata"):
            h[k] = rec[k]
    return h


def record_hash(rec):
    return hashlib.sha256(canonical_bytes(hashed_object(rec))).hexdigest()


def commitment(salt_hex, content, metadata=None, has_metadata=False):
    """§6: hex(SHA-256(prefix ‖ salt ‖ canonical_json(C)))."""
    c = {"content": content}
    if has_metadata:
        c["metadata"] = metadata
    return hashlib.sha256(COMMITMENT_PREFIX + bytes.fromhex(salt_hex) + canonical_bytes(c)).hexdigest()


def commitment_problem(rec):
    """§3 step 4 / §6: None when an erasable record's commitment opens (or the
    record is not erasable), else what is wrong."""
    if "content_commitment" not in rec:
        return None
    if "erased" in rec:
        extra = [k for k in ("salt", "content", "metadata") if k in rec]
        if extra:
            return "an erased record still has " + ", ".join(f"`{k}`" for k in extra)
        return None
    if "salt" not in rec:
        return "a record that is not erased has no `salt`"
    opened = commitment(rec["salt"], rec["content"], rec.get("metadata"), "metadata" in rec)
    if opened != rec["content_commitment"]:
        return f"its salt opens the commitment to {opened}, not to {rec['content_commitment']}"
    return None


def leaf_data(rec, fmt="agent"):
    """§4: canonical {"agent_id", "hash"}, or (the first format) the 32 bytes
    of the record hash."""
    if fmt == "first":
        return bytes.fromhex(rec["hash"])
    return canonical_bytes({"agent_id": rec["agent_id"], "hash": rec["hash"]})


# --- timestamps (§3 step 5) --------------------------------------------------

_SIMPLE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,9})?Z")
_RFC3339 = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})"
                      r"(\.[0-9]+)?([Zz]|[+-][0-9]{2}:[0-9]{2})")


def _days_from_civil(y, m, d):
    """Days since 1970-01-01 of a proleptic Gregorian date."""
    y -= m <= 2
    era = y // 400
    yoe = y - era * 400
    doy = (153 * (m + (-3 if m > 2 else 9)) + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def instant(ts):
    """An RFC 3339 date-time as (seconds, nanoseconds) since the epoch, a leap
    second kept as nanoseconds past 1e9; None when `ts` is not one."""
    m = _RFC3339.fullmatch(ts)
    if not m:
        return None
    y, mo, d, h, mi, s = (int(m.group(i)) for i in range(1, 7))
    leap = y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)
    days_in = [31, 29 if leap else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    if not (1 <= mo <= 12 and 1 <= d <= days_in[mo - 1] and h <= 23 and mi <= 59 and s <= 60):
        return None
    frac = m.group(7)
    nanos = int((frac[1:] + "000000000")[:9]) if frac else 0
    offset = 0
    tz = m.group(8)
    if tz not in ("Z", "z"):
        oh, om = int(tz[1:3]), int(tz[4:6])
        if oh > 23 or om > 59:
            return None
        offset = (oh * 3600 + om * 60) * (1 if tz[0] == "+" else -1)
    if s == 60:
        s, nanos = 59, nanos + 1_000_000_000
    secs = _days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 + s - offset
    return (secs, nanos)


def before(a, b):
    """§3 step 5: is timestamp `a` before timestamp `b`?"""
    if len(a) == len(b) and _SIMPLE.fullmatch(a) and _SIMPLE.fullmatch(b):
        return a < b
    ia, ib = instant(a), instant(b)
    if ia is not None and ib is not None:
        return ia < ib
    return a.encode("utf-8") < b.encode("utf-8")
