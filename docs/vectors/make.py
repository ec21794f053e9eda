#!/usr/bin/env python3
"""Writes the verification vectors of docs/spec.md into this folder.

    python3 docs/vectors/make.py BINARY

Two sources:
- live: the service (BINARY) with three witnesses and a 2-of-3 policy makes
  exports (plain, erasable, erased with a hold, witnessed) and receipts
  (JSON and tlog-proof); each is then tampered with by hand;
- built: small logs written here under a test key (tests only), for what a
  live service never writes: every format earlier releases wrote (the first
  log format, exports before task statements, bare records) and chains whose
  hashes and signatures are all valid but whose structure is not (a timestamp
  going back, a parent that is not earlier).

manifest.json lists each file with the arguments a verifier gets and the
verdict it must give (docs/spec.md §9); for a verdict that passes, `expect`
also gives `existed_by` (§8, §9: the last record's provable time, null
without a key and a policy or without a witness time), worked out here from
the files' `witness_times`. Needs the `cryptography` package.
"""
import base64
import datetime
import hashlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives import serialization

HERE = os.path.dirname(os.path.abspath(__file__))
ZEROS = "0" * 64
VECTORS = []


OUT = HERE


def write(rel, text):
    path = os.path.join(OUT, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return rel


def vector(name, file, expect, key="keys/log.vkey", **args):
    entry = {"name": name, "file": file, "key": key, "checkpoint": None, "policy": None,
             "record": None, "expect": dict(expect)}
    entry.update(args)
    if expect["verdict"] != "failed" and "existed_by" not in expect:
        # Only a key and a policy together prove a time: say which it is there.
        assert not (entry["key"] and entry["policy"]), f"{name}: give its existed_by"
        entry["expect"]["existed_by"] = None
    VECTORS.append(entry)


def ok(verdict, records=None, **existed):
    e = {"verdict": verdict, "code": None, "line": None}
    if records is not None:
        e["records"] = records
    e.update(existed)  # existed_by=…
    return e


def bad(code, line=None):
    return {"verdict": "failed", "code": code, "line": line}


# ---- the formats, written independently of the service (docs/spec.md) ----

def canonical(value):
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def sha(b):
    return hashlib.sha256(b).digest()


def record_hash(r):
    h = {k: r[k] for k in ("id", "type", "task_id", "content", "timestamp", "prev_hash")}
    for k in ("metadata", "capabilities", "session_id", "parent_id"):
        if k in r:
            h[k] = r[k]
    return sha(canonical(h).encode()).hex()


def leaf_data(r, first=False):
    if first:
        return bytes.fromhex(r["hash"])
    return canonical({"agent_id": r["agent_id"], "hash": r["hash"]}).encode()


def mth(leaves):
    if len(leaves) == 1:
        return sha(b"\x00" + leaves[0])
    k = 1
    while k * 2 < len(leaves):
        k *= 2
    return sha(b"\x01" + mth(leaves[:k]) + mth(leaves[k:]))


def path(m, leaves):
    if len(leaves) == 1:
        return []
    k = 1
    while k * 2 < len(leaves):
        k *= 2
    if m < k:
        return path(m, leaves[:k]) + [mth(leaves[k:])]
    return path(m - k, leaves[k:]) + [mth(leaves[:k])]


class Key:
    """An Ed25519 note key (docs/spec.md §5)."""

    def __init__(self, name):
        self.name = name
        self.secret = Ed25519PrivateKey.generate()
        self.public = self.secret.public_key().public_bytes(
            serialization.Encoding.Raw, serialization.PublicFormat.Raw)
        self.id = sha(name.encode() + b"\n\x01" + self.public)[:4]

    def vkey(self):
        encoded = base64.b64encode(b"\x01" + self.public).decode()
        return f"{self.name}+{self.id.hex()}+{encoded}"

    def sign(self, text):
        sig = self.secret.sign(text.encode())
        return f"{text}\n\u2014 {self.name} {base64.b64encode(self.id + sig).decode()}\n"


def witness_vkey(name):
    """A witness's verifier key (docs/spec.md §8) no witness holds."""
    public = Ed25519PrivateKey.generate().public_key().public_bytes(
        serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    key_id = sha(name.encode() + b"\n\x04" + public)[:4]
    encoded = base64.b64encode(b"\x04" + public).decode()
    return f"{name}+{key_id.hex()}+{encoded}"


def existed_by(witness_times, leaf, witnesses, k):
    """docs/spec.md §8, for a k-of-n group of `witnesses` (their key names):
    each one's first covering cosignature is its line in the entry of the
    smallest tree size above `leaf`; the record existed by the k-th earliest
    of those times (RFC 3339), None when fewer than k witnesses cover it. The
    lines are the service's, taken as valid: the verifiers check them."""
    first = {}
    for entry in witness_times:
        note = entry["checkpoint"]
        size = int(note.split("\n")[1])
        if size <= leaf:
            continue
        for line in note[note.rindex("\n\n") + 2:].splitlines():
            name, sig = line[2:].split(" ")
            if name in witnesses and (name not in first or size < first[name][0]):
                first[name] = (size, int.from_bytes(base64.b64decode(sig)[4:12], "big"))
    times = sorted(t for _, t in first.values())
    if len(times) < k:
        return None
    at = datetime.datetime.fromtimestamp(times[k - 1], datetime.timezone.utc)
    return at.strftime("%Y-%m-%dT%H:%M:%SZ")


def checkpoint(key, origin, size, root):
    return key.sign(f"{origin}\n{size}\n{base64.b64encode(root).decode()}\n")


def statement(key, origin, size, task, length, head):
    return key.sign(f"decision-trail/task-head/v1\n{origin}\n{size}\n{json.dumps(task)}\n{length}\n{head}\n")


def built_log(key, origin, chains, first=False, stamp=True):
    """Records of `chains` ({task: [(agent, content, extra)]}), interleaved in
    the log; answers (records by task, leaves, root)."""
    by_task = {t: [] for t in chains}
    log = []
    longest = max(len(c) for c in chains.values())
    n = 0
    for i in range(longest):
        for task, items in chains.items():
            if i >= len(items):
                continue
            agent, content, extra = items[i]
            chain = by_task[task]
            r = {"id": f"{task}-{i}", "seq": i, "log_index": n, "type": "plan", "task_id": task,
                 "agent_id": agent, "content": content,
                 "timestamp": f"2025-03-0{1 + i}T10:00:00.000Z",
                 "prev_hash": chain[-1]["hash"] if chain else ZEROS}
            r.update(extra)
            r["hash"] = record_hash(r)
            chain.append(r)
            log.append(r)
            n += 1
    leaves = [leaf_data(r, first) for r in log]
    return by_task, leaves, mth(leaves)


def export_text(header, records, leaves):
    lines = [json.dumps(header, ensure_ascii=False, separators=(",", ":"))] if header else []
    for r in records:
        if leaves is None:
            lines.append(json.dumps(r, ensure_ascii=False, separators=(",", ":")))
        else:
            proof = [h.hex() for h in path(r["log_index"], leaves)]
            lines.append(json.dumps({"record": r, "inclusion_proof": proof},
                                    ensure_ascii=False, separators=(",", ":")))
    return "".join(l + "\n" for l in lines)


def built():
    key = Key("built.example/log")
    origin = key.name
    write("keys/built.vkey", key.vkey() + "\n")
    k = "keys/built.vkey"

    # The first log format: leaves are the record hashes; no statement.
    chains = {"first": [("a", "one", {}), ("b", "two", {}), ("a", "three", {})],
              "other": [("c", "x", {})]}
    by_task, leaves, root = built_log(key, origin, chains, first=True)
    size = len(leaves)
    header = {"tree_size": size, "root": root.hex(), "checkpoint": checkpoint(key, origin, size, root)}
    f = write("old/first-log-format.ndjson", export_text(header, by_task["first"], leaves))
    vector("first log format (record-hash leaves, no statement): not shown whole", f,
           ok("not_shown", 3), key=k)
    r = by_task["first"][1]
    receipt = {"record": r, "log_index": r["log_index"], "tree_size": size, "root": root.hex(),
               "inclusion_proof": [h.hex() for h in path(r["log_index"], leaves)],
               "checkpoint": header["checkpoint"]}
    f = write("old/first-log-format-receipt.json", json.dumps(receipt, indent=2) + "\n")
    vector("first log format receipt", f, ok("one_record", 1), key=k)
    lines = export_text(header, by_task["first"], leaves).splitlines()
    edited = json.loads(lines[2])
    edited["record"]["agent_id"] = "mallory"
    lines[2] = json.dumps(edited, separators=(",", ":"))
    f = write("old/first-log-format-agent-edited.ndjson", "\n".join(lines) + "\n")
    vector("first log format: the leaf does not cover agent_id, so an edit still verifies",
           f, ok("not_shown", 3), key=k)

    # The current format, whole and structurally broken chains, all signed.
    def whole(name, chains, task, expect, strip=False):
        by_task, leaves, root = built_log(key, origin, chains)
        size = len(leaves)
        chain = by_task[task]
        header = {"tree_size": size, "root": root.hex(),
                  "checkpoint": checkpoint(key, origin, size, root)}
        if not strip:
            header["task_statement"] = statement(key, origin, size, task, len(chain), chain[-1]["hash"])
        f = write(f"built/{name}.ndjson", export_text(header, chain, leaves))
        vector(name.replace("-", " "), f, expect, key=k)
        return by_task, leaves, header

    by_task, leaves, header = whole("whole", chains, "first", ok("whole", 3))
    whole("before-statements", chains, "first", ok("not_shown", 3), strip=True)
    f = write("old/bare-records.ndjson", export_text(None, by_task["first"], None))
    vector("bare records, no header, no key: not shown whole", f, ok("not_shown", 3), key=None)
    vector("bare records with a key: nothing to prove them against", f, bad("malformed"), key=k)

    # Timestamps that go back, under valid hashes and signatures.
    back = {"t": [("a", "one", {"timestamp": "2025-03-02T10:00:00.000Z"}),
                  ("a", "two", {"timestamp": "2025-03-01T10:00:00.000Z"})]}
    whole("timestamp-backwards", back, "t", bad("timestamp_backwards", 3))
    offset = {"t": [("a", "one", {"timestamp": "2025-03-01T12:00:00+02:00"}),
                    ("a", "two", {"timestamp": "2025-03-01T10:30:00.000Z"})]}
    whole("timestamps-as-instants", offset, "t", ok("whole", 2))
    parent = {"t": [("a", "one", {}), ("a", "two", {"parent_id": "nowhere"})]}
    whole("parent-not-earlier", parent, "t", bad("parent_invalid", 3))
    tree = {"t": [("a", "one", {"session_id": "s1"}),
                  ("a", "two", {"parent_id": "t-0", "metadata": {"n": 1.5, "z": [1, "é"], "a": None}})]}
    whole("tree-and-metadata", tree, "t", ok("whole", 2))
    # An erasure whose erased record states another reason than its
    # erasure record (the erased fields are not hashed).
    salt = bytes(range(32))
    content, meta = "Call Ada", {"ticket": 118}
    c = canonical({"content": content, "metadata": meta}).encode()
    commitment = sha(b"decision-trail/commitment/v1\n" + salt + c).hex()
    erasure = lambda reason: {"t": [
        ("a", "", {"content_commitment": commitment,
                   "erased": {"at": "2025-03-02T10:00:00.000Z", "by": "admin", "reason": reason}}),
        ("admin", "Erased t-0: gdpr", {"type": "decision",
                                       "metadata": {"erasure": {"reason": "gdpr", "record": "t-0"}}})]}

    for name, reason, expect in [("erased", "gdpr", ok("whole", 2)),
                                 ("erased-reason-forged", "routine", bad("erasure_unrecorded")),
                                 ("erased-unnamed", None, ok("not_shown", 2))]:
        chains_e = erasure(reason or "gdpr")
        if reason is None:
            # The second record is no erasure record: nothing names the erased one.
            chains_e["t"][1] = ("admin", "A note.", {"type": "decision"})
        by_task_e = {"t": []}
        log = []
        for i, (agent, content_i, extra) in enumerate(chains_e["t"]):
            r = {"id": f"t-{i}", "seq": i, "log_index": i, "type": "plan", "task_id": "t",
                 "agent_id": agent, "content": content_i,
                 "timestamp": f"2025-03-0{1 + i}T10:00:00.000Z",
                 "prev_hash": log[-1]["hash"] if log else ZEROS}
            r.update(extra)
            if "content_commitment" in r:
                h = {k2: r[k2] for k2 in ("id", "type", "task_id", "timestamp", "prev_hash",
                                          "content_commitment")}
                r["hash"] = sha(canonical(h).encode()).hex()
                del r["content"]
            else:
                r["hash"] = record_hash(r)
            log.append(r)
        leaves_e = [leaf_data(r) for r in log]
        root_e = mth(leaves_e)
        header_e = {"tree_size": 2, "root": root_e.hex(), "checkpoint": checkpoint(key, origin, 2, root_e),
                    "task_statement": statement(key, origin, 2, "t", 2, log[-1]["hash"])}
        f = write(f"built/{name}.ndjson", export_text(header_e, log, leaves_e))
        vector(name.replace("-", " "), f, expect, key=k)


# ---- the live service ----

class Live:
    def __init__(self, binary):
        self.binary = binary
        self.work = tempfile.mkdtemp()
        self.procs = []

    def start(self, args, port):
        p = subprocess.Popen([self.binary] + args, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
        self.procs.append(p)
        for _ in range(300):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                return p
            except OSError:
                time.sleep(0.1)
        sys.exit(f"{args[0]} on {port} did not start")

    def stop(self, p):
        p.send_signal(signal.SIGTERM)
        p.wait()
        self.procs.remove(p)

    def close(self):
        for p in self.procs:
            p.kill()
            p.wait()
        shutil.rmtree(self.work, ignore_errors=True)


def call(port, method, path, body=None, accept=None):
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method,
                                 data=None if body is None else json.dumps(body).encode(),
                                 headers={"content-type": "application/json",
                                          **({"accept": accept} if accept else {})})
    with urllib.request.urlopen(req) as r:
        return r.read().decode()


def record_only(served):
    """GET /thoughts/{id} as the record of docs/spec.md §2: without the
    informative `provable_time` the service serves beside it, which is no
    member of a record (`verify --record` refuses it)."""
    value = json.loads(served)
    value.pop("provable_time", None)
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def live(binary, port):
    s = Live(binary)
    try:
        db = f"sqlite://{s.work}/trail.db"
        serve = ["serve", "--listen", f"127.0.0.1:{port}", "--database-url", db,
                 "--origin", "vectors.example/log", "--rate-limit", "0"]
        p = s.start(serve, port)
        vkey = call(port, "GET", "/log/key").strip()
        s.stop(p)
        write("keys/log.vkey", vkey + "\n")
        policy = [f"log {vkey}"]
        witnesses = []
        for i in (1, 2, 3):
            wkey = os.path.join(s.work, f"w{i}.key")
            out = subprocess.run([binary, "witness", "key", "--name", f"witness.example/w{i}",
                                  "--out", wkey], capture_output=True, text=True, check=True)
            wv = out.stdout.strip().splitlines()[-1]
            logs = os.path.join(s.work, f"w{i}.logs")
            open(logs, "w").write(f"log {vkey}\n")
            wport = port + i
            witnesses.append(s.start(["witness", "--listen", f"127.0.0.1:{wport}", "--key", wkey,
                                      "--logs", logs], wport))
            policy.append(f"witness w{i} {wv} http://127.0.0.1:{wport}")
        policy += ["group two-of-three 2 w1 w2 w3", "quorum two-of-three"]
        policy_text = "\n".join(policy) + "\n"
        write("policies/two-of-three.txt", policy_text)
        unmet = "\n".join(policy[:4]) + f"\nwitness w4 {witness_vkey('witness.example/w4')}" \
            "\ngroup all-four all w1 w2 w3 w4\nquorum all-four\n"
        write("policies/unmet.txt", unmet)
        # The witnesses named but none asked for: every cosignature line is
        # still checked (§8 rule 2), and no witness time follows.
        write("policies/quorum-none.txt", "\n".join(policy[:4]) + "\nquorum none\n")
        pol_file = os.path.join(s.work, "policy.txt")
        open(pol_file, "w").write(policy_text)
        p = s.start(serve + ["--witness-policy", pol_file, "--witness-interval", "100ms"], port)

        def post(body):
            return json.loads(call(port, "POST", "/thoughts", body))

        def all_cosigned():
            # Until the three witnesses cosign the newest checkpoint.
            size = int(call(port, "GET", "/log/checkpoint?unwitnessed=true").split("\n")[1])
            for _ in range(600):
                try:
                    note = call(port, "GET", "/log/checkpoint")
                    if int(note.split("\n")[1]) == size and note.count("\u2014") >= 4:
                        return
                except urllib.error.HTTPError:
                    pass
                time.sleep(0.1)
            sys.exit("the witnesses did not cosign the newest checkpoint")

        for i in range(3):
            post({"type": "plan", "task_id": "refactor-auth", "agent_id": "planner-1",
                  "content": f"Step {i}: split the module.", "metadata": {"step": i, "confidence": 0.8}})
            post({"type": "analysis", "task_id": "noise", "agent_id": "n", "content": f"noise {i}"})
            if i == 0:
                # The first records are cosigned in a checkpoint of their
                # own, a second before the rest: their witness time is
                # earlier than the head's, proven through a consistency
                # proof with the export's larger tree.
                all_cosigned()
                time.sleep(1.1)
        post({"type": "decision", "task_id": "refactor-auth", "agent_id": "planner-1",
              "content": "Ship it.", "session_id": "s-1"})
        for i in range(2):
            post({"type": "plan", "task_id": "refund-118", "agent_id": "support-1", "erasable": True,
                  "content": f"Call Ada at +44 20 7946 000{i}", "metadata": {"ticket": 118}})
        erased_ids = []
        for i in range(3):
            erased_ids.append(post({"type": "plan", "task_id": "refund-119", "agent_id": "support-1",
                                    "erasable": True, "content": f"Ada's card {i}"})["id"])
        before_erasure = int(call(port, "GET", "/log/checkpoint?unwitnessed=true").split("\n")[1])
        call(port, "DELETE", f"/thoughts/{erased_ids[1]}/content", {"reason": "GDPR Art. 17 request"})
        call(port, "PUT", "/tasks/refund-119/hold", {"reason": "litigation 7"})
        post({"type": "reflection", "task_id": "refund-119", "agent_id": "support-1",
              "content": "Kept the rest."})
        all_cosigned()
        exports = {t: call(port, "GET", f"/tasks/{t}/export")
                   for t in ("refactor-auth", "refund-118", "refund-119")}
        historical = call(port, "GET", f"/tasks/refund-119/export?tree_size={before_erasure}")
        # Which checkpoints cover it varies with the witnesses' timing: for
        # vectors that hold in every run, the proof from its tree to the newest.
        to_newest = json.loads(call(port, "GET", f"/log/proof/consistency?first={before_erasure}"))
        first = json.loads(exports["refactor-auth"].splitlines()[1])["record"]
        receipt = call(port, "GET", f"/thoughts/{first['id']}/receipt")
        proof = call(port, "GET", f"/thoughts/{first['id']}/receipt", accept="application/x.tlog-proof")
        record = record_only(call(port, "GET", f"/thoughts/{first['id']}"))
        other = json.loads(exports["refund-118"].splitlines()[1])["record"]
        other_record = record_only(call(port, "GET", f"/thoughts/{other['id']}"))
        unwitnessed = call(port, "GET", "/log/checkpoint?unwitnessed=true")
    finally:
        s.close()

    plain = write("exports/plain.ndjson", exports["refactor-auth"])
    vector("a plain export, witnessed", plain, ok("whole", 4))
    vector("a plain export without a key: every proof against its own root", plain,
           ok("whole", 4), key=None)
    vector("a plain export under a 2-of-3 policy: the head's witness time", plain,
           ok("whole", 4, existed_by=head_time(exports["refactor-auth"])),
           policy="policies/two-of-three.txt")
    vector("a plain export under a 2-of-3 policy without a key: no witness time", plain,
           ok("whole", 4), key=None, policy="policies/two-of-three.txt")
    vector("a plain export under a policy of quorum none: no witness time", plain,
           ok("whole", 4, existed_by=None), policy="policies/quorum-none.txt")
    vector("a plain export under a policy it does not meet", plain, bad("witness_policy"),
           policy="policies/unmet.txt")
    cp = write("checkpoints/unwitnessed.txt", unwitnessed)
    vector("a plain export against a checkpoint given separately", plain, ok("whole", 4),
           checkpoint=cp)
    vector("an erasable export", write("exports/erasable.ndjson", exports["refund-118"]),
           ok("whole", 2))
    erased = write("exports/erased-held.ndjson", exports["refund-119"])
    vector("an export with an erased record, its erasure and a hold", erased, ok("whole", 6))
    vector("an export with an erased record under a 2-of-3 policy", erased,
           ok("whole", 6, existed_by=head_time(exports["refund-119"])),
           policy="policies/two-of-three.txt")
    before = write("exports/before-erasure.ndjson", historical)
    vector("an export at a tree size before a later erasure: the erasure record is past it",
           before, ok("not_shown", 3))
    vector("an export before a later erasure under a policy of quorum none: its witness times "
           "checked, no time", before, ok("not_shown", 3, existed_by=None), policy="policies/quorum-none.txt")
    rc = write("receipts/receipt.json", receipt)
    vector("a receipt", rc, ok("one_record", 1))
    r = json.loads(receipt)
    first_time = existed_by(r["witness_times"], r["record"]["log_index"], WITNESSES, 2)
    # The service states the time it proves (informative): the same.
    assert first_time == r["provable_time"]["existed_by"], (first_time, r["provable_time"])
    assert first_time < head_time(exports["refactor-auth"]), "the first records were cosigned first"
    vector("a receipt under a 2-of-3 policy: its record's witness time, earlier than the head's",
           rc, ok("one_record", 1, existed_by=first_time), policy="policies/two-of-three.txt")
    tp = write("receipts/receipt.tlog-proof", proof)
    vector("a tlog-proof receipt", tp, ok("one_record", 1))
    rec = write("receipts/record.json", record)
    vector("a tlog-proof receipt with its record", tp, ok("one_record", 1), record=rec)
    vector("a tlog-proof receipt with another record", tp, bad("record_mismatch"),
           record=write("receipts/other-record.json", other_record))
    vector("a tlog-proof receipt under a 2-of-3 policy (a tlog-proof carries no witness times)",
           tp, ok("one_record", 1, existed_by=None), policy="policies/two-of-three.txt")
    return exports, receipt, proof, (historical, to_newest)


WITNESSES = [f"witness.example/w{i}" for i in (1, 2, 3)]


def head_time(export):
    """The 2-of-3 witness time of an export's head (its last record)."""
    ls = export.splitlines()
    head = json.loads(ls[-1])["record"]
    return existed_by(json.loads(ls[0])["witness_times"], head["log_index"], WITNESSES, 2)


def tampered(exports, receipt, proof, historical):
    """Each edit with the verdict it must get."""
    lines = exports["refactor-auth"].splitlines()
    n = len(lines)

    def save(name, ls, expect, **args):
        f = write(f"tampered/{name}", "\n".join(ls) + "\n")
        vector(f"tampered: {name}", f, expect, **args)

    def edit(i, fn):
        ls = list(lines)
        v = json.loads(ls[i])
        fn(v)
        ls[i] = json.dumps(v, ensure_ascii=False, separators=(",", ":"))
        return ls

    save("content.ndjson", edit(2, lambda v: v["record"].update(content="Step 1: merge the module.")),
         bad("hash_mismatch", 3))
    save("agent.ndjson", edit(2, lambda v: v["record"].update(agent_id="mallory")),
         bad("not_in_log", 3))
    save("agent-no-key.ndjson", edit(2, lambda v: v["record"].update(agent_id="mallory")),
         bad("not_in_log", 3), key=None)
    save("dropped-middle.ndjson", lines[:2] + lines[3:], bad("seq_gap", 3))
    save("dropped-last.ndjson", lines[:-1], bad("truncated"))
    save("header-only.ndjson", lines[:1], bad("truncated"))
    save("duplicated.ndjson", lines[:3] + lines[2:], bad("seq_gap", 4))
    save("reordered.ndjson", [lines[0], lines[2], lines[1]] + lines[3:], bad("seq_gap", 2))
    save("proof-hash.ndjson", edit(1, lambda v: v["inclusion_proof"].__setitem__(
        0, v["inclusion_proof"][0][:-1] + ("0" if v["inclusion_proof"][0][-1] != "0" else "1"))),
         bad("not_in_log", 2))
    save("log-index.ndjson", edit(1, lambda v: v["record"].update(log_index=v["record"]["log_index"] + 1)),
         bad("not_in_log", 2))
    save("statement-length.ndjson", edit(0, lambda v: v.update(
        task_statement=v["task_statement"].replace(f"\n{n - 1}\n", f"\n{n - 2}\n", 1))),
         bad("bad_signature", 1))
    save("statement-length-no-key.ndjson", edit(0, lambda v: v.update(
        task_statement=v["task_statement"].replace(f"\n{n - 1}\n", f"\n{n - 2}\n", 1))),
         bad("truncated"), key=None)
    other_statement = json.loads(exports["refund-118"].splitlines()[0])["task_statement"]
    save("statement-other-task.ndjson", edit(0, lambda v: v.update(task_statement=other_statement)),
         bad("statement_mismatch", 1))
    save("statement-removed.ndjson", edit(0, lambda v: v.pop("task_statement")), ok("not_shown", n - 1))
    save("root.ndjson", edit(0, lambda v: v.update(root="ab" * 32)), bad("checkpoint_mismatch", 1))
    save("tree-size.ndjson", edit(0, lambda v: v.update(tree_size=v["tree_size"] - 1)),
         bad("checkpoint_mismatch", 1))
    save("not-json.ndjson", lines[:2] + [lines[2][:-1]] + lines[3:], bad("malformed", 3))
    other_line = exports["refund-118"].splitlines()[1]
    save("other-task.ndjson", lines[:2] + [other_line] + lines[2:], bad("wrong_task", 3))
    save("wrong-key.ndjson", lines, bad("bad_signature"), key="keys/built.vkey")

    def cosign(v):
        note = v["checkpoint"]
        i = note.rindex("\u2014 w")
        j = note.index(" ", note.index(" ", i) + 1) + 12
        c = note[j]
        v["checkpoint"] = note[:j] + ("A" if c != "A" else "B") + note[j + 1:]
    save("cosignature.ndjson", edit(0, cosign), bad("witness_policy"), policy="policies/two-of-three.txt")
    save("cosignature-no-policy.ndjson", edit(0, cosign), ok("whole", n - 1))

    witness_times(lines, exports, receipt, historical, save, edit)

    save("metadata-null.ndjson", edit(1, lambda v: v["record"].update(metadata=None)), bad("malformed", 2))
    save("session-null.ndjson", edit(1, lambda v: v["record"].update(session_id=None)), bad("malformed", 2))

    def second_signature(v):
        # A second line of the log's key after its good one: ignored (§5).
        note = v["checkpoint"]
        first = note.index("\u2014 ")
        line = note[first:note.index("\n", first) + 1]
        sig = line.rsplit(" ", 1)[1].strip()
        bad_sig = sig[:10] + ("A" if sig[10] != "A" else "B") + sig[11:]
        v["checkpoint"] = note[:first] + line + line.replace(sig, bad_sig) + note[first + len(line):]
    save("second-log-signature.ndjson", edit(0, second_signature), ok("whole", n - 1))

    er = exports["refund-118"].splitlines()
    v = json.loads(er[1])
    v["record"]["salt"] = "00" * 32
    f = write("tampered/salt.ndjson", "\n".join([er[0], json.dumps(v, separators=(",", ":"))] + er[2:]) + "\n")
    vector("tampered: salt.ndjson", f, bad("commitment_mismatch", 2))
    v = json.loads(er[1])
    v["record"]["content"] = "Call Bob"
    f = write("tampered/erasable-content.ndjson",
              "\n".join([er[0], json.dumps(v, separators=(",", ":"))] + er[2:]) + "\n")
    vector("tampered: erasable-content.ndjson", f, bad("commitment_mismatch", 2))
    el = exports["refund-119"].splitlines()
    for i, line in enumerate(el):
        v = json.loads(line)
        if "record" in v and "erased" in v["record"]:
            v["record"]["erased"]["reason"] = "routine cleanup"
            el[i] = json.dumps(v, ensure_ascii=False, separators=(",", ":"))
    f = write("tampered/erasure-reason.ndjson", "\n".join(el) + "\n")
    vector("tampered: erasure-reason.ndjson", f, bad("erasure_unrecorded"))
    el = exports["refund-119"].splitlines()
    for i, line in enumerate(el):
        v = json.loads(line)
        if "record" in v and "erased" in v["record"]:
            v["record"]["erased"]["note"] = "x"
            el[i] = json.dumps(v, ensure_ascii=False, separators=(",", ":"))
    f = write("tampered/erased-extra-member.ndjson", "\n".join(el) + "\n")
    vector("tampered: erased-extra-member.ndjson", f, bad("malformed", 3))

    r = json.loads(receipt)
    r["record"]["content"] = "edited"
    vector("tampered: receipt content", write("tampered/receipt-content.json", json.dumps(r)),
           bad("hash_mismatch", 2))
    pl = proof.split("\n")
    idx = next(i for i, l in enumerate(pl) if l.startswith("index "))
    h = pl[idx + 1]
    pl[idx + 1] = ("A" if h[0] != "A" else "B") + h[1:]
    vector("tampered: tlog-proof hash", write("tampered/proof-hash.tlog-proof", "\n".join(pl)),
           bad("not_in_log"))
    vector("tampered: tlog-proof, wrong key", write("tampered/proof-wrong-key.tlog-proof", proof),
           bad("bad_signature"), key="keys/built.vkey")


def flip_b64(sig, at):
    """`sig` (base64) with its byte `at` changed: still base64, another signature."""
    raw = bytearray(base64.b64decode(sig))
    raw[at] ^= 1
    return base64.b64encode(bytes(raw)).decode()


def forge_line(note, name=None, at=-1):
    """`note` with a byte of a signature changed: that of key `name`'s line,
    else of its first witness's (the first line after the log's)."""
    cut = note.rindex("\n\n") + 2
    sigs = note[cut:].splitlines()
    i = next(i for i, line in enumerate(sigs)
             if (line.startswith(f"\u2014 {name} ") if name else i > 0 and line[2:].split(" ")[0] in WITNESSES))
    sig = sigs[i].rsplit(" ", 1)[1]
    sigs[i] = sigs[i][:-len(sig)] + flip_b64(sig, at)
    return note[:cut] + "".join(l + "\n" for l in sigs)


def witness_times(lines, exports, receipt, historical, save, edit):
    """The header's witness_times (docs/spec.md §8): each check a verifier
    makes of them, with a key and a policy (`witness_time`, line 1). Which
    checkpoints the witnesses cosigned between the posts varies from run to
    run; every edit holds whichever they were."""
    two = "policies/two-of-three.txt"
    header = json.loads(lines[0])
    times = header["witness_times"]
    sizes = [int(e["checkpoint"].split("\n")[1]) for e in times]
    largest = sizes.index(max(sizes))
    # The first records' checkpoint, cosigned before the rest (live()).
    earlier = next(i for i, e in enumerate(times) if e["consistency_proof"])
    head = json.loads(lines[-1])["record"]["log_index"]
    n = len(lines) - 1

    def entry(i, fn):
        def change(v):
            fn(v["witness_times"][i])
        return change

    forged = entry(largest, lambda e: e.update(checkpoint=forge_line(e["checkpoint"])))
    save("witness-times-cosignature.ndjson", edit(0, forged), bad("witness_time", 1), policy=two)
    save("witness-times-cosignature-no-policy.ndjson", edit(0, forged), ok("whole", n))
    save("witness-times-cosignature-no-key.ndjson", edit(0, forged), ok("whole", n), key=None, policy=two)
    # A cosignature's timestamp moved (its last byte): signed no more.
    save("witness-times-cosignature-time.ndjson",
         edit(0, entry(earlier, lambda e: e.update(checkpoint=forge_line(e["checkpoint"], at=11)))),
         bad("witness_time", 1), policy=two)

    def proof_hash(e):
        h = e["consistency_proof"][0]
        e["consistency_proof"][0] = h[:-1] + ("0" if h[-1] != "0" else "1")
    save("witness-times-consistency-proof.ndjson", edit(0, entry(earlier, proof_hash)),
         bad("witness_time", 1), policy=two)
    save("witness-times-consistency-proof-dropped.ndjson",
         edit(0, entry(earlier, lambda e: e["consistency_proof"].pop())), bad("witness_time", 1), policy=two)
    # The file's own (cosigned) checkpoint, of its size: its proof must be empty.
    save("witness-times-same-size-proof.ndjson", edit(0, lambda v: v["witness_times"].append(
        {"checkpoint": v["checkpoint"], "consistency_proof": ["00" * 32]})), bad("witness_time", 1), policy=two)
    save("witness-times-log-signature.ndjson",
         edit(0, entry(largest, lambda e: e.update(checkpoint=forge_line(e["checkpoint"], "vectors.example/log")))),
         bad("witness_time", 1), policy=two)
    # A line of a key the policy does not name is ignored.
    stranger = Key("witness.example/w9").sign("x").split("\n")[-2] + "\n"
    save("witness-times-stranger.ndjson", edit(0, entry(largest, lambda e: e.update(
        checkpoint=e["checkpoint"] + stranger))),
         ok("whole", n, existed_by=head_time(exports["refactor-auth"])), policy=two)
    # Without the checkpoints covering the head, the head has no witness time.
    save("witness-times-head-uncovered.ndjson", edit(0, lambda v: v.update(witness_times=[
        e for e, size in zip(times, sizes) if size <= head])), ok("whole", n, existed_by=None), policy=two)
    save("witness-times-not-a-list.ndjson", edit(0, lambda v: v.update(witness_times={})),
         bad("malformed", 1), key=None)

    # The export before the erasure, its witness time the newest checkpoint
    # (of a larger tree than its own), proven consistent with it.
    historical, to_newest = historical
    hl = historical.splitlines()
    h = json.loads(hl[0])
    assert to_newest["second"] == header["tree_size"] and to_newest["first"] == h["tree_size"], to_newest
    h["witness_times"] = [{"checkpoint": header["checkpoint"], "consistency_proof": to_newest["proof"]}]
    quorum_none = "policies/quorum-none.txt"

    def save_h(name, expect, **args):
        save(name, [json.dumps(h, ensure_ascii=False, separators=(",", ":"))] + hl[1:], expect, **args)
    save_h("witness-times-larger-tree.ndjson", ok("not_shown", len(hl) - 1, existed_by=None), policy=quorum_none)
    proof_hash(h["witness_times"][0])
    save_h("witness-times-larger-tree-proof.ndjson", bad("witness_time", 1), policy=quorum_none)

    r = json.loads(receipt)
    e = r["witness_times"][0]
    e["checkpoint"] = forge_line(e["checkpoint"])
    save("receipt-witness-times.json", [json.dumps(r, ensure_ascii=False)], bad("witness_time", 1), policy=two)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    make(sys.argv[1], HERE)
    print(f"{len(VECTORS)} vectors in {HERE}")


def make(binary, out, port=18811):
    """Writes every vector and the manifest into `out`; answers the live
    exports and receipts ({task: export}, receipt, tlog-proof)."""
    global OUT
    OUT = out
    VECTORS.clear()
    for sub in ("exports", "receipts", "tampered", "old", "built", "keys", "policies", "checkpoints"):
        shutil.rmtree(os.path.join(out, sub), ignore_errors=True)
    exports, receipt, proof, historical = live(binary, port)
    tampered(exports, receipt, proof, historical)
    built()
    write("manifest.json", json.dumps({
        "format": "decision-trail verification vectors v1 (docs/spec.md)",
        "vectors": VECTORS}, indent=1, ensure_ascii=False) + "\n")
    return exports, receipt, proof


if __name__ == "__main__":
    main()
