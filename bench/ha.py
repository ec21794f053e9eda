#!/usr/bin/env python3
"""PostgreSQL high availability, on one machine, against the real binary.

Two PostgreSQL 15 nodes managed by Patroni (etcd as its store, synchronous
mode: a failover goes only to the synchronous standby), HAProxy in front
sending connections to whichever node Patroni's REST API calls the primary,
and two service replicas on HAProxy's address under a load of appends with
idempotency keys (retried with the same key until answered 201, as a client
does). The primary's node dies (Patroni and the postmaster, SIGKILL); the
standby is promoted; the load goes on. The old node comes back as a standby
(pg_rewind), and its peer dies in turn. At the end: every acknowledged record
is present exactly once, the log is dense, every checkpoint a client saw is
consistent with the final one, `fsck` and `verify --url` pass. Prints the
outage of each failover (seconds without a 201). Last, the standby made
asynchronous stops receiving (its WAL receiver frozen, then killed), the
primary signs past it and dies, and the standby is promoted by hand outside
Patroni: every replica is refused at start on it, naming what was signed,
and nothing is signed on it past what it holds.

    python3 bench/ha.py --binary target/debug/decision-trail [--seconds 8]

Needs Debian's patroni, etcd-server, haproxy and postgresql-15, and root (the
nodes run as the `postgres` user).
"""

import argparse
import json
import os
import pwd
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import soak  # noqa: E402  (its writers, observer and audit)

PG_BIN = "/usr/lib/postgresql/15/bin"


def log(*what):
    print("ha:", *what, flush=True)


def wait_for(what, check, seconds=90):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if check():
                return
        except (OSError, ValueError, KeyError):
            pass
        time.sleep(0.2)
    raise SystemExit(f"ha: timed out waiting for {what}")


def rest(port, path):
    status, body = soak.request(port, "GET", path, timeout=2)
    return status, json.loads(body) if body else {}


class Node:
    """One PostgreSQL node and the Patroni that runs it."""

    def __init__(self, folder, name, etcd_port, postgres):
        self.name = name
        self.pg_port = soak.free_port()
        self.rest_port = soak.free_port()
        self.data = os.path.join(folder, name)
        self.config = os.path.join(folder, f"{name}.yml")
        self.log = open(os.path.join(folder, f"{name}.log"), "ab")
        self.postgres = postgres
        self.proc = None
        config = {
            "scope": "decision-trail",
            "name": name,
            "restapi": {"listen": f"127.0.0.1:{self.rest_port}",
                        "connect_address": f"127.0.0.1:{self.rest_port}"},
            "etcd3": {"hosts": f"127.0.0.1:{etcd_port}"},
            "bootstrap": {
                "dcs": {
                    "ttl": 10, "loop_wait": 1, "retry_timeout": 4,
                    "maximum_lag_on_failover": 0,
                    # Fail over only to a synchronous standby: no commit a
                    # client was answered is lost (Patroni's "zero lost
                    # user-visible transactions").
                    "synchronous_mode": True,
                    "postgresql": {
                        "use_pg_rewind": True,
                        "parameters": {
                            "wal_level": "replica", "hot_standby": "on",
                            "wal_log_hints": "on", "max_wal_senders": 10,
                            "max_replication_slots": 10, "max_connections": 200,
                            "synchronous_commit": "on", "fsync": "on",
                        },
                    },
                },
                "initdb": [{"encoding": "UTF8"}, {"auth": "trust"}],
            },
            "postgresql": {
                "listen": f"127.0.0.1:{self.pg_port}",
                "connect_address": f"127.0.0.1:{self.pg_port}",
                "data_dir": self.data,
                "bin_dir": PG_BIN,
                "pgpass": os.path.join(folder, f"{name}.pgpass"),
                "pg_hba": ["local all all trust", "host all all 127.0.0.1/32 trust",
                           "host replication all 127.0.0.1/32 trust"],
                "authentication": {"superuser": {"username": "postgres"},
                                   "replication": {"username": "postgres"},
                                   "rewind": {"username": "postgres"}},
                "parameters": {"unix_socket_directories": folder},
            },
        }
        # JSON is YAML.
        with open(self.config, "w") as f:
            json.dump(config, f)

    def start(self):
        user = pwd.getpwnam(self.postgres)
        self.proc = subprocess.Popen(
            ["patroni", self.config], stdout=self.log, stderr=subprocess.STDOUT,
            user=user.pw_uid, group=user.pw_gid,
            env={"PATH": os.environ["PATH"], "HOME": os.path.dirname(self.data)})

    def role(self):
        status, body = rest(self.rest_port, "/patroni")
        return body.get("role") if status == 200 else None

    def die(self):
        """The machine dies: Patroni and its postmaster, SIGKILL."""
        with open(os.path.join(self.data, "postmaster.pid")) as f:
            postmaster = int(f.readline())
        # Its children too (a WAL sender outlives its postmaster a moment,
        # and would go on streaming).
        ps = subprocess.run(["ps", "-e", "-o", "pid=,ppid="], capture_output=True, text=True)
        children = [int(p) for p, pp in (line.split() for line in ps.stdout.splitlines())
                    if int(pp) == postmaster]
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()
        for pid in [postmaster, *children]:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


