#!/usr/bin/env bash
# `scene-host serve` as a cluster: two instances on one throw-away PostgreSQL session store behind
# a real nginx (round robin, no ip_hash, no sticky sessions), on loopback ports. Runs the flows of
# Tests/Cluster/cluster_flows.py: one form posted to both instances at once; a row changed in the
# table; the store stopped and started; Chromium clicking through while instance 1 is killed; and
# the orders load while every instance is restarted in turn (a rolling deploy). Prints
# `cluster: N passed, M failed` and fails when anything failed.
# Without PostgreSQL or nginx installed it says so plainly (`cluster: skipped: ...`) and exits 0;
# CI installs both and fails on that line.
# Usage: scripts/cluster-tests.sh [BUILD_DIR] [LOAD_SESSIONS] [LOAD_SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-.build/debug}"
sessions="${2:-40}"
seconds="${3:-20}"
lib="$(cd "$build" && pwd)"

# shellcheck source=scripts/serve-cluster-lib.sh
. scripts/serve-cluster-lib.sh
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  echo "cluster: skipped: PostgreSQL is not installed (apt-get install postgresql)"; exit 0
fi
if [ -z "$(nginx_binary)" ]; then
  echo "cluster: skipped: nginx is not installed (apt-get install nginx)"; exit 0
fi
cluster_setup

pg_port="$(scripts/throwaway-postgres.sh start "$work/pg")"
store="postgresql://postgres@127.0.0.1:$pg_port/postgres"
psql_bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)/psql"
psql=("$psql_bin" -h 127.0.0.1 -p "$pg_port" -U postgres -d postgres -q)

# The orders flow on SQLite (the orders' own database, shared by both instances' workers).
sed "s#\.\./\.build/debug/#$lib/#" examples/orders.conf > "$work/orders.conf"
printf '\n[host]\nevent-timeout = 6\n' >> "$work/orders.conf"

ports=("$(free_port)" "$(free_port)")
admins=("$(free_port)" "$(free_port)")
proxy_port="$(free_port)"

# Starts instance I (0 or 1) on its fixed ports; waits until it listens.
start() {
  local i="$1"
  "$build/scene-host" serve --config "$work/orders.conf" --port "${ports[$i]}" --admin-port "${admins[$i]}" \
    --session-store "$store" --sessions-per-client 100000 --session-burst 100000 --session-rate 100000 --drain-delay 3 > "$work/serve$i.out" 2> "$work/serve$i.err" &
  pids[i]=$!
  for _ in $(seq 1 300); do
    grep -q '(Ctrl-C' "$work/serve$i.out" && return 0
    sleep 0.1
  done
  echo "cluster: instance $i did not start:" >&2; cat "$work/serve$i.err" >&2; exit 1
}
# Stops instance I gracefully (SIGTERM: it drains); it must exit 0.
stop() {
  local i="$1"
  kill -TERM "${pids[$i]}"
  if ! wait "${pids[$i]}"; then echo "cluster: instance $i did not exit 0 on SIGTERM"; return 1; fi
}
start 0
start 1

start_nginx "$proxy_port=127.0.0.1:${ports[0]},127.0.0.1:${ports[1]}"
proxy="http://127.0.0.1:$proxy_port"
a="http://127.0.0.1:${ports[0]}"
b="http://127.0.0.1:${ports[1]}"

passed=0
failed=0
check() {
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
}

check python3 Tests/Cluster/cluster_flows.py same-form "$a" "$b"
check python3 Tests/Cluster/cluster_flows.py tampered "$proxy" "${psql[@]}"
check python3 Tests/Cluster/cluster_flows.py store-down "$a" "http://127.0.0.1:${admins[0]}" \
  "scripts/throwaway-postgres.sh pause $work/pg" "scripts/throwaway-postgres.sh resume $work/pg" 6

if python3 -c 'import selenium' >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then
  export SE_OFFLINE=true
  check python3 Tests/Cluster/cluster_flows.py browser "$proxy" "kill -KILL ${pids[0]}"
  wait "${pids[0]}" 2>/dev/null || true
  start 0
else
  echo "cluster: skipped: browser: Chromium, chromedriver or Selenium is missing (scripts/browser-tests.sh installs them)"
fi

# A rolling deploy under load: each instance drains (SIGTERM), exits 0 and starts again.
python3 Tests/Cluster/cluster_flows.py load "$proxy" "$sessions" 2 "$seconds" > "$work/load.out" 2>&1 &
load=$!
sleep 3
rolling=0
for i in 0 1; do
  stop "$i" || rolling=1
  start "$i"
  sleep 2
done
if wait "$load"; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
cat "$work/load.out"
if [ "$rolling" -ne 0 ]; then failed=$((failed + 1)); echo "cluster: rolling restart failed: an instance did not drain"; else passed=$((passed + 1)); echo "cluster: rolling restart passed"; fi

for i in 0 1; do stop "$i" || failed=$((failed + 1)); done
pids=()
echo "cluster: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
