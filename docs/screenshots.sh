#!/usr/bin/env bash
# Regenerates the README's screenshot of the trail browser (docs/ui-task.png):
# a fresh service on a temporary database, a realistic trail appended over
# the API by docs/screenshots.mjs (an agent planning a train journey: its
# plan, the model's analyses, a tool call and its result, the answer and a
# reflection), the task's page opened in Debian's chromium (playwright-core,
# .ci/browser), verified, and shot at 1100 × 760.
#
#   docs/screenshots.sh             writes docs/ui-task.png
#   OUT=DIR docs/screenshots.sh     writes DIR/ui-task.png (CI checks the script)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-$PWD/target/debug/decision-trail}
[ -x "$BIN" ] || cargo build --locked
# shellcheck source=.ci/browser
source .ci/browser
OUT=${OUT:-$PWD/docs}
mkdir -p "$OUT"

WORK=$(mktemp -d)
PID=""
cleanup() {
    [ -n "$PID" ] && kill "$PID" 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT

"$BIN" serve --listen 127.0.0.1:0 --log-format json --database-url "sqlite://$WORK/trail.db" >"$WORK/log" 2>&1 &
PID=$!
ADDR=""
for _ in $(seq 100); do
    ADDR=$(grep -so '"listen":"[^"]*"' "$WORK/log" | head -1 | cut -d'"' -f4 || true)
    [ -n "$ADDR" ] && break
    sleep 0.1
done
[ -n "$ADDR" ] || { cat "$WORK/log" >&2; exit 1; }
node docs/screenshots.mjs "http://$ADDR" "$OUT"
