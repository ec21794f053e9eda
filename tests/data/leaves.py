# Independent computation of the attributed leaf (docs/design.md §2): leaf data
# is the RFC 8785 canonical JSON {"agent_id": ..., "hash": ...} (two string
# members: sorted keys, no whitespace, strings as JSON.stringify writes them),
# leaf hash SHA-256(0x00 || data), RFC 9162 MTH over the leaves.
import hashlib, json
def canon(agent, h):
    return json.dumps({"agent_id": agent, "hash": h}, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
def leaf_hash(d): return hashlib.sha256(b"\x00" + d).digest()
def mth(leaves):
    n = len(leaves)
    if n == 0: return hashlib.sha256(b"").digest()
    if n == 1: return leaf_hash(leaves[0])
    k = 1
    while k * 2 < n: k *= 2
    return hashlib.sha256(b"\x01" + mth(leaves[:k]) + mth(leaves[k:])).digest()
pinned = "6a2f9597f563d5515cfa69891a51806d0f93bfbe222997d3ba37c365ceee3f1a"
agents = ["a1", "planner-1", "Zoë", "代理人", "agent \"quoted\" \\ slash", "🤖-bot", "tab\there"]
hashes = [hashlib.sha256(f"record {i}".encode()).hexdigest() for i in range(len(agents))]
hashes[0] = pinned
cases = []
for a, h in zip(agents, hashes):
    d = canon(a, h)
    cases.append({"agent_id": a, "hash": h, "leaf_data": d.decode(), "leaf_hash": leaf_hash(d).hex()})
roots = [{"size": n, "root": mth([canon(a, h) for a, h in list(zip(agents, hashes))[:n]]).hex()} for n in range(1, len(agents) + 1)]
out = {"description": "Attributed log leaves: leaf data = RFC 8785 canonical JSON of {agent_id, hash}; leaf hash = SHA-256(0x00 || data); roots are RFC 9162 MTH over the first `size` leaves. Computed by an independent Python implementation (hashlib, json).", "leaves": cases, "roots": roots}
print(json.dumps(out, indent=2, ensure_ascii=False))