def sync_pair(nodes):
    """(leader, sync standby) once Patroni says there are both."""
    status, cluster = rest(nodes[0].rest_port, "/cluster")
    roles = {m["name"]: m["role"] for m in cluster.get("members", [])
             if m.get("state") in ("running", "streaming")}
    leader = [n for n in nodes if roles.get(n.name) == "leader"]
    standby = [n for n in nodes if roles.get(n.name) == "sync_standby"]
    return (leader[0], standby[0]) if leader and standby else None


def timed_writer(port, n, stop, latencies):
    """Appends one after another until `stop`, keeping each 201's latency."""
    i = 0
    while not stop.is_set():
        body = json.dumps({"task_id": f"bench-{n}", "agent_id": "bench", "type": "analysis",
                           "content": f"{n}/{i}"}).encode()
        began = time.monotonic()
        try:
            status, _ = soak.request(port, "POST", "/thoughts", body,
                                     {"Content-Type": "application/json"})
        except OSError:
            status = 0
        if status == 201:
            latencies.append(time.monotonic() - began)
        i += 1


def measure(ports, seconds, writers=16):
    """Appends/s and the latency median and p99 of `writers` closed-loop clients."""
    stop, latencies = threading.Event(), []
    threads = [threading.Thread(target=timed_writer, args=(ports[n % len(ports)], n, stop, latencies))
               for n in range(writers)]
    for t in threads:
        t.start()
    time.sleep(seconds)
    stop.set()
    for t in threads:
        t.join()
    latencies.sort()
    at = lambda q: latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000
    return len(latencies) / seconds, at(0.5), at(0.99)


def as_postgres(user, *command):
    pw = pwd.getpwnam(user)
    return subprocess.run(list(command), user=pw.pw_uid, group=pw.pw_gid,
                          capture_output=True, text=True)


