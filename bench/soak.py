#!/usr/bin/env python3
"""A chaos soak: appends under faults, then an audit of what was acknowledged.

Writers append records, each with its own Idempotency-Key, and retry an
append that failed (5xx, a refused or reset connection) with the same key
until it is acknowledged. Meanwhile the faults of an operator's bad day:

  sqlite    the service SIGKILLed and restarted; its disk (a tmpfs, so root
            only) filled, with the service running and with it killed
            while full; a SIGSTOP of several seconds
  postgres  replicas SIGKILLed and restarted, one SIGSTOPped; PostgreSQL
            restarted (PG_STOP and PG_START, as .ci/postgres sets them)

Then every acknowledged record must be in the log (lost = 0), no key may
have made two records (duplicates = 0), every checkpoint seen must be
consistent with the final log (forks = 0: the same root at its size, and an
RFC 9162 consistency proof verified here), the log dense, every chain valid
and `fsck` clean. Printed: acknowledged, present, lost, forks, duplicates,
answers by status and problem code, the longest outage (the longest time in
which no append was acknowledged). Exit status 1 if any promise failed.

  python3 bench/soak.py --binary target/release/decision-trail --seconds 240
  python3 bench/soak.py --binary … --backend postgres --postgres URL --replicas 3
"""

import argparse
import base64
import hashlib
import http.client
import json
import os
import random
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Service:
    """One `decision-trail serve` process on a fixed port, restartable."""

    def __init__(self, binary, database_url, flags, log_path):
        self.binary = binary
        self.database_url = database_url
        self.flags = flags
        self.port = free_port()
        self.log = open(log_path, "ab")
        self.proc = None

    def start(self, wait=60):
        self.proc = subprocess.Popen(
            [self.binary, "serve", "--listen", f"127.0.0.1:{self.port}",
             "--database-url", self.database_url, "--log-format", "json", *self.flags],
            stdout=self.log, stderr=subprocess.STDOUT,
            env={**os.environ, "RUST_LOG": "info"})
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                return False
            try:
                status, _ = request(self.port, "GET", "/healthz", timeout=2)
                if status == 200:
                    return True
            except OSError:
                pass
            time.sleep(0.1)
        return False

    def signal(self, sig):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(sig)

    def kill(self):
        self.signal(signal.SIGKILL)
        if self.proc:
            self.proc.wait()

    def stop(self):
        self.signal(signal.SIGTERM)
        if self.proc:
            try:
                self.proc.wait(timeout=40)
            except subprocess.TimeoutExpired:
                self.kill()


def request(port, method, path, body=None, headers=None, timeout=10):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


class Tally:
    """What the writers saw, shared between their threads."""

    def __init__(self):
        self.lock = threading.Lock()
        self.acknowledged = {}  # idempotency key -> record id
        self.answers = Counter()  # "201", "503 unavailable", "connection: …"
        self.started = time.monotonic()
        self.last_ack = self.started
        self.longest_outage = 0.0
        self.unacknowledged = 0

    def ack(self, key, record_id):
        now = time.monotonic()
        with self.lock:
            self.acknowledged[key] = record_id
            self.longest_outage = max(self.longest_outage, now - self.last_ack)
            self.last_ack = now

    def answer(self, what):
        with self.lock:
            self.answers[what] += 1


def writer(n, ports, tally, stop, drain_until):
    rng = random.Random(n)
    seq = 0
    while not stop.is_set():
        key = f"soak-w{n}-{seq}"
        task = f"soak-task-{n}-{rng.randrange(4)}"
        body = json.dumps({"task_id": task, "agent_id": f"soak-{n}", "type": "analysis",
                           "content": key}).encode()
        port = ports[n % len(ports)]
        while True:
            if stop.is_set() and time.monotonic() > drain_until[0]:
                tally.unacknowledged += 1
                return
            try:
                status, answer = request(port, "POST", "/thoughts", body,
                                         {"Content-Type": "application/json", "Idempotency-Key": key})
            except (OSError, http.client.HTTPException) as e:
                tally.answer(f"connection: {type(e).__name__}")
                time.sleep(0.05)
                continue
            if status == 201:
                tally.answer("201")
                tally.ack(key, json.loads(answer)["id"])
                break
            try:
                code = json.loads(answer).get("code", "?")
            except ValueError:
                code = "not a problem body"
            tally.answer(f"{status} {code}")
            if status < 500 and status != 429:
                print(f"writer {n}: {key} refused: {status} {answer[:200]!r}", file=sys.stderr)
                tally.unacknowledged += 1
                break
            time.sleep(0.05)
        seq += 1


def observer(ports, notes, stop):
    while not stop.is_set():
        for port in ports:
            try:
                status, note = request(port, "GET", "/log/checkpoint", timeout=2)
                if status == 200:
                    notes.add(note.decode())
            except (OSError, http.client.HTTPException):
                pass
        time.sleep(0.1)


