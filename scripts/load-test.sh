#!/usr/bin/env bash
# Load on `scene-host serve`: 100 concurrent sessions clicking through the orders flow on SQLite
# (Tests/Load/orders_load.py, Python's standard library only), against a server on a free
# loopback port. Fails on any error; reports p50/p99 latency and memory per session (numbers
# go to docs/performance.md by hand, never asserted).
# Usage: scripts/load-test.sh [BUILD_DIR] [SESSIONS] [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-.build/debug}"
lib="$(cd "$build" && pwd)"
work="$(mktemp -d)"
# serve's default session store (an SQLite file per config) in this run's folder, not the user's state folder.
export XDG_STATE_HOME="$work/state"
unset SCENE_HOST_SESSION_STORE
chmod 755 "$work"
export SCENE_HOST_PROBE_CACHE="$work/probes.json"
pid=""
cleanup() {
  if [ -n "$pid" ]; then kill -TERM "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
sed "s#\.\./\.build/debug/#$lib/#" examples/orders-stack.conf > "$work/orders-stack.conf"
# Every simulated user comes from 127.0.0.1: the per-client caps on sessions (the share in use, the rate of new ones) are raised for them.
"$build/scene-host" serve --config "$work/orders-stack.conf" --port 0 --sessions-per-client 100000 --session-burst 100000 --session-rate 100000 > "$work/out" 2> "$work/err" &
pid=$!
for _ in $(seq 1 300); do grep -q 'http://127' "$work/out" && break; sleep 0.1; done
url="$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$work/out" | head -1)" || { cat "$work/err"; exit 1; }
python3 Tests/Load/orders_load.py "$url" "$pid" "${2:-100}" "${3:-3}"
