#!/usr/bin/env bash
# Regenerates the README's screenshots of the trail browser (docs/ui-*.png):
# a fresh service on a temporary database, realistic trails appended by
# docs/screenshots.mjs (an agent planning a train journey over the API, with
# span times: its plan, the model's analyses, a tool call and its result,
# the answer and a reflection; a support agent's OpenTelemetry trace over
# OTLP; three more agents' tasks), then each page opened in Debian's
# chromium (playwright-core, .ci/browser), checked, and shot at 1280 × 800:
# the task (verified), the trace (light and dark), the overview, the tasks,
# the agents, the sessions, the audit report, search and the log.
#
#   docs/screenshots.sh             writes docs/ui-*.png
#   OUT=DIR docs/screenshots.sh     writes DIR/ui-*.png (CI checks the script)
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
