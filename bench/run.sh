#!/usr/bin/env bash
# The bench kit: the release service against the HTTP floor (examples/floor.rs),
# driven by hey on loopback, alternating floor and service in the same run.
# What it measured, and on which build: bench/RESULTS.md.
#
#   bench/run.sh            POST (over 16 tasks and all on one task), GET by id,
#                           list page, receipt: rates, p50/p99, service ÷ floor,
#                           service ÷ peer-node (the Node reference implementation
#                           of the original TypeScript design, from PEER_SRC, when
#                           it is there and node is installed), peak RSS
#                           (ROUNDS=3 rounds, medians)
#   bench/run.sh million    1,000,000 appends in chunks of 100,000: the rate of
#                           each chunk (first vs last) and peak RSS
#   bench/run.sh cores      the service and the floor pinned to N cores
#                           (taskset; N = 1, 2, 4, 8 as the machine allows, hey
#                           on the other cores): POST and page rates per N
#   bench/run.sh otlp       spans/s through POST /v1/traces (protobuf exports of
#                           64 GenAI spans: new spans, from prebuilt bodies each
#                           posted once; and one prebuilt body re-sent by hey, an
#                           exporter's retry, every span replayed) beside
#                           records/s of POST /thoughts (ROUNDS rounds, medians)
#   bench/run.sh ui         the trail browser's server time (p50/p99, one
#                           connection) over RECORDS (1,000,000) records
#                           (examples/seed.rs, 2,000 tasks; DB=PATH keeps the
#                           file): the overview (its first view, which reads
#                           the day's counts, apart), the task list (sorted,
#                           filtered), the agents, a page of a 1,000-record
#                           task (timeline, tree, trace, Verify), its audit
#                           report, and a search page beside GET /search
#   bench/run.sh cpu        CPU per durable 1 KB POST (utime + stime of the
#                           process, from /proc/PID/stat, over the load ÷
#                           requests) of the service and of the floor, their
#                           ratio, beside req/s and p50/p99, and the service's
#                           split by thread (/proc/PID/task: the writer's,
#                           the HTTP runtime's, the search indexer's and the
#                           WAL checkpointer's CPU per POST), the appends per
#                           commit under that load, the same records written
#                           by examples/direct.rs in transactions of that size
#                           (the writer's CPU per POST ÷ direct's per record),
#                           and the durable floor (examples/floor.rs durable:
#                           each answer waits for its group's fdatasync on a
#                           thread of its own) beside the floor (and at the
#                           half-maximum rate below); BINS="A B" runs
#                           several service builds (each on a fresh database)
#                           alternating with the floor in the same run (each
#                           round starting with the next build);
#                           BATCH=100 adds POST /thoughts/batch loads of that
#                           many records a request (16 connections): records/s
#                           and CPU per record ÷ the floor's per request, and
#                           the same records written by examples/direct.rs
#                           (rusqlite, no HTTP): the storage engine's own
#                           records/s, and the batch's ÷ it, and the writer's
#                           CPU per record ÷ direct's. Also:
#                           the search index's lag during each load (from
#                           /metrics every 100 ms: p99, max), and each build's
#                           POST p50/p99 at a fixed offered rate of half its
#                           measured maximum (hey -q), ROUNDS times, each
#                           followed by the floor at the same rate
#   bench/run.sh tail       the append tail: TAIL_POSTS (150,000) 1 KB POSTs
#                           over 16 tasks to each build of BINS in turn (each
#                           on a fresh database), as fast as they go, then at
#                           a fixed offered rate of half that: req/s, CPU per
#                           POST, p50, p99, p99.9 and the longest answer, and
#                           the split (bench/tail.py): the appends past p99 by
#                           what took most of each one's wait, and what the
#                           writer and the work beside it spent time on
#   bench/run.sh verify     the chain-verify path (Criterion: a 200,000-record
#                           chain in a 1,000,000-record file) and the batch path
#                           without HTTP (µs per record)
#
#   BASE_BIN=B bench/run.sh ab
#                           two builds, this one (BIN) and another (BASE_BIN,
#                           e.g. one without a change), alternating on fresh
#                           databases (ROUNDS rounds, each build first in turn):
#                           POST rate over the 16 tasks, p50/p99, and the
#                           service's CPU per request (user + system time of
#                           its process ÷ requests), medians; THIS_ARGS and
#                           BASE_ARGS add flags to each side (BASE_BIN=$BIN
#                           THIS_ARGS=--erasable: erasable appends against
#                           plain ones on one build)
#   DATABASE=postgres bench/run.sh
#                           POST and the 100-record page on SQLite, on PostgreSQL
#                           with one replica and with two (the load split
#                           between them), alternating in one run; PostgreSQL
#                           is a throwaway local cluster (.ci/postgres). On
#                           one replica and on SQLite, also the service's and
#                           PostgreSQL's CPU per POST and the search index's
#                           lag; BATCH=100 adds POST /thoughts/batch loads
#                           (records/s, CPU per record, lag) on both
#
# Environment: ROUNDS (3), POSTS per round (20000), GETS per round (40000),
# BINS (cpu mode: the service builds to alternate; default: BIN),
# SYNC (full; `normal` measures the non-durable option separately), BIN (the
# service binary; default: this tree's release build. Give another build's to
# compare two versions back to back on the same floor), PEER_SRC (peer-node's
# folder: server.mjs, package.json, package-lock.json).
set -euo pipefail
cd "$(dirname "$0")/.."
MODE=${1:-ops}
if [ "${DATABASE:-sqlite}" = postgres ] && [ "$MODE" != ops ]; then
    echo "DATABASE=postgres measures the default mode only (bench/run.sh with no mode)" >&2
    exit 2
fi
ROUNDS=${ROUNDS:-3}
POSTS=${POSTS:-20000}
GETS=${GETS:-40000}
SYNC=${SYNC:-full}
SERVICE=127.0.0.1:18180
FLOOR=127.0.0.1:18181
TASKS=16
CONNS=64

if ! command -v hey >/dev/null 2>&1; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hey >/dev/null
fi
BIN=${BIN:-target/release/decision-trail}
if [ "$MODE" = verify ]; then
    # Criterion prints each figure as time per iteration and throughput (the
    # first run builds the 1,000,000-record file once, under target/tmp). A
    # failed build or run fails the kit, with its output.
    for bench in "chain_verify -- walk_sqlite_200k_of_1m" batch_path; do
        out=$(mktemp)
        # shellcheck disable=SC2086 # the bench name and its filter are two words
        if ! cargo bench --locked --bench $bench >"$out" 2>&1; then cat "$out" >&2; exit 1; fi
        grep -E "^(chain_verify|batch_path)/|thrpt:|time:" "$out" || true
        rm -f "$out"
    done
    exit 0