def lagging_standby_promoted_by_hand(nodes, services, binary, postgres_user):
    """An asynchronous standby that stopped receiving, promoted by hand
    after the primary signed past it: no replica signs over it (each is
    refused at start, naming both sizes), and no size has two roots."""
    leader, standby = sync_pair(nodes)
    body = json.dumps({"synchronous_mode": False}).encode()
    soak.request(leader.rest_port, "PATCH", "/config", body, {"Content-Type": "application/json"})
    wait_for("the standby to be asynchronous", lambda: any(
        m.get("role") == "replica" for m in rest(leader.rest_port, "/cluster")[1]["members"]))
    for service in services:
        if not service.start():
            raise SystemExit("ha: a replica did not start again")
    # The standby stops receiving: its WAL receiver is frozen.
    with open(os.path.join(standby.data, "postmaster.pid")) as f:
        postmaster = f.readline().strip()
    ps = subprocess.run(["ps", "-e", "-o", "pid=,ppid=,args="], capture_output=True, text=True)
    receiver = [int(line.split()[0]) for line in ps.stdout.splitlines()
                if line.split()[1] == postmaster and "walreceiver" in line]
    if not receiver:
        raise SystemExit("ha: the standby's WAL receiver was not found")
    os.kill(receiver[0], signal.SIGSTOP)
    for i in range(40):
        status, _ = soak.request(services[i % 2].port, "POST", "/thoughts", json.dumps(
            {"task_id": "after-async", "agent_id": "a", "type": "plan", "content": str(i)}).encode(),
            {"Content-Type": "application/json"})
        if status != 201:
            raise SystemExit(f"ha: an append on the asynchronous primary answered {status}")
    signed = soak.note_size_root(
        soak.request(services[0].port, "GET", "/log/checkpoint")[1].decode())[0]
    for service in services:
        service.stop()
    # The primary's machine dies; the standby is promoted by hand, outside
    # Patroni, behind what was signed.
    leader.die()
    standby.proc.send_signal(signal.SIGKILL)
    standby.proc.wait()
    # What the frozen receiver never read (in its socket's buffers) is gone
    # with it: the standby restarts from what it wrote.
    os.kill(receiver[0], signal.SIGKILL)
    try:
        wait_for("the standby to accept connections again", lambda: as_postgres(
            postgres_user, f"{PG_BIN}/pg_isready", "-h", "127.0.0.1", "-p",
            str(standby.pg_port)).returncode == 0)
        promoted = as_postgres(postgres_user, f"{PG_BIN}/pg_ctl", "promote", "-w", "-D", standby.data)
        if promoted.returncode != 0:
            raise SystemExit(f"ha: pg_ctl promote: {promoted.stderr}")
        direct = f"postgres://postgres@127.0.0.1:{standby.pg_port}/trail"
        psql = [f"{PG_BIN}/psql", direct, "-qAt", "-c"]
        held = int(subprocess.run(psql + ["SELECT count(*) FROM thoughts"], capture_output=True,
                                  text=True, check=True).stdout)
        if held >= signed:
            raise SystemExit(f"ha: the frozen standby holds {held} records, not fewer than {signed}")
        # Every replica, started on it, is refused before it signs anything.
        for service in services:
            service.database_url = direct
            if service.start(wait=30):
                raise SystemExit("ha: a replica started on a database behind what it signed")
            if service.proc.poll() is None:
                service.kill()
                raise SystemExit("ha: a replica neither started nor was refused")
            with open(service.log.name, "rb") as f:
                said = f.read().decode(errors="replace")
            if f"signed {signed}" not in said and str(signed) not in said:
                raise SystemExit(f"ha: the refusal does not name the signed size {signed}")
        top = subprocess.run(psql + ["SELECT coalesce(max(tree_size), 0) FROM checkpoints"],
                             capture_output=True, text=True, check=True).stdout
        if int(top) > held:
            raise SystemExit("ha: a checkpoint past the promoted database's records was signed on it")
    finally:
        as_postgres(postgres_user, f"{PG_BIN}/pg_ctl", "stop", "-m", "fast", "-D", standby.data)
    log(f"asynchronous standby promoted by hand: it holds {held} records, {signed} were signed; "
        "every replica refused to start on it")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--seconds", type=float, default=8, help="load before and after each failover")
    parser.add_argument("--postgres-user", default="postgres")
    parser.add_argument("--measure", type=float, metavar="SECONDS",
                        help="instead of the failovers: appends/s, median and p99 with the "
                             "synchronous standby, then with it asynchronous (3 rounds each, alternated)")
    args = parser.parse_args()
    began = time.monotonic()
    binary = os.path.abspath(args.binary)
    folder = tempfile.mkdtemp(prefix="decision-trail-ha.")
    os.chmod(folder, 0o755)
    shutil.chown(folder, args.postgres_user)
    processes = []
    try:
        etcd_port, peer_port = soak.free_port(), soak.free_port()
        etcd = subprocess.Popen(
            ["etcd", "--name", "e1", "--data-dir", os.path.join(folder, "etcd"),
             "--listen-client-urls", f"http://127.0.0.1:{etcd_port}",
             "--advertise-client-urls", f"http://127.0.0.1:{etcd_port}",
             "--listen-peer-urls", f"http://127.0.0.1:{peer_port}",
             "--initial-advertise-peer-urls", f"http://127.0.0.1:{peer_port}",
             "--initial-cluster", f"e1=http://127.0.0.1:{peer_port}"],
            stdout=open(os.path.join(folder, "etcd.log"), "ab"), stderr=subprocess.STDOUT)
        processes.append(etcd)
        nodes = [Node(folder, name, etcd_port, args.postgres_user) for name in ("pg1", "pg2")]
        nodes[0].start()
        wait_for("the first node to lead", lambda: nodes[0].role() in ("master", "primary"))
        nodes[1].start()
        wait_for("a synchronous standby", lambda: sync_pair(nodes) is not None)
        proxy_port = soak.free_port()
        proxy_config = os.path.join(folder, "haproxy.cfg")
        with open(proxy_config, "w") as f:
            f.write(f"""global
    maxconn 400
defaults
    mode tcp
    timeout connect 2s
    timeout client 30m
    timeout server 30m
    timeout check 1s
listen primary
    bind 127.0.0.1:{proxy_port}
    option httpchk GET /primary
    http-check expect status 200
    default-server inter 500ms fall 2 rise 1 on-marked-down shutdown-sessions
""" + "".join(f"    server {n.name} 127.0.0.1:{n.pg_port} check port {n.rest_port}\n" for n in nodes))
        proxy = subprocess.Popen(["haproxy", "-db", "-f", proxy_config],
                                 stdout=open(os.path.join(folder, "haproxy.log"), "ab"),
                                 stderr=subprocess.STDOUT)
        processes.append(proxy)
        psql = [f"{PG_BIN}/psql", "-h", "127.0.0.1", "-p", str(proxy_port), "-U", "postgres",
                "-v", "ON_ERROR_STOP=1", "-qAt"]
        # HAProxy takes a server for up until its checks say otherwise: wait
        # until every connection it makes reaches the primary.
        def primary_only():
            for _ in range(6):
                out = subprocess.run(psql + ["-c", "SELECT pg_is_in_recovery()"],
                                     capture_output=True, text=True)
                if out.returncode != 0 or out.stdout.strip() != "f":
                    return False
            return True
        wait_for("the proxy to reach the primary alone", primary_only)
        subprocess.run(psql + ["-c", "CREATE DATABASE trail"], check=True)
        database_url = f"postgres://postgres@127.0.0.1:{proxy_port}/trail"
        key = os.path.join(folder, "log.key")
        with open(os.open(key, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w") as f:
            subprocess.run([binary, "log", "key"], stdout=f, stderr=subprocess.DEVNULL, check=True)
        services = []
        for n in range(2):
            flags = ["--signing-key-file", key, "--new-checkpoint-copy",
                     "--checkpoint-file", os.path.join(folder, f"checkpoints-{n}.ndjson")]
            service = soak.Service(binary, database_url, flags, os.path.join(folder, f"service-{n}.log"))
            if not service.start():
                raise SystemExit(f"ha: service {n} did not start (see {folder}/service-{n}.log)")
            services.append(service)
        ports = [s.port for s in services]
        if args.measure:
            leader = sync_pair(nodes)[0]
            results = {"synchronous": [], "asynchronous": []}
            for _ in range(3):
                for mode in results:
                    body = json.dumps({"synchronous_mode": mode == "synchronous"}).encode()
                    soak.request(leader.rest_port, "PATCH", "/config", body,
                                 {"Content-Type": "application/json"})
                    want = "sync_standby" if mode == "synchronous" else "replica"
                    wait_for(f"the standby to be {want}", lambda: any(
                        m.get("role") == want for m in rest(leader.rest_port, "/cluster")[1]["members"]))
                    results[mode].append(measure(ports, args.measure))
            for mode, runs in results.items():
                rates = sorted(r[0] for r in runs)
                p50 = sorted(r[1] for r in runs)
                p99 = sorted(r[2] for r in runs)
                log(f"{mode}: {rates[1]:.0f} appends/s, median {p50[1]:.1f} ms, p99 {p99[1]:.1f} ms "
                    f"(medians of 3 rounds: {', '.join(f'{r:.0f}' for r in rates)} appends/s)")
            for service in services:
                service.stop()
            return
        tally, stop, notes = soak.Tally(), threading.Event(), set()
        drain_until = [float("inf")]
        threads = [threading.Thread(target=soak.writer, args=(n, ports, tally, stop, drain_until))
                   for n in range(8)]
        threads.append(threading.Thread(target=soak.observer, args=(ports, notes, stop)))
        for t in threads:
            t.start()
        outages = []
        for round_ in (1, 2):
            time.sleep(args.seconds)
            leader, standby = sync_pair(nodes)
            acked = len(tally.acknowledged)
            log(f"failover {round_}: {leader.name} dies ({acked} records acknowledged so far)")
            with tally.lock:
                tally.last_ack = time.monotonic()
                tally.longest_outage = 0.0
            leader.die()
            wait_for(f"{standby.name} to be promoted", lambda: standby.role() in ("master", "primary"))
            wait_for("appends to resume", lambda: len(tally.acknowledged) > acked + 20, seconds=120)
            outages.append(tally.longest_outage)
            log(f"failover {round_}: {standby.name} leads; {tally.longest_outage:.1f} s without a 201")
            # The dead node comes back as a standby of the new primary.
            leader.start()
            wait_for(f"{leader.name} to rejoin as the synchronous standby",
                     lambda: sync_pair(nodes) == (standby, leader), seconds=120)
        time.sleep(args.seconds)
        drain_until[0] = time.monotonic() + 30
        stop.set()
        for t in threads:
            t.join()
        records, lost, duplicates, forks, problems = soak.audit(
            ports[0], notes, tally, binary, database_url, [])
        # The monitor's whole audit of the log as served.
        verifier = soak.request(ports[1], "GET", "/log/key")[1].decode().strip()
        monitor = subprocess.run(
            [binary, "verify", "--url", f"http://127.0.0.1:{ports[1]}", "--key", verifier,
             "--state", os.path.join(folder, "monitor.json")],
            capture_output=True, text=True)
        if monitor.returncode != 0:
            problems.append(f"verify --url: {monitor.stdout[-500:]}{monitor.stderr[-500:]}")
        for service in services:
            service.stop()
        fsck = subprocess.run([binary, "fsck", database_url, "--key", key],
                              capture_output=True, text=True)
        if fsck.returncode != 0:
            problems.append(f"fsck: {fsck.stdout[-500:]}{fsck.stderr[-500:]}")
        log(f"records {len(records)}, acknowledged {len(tally.acknowledged)}, lost {len(lost)}, "
            f"duplicates {duplicates}, forks {forks}, unacknowledged {tally.unacknowledged}, "
            f"outages {', '.join(f'{o:.1f} s' for o in outages)}")
        log("answers:", dict(tally.answers))
        if lost or duplicates or forks or problems or tally.answers.get("500 internal"):
            for p in problems:
                log("problem:", p)
            raise SystemExit(f"ha: FAILED (logs in {folder})")
        lagging_standby_promoted_by_hand(nodes, services, binary, args.postgres_user)
        log(f"ok in {time.monotonic() - began:.0f} s")
    finally:
        for n in locals().get("nodes", []):
            if n.proc and n.proc.poll() is None:
                n.proc.terminate()
                try:
                    n.proc.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    n.proc.kill()
        for p in processes:
            p.terminate()
            p.wait()


if __name__ == "__main__":
    main()