def note_size_root(note):
    lines = note.split("\n")
    return int(lines[1]), base64.b64decode(lines[2])


# RFC 9162 §2.1.4.2: verifying a consistency proof.
def verify_consistency(first, second, first_root, second_root, proof):
    if first == second:
        return not proof and first_root == second_root
    if first == 0:
        return not proof
    if not proof:
        return False
    node = lambda a, b: hashlib.sha256(b"\x01" + a + b).digest()
    if first & (first - 1) == 0:  # a power of two: first_root starts the path
        proof = [first_root] + proof
    fn, sn = first - 1, second - 1
    while fn & 1:
        fn >>= 1
        sn >>= 1
    fr = sr = proof[0]
    for c in proof[1:]:
        if sn == 0:
            return False
        if fn & 1 or fn == sn:
            fr = node(c, fr)
            sr = node(c, sr)
            while fn & 1 == 0 and fn != 0:
                fn >>= 1
                sn >>= 1
        else:
            sr = node(sr, c)
        fn >>= 1
        sn >>= 1
    return fr == first_root and sr == second_root and sn == 0


def audit(port, notes, tally, binary, database_url, fsck_flags):
    problems = []
    records, after = [], None
    while True:
        path = "/thoughts?limit=1000" + (f"&after={after}" if after else "")
        status, body = request(port, "GET", path, timeout=60)
        page = json.loads(body)
        records.extend(page["records"])
        after = page.get("next")
        if not after:
            break
    if [r["log_index"] for r in records] != list(range(len(records))):
        problems.append("the log is not dense")
    by_id = {r["id"] for r in records}
    made = Counter(r["content"] for r in records if r["content"].startswith("soak-"))
    duplicates = sum(n - 1 for n in made.values() if n > 1)
    lost = [k for k, rid in tally.acknowledged.items() if rid not in by_id]
    for task in sorted({r["task_id"] for r in records}):
        status, body = request(port, "GET", f"/tasks/{task}/verify", timeout=60)
        if status != 200 or not json.loads(body).get("valid"):
            problems.append(f"task {task} does not verify: {body[:200]!r}")
    final_size, final_root = note_size_root(request(port, "GET", "/log/checkpoint")[1].decode())
    seen = {}
    forks = 0
    for note in notes:
        size, root = note_size_root(note)
        if seen.setdefault(size, root) != root:
            forks += 1
            continue
        if size > final_size:
            forks += 1
            continue
        if size == 0:
            continue  # the empty tree is a prefix of every log (RFC 9162 has no proof from it)
        status, body = request(port, "GET",
                               f"/log/proof/consistency?first={size}&second={final_size}", timeout=60)
        proof = json.loads(body) if status == 200 else {}
        ok = status == 200 and verify_consistency(
            size, final_size, root, final_root, [bytes.fromhex(h) for h in proof["proof"]])
        if not ok:
            forks += 1
            problems.append(f"the checkpoint of size {size} is not consistent with the log of {final_size}")
    return records, lost, duplicates, forks, problems


