# Independent computation of record hashes with the optional hashed fields
# (docs/design.md §1, §6, §9): H = {id, type, task_id, content, timestamp,
# prev_hash} plus metadata, capabilities, session_id and parent_id when
# present, RFC 8785 (sorted
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
    ("session", {"session_id": "session-2026-11-23"}),
    ("parent", {"parent_id": "0b6f3c8e-6a55-4b3a-9c1e-4f2d8a7b9c10"}),
    ("session and parent", {"session_id": "s\u00e9ance \u4f1a\u8bae", "parent_id": "r0"}),
    ("everything", {"metadata": {"a": [1, "x"]}, "capabilities": {"static_hash": s, "runtime_hash": r, "invocation_hash": i}, "session_id": "s1", "parent_id": "r0"}),
]
out = []
for name, extra in cases:
    h = dict(base, **extra)
    text = canon(h)
    out.append({"name": name, "record": h, "canonical": text,
                "hash": hashlib.sha256(text.encode()).hexdigest()})
print(json.dumps({"description": "Record hashes with the optional hashed fields (metadata, capabilities, session_id, parent_id), computed by an independent Python implementation (hashlib, json).", "cases": out}, indent=2, ensure_ascii=False))