fi
if [ "$MODE" = ui ]; then
    cargo build --release --locked --bin decision-trail --example seed >&2
    WORK=$(mktemp -d)
    UI_PID=""
    trap '[ -n "$UI_PID" ] && kill "$UI_PID" 2>/dev/null; rm -rf "$WORK"' EXIT
    DB=${DB:-$WORK/ui.db}
    # Through the store in process: chained, hashed, logged and indexed as
    # over HTTP, faster than 1,000,000 POSTs.
    [ -f "$DB" ] || target/release/examples/seed "$DB" "${RECORDS:-1000000}"
    "$BIN" --listen "$SERVICE" --database-url "sqlite://$DB" --rate-limit 0 >"$WORK/service.log" 2>&1 &
    UI_PID=$!
    for _ in $(seq 600); do curl -sf "http://$SERVICE/readyz" >/dev/null && break; sleep 0.1; done
    # A task of 1,000 records (once: a kept DB has it).
    if [ "$(curl -s -o /dev/null -w '%{http_code}' "http://$SERVICE/tasks/bench-ui-1000")" != 200 ]; then
        echo '{"type":"analysis","task_id":"bench-ui-1000","agent_id":"bench","content":"a step of the long task"}' >"$WORK/long.json"
        hey -n 1000 -c 8 -m POST -T application/json -D "$WORK/long.json" "http://$SERVICE/thoughts" >/dev/null
    fi
    echo "database: $(du -h "$DB" | cut -f1), $(curl -s "http://$SERVICE/log/checkpoint" | sed -n 2p) records"
    # The overview's first view reads the last day's counts whole; each
    # view after reads only the records appended since.
    echo "/ui, first view: $(curl -s -o /dev/null -w '%{time_total}' "http://$SERVICE/ui") s"
    printf '%-44s%10s%10s%8s\n' "page" "p50 ms" "p99 ms" "errors"
    for spec in "/ui|500" "/ui/tasks|500" "/ui/tasks?sort=length|200" "/ui/tasks?agent_id=seed-agent-3|200" \
        "/ui/agents|100" "/ui/tasks/bench-ui-1000|500" "/ui/tasks/bench-ui-1000?view=tree|500" \
        "/ui/tasks/bench-ui-1000?view=trace|500" "/ui/tasks/bench-ui-1000?verify=1|200" \
        "/ui/tasks/bench-ui-1000/report|50" "/ui/search?q=cache|200" "/search?q=cache|200"; do
        path=${spec%|*}
        start=$(date +%s.%N)
        hey -n "${spec#*|}" -c 1 -o csv "http://$SERVICE$path" >"$WORK/ui.csv"
        end=$(date +%s.%N)
        python3 - "$(python3 bench/stats.py "$(python3 -c "print($end - $start)")" "$WORK/ui.csv")" "$path" <<'PY'
import json, sys
r = json.loads(sys.argv[1])
print(f"{sys.argv[2]:<44}{r['p50_ms']:>10.1f}{r['p99_ms']:>10.1f}{r['errors']:>8}")
PY
    done
    exit 0
fi
cargo build --release --locked --bin decision-trail --example floor --example direct >&2
# The load generator's cores (bench/run.sh cores pins it); empty: anywhere.
HEY_PIN=()

WORK=$(mktemp -d)
PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$WORK"; }
trap cleanup EXIT

# The service (on a fresh database in $1) and the floor, each run by the
# command prefix in the rest of the arguments (taskset for `cores`).
start_pair() {
    local db=$1; shift
    mkdir -p "$db"
    "$@" "$BIN" --listen "$SERVICE" --database-url "sqlite://$db/trail.db" \
        --sqlite-synchronous "$SYNC" --rate-limit 0 >"$db/service.log" 2>&1 &
    SERVICE_PID=$!; PIDS+=("$SERVICE_PID")
    "$@" target/release/examples/floor "$FLOOR" 2>"$db/floor.log" &
    FLOOR_PID=$!; PIDS+=("$FLOOR_PID")
    for addr in "$SERVICE" "$FLOOR"; do
        for _ in $(seq 100); do curl -sf "http://$addr/healthz" >/dev/null && break; sleep 0.1; done
    done
}
stop_pair() {
    kill "$SERVICE_PID" "$FLOOR_PID" 2>/dev/null || true
    wait "$SERVICE_PID" "$FLOOR_PID" 2>/dev/null || true
}
if [ "$MODE" != cores ] && [ "$MODE" != ab ] && [ "$MODE" != tail ]; then start_pair "$WORK" env; fi

# peer-node as a yardstick, in a copy of its folder (npm ci once).
PEER_SRC=${PEER_SRC:-../shared/bench/peer-node}
PEER=
if [ "$MODE" = ops ] && [ "${DATABASE:-sqlite}" = sqlite ] \
    && [ -f "$PEER_SRC/server.mjs" ] && [ -f "$PEER_SRC/package-lock.json" ] \
    && command -v node >/dev/null && command -v npm >/dev/null \
    && mkdir -p target/peer-node \
    && cp "$PEER_SRC"/server.mjs "$PEER_SRC"/package.json "$PEER_SRC"/package-lock.json target/peer-node/ \
    && { [ -d target/peer-node/node_modules ] || (cd target/peer-node && npm ci --silent >&2); }; then
    PEER=127.0.0.1:18182
    node target/peer-node/server.mjs 18182 "$WORK/peer.db" "$(echo "$SYNC" | tr a-z A-Z)" >"$WORK/peer.log" 2>&1 &
    PIDS+=($!)
    for _ in $(seq 100); do curl -sf "http://$PEER/thoughts?task_id=x&limit=1" >/dev/null && break; sleep 0.1; done
else
    if [ "$MODE" = ops ] && [ "${DATABASE:-sqlite}" = sqlite ]; then
        echo "peer-node is not measured ($PEER_SRC, node or its npm ci is missing)" >&2
    fi
fi

# 1 KB records over 16 tasks: one body file per task. The content is varied
# words (what the search index sees in real records), not one repeated letter.
python3 - "$WORK" "$TASKS" <<'PY'
import json, random, sys
work, tasks = sys.argv[1], int(sys.argv[2])
rng = random.Random(7)
syllables = "ka ro mi te su an el or in da pe lo va ne ti qu ber son tal gen ex ul ri sha".split()
words = ["".join(rng.choice(syllables) for _ in range(rng.randint(2, 4))) for _ in range(2000)]
for i in range(tasks):
    content = ""
    while len(content) < 1000:
        content += rng.choice(words) + " "
    body = {"type": "analysis", "task_id": f"bench-{i:02}", "agent_id": "bench", "content": content[:1000]}
    open(f"{work}/body-{i:02}.json", "w").write(json.dumps(body))
    if i == 0:
        body["task_id"] = "bench-hot"
        open(f"{work}/body-hot.json", "w").write(json.dumps(body))
PY

now() { date +%s.%N; }
elapsed() { python3 -c "print($2 - $1)"; }
peak_rss_mb() { awk '/VmHWM/ {printf "%.1f", $2/1024}' "/proc/$1/status"; }
# CPU used so far, in clock ticks (utime + stime, proc(5)), from a process's or a
# thread's stat file; read past the name's closing parenthesis, which may hold spaces.
stat_ticks() { sed 's/.*) //' "$1" | awk '{print $12 + $13}'; }

# POSTs to $1 spread over the 16 tasks, $CONNS connections: one hey per task.
# $1 may list several addresses (a,b): the tasks are dealt out between them.
post_load() {
    local addrs n=$2 tag=$3 start end pids=() i addr
    IFS=, read -r -a addrs <<<"$1"
    start=$(now)
    for i in $(seq -f %02g 0 $((TASKS - 1))); do
        addr=${addrs[$((10#$i % ${#addrs[@]}))]}
        ${HEY_PIN[@]+"${HEY_PIN[@]}"} hey -n $((n / TASKS)) -c $((CONNS / TASKS)) ${HEY_RATE[@]+"${HEY_RATE[@]}"} \
            -m POST -T application/json -D "$WORK/body-$i.json" -o csv "http://$addr/thoughts" >"$WORK/$tag-$i.csv" &
        pids+=($!)
    done
    wait "${pids[@]}"
    end=$(now)
    python3 bench/stats.py "$(elapsed "$start" "$end")" "$WORK/$tag"-*.csv
}

# POSTs to $1, all to one task ($CONNS connections on one chain).
post_hot() {
    local n=$2 tag=$3 start end
    start=$(now)
    ${HEY_PIN[@]+"${HEY_PIN[@]}"} hey -n "$n" -c "$CONNS" -m POST -T application/json -D "$WORK/body-hot.json" -o csv \
        "http://$1/thoughts" >"$WORK/$tag-hot.csv"
    end=$(now)
    python3 bench/stats.py "$(elapsed "$start" "$end")" "$WORK/$tag-hot.csv"
}

# GETs of $1 ($CONNS connections); with several URLs (a b), each gets an
# equal share of the requests and connections, at once.
get_load() {
    local urls n=$2 tag=$3 start end pids=() k=0 u
    read -r -a urls <<<"$1"
    start=$(now)
    for u in "${urls[@]}"; do
        ${HEY_PIN[@]+"${HEY_PIN[@]}"} hey -n $((n / ${#urls[@]})) -c $((CONNS / ${#urls[@]})) -o csv "$u" >"$WORK/$tag-g$k.csv" &
        pids+=($!); k=$((k + 1))
    done
    wait "${pids[@]}"
    end=$(now)
    python3 bench/stats.py "$(elapsed "$start" "$end")" "$WORK/$tag"-g*.csv
}

if [ "$MODE" = ab ]; then
    : "${BASE_BIN:?BASE_BIN names the build to compare with}"
    ab_round() {
        local who=$1 bin=$2 r=$3 db="$WORK/ab-$1-$3" pid before after out extra
        mkdir -p "$db"
        if [ "$who" = this ]; then extra=${THIS_ARGS:-}; else extra=${BASE_ARGS:-}; fi
        # shellcheck disable=SC2086 # the flags split into words
        "$bin" --listen "$SERVICE" --database-url "sqlite://$db/trail.db" \
            --sqlite-synchronous "$SYNC" --rate-limit 0 $extra >"$db/service.log" 2>&1 &
        pid=$!; PIDS+=("$pid")
        for _ in $(seq 100); do curl -sf "http://$SERVICE/healthz" >/dev/null && break; sleep 0.1; done
        before=$(stat_ticks "/proc/$pid/stat")
        out=$(post_load "$SERVICE" "$POSTS" "ab-$who-$r")
        after=$(stat_ticks "/proc/$pid/stat")
        kill "$pid"; wait "$pid" 2>/dev/null || true
        echo "$who $((after - before)) $out" >>"$WORK/ab"
    }
    for r in $(seq 1 "$ROUNDS"); do
        echo "round $r/$ROUNDS" >&2
        if [ $((r % 2)) = 1 ]; then
            ab_round base "$BASE_BIN" "$r"; ab_round this "$BIN" "$r"
        else
            ab_round this "$BIN" "$r"; ab_round base "$BASE_BIN" "$r"
        fi
    done
    python3 - "$WORK/ab" "$POSTS" "$(getconf CLK_TCK)" "$BIN ${THIS_ARGS:-}" "$BASE_BIN ${BASE_ARGS:-}" <<'PY'
import json, statistics, sys
path, posts, hz, this, base = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5]
rows = {}
for line in open(path):
    who, ticks, data = line.split(" ", 2)
    row = json.loads(data)
    row["cpu_us"] = int(ticks) / hz / posts * 1e6
    rows.setdefault(who, []).append(row)
med = lambda who, k: statistics.median(r[k] for r in rows[who])
print(f"{len(rows['this'])} rounds each, alternating, medians; POST /thoughts (1 KB), 16 tasks, 64 connections, synchronous=full")
print(f"{'build':<8}{'req/s':>9}{'p50 ms':>9}{'p99 ms':>9}{'CPU µs/req':>12}{'errors':>8}")
for who, name in (("base", base), ("this", this)):
    errors = sum(r["errors"] for r in rows[who])
    print(f"{who:<8}{med(who, 'rps'):>9.0f}{med(who, 'p50_ms'):>9.2f}{med(who, 'p99_ms'):>9.2f}{med(who, 'cpu_us'):>12.1f}{errors:>8}  {name}")
print(f"this ÷ base: req/s {med('this', 'rps') / med('base', 'rps'):.3f}, CPU per request {med('this', 'cpu_us') / med('base', 'cpu_us'):.3f}")
PY
    exit 0
fi

# CPU seconds (user + system, all threads) a process has used so far.
cpu_s() { awk -v hz="$(getconf CLK_TCK)" '{printf "%.3f", $1 / hz}' <<<"$(stat_ticks "/proc/$1/stat")"; }
# The same per thread, as JSON {tid: [name, seconds]}: the service names
# its writer `trail-writer`; its HTTP runtime's threads (the workers and
# the blocking pool) are `tokio-rt-worker`.
threads_s() {
    # A thread may end between the listing and the reads: it is skipped.
    local t name ticks
    for t in /proc/"$1"/task/*; do
        name=$(tr ' ' _ 2>/dev/null <"$t/comm") || continue
        ticks=$(stat_ticks "$t/stat" 2>/dev/null) || continue
        [ -n "$name" ] && [ -n "$ticks" ] || continue
        printf '%s %s %s\n' "${t##*/}" "$name" "$ticks"
    done | python3 -c "import json,os,sys
s = {}
for line in sys.stdin:
    tid, name, ticks = line.split()
    s[tid] = [name, int(ticks) / os.sysconf('SC_CLK_TCK')]
print(json.dumps(s))"
}
# CPU seconds the PostgreSQL server's processes have used so far: the
# postmaster of .ci/postgres's cluster (its pid file's first line) and its
# children. A backend that exits during a load takes its CPU with it; the
# service's pool keeps its connections open, so under load none does.
db_cpu_s() {
    local main p t total=0
    main=$(head -1 "$PG_DIR/data/postmaster.pid")
    for p in "$main" $(pgrep -P "$main"); do
        t=$(stat_ticks "/proc/$p/stat" 2>/dev/null) || t=0
        total=$((total + ${t:-0}))
    done
    awk -v hz="$(getconf CLK_TCK)" -v t="$total" 'BEGIN {printf "%.3f", t / hz}'
}
# One POST load against $1 (whose process is $2): hey's summary with the
# process's CPU per request (µs) added, and the writer's and the HTTP
# runtime's shares of it, thread by thread (a thread that ended during
# the load is counted in the process's total only; one that began, from
# zero).
# With a fourth argument, the load is batch_load's: the figures are per
# record (n counts records, rps records/s). With DB_CPU set, the PostgreSQL
# server's CPU over the load is added (db_cpu_us, per request or record).
# The service's appends per commit over the load (from /metrics) are added
# as `group` (none for a floor).
cpu_load() {
    local before after tb ta per=1 db_before=0 db_after=0 groups_before groups_after
    before=$(cpu_s "$2"); tb=$(threads_s "$2"); groups_before=$(commit_sizes "$1")
    if [ -n "${DB_CPU:-}" ]; then db_before=$(db_cpu_s); fi
    # The search index's lag (/metrics), sampled every 100 ms meanwhile
    # (the floor has none: its samples are empty).
    (while :; do
        curl -s "http://$1/metrics" | awk '/^decision_trail_search_index_lag_seconds /{print $2}'
        sleep 0.1
    done) >"$WORK/$3.lag" 2>/dev/null &
    local sampler=$!
    if [ -n "${4:-}" ]; then
        r=$(batch_load "$1" "$POSTS" "$3"); per=$BATCH
    else
        r=$(post_load "$1" "$POSTS" "$3")
    fi
    kill "$sampler" 2>/dev/null; wait "$sampler" 2>/dev/null || true
    after=$(cpu_s "$2"); ta=$(threads_s "$2"); groups_after=$(commit_sizes "$1")
    if [ -n "${DB_CPU:-}" ]; then db_after=$(db_cpu_s); fi
    python3 -c "import json,sys
r = json.loads(sys.argv[1]); r['n'] *= $per; r['rps'] *= $per; n = max(r['n'], 1)
lag = sorted(float(x) for x in open(sys.argv[6]).read().split())
r['lag_p99_s'] = lag[min(len(lag) - 1, int(0.99 * len(lag)))] if lag else None
r['lag_max_s'] = lag[-1] if lag else None
r['cpu_us'] = (float(sys.argv[3]) - float(sys.argv[2])) * 1e6 / n
tb, ta = json.loads(sys.argv[4]), json.loads(sys.argv[5])
def per(name):
    used = sum(s - (tb[tid][1] if tid in tb else 0) for tid, (nm, s) in ta.items() if nm == name)
    return used * 1e6 / n
r['writer_us'], r['workers_us'] = per('trail-writer'), per('tokio-rt-worker')
r['indexer_us'], r['walcheck_us'] = per('trail-indexer'), per('trail-walcheck')
r['sync_us'] = per('floor-sync')
(s0, c0), (s1, c1) = (map(float, g.split()) for g in (sys.argv[9], sys.argv[10]))
if c1 > c0:
    r['group'] = (s1 - s0) / (c1 - c0)
if '${DB_CPU:-}':
    r['db_cpu_us'] = (float(sys.argv[8]) - float(sys.argv[7])) * 1e6 / n
print(json.dumps(r))" "$r" "$before" "$after" "$tb" "$ta" "$WORK/$3.lag" "$db_before" "$db_after" \
        "$groups_before" "$groups_after"
}
# The sum and count of the service at $1's appends per commit
# (decision_trail_append_batch_size); "0 0" for what has no such metric.
commit_sizes() {
    curl -s "http://$1/metrics" 2>/dev/null | awk '
        /^decision_trail_append_batch_size_sum / {s = $2}
        /^decision_trail_append_batch_size_count / {c = $2}
        END {print s + 0, c + 0}'
}
export BATCH=${BATCH:-0}
if [ "$BATCH" -gt 0 ]; then
    # One batch body per task: BATCH copies of its 1 KB record.
    for i in $(seq -f %02g 0 $((TASKS - 1))); do
        python3 -c "import json,sys; b = json.load(open(sys.argv[1]))
print(json.dumps({'records': [b] * int(sys.argv[2])}))" "$WORK/body-$i.json" "$BATCH" >"$WORK/batch-$i.json"
    done
fi
# POSTS records to $1 in batches of BATCH, one connection per task.
batch_load() {
    local n=$2 tag=$3 start end pids=() i
    start=$(now)
    for i in $(seq -f %02g 0 $((TASKS - 1))); do
        hey -n $((n / BATCH / TASKS)) -c 1 -m POST -T application/json \
            -D "$WORK/batch-$i.json" -o csv "http://$1/thoughts/batch" >"$WORK/$tag-$i.csv" &
        pids+=($!)
    done
    wait "${pids[@]}"
    end=$(now)
    python3 bench/stats.py "$(elapsed "$start" "$end")" "$WORK/$tag"-*.csv
}
if [ "${DATABASE:-sqlite}" = postgres ]; then
    # shellcheck source=.ci/postgres
    PG_PORT=${PG_PORT:-55439} source .ci/postgres >&2
    trap 'cleanup; stop_postgres' EXIT
    psql "$DECISION_TRAIL_TEST_POSTGRES" -qc "CREATE DATABASE bench" >&2
    PG_URL=${DECISION_TRAIL_TEST_POSTGRES%/*}/bench
    "$BIN" log key --origin bench/log >"$WORK/pg.key" 2>/dev/null
    REPLICAS=(); REPLICA_PIDS=()
    for n in 1 2; do
        addr=127.0.0.1:$((18190 + n))
        "$BIN" --listen "$addr" --database-url "$PG_URL" --signing-key-file "$WORK/pg.key" \
            --origin bench/log --checkpoint-file "$WORK/pg-$n.ndjson" --rate-limit 0 \
            --read-connections 16 >"$WORK/pg-$n.log" 2>&1 &
        PIDS+=($!); REPLICA_PIDS+=($!)
        for _ in $(seq 100); do curl -sf "http://$addr/healthz" >/dev/null && break; sleep 0.1; done
        REPLICAS+=("$addr")
    done
    for addr in "$SERVICE" "${REPLICAS[0]}"; do
        curl -sf "http://$addr/thoughts" -H 'content-type: application/json' -d @"$WORK/body-01.json" >/dev/null
    done
    page() { echo "http://$1/thoughts?task_id=bench-01&limit=100"; }
    for r in $(seq 1 "$ROUNDS"); do
        echo "round $r/$ROUNDS" >&2
        # One replica's loads also measure the service's CPU, the search
        # index's lag and the PostgreSQL server's CPU (cpu_load).
        echo "post sqlite $(cpu_load "$SERVICE" "$SERVICE_PID" "qs$r")" >>"$WORK/results"
        echo "post pg1 $(DB_CPU=1 cpu_load "${REPLICAS[0]}" "${REPLICA_PIDS[0]}" "q1$r")" >>"$WORK/results"
        echo "post pg2 $(post_load "${REPLICAS[0]},${REPLICAS[1]}" "$POSTS" "q2$r")" >>"$WORK/results"
        if [ "$BATCH" -gt 0 ]; then
            echo "batch sqlite $(cpu_load "$SERVICE" "$SERVICE_PID" "bs$r" batch)" >>"$WORK/results"
            echo "batch pg1 $(DB_CPU=1 cpu_load "${REPLICAS[0]}" "${REPLICA_PIDS[0]}" "b1$r" batch)" >>"$WORK/results"
        fi
        echo "list sqlite $(get_load "$(page "$SERVICE")" $((GETS / 20)) "ls$r")" >>"$WORK/results"
        echo "list pg1 $(get_load "$(page "${REPLICAS[0]}")" $((GETS / 20)) "l1$r")" >>"$WORK/results"
        echo "list pg2 $(get_load "$(page "${REPLICAS[0]}") $(page "${REPLICAS[1]}")" $((GETS / 20)) "l2$r")" >>"$WORK/results"
    done
    python3 - "$WORK/results" <<'PY'
import json, os, statistics, sys
rows = {}
for line in open(sys.argv[1]):
    op, who, data = line.split(" ", 2)
    rows.setdefault((op, who), []).append(json.loads(data))
def med(op, who, key):
    return statistics.median(r[key] for r in rows[(op, who)])
print(f"{len(rows[('post', 'sqlite')])} rounds, medians; hey on loopback, 64 connections; durable commits on both")
print(f"{'operation':<24}{'backend':<22}{'req/s':>9}{'÷ SQLite':>10}{'p50 ms':>9}{'p99 ms':>9}{'errors':>8}")
names = {"post": "POST /thoughts (1 KB)", "list": "GET 100-record page"}
who_names = {"sqlite": "SQLite", "pg1": "PostgreSQL, 1 replica", "pg2": "PostgreSQL, 2 replicas"}
for op in ["post", "list"]:
    base = med(op, "sqlite", "rps")
    for who in ["sqlite", "pg1", "pg2"]:
        rps = med(op, who, "rps")
        errors = sum(r["errors"] for r in rows[(op, who)])
        print(f"{names[op]:<24}{who_names[who]:<22}{rps:>9.0f}{rps / base:>10.2f}{med(op, who, 'p50_ms'):>9.2f}{med(op, who, 'p99_ms'):>9.2f}{errors:>8}")
    print(f"{'':<24}{'2 replicas ÷ 1':<22}{med(op, 'pg2', 'rps') / med(op, 'pg1', 'rps'):>19.2f}")
print("CPU per request (POST) or record (batch), medians: the service's process, and PostgreSQL's server processes;")
print("the search index's lag under each load (/metrics every 100 ms: p99, median of the rounds; max)")
print(f"{'load':<34}{'backend':<22}{'req or records/s':>17}{'service µs':>12}{'PostgreSQL µs':>15}{'lag p99 s':>11}{'max s':>7}")
batch = os.environ.get("BATCH", "0")
for op, label in (("post", "POST /thoughts (1 KB)"), ("batch", f"POST /thoughts/batch of {batch}")):
    for who in ("sqlite", "pg1"):
        if (op, who) not in rows:
            continue
        db = med(op, who, "db_cpu_us") if "db_cpu_us" in rows[(op, who)][0] else None
        lags = [r["lag_p99_s"] for r in rows[(op, who)] if r.get("lag_p99_s") is not None]
        maxes = [r["lag_max_s"] for r in rows[(op, who)] if r.get("lag_max_s") is not None]
        print(f"{label:<34}{who_names[who]:<22}{med(op, who, 'rps'):>17.0f}{med(op, who, 'cpu_us'):>12.1f}"
              f"{'-' if db is None else format(db, '.1f'):>15}"
              f"{'-' if not lags else format(statistics.median(lags), '.2f'):>11}{'-' if not maxes else format(max(maxes), '.2f'):>7}")
PY
    exit 0
fi

if [ "$MODE" = cores ]; then
    CPUS=$(nproc)
    echo "service and floor pinned to N cores (taskset), hey on the others; $CONNS connections, synchronous=$SYNC, $ROUNDS rounds, medians"
    printf '%-6s%12s%14s%8s%10s%12s%10s\n' cores "floor POST" "service POST" ratio "p99 ms" "page req/s" "p99 ms"
    for n in 1 2 4 8; do
        # N cores for the service and at least one for hey; on a 2-core
        # machine N = 2 shares them with hey.
        [ "$n" -lt "$CPUS" ] || { [ "$n" -eq 2 ] && [ "$CPUS" -eq 2 ]; } || continue
        # Started pinned, so the runtime sizes its workers to the N cores,
        # each N on a fresh database.
        start_pair "$WORK/cores-$n" taskset -c "0-$((n - 1))"
        if [ "$n" -lt "$CPUS" ]; then HEY_PIN=(taskset -c "$n-$((CPUS - 1))"); else HEY_PIN=(); fi
        : >"$WORK/cores"
        for r in $(seq 1 "$ROUNDS"); do
            echo "cores $n round $r/$ROUNDS" >&2
            echo "post floor $(post_load "$FLOOR" "$POSTS" "cf$n$r")" >>"$WORK/cores"
            echo "post service $(post_load "$SERVICE" "$POSTS" "cs$n$r")" >>"$WORK/cores"
            echo "list service $(get_load "http://$SERVICE/thoughts?task_id=bench-01&limit=100" $((GETS / 20)) "cl$n$r")" >>"$WORK/cores"
        done
        python3 - "$WORK/cores" "$n" <<'PY'
import json, statistics, sys
rows = {}
for line in open(sys.argv[1]):
    op, who, data = line.split(" ", 2)
    rows.setdefault((op, who), []).append(json.loads(data))
med = lambda op, who, key: statistics.median(r[key] for r in rows[(op, who)])
f, s = med("post", "floor", "rps"), med("post", "service", "rps")
print(f"{sys.argv[2]:<6}{f:>12.0f}{s:>14.0f}{s / f:>8.2f}{med('post', 'service', 'p99_ms'):>10.1f}{med('list', 'service', 'rps'):>12.0f}{med('list', 'service', 'p99_ms'):>10.1f}")
PY
        stop_pair
    done
    exit 0
fi

if [ "$MODE" = otlp ]; then
    # Exports of 64 spans (an invoke_agent root, 63 chat children), protobuf,
    # encoded here by hand: one file per export, each its own trace.
    EXPORTS=$((POSTS / 64))
    python3 - "$WORK/otlp" "$EXPORTS" "$ROUNDS" <<'PY'
import os, struct, sys
out, exports, rounds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
os.makedirs(out, exist_ok=True)
def varint(n):
    b = bytearray()
    while True:
        b.append((n & 0x7F) | (0x80 if n > 0x7F else 0)); n >>= 7
        if not n: return bytes(b)
def field(tag, payload): return varint(tag << 3 | 2) + varint(len(payload)) + payload
def fixed64(tag, n): return varint(tag << 3 | 1) + struct.pack("<Q", n)
def attr(k, v): return field(1, k.encode()) + field(2, field(1, v.encode()))
def kv(k, v): return field(9, attr(k, v))
text = "Compared the two timetables and chose the earliest direct train. " * 4
for r in range(rounds + 1):
    for e in range(exports):
        trace = struct.pack(">QQ", r + 1, e + 1)
        spans = b""
        for i in range(64):
            span = field(1, trace) + field(2, struct.pack(">Q", i + 1))
            if i:
                span += field(4, struct.pack(">Q", 1)) + field(5, b"chat gpt-4o")
                span += kv("gen_ai.operation.name", "chat") + kv("gen_ai.completion", text)
            else:
                span += field(5, b"invoke_agent bench") + kv("gen_ai.operation.name", "invoke_agent")
                span += kv("gen_ai.conversation.id", f"otlp-{r}-{e}")
            span += fixed64(7, 1_700_000_000_000_000_000 + i) + fixed64(8, 1_700_000_000_000_000_000 + i + 1)
            spans += field(2, span)
        resource = field(1, field(1, attr("service.name", "bench")))
        body = field(1, resource + field(2, spans))
        open(f"{out}/r{r}-{e:05}.pb", "wb").write(body)
PY
    # New spans: each prebuilt export posted once, $CONNS at a time.
    otlp_new() {
        python3 - "$SERVICE" "$CONNS" "$1" <<'PY'
import glob, http.client, json, sys, threading, time
addr, conns, prefix = sys.argv[1], int(sys.argv[2]), sys.argv[3]
files = sorted(glob.glob(prefix + "-*.pb")); bodies = [open(f, "rb").read() for f in files]
lock, errors, next_i = threading.Lock(), [0], [0]
def worker():
    c = http.client.HTTPConnection(addr)
    while True:
        with lock:
            i = next_i[0]; next_i[0] += 1
        if i >= len(bodies): return
        c.request("POST", "/v1/traces", bodies[i], {"Content-Type": "application/x-protobuf"})
        r = c.getresponse(); r.read()
        if r.status != 200: errors[0] += 1
start = time.time()
threads = [threading.Thread(target=worker) for _ in range(conns)]
for t in threads: t.start()
for t in threads: t.join()
elapsed = time.time() - start
print(json.dumps({"rps": len(bodies) * 64 / elapsed, "errors": errors[0]}))
PY
    }
    # The retry: one export re-sent (every span replayed), by hey.
    curl -sf "http://$SERVICE/v1/traces" -H 'content-type: application/x-protobuf' \
        --data-binary @"$WORK/otlp/r0-00000.pb" -o /dev/null
    for r in $(seq 1 "$ROUNDS"); do
        echo "round $r/$ROUNDS" >&2
        echo "post service $(post_load "$SERVICE" "$POSTS" "ps$r")" >>"$WORK/results"
        echo "new service $(otlp_new "$WORK/otlp/r$r")" >>"$WORK/results"
        start=$(now)
        ${HEY_PIN[@]+"${HEY_PIN[@]}"} hey -n $((EXPORTS * 4)) -c "$CONNS" -m POST -T application/x-protobuf \
            -D "$WORK/otlp/r0-00000.pb" -o csv "http://$SERVICE/v1/traces" >"$WORK/rt$r.csv"
        retry=$(python3 bench/stats.py "$(elapsed "$start" "$(now)")" "$WORK/rt$r.csv")
        echo "retry service $retry" >>"$WORK/results"
    done
    python3 - "$WORK/results" <<'PY'
import json, statistics, sys
rows = {}
for line in open(sys.argv[1]):
    op, _, data = line.split(" ", 2)
    rows.setdefault(op, []).append(json.loads(data))
med = lambda op, k="rps": statistics.median(r[k] for r in rows[op])
errors = lambda op: sum(r["errors"] for r in rows[op])
print(f"{len(rows['post'])} rounds, medians; loopback, 64 connections")
print(f"POST /thoughts (1 KB):             {med('post'):>9.0f} records/s  errors {errors('post')}")
print(f"POST /v1/traces, new spans:        {med('new'):>9.0f} spans/s    errors {errors('new')}")
# Requests of 64 spans each.
print(f"POST /v1/traces, a retried export: {med('retry') * 64:>9.0f} spans/s    errors {errors('retry')}")
PY
    exit 0
fi

if [ "$MODE" = tail ]; then
    TAIL_POSTS=${TAIL_POSTS:-150000}
    echo "$TAIL_POSTS POSTs /thoughts 1 KB over $TASKS tasks, $CONNS connections, synchronous=$SYNC; each build on a fresh database,"
    echo "first as fast as it goes, then at a fixed offered rate of half that (hey -q); the split from /metrics (bench/tail.py)"
    read -r -a TAIL_BINS <<<"${BINS:-$BIN}"
    k=0
    for b in "${TAIL_BINS[@]}"; do
        db="$WORK/tail-$k"; mkdir -p "$db"
        "$b" --listen "$SERVICE" --database-url "sqlite://$db/trail.db" \
            --sqlite-synchronous "$SYNC" --rate-limit 0 >"$db/service.log" 2>&1 &
        pid=$!; PIDS+=("$pid")
        for _ in $(seq 100); do curl -sf "http://$SERVICE/healthz" >/dev/null && break; sleep 0.1; done
        for load in full half; do
            if [ "$load" = half ]; then
                q=$(python3 -c "import json, sys; print(max(1, round(json.loads(sys.argv[1])['rps'] / 2 / $CONNS)))" "$r")
                HEY_RATE=(-q "$q")
            fi
            curl -s "http://$SERVICE/metrics" >"$db/metrics-$load-0"
            before=$(stat_ticks "/proc/$pid/stat")
            r=$(post_load "$SERVICE" "$TAIL_POSTS" "t$k$load")
            after=$(stat_ticks "/proc/$pid/stat")
            curl -s "http://$SERVICE/metrics" >"$db/metrics-$load-1"
            HEY_RATE=()
            python3 - "$b" "$load" "$r" "$((after - before))" "$(getconf CLK_TCK)" <<'PY'
import json, sys
name, load, r, ticks, hz = sys.argv[1], sys.argv[2], json.loads(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
cpu = ticks / hz / max(r["n"], 1) * 1e6
print(f"{name} ({'as fast as it goes' if load == 'full' else 'half the maximum, offered'}): {r['rps']:.0f} req/s, "
      f"CPU {cpu:.1f} µs/POST, p50 {r['p50_ms']:.1f} ms, p99 {r['p99_ms']:.1f} ms, p99.9 {r['p999_ms']:.1f} ms, "
      f"max {r['max_ms']:.1f} ms, errors {r['errors']}")
PY
            python3 bench/tail.py "$db/metrics-$load-0" "$db/metrics-$load-1" "$(python3 -c "import json, sys; print(json.loads(sys.argv[1])['p99_ms'])" "$r")"
        done
        kill "$pid"; wait "$pid" 2>/dev/null || true
        k=$((k + 1))
    done
    exit 0
fi

if [ "$MODE" = cpu ]; then
    # The durable floor: the floor whose answers also wait for their records'
    # group fdatasync, on a thread of its own (examples/floor.rs).
    DURABLE=127.0.0.1:18183
    mkdir -p "$WORK/floor-durable"
    target/release/examples/floor "$DURABLE" durable "$WORK/floor-durable" 2>"$WORK/floor-durable.log" &
    DURABLE_PID=$!; PIDS+=("$DURABLE_PID")
    for _ in $(seq 100); do curl -sf "http://$DURABLE/healthz" >/dev/null && break; sleep 0.1; done
    read -r -a CPU_BINS <<<"${BINS:-$BIN}"
    CPU_PIDS=(); CPU_ADDRS=()
    k=0
    for b in "${CPU_BINS[@]}"; do
        addr=127.0.0.1:$((18200 + k))
        mkdir -p "$WORK/cpu-$k"
        "$b" --listen "$addr" --database-url "sqlite://$WORK/cpu-$k/trail.db" \
            --sqlite-synchronous "$SYNC" --rate-limit 0 >"$WORK/cpu-$k/service.log" 2>&1 &
        CPU_PIDS+=($!); PIDS+=($!); CPU_ADDRS+=("$addr")
        for _ in $(seq 100); do curl -sf "http://$addr/healthz" >/dev/null && break; sleep 0.1; done
        k=$((k + 1))
    done
    for r in $(seq 1 "$ROUNDS"); do
        echo "round $r/$ROUNDS" >&2
        echo "floor $(cpu_load "$FLOOR" "$FLOOR_PID" "cf$r")" >>"$WORK/cpu"
        echo "fd $(cpu_load "$DURABLE" "$DURABLE_PID" "cfd$r")" >>"$WORK/cpu"
        # Each round starts with the next build, so that no build always
        # runs first (after the floor) or last.
        for j in "${!CPU_BINS[@]}"; do
            k=$(( (j + r - 1) % ${#CPU_BINS[@]} ))
            echo "s$k $(cpu_load "${CPU_ADDRS[$k]}" "${CPU_PIDS[$k]}" "cs$k-$r")" >>"$WORK/cpu"
            if [ "$BATCH" -gt 0 ]; then
                echo "b$k $(cpu_load "${CPU_ADDRS[$k]}" "${CPU_PIDS[$k]}" "cb$k-$r" batch)" >>"$WORK/cpu"
            fi
        done
        if [ "$BATCH" -gt 0 ]; then
            # The storage engine alone: the same records in transactions of
            # BATCH, with rusqlite, no HTTP (examples/direct.rs).
            mkdir -p "$WORK/direct-$r"
            echo "d $(target/release/examples/direct "$WORK/direct-$r" "$POSTS" "$BATCH")" >>"$WORK/cpu"
        fi
        # The storage engine alone in transactions as large as the first
        # build's commits were under this round's POST load.
        group=$(python3 -c "import json, sys
rows = [json.loads(l.split(' ', 1)[1]) for l in open(sys.argv[1]) if l.startswith('s0 ')]
print(max(1, round(rows[-1].get('group', 1))))" "$WORK/cpu")
        mkdir -p "$WORK/direct-g$r"
        echo "g $(target/release/examples/direct "$WORK/direct-g$r" "$POSTS" "$group")" >>"$WORK/cpu"
    done
    # The tail at a fixed offered rate, half the measured maximum (hey -q is
    # per connection: the rate ÷ 64), each build and the floor at its rate in
    # turn, ROUNDS times: one p99 is too noisy a figure on a shared host.
    HALF_Q=()
    for k in "${!CPU_BINS[@]}"; do
        HALF_Q+=("$(python3 -c "import json, statistics, sys
rows = [json.loads(l.split(' ', 1)[1]) for l in open(sys.argv[1]) if l.startswith('s$k ')]
print(max(1, round(statistics.median(r['rps'] for r in rows) / 2 / $CONNS)))" "$WORK/cpu")")
    done
    for r in $(seq 1 "$ROUNDS"); do
        for k in "${!CPU_BINS[@]}"; do
            q=${HALF_Q[$k]}
            HEY_RATE=(-q "$q")
            echo "h$k $(post_load "${CPU_ADDRS[$k]}" "$POSTS" "ch$k-$r" | python3 -c "import json,sys; r = json.load(sys.stdin); r['q'] = $q; print(json.dumps(r))")" >>"$WORK/cpu"
            # The floor at the same offered rate: the p99 the service's is held to.
            echo "hf$k $(post_load "$FLOOR" "$POSTS" "chf$k-$r")" >>"$WORK/cpu"
            # And the durable floor: the tail of any append that waits for an fsync.
            echo "hd$k $(post_load "$DURABLE" "$POSTS" "chd$k-$r")" >>"$WORK/cpu"
            HEY_RATE=()
        done
    done
    rss=(); for p in "${CPU_PIDS[@]}"; do rss+=("$(peak_rss_mb "$p")"); done
    python3 - "$WORK/cpu" "$SYNC" "${CPU_BINS[@]}" -- "${rss[@]}" <<'PY'
import json, os, statistics, sys
args = sys.argv[3:]
bins, rss = args[:args.index("--")], args[args.index("--") + 1:]
rows = {}
for line in open(sys.argv[1]):
    who, data = line.split(" ", 1)
    rows.setdefault(who, []).append(json.loads(data))
med = lambda who, k: statistics.median(r[k] for r in rows[who])
f_cpu, f_rps = med("floor", "cpu_us"), med("floor", "rps")
print(f"synchronous={sys.argv[2]}, {len(rows['floor'])} rounds alternating, medians; POST /thoughts 1 KB over 16 tasks, hey, 64 connections")
print(f"{'build':<34}{'req/s':>8}{'p50 ms':>8}{'p99 ms':>8}{'errors':>7}{'CPU µs/POST':>13}{'÷ floor':>9}"
      f"{'writer µs':>11}{'HTTP µs':>9}{'HTTP ÷ floor':>14}{'RSS MB':>8}")
print(f"{'floor (examples/floor.rs)':<34}{f_rps:>8.0f}{med('floor', 'p50_ms'):>8.1f}{med('floor', 'p99_ms'):>8.1f}"
      f"{sum(r['errors'] for r in rows['floor']):>7}{f_cpu:>13.1f}{1:>9.2f}{'':>11}{med('floor', 'workers_us'):>9.1f}{'':>14}{'':>8}")
details = []  # each build's line under the table
for k, b in enumerate(bins):
    w = f"s{k}"
    print(f"{b[-34:]:<34}{med(w, 'rps'):>8.0f}{med(w, 'p50_ms'):>8.1f}{med(w, 'p99_ms'):>8.1f}"
          f"{sum(r['errors'] for r in rows[w]):>7}{med(w, 'cpu_us'):>13.1f}{med(w, 'cpu_us') / f_cpu:>9.2f}"
          f"{med(w, 'writer_us'):>11.1f}{med(w, 'workers_us'):>9.1f}{med(w, 'workers_us') / f_cpu:>14.2f}{rss[k]:>8}")
    details.append(f"{b[-34:]}: CPU per POST besides the writer and HTTP: search indexer {med(w, 'indexer_us'):.1f} µs, "
                   f"WAL checkpointer {med(w, 'walcheck_us'):.1f} µs; HTTP ÷ the durable floor's HTTP: "
                   f"{med(w, 'workers_us') / med('fd', 'workers_us'):.2f}; appends per commit under the POST load: {med(w, 'group'):.1f}")
print(f"the durable floor (examples/floor.rs durable: each answer waits for its group's fdatasync): {med('fd', 'rps'):.0f} req/s, "
      f"p99 {med('fd', 'p99_ms'):.1f} ms, CPU {med('fd', 'cpu_us'):.1f} µs/POST = {med('fd', 'cpu_us') / f_cpu:.2f} × the floor's "
      f"(HTTP {med('fd', 'workers_us'):.1f}, the syncing thread {med('fd', 'sync_us'):.1f})")
print("\n".join(details))
for k, b in enumerate(bins):
    h, f, q = f"h{k}", f"hf{k}", rows[f"h{k}"][0]["q"]
    ratio = statistics.median(a["p99_ms"] / max(c["p99_ms"], 0.01) for a, c in zip(rows[h], rows[f]))
    print(f"{b[-34:]}: POST at a fixed offered rate of half the maximum ({q * 64} req/s offered, hey -q {q} × 64 connections), "
          f"{len(rows[h])} rounds, medians: {med(h, 'rps'):.0f} req/s, p50 {med(h, 'p50_ms'):.1f} ms, p99 {med(h, 'p99_ms'):.1f} ms, "
          f"errors {sum(r['errors'] for r in rows[h])}; the floor at the same rate: p50 {med(f, 'p50_ms'):.1f} ms, "
          f"p99 {med(f, 'p99_ms'):.1f} ms; p99 ÷ the floor's {ratio:.1f} (median of the rounds' ratios); "
          f"the durable floor at the same rate: p50 {med(f'hd{k}', 'p50_ms'):.1f} ms, p99 {med(f'hd{k}', 'p99_ms'):.1f} ms")
for k, b in enumerate(bins):
    lags = [r['lag_p99_s'] for r in rows[f"s{k}"] if r.get('lag_p99_s') is not None]
    if lags:
        print(f"{b[-34:]}: search index lag under the POST load (sampled every 100 ms from /metrics): "
              f"p99 {statistics.median(lags):.2f} s (median of the rounds), max {max(r['lag_max_s'] for r in rows[f's{k}'] if r.get('lag_max_s') is not None):.2f} s")
g = rows["g"]
print(f"direct SQLite in transactions of {g[-1]['batch']} records (the first build's appends per commit in the last round): "
      f"{med('g', 'rps'):.0f} records/s, CPU {med('g', 'cpu_us'):.1f} µs a record; the first build's writer CPU per POST ÷ it "
      f"(median of the rounds, each against its own round's direct run): "
      f"{statistics.median(s['writer_us'] / d['cpu_us'] for s, d in zip(rows['s0'], g)):.2f}")
print("writer: the trail-writer thread; HTTP: the HTTP runtime's threads (parse, answer, TCP); HTTP ÷ floor: their CPU alone over the floor's whole;")
print("each column is its own median over the rounds, so writer + HTTP need not add up to the total; ratios are of the unrounded medians")
for k in range(1, len(bins)):
    print(f"build {k} ÷ build 0: CPU per POST {med(f's{k}', 'cpu_us') / med('s0', 'cpu_us'):.2f}, req/s {med(f's{k}', 'rps') / med('s0', 'rps'):.2f}")
if "d" in rows:
    print(f"direct SQLite (examples/direct.rs, rusqlite, the same rows, {os.environ['BATCH']} records a transaction, no HTTP): "
          f"{med('d', 'rps'):.0f} records/s, CPU {med('d', 'cpu_us'):.1f} µs a record")
for k, b in enumerate(bins):
    w = f"b{k}"
    if w not in rows:
        continue
    if "d" in rows:
        print(f"{b[-34:]}: batch records/s ÷ direct SQLite's: {med(w, 'rps') / med('d', 'rps'):.2f}")
    print(f"{b[-34:]}: POST /thoughts/batch, {os.environ['BATCH']} records a batch, 16 connections: "
          f"{med(w, 'rps'):.0f} records/s, p50 {med(w, 'p50_ms'):.1f} ms, p99 {med(w, 'p99_ms'):.1f} ms a batch, "
          f"errors {sum(r['errors'] for r in rows[w])}, CPU {med(w, 'cpu_us'):.1f} µs a record = {med(w, 'cpu_us') / f_cpu:.2f} × the floor's per request "
          f"(writer {med(w, 'writer_us'):.1f}, HTTP {med(w, 'workers_us'):.1f}, search indexer {med(w, 'indexer_us'):.1f}, "
          f"WAL checkpointer {med(w, 'walcheck_us'):.1f})")
    if "d" in rows:
        print(f"{b[-34:]}: the writer's CPU a record ÷ direct SQLite's whole: {med(w, 'writer_us') / med('d', 'cpu_us'):.2f}")
PY
    exit 0
fi

if [ "$MODE" = million ]; then
    echo "1,000,000 appends, $CONNS connections over $TASKS tasks, synchronous=$SYNC"
    for chunk in $(seq 1 10); do
        r=$(post_load "$SERVICE" 100000 "m$chunk")
        rm -f "$WORK"/m"$chunk"-*.csv
        echo "chunk $chunk: $r"
        echo "$r" >>"$WORK/chunks.jsonl"
    done
    python3 - "$WORK/chunks.jsonl" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
first, last = rows[0]["rps"], rows[-1]["rps"]
print(f"first 100k: {first}/s  last 100k: {last}/s  last/first: {last/first:.2f}  errors: {sum(r['errors'] for r in rows)}")
# One chunk is noisy on a shared machine: the last half's mean, beside it.
half = rows[len(rows) // 2:]
mean = sum(r["rps"] for r in half) / len(half)
print(f"mean of the last {len(half)} chunks: {mean:.0f}/s = {mean / first:.2f} of the first")
PY
    echo "service peak RSS: $(peak_rss_mb "$SERVICE_PID") MB"
    exit 0
fi

ID=$(curl -sf "http://$SERVICE/thoughts" -H 'content-type: application/json' -d @"$WORK/body-00.json" \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
if [ -n "$PEER" ]; then
    PEER_ID=$(curl -sf "http://$PEER/thoughts" -H 'content-type: application/json' -d @"$WORK/body-00.json" \
        | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
fi
page() { echo "http://$1/thoughts?task_id=bench-01&limit=100"; }
for r in $(seq 1 "$ROUNDS"); do
    echo "round $r/$ROUNDS" >&2
    echo "post floor $(post_load "$FLOOR" "$POSTS" "pf$r")" >>"$WORK/results"
    echo "post service $(post_load "$SERVICE" "$POSTS" "ps$r")" >>"$WORK/results"
    echo "hot service $(post_hot "$SERVICE" "$POSTS" "hs$r")" >>"$WORK/results"
    echo "get floor $(get_load "http://$FLOOR/thoughts/$ID" "$GETS" "gf$r")" >>"$WORK/results"
    echo "get service $(get_load "http://$SERVICE/thoughts/$ID" "$GETS" "gs$r")" >>"$WORK/results"
    echo "list service $(get_load "$(page "$SERVICE")" $((GETS / 20)) "ls$r")" >>"$WORK/results"
    echo "receipt service $(get_load "http://$SERVICE/thoughts/$ID/receipt" "$GETS" "rs$r")" >>"$WORK/results"
    if [ -n "$PEER" ]; then
        # Fewer appends: peer-node is an order of magnitude slower.
        echo "post peer $(post_load "$PEER" $((POSTS / 4)) "pp$r")" >>"$WORK/results"
        echo "hot peer $(post_hot "$PEER" $((POSTS / 4)) "hp$r")" >>"$WORK/results"
        echo "get peer $(get_load "http://$PEER/thoughts/$PEER_ID" "$GETS" "gp$r")" >>"$WORK/results"
        echo "list peer $(get_load "$(page "$PEER")" $((GETS / 20)) "lp$r")" >>"$WORK/results"
    fi
done

python3 - "$WORK/results" "$(peak_rss_mb "$SERVICE_PID")" "$(peak_rss_mb "$FLOOR_PID")" "$SYNC" <<'PY'
import json, statistics, sys
rows = {}
for line in open(sys.argv[1]):
    op, who, data = line.split(" ", 2)
    rows.setdefault((op, who), []).append(json.loads(data))
def med(op, who, key):
    vals = [r[key] for r in rows.get((op, who), [])]
    return statistics.median(vals) if vals else None
def fmt(v, spec):
    return format(v, spec) if v is not None else "-"
print(f"synchronous={sys.argv[4]}, {len(rows[('post', 'service')])} rounds, medians; hey on loopback, 64 connections")
print(f"{'operation':<30}{'floor':>9}{'service':>9}{'÷ floor':>9}{'p50 ms':>8}{'p99 ms':>8}{'errors':>7}{'peer':>8}{'÷ peer':>9}")
names = {"post": "POST /thoughts, 16 tasks", "hot": "POST /thoughts, one task", "get": "GET /thoughts/{id}",
         "list": "GET 100-record page", "receipt": "GET receipt"}
for op in ["post", "hot", "get", "list", "receipt"]:
    s = med(op, "service", "rps")
    f = med(op, "floor", "rps") or (med("post", "floor", "rps") if op == "hot" else None)
    p = med(op, "peer", "rps")
    errors = sum(r["errors"] for r in rows[(op, "service")])
    print(f"{names[op]:<30}{fmt(f, '.0f'):>9}{s:>9.0f}{fmt(s / f if f else None, '.2f'):>9}"
          f"{med(op, 'service', 'p50_ms'):>8.1f}{med(op, 'service', 'p99_ms'):>8.1f}{errors:>7}"
          f"{fmt(p, '.0f'):>8}{fmt(s / p if p else None, '.2f'):>9}")
print(f"one task ÷ 16 tasks: {med('hot', 'service', 'rps') / med('post', 'service', 'rps'):.2f}; "
      f"receipt ÷ GET by id: {med('receipt', 'service', 'rps') / med('get', 'service', 'rps'):.2f}")
print(f"peak RSS: service {sys.argv[2]} MB, floor {sys.argv[3]} MB")
PY
