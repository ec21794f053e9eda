# Independent computation of record hashes with the optional `capabilities`
# field (docs/design.md §1, §9): H = {id, type, task_id, content, timestamp,
# prev_hash} plus metadata and capabilities when present, RFC 8785 (sorted
# keys, no whitespace, strings as JSON.stringify writes them; the values here
# are strings and small integers), SHA-256, lowercase hex.
import hashlib, json
def canon(h):
    return json.dumps(h, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
base = {"id": "r1", "type": "plan", "task_id": "t1", "content": "hello",
        "timestamp": "2026-04-17T00:00:00Z", "prev_hash": "0" * 64}
s, r, i = "a" * 64, "b" * 64, "c" * 64
cases = [
    ("no capabilities: the pinned hash", {}),
    ("static and runtime", {"capabilities": {"static_hash": s, "runtime_hash": r}}),
    ("with invocation", {"capabilities": {"static_hash": s, "runtime_hash": r, "invocation_hash": i}}),
    ("with metadata", {"metadata": {"confidence": 1}, "capabilities": {"static_hash": s, "runtime_hash": r}}),
]
out = []
for name, extra in cases:
    h = dict(base, **extra)
    text = canon(h)
    out.append({"name": name, "record": h, "canonical": text,
                "hash": hashlib.sha256(text.encode()).hexdigest()})
print(json.dumps({"description": "Record hashes with the optional capabilities field, computed by an independent Python implementation (hashlib, json).", "cases": out}, indent=2, ensure_ascii=False))
