# Writes the database of tests/data/release-0.1 with a release binary of the
# schema before hashes were stored as bytes (migrations/sqlite up to 0010):
#   python3 tests/data/release-0.1/make.py BINARY
# Chains over 6 tasks (one with a reasoning tree, records in work sessions,
# records bound to capability snapshots, idempotency keys, words to search),
# then the service is stopped (its WAL checkpointed into the file) and the
# file, its signing key and the last checkpoint are kept here.
import json, os, shutil, signal, subprocess, sys, tempfile, time, urllib.request

binary = sys.argv[1]
here = os.path.dirname(os.path.abspath(__file__))
work = tempfile.mkdtemp()
addr = "127.0.0.1:18177"
proc = subprocess.Popen([binary, "--listen", addr, "--database-url", f"sqlite://{work}/trail.db",
                         "--origin", "release-0.1/decision-trail", "--rate-limit", "0"],
                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

def call(method, path, body=None, headers=None, text=False):
    req = urllib.request.Request(f"http://{addr}{path}", method=method,
                                 data=None if body is None else json.dumps(body).encode(),
                                 headers={"content-type": "application/json", **(headers or {})})
    with urllib.request.urlopen(req) as r:
        data = r.read()
        return data.decode() if text else json.loads(data)

for _ in range(100):
    try:
        call("GET", "/healthz"); break
    except Exception:
        time.sleep(0.1)

tools = {"kind": "registered_agent_static", "input": {
    "agentId": "planner", "name": "Planner", "instructions": ["Plan the work."],
    "root": {"type": "toolkit", "name": "root", "members": [
        {"type": "tool", "name": "grep", "description": "Search files",
         "schema": {"jsonSchema": {"type": "object"}}}]}}}
try:
    snap = call("POST", "/capabilities", tools)
except urllib.error.HTTPError as e:
    sys.exit(f"capabilities: {e.read()}")
# A record names a static and a runtime hash; the stored snapshot's hash
# serves as both here (the service does not look them up).
caps = {"static_hash": snap["hash"], "runtime_hash": snap["hash"]}
words = ["quokka", "ledger", "merkle", "kangaroo", "teapot", "compass"]
types = ["plan", "analysis", "decision", "reflection"]
ids = {}
n = 0
for round_ in range(50):
    for t in range(6):
        task = f"task-{t}"
        body = {"type": types[(round_ + t) % 4], "task_id": task, "agent_id": f"agent-{t % 3}",
                "content": f"round {round_} of {task}: the {words[(round_ * 7 + t) % 6]} note " + "x" * (n % 50)}
        if t == 1 and round_ % 3 == 0:
            body["metadata"] = {"confidence": 0.5, "tools": ["grep"], "n": round_}
        if t == 2:
            body["session_id"] = f"session-{round_ // 10}"
        if t == 3 and round_ % 2 == 0:
            body["capabilities"] = caps
        if t == 4 and task in ids:
            body["parent_id"] = ids[task][(round_ * 5) % len(ids[task])]
        headers = {"Idempotency-Key": f"key-{round_}-{t}"} if t == 5 else {}
        rec = call("POST", "/thoughts", body, headers)
        ids.setdefault(task, []).append(rec["id"])
        n += 1
checkpoint = call("GET", "/log/checkpoint", text=True)
proc.send_signal(signal.SIGTERM)
proc.wait(timeout=30)
for f in ["trail.db-wal", "trail.db-shm"]:
    assert not os.path.exists(f"{work}/{f}") or os.path.getsize(f"{work}/{f}") == 0, f
shutil.copy(f"{work}/trail.db", f"{here}/trail.db")
shutil.copy(f"{work}/log-signing.key", f"{here}/log-signing.key")
open(f"{here}/checkpoint.txt", "w").write(checkpoint)
print(f"{n} records; checkpoint:\n{checkpoint}")
