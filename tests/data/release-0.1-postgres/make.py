# Writes the database of tests/data/release-0.1-postgres with a release binary
# of the schema before hashes were stored as bytes on PostgreSQL
# (migrations/postgres up to 0003), on a PostgreSQL server the script may
# create and drop a database on (a throwaway cluster, as .ci/postgres starts):
#   python3 tests/data/release-0.1-postgres/make.py BINARY postgres://USER@HOST:PORT/DB
# The records of ../release-0.1/make.py (chains over 6 tasks, one with a
# reasoning tree, records in work sessions, records bound to a capability
# snapshot, idempotency keys kept for years, words to search) under that
# fixture's key and origin; then the service is stopped, the database dumped
# here as plain SQL (dump.sql, with the last checkpoint) and dropped.
import json, os, shutil, signal, subprocess, sys, tempfile, time, urllib.error, urllib.request

binary, server = sys.argv[1], sys.argv[2]
here = os.path.dirname(os.path.abspath(__file__))
name = "dt_release_fixture"
base, _, query = server.partition("?")
url = base[: base.rfind("/")] + "/" + name + ("?" + query if query else "")
subprocess.run(["psql", server, "-q", "-c", f"DROP DATABASE IF EXISTS {name}",
                "-c", f"CREATE DATABASE {name}"], check=True)
work = tempfile.mkdtemp()
key = os.path.join(here, "log-signing.key")
shutil.copy(os.path.join(here, "..", "release-0.1", "log-signing.key"), key)
addr = "127.0.0.1:18178"
proc = subprocess.Popen([binary, "--listen", addr, "--database-url", url,
                         "--signing-key-file", key,
                         "--checkpoint-file", f"{work}/checkpoints.ndjson",
                         "--origin", "release-0.1/decision-trail", "--rate-limit", "0",
                         "--idempotency-ttl", "36500d"],
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
dump = subprocess.run(["pg_dump", "--no-owner", "--no-privileges", "--inserts", url],
                      check=True, capture_output=True, text=True).stdout
# The dump's header names the pg_dump that wrote it; the rest is the schema
# and rows the release left.
open(f"{here}/dump.sql", "w").write(dump)
open(f"{here}/checkpoint.txt", "w").write(checkpoint)
subprocess.run(["psql", server, "-q", "-c", f"DROP DATABASE {name}"], check=True)
shutil.rmtree(work)
print(f"{n} records; checkpoint:\n{checkpoint}")
