#!/usr/bin/env bash
# Search at scale: writes N (default 1,000,000) varied records through the store
# (examples/seed.rs, in process: chained, hashed, logged and indexed as over
# HTTP; it prints that append rate), then serves them with the release binary
# and measures GET /search with hey on loopback, one connection, REQS requests
# per query (10 for the one that reads every record): p50 and p99 per query
# class, and the number of hits each finds (100+: more than a page of 100).
# What it measured: bench/RESULTS.md.
#
#   bench/search.sh                 fill a fresh database, then measure
#   DB=/path/search.db bench/search.sh
#                                   fill that file unless it exists, then
#                                   measure; the file is kept for the next run
#
# Environment: N (1000000), REQS (100), BIN (the service binary).
set -euo pipefail
cd "$(dirname "$0")/.."
N=${N:-1000000}
REQS=${REQS:-100}
ADDR=127.0.0.1:18182

if ! command -v hey >/dev/null 2>&1; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hey >/dev/null
fi
# Given a build (BIN) and a database to search (DB), nothing is built.
if [ -z "${BIN:-}" ] || [ ! -f "${DB:-}" ]; then
    cargo build --release --locked --bin decision-trail --example seed >&2
fi
BIN=${BIN:-target/release/decision-trail}

WORK=$(mktemp -d)
PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$WORK"; }
trap cleanup EXIT

DB=${DB:-$WORK/search.db}
if [ ! -f "$DB" ]; then
    target/release/examples/seed "$DB" "$N"
fi
echo "database: $(du -h "$DB" | cut -f1)"

"$BIN" --listen "$ADDR" --database-url "sqlite://$DB" --rate-limit 0 >"$WORK/service.log" 2>&1 &
PIDS+=($!)
for _ in $(seq 600); do curl -sf "http://$ADDR/readyz" >/dev/null && break; sleep 0.1; done
if ! curl -sf "http://$ADDR/readyz" >/dev/null; then
    echo "the service is not ready:" >&2
    cat "$WORK/service.log" >&2
    exit 1
fi

now() { date +%s.%N; }
printf '%-44s%8s%10s%10s\n' "query" "hits" "p50 ms" "p99 ms"
while IFS='|' read -r name query n; do
    url="http://$ADDR/search?$query"
    hits=$(curl -s "$url&limit=100" | python3 -c '
import json, sys
d = json.load(sys.stdin)
print(str(len(d["hits"])) + ("+" if d["next"] else ""))')
    start=$(now)
    hey -n "${n:-$REQS}" -c 1 -o csv "$url" >"$WORK/q.csv"
    end=$(now)
    python3 - "$(python3 bench/stats.py "$(python3 -c "print($end - $start)")" "$WORK/q.csv")" "$name" "$hits" <<'PY'
import json, sys
s = json.loads(sys.argv[1])
assert s["errors"] == 0, s
print(f"{sys.argv[2]:<44}{sys.argv[3]:>8}{s['p50_ms']:>10.1f}{s['p99_ms']:>10.1f}")
PY
done <<'QUERIES'
rare word (quokka)|q=quokka
common word (cache, ~30%)|q=cache
phrase ("write ahead log", ~1%)|q=%22write%20ahead%20log%22
CJK (数据库, ~5%)|q=%E6%95%B0%E6%8D%AE%E5%BA%93
CJK, two characters (数据)|q=%E6%95%B0%E6%8D%AE
CJK, one character (数: every record read)|q=%E6%95%B0|10
common word in one task|q=cache&task_id=seed-task-7
two words (cache quokka)|q=cache%20quokka
QUERIES