def fill(folder):
    """Fills the filesystem of `folder`; the filler's path."""
    path = os.path.join(folder, "filler")
    with open(path, "wb", buffering=0) as f:
        for chunk in (1 << 20, 4096, 1):
            block = b"f" * chunk
            try:
                while f.write(block):
                    pass
            except OSError:
                pass
    return path


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--binary", required=True)
    p.add_argument("--backend", choices=["sqlite", "postgres"], default="sqlite")
    p.add_argument("--seconds", type=float, default=60)
    p.add_argument("--writers", type=int, default=8)
    p.add_argument("--postgres", help="a server URL: a fresh database is made on it")
    p.add_argument("--replicas", type=int, default=2)
    args = p.parse_args()

    work = tempfile.mkdtemp(prefix="decision-trail-soak-")
    mounted = False
    services, faults = [], []
    if args.backend == "sqlite":
        data = os.path.join(work, "data")
        os.mkdir(data)
        mounted = os.geteuid() == 0 and subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=256m", "tmpfs", data]).returncode == 0
        if not mounted:
            print("soak: no tmpfs (needs root): the full-disk faults are skipped", file=sys.stderr)
        database_url = f"sqlite://{data}/trail.db"
        services.append(Service(args.binary, database_url, [], os.path.join(work, "service.log")))
    else:
        if not args.postgres:
            sys.exit("--backend postgres needs --postgres URL")
        name = f"soak_{os.getpid()}_{int(time.time())}"
        subprocess.run(["psql", args.postgres, "-qc", f'CREATE DATABASE "{name}"'], check=True)
        base = args.postgres.split("?")[0].rsplit("/", 1)[0]
        database_url = f"{base}/{name}"
        key = os.path.join(work, "log.key")
        with open(os.open(key, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w") as f:
            subprocess.run([args.binary, "log", "key"], stdout=f, stderr=subprocess.DEVNULL, check=True)
        for i in range(args.replicas):
            flags = ["--signing-key-file", key, "--checkpoint-file", os.path.join(work, f"copy-{i}.ndjson"),
                     "--new-checkpoint-copy"]
            services.append(Service(args.binary, database_url, flags, os.path.join(work, f"replica-{i}.log")))
    for s in services:
        if not s.start():
            sys.exit(f"soak: the service did not start; its log: {s.log.name}")
    ports = [s.port for s in services]

    def restart(s, note):
        s.kill()
        if not s.start():
            raise SystemExit(f"soak: the service did not start again after {note}; its log: {s.log.name}")

    def disk_full(hold):
        path = fill(data)
        time.sleep(hold)
        os.remove(path)

    def disk_full_and_killed():
        path = fill(data)
        time.sleep(1)
        services[0].kill()
        os.remove(path)
        restart(services[0], "a kill while its disk was full")

    def frozen(s, seconds):
        s.signal(signal.SIGSTOP)
        time.sleep(seconds)
        s.signal(signal.SIGCONT)

    def pg_restart():
        subprocess.run(["sh", "-c", os.environ["PG_STOP"]], check=True, stdout=subprocess.DEVNULL)
        time.sleep(0.5)
        subprocess.run(["sh", "-c", os.environ["PG_START"]], check=True, stdout=subprocess.DEVNULL)

    if args.backend == "sqlite":
        faults = [("SIGKILL and restart", lambda: restart(services[0], "SIGKILL"))]
        if mounted:
            faults.append(("disk full for 3 s", lambda: disk_full(3)))
        faults.append(("SIGSTOP for 4 s", lambda: frozen(services[0], 4)))
        if mounted:
            faults.append(("disk full, SIGKILL, space freed, restart", disk_full_and_killed))
        faults.append(("SIGKILL and restart", lambda: restart(services[0], "SIGKILL")))
    else:
        faults = [("a replica SIGKILLed and restarted", lambda: restart(services[0], "SIGKILL")),
                  ("a replica SIGSTOPped for 4 s", lambda: frozen(services[-1], 4))]
        if os.environ.get("PG_STOP") and os.environ.get("PG_START"):
            faults.append(("PostgreSQL restarted (fast)", pg_restart))
        else:
            print("soak: PG_STOP/PG_START not set: PostgreSQL is not restarted", file=sys.stderr)
        faults.append(("a replica SIGKILLed and restarted", lambda: restart(services[-1], "SIGKILL")))

    tally, notes, stop = Tally(), set(), threading.Event()
    drain_until = [float("inf")]
    threads = [threading.Thread(target=writer, args=(i, ports, tally, stop, drain_until))
               for i in range(args.writers)]
    threads.append(threading.Thread(target=observer, args=(ports, notes, stop)))
    for t in threads:
        t.start()
    gap = args.seconds / (len(faults) + 1)
    try:
        for name, fault in faults:
            time.sleep(gap)
            print(f"soak: {time.monotonic() - tally.started:6.1f} s  {name}", file=sys.stderr)
            fault()
        time.sleep(gap)
    except BaseException:
        for s in services:
            s.kill()
        if mounted:
            subprocess.run(["umount", "-l", data])
        raise
    finally:
        drain_until[0] = time.monotonic() + 20
        stop.set()
        for t in threads:
            t.join()

    records, lost, duplicates, forks, problems = audit(ports[0], notes, tally, args.binary, database_url, [])
    for s in services:
        s.stop()
    fsck = subprocess.run([args.binary, "fsck", database_url],
                          capture_output=True, text=True)
    if fsck.returncode != 0:
        problems.append(f"fsck: {fsck.stdout}{fsck.stderr}")
    if mounted:
        subprocess.run(["umount", "-l", data])
    server_errors = {k: v for k, v in tally.answers.items() if k.startswith("5")}
    internal = sum(v for k, v in server_errors.items() if k.startswith("500"))
    summary = {
        "backend": args.backend,
        "seconds": args.seconds,
        "faults": [name for name, _ in faults],
        "acknowledged": len(tally.acknowledged),
        "present": len(tally.acknowledged) - len(lost),
        "lost": len(lost),
        "duplicates": duplicates,
        "forks": forks,
        "records": len(records),
        "checkpoints_seen": len(notes),
        "never_acknowledged": tally.unacknowledged,
        "answers": dict(sorted(tally.answers.items())),
        "longest_outage_s": round(tally.longest_outage, 2),
    }
    print(json.dumps(summary, indent=2))
    for problem in problems:
        print(f"soak: {problem}", file=sys.stderr)
    failed = lost or duplicates or forks or internal or problems or tally.unacknowledged
    print(f"soak ({args.backend}): {'FAILED' if failed else 'passed'}: "
          f"{len(tally.acknowledged)} acknowledged, {len(lost)} lost, {forks} forks, "
          f"{duplicates} duplicates, {internal} answers 500; logs in {work}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
