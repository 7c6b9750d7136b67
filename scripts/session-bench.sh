#!/usr/bin/env bash
# Benchmarks of serve's session stores (docs/performance.md, "Sessions kept in a store"), timed from
# outside over loopback on a release build: an action's latency and CPU with the memory, SQLite and
# PostgreSQL stores (ratios to memory, interleaved); rebuilding a 5-deep stack on an instance that
# never saw the session; two instances behind nginx against one. Needs PostgreSQL and nginx
# (apt-get install postgresql nginx). Goals: PostgreSQL action p50 <= 1.5x memory; 5-deep rebuild
# p99 <= 20 ms (the rolling restart's 0 sessions lost and the 0 forms applied twice are the cluster
# tests' assertions, scripts/cluster-tests.sh).
# The scale rows: SCALE_CLIENTS users (50 by default) through nginx as the documented config balances,
# to one SQLite instance, one PostgreSQL instance and two on one PostgreSQL: clicks/s, a click's p50
# and p99, errors, and sessions rebuilt per action applied (goals: two >= 1.0x one; rebuilds <= 2%).
# Usage: scripts/session-bench.sh [RUNS] [ACTIONS] [REBUILD_SESSIONS] [SCALE_SECONDS] [SCALE_CLIENTS]
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
umask 022
runs="${1:-5}"
count="${2:-200}"
rebuilds="${3:-100}"
seconds="${4:-5}"
clients="${5:-50}"
swift build -c release --product scene-host >/dev/null
swift build -c release >/dev/null
build=.build/release
lib="$(cd "$build" && pwd)"
# shellcheck source=scripts/serve-cluster-lib.sh
. scripts/serve-cluster-lib.sh
[ -n "$(nginx_binary)" ] || { echo "session-bench: nginx is not installed (apt-get install nginx)" >&2; exit 2; }
cluster_setup
pg_port="$(scripts/throwaway-postgres.sh start "$work/pg")"
pg="postgresql://postgres@127.0.0.1:$pg_port/postgres"

# The demo, release plugins, with a segue back from Detail to Home: a real 5-deep stack is
# Home › Detail › Home › Detail › Home.
cat > "$work/scenes.conf" <<CONF
initial = "Home"
[plugins.HomeScene]
path = "$lib/libHomeScene.so"
[plugins.DetailScene]
path = "$lib/libDetailScene.so"
[[segues]]
from = "Home"
id = "showDetail"
to = "Detail"
[[segues]]
from = "Detail"
id = "done"
to = "Home"
CONF
"$build/scene-host" check --config "$work/scenes.conf" >/dev/null

address=""
admin=""
pid=""
serve() {
  local name="$1"; shift
  "$build/scene-host" serve --config "$work/scenes.conf" --sessions-per-client 100000 --session-burst 100000 --session-rate 100000 --admin-port 0 "$@" > "$work/$name.out" 2> "$work/$name.err" &
  pid=$!
  pids+=("$pid")
  for _ in $(seq 1 300); do
    if grep -q '(Ctrl-C' "$work/$name.out"; then
      address="$(grep -o 'on http://127\.0\.0\.1:[0-9]* (Ctrl-C' "$work/$name.out" | grep -o 'http://[0-9.:]*' | head -1)"
      admin="$(grep -o 'admin on http://127\.0\.0\.1:[0-9]*' "$work/$name.out" | grep -o 'http://[0-9.:]*' | head -1)"
      return
    fi
    sleep 0.1
  done
  echo "session-bench: $name did not start" >&2; cat "$work/$name.err" >&2; exit 2
}
serve memory --port 0 --session-store memory; memory="$address=$pid"
serve sqlite --port 0 --session-store "sqlite:$work/sessions.sqlite"; sqlite="$address=$pid"; sqlite_a="$address"; sqlite_admin="$admin"
serve postgresql --port 0 --session-store "$pg"; postgresql="$address=$pid"; pg_a="$address"; pg_a_admin="$admin"
echo "bench: $(nproc) cores; $runs runs; $count actions a run per store; each store its own serve, one scene worker each (the demo)"
python3 Tests/Cluster/store_bench.py actions "$runs" "$count" "memory=$memory" "sqlite=$sqlite" "postgresql=$postgresql"

# The floor under the PostgreSQL rows: the claim's statement alone, one client, from pgbench on this
# machine (no host, no HTTP): an action makes two such requests (the claim and the write).
pg_bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
if [ -x "$pg_bin/pgbench" ]; then
  "$pg_bin/psql" -q -h 127.0.0.1 -p "$pg_port" -U postgres -d postgres -c \
    "CREATE TABLE bench_floor (key bytea PRIMARY KEY, state bigint NOT NULL, last_used bigint NOT NULL); INSERT INTO bench_floor VALUES ('\\x01', 0, 0)"
  echo "UPDATE bench_floor SET state = state + 1, last_used = last_used + 1 WHERE key = '\\x01' AND state >= 0 RETURNING state;" > "$work/floor.sql"
  for _ in $(seq 1 "$runs"); do
    "$pg_bin/pgbench" -n -h 127.0.0.1 -p "$pg_port" -U postgres -c 1 -T 2 -f "$work/floor.sql" postgres 2>/dev/null \
      | sed -n 's/^latency average = \([0-9.]*\) ms$/\1/p'
  done | python3 -c 'import sys, statistics; v = [float(x) for x in sys.stdin]; print(f"bench: floor: one PostgreSQL UPDATE round trip (pgbench, 1 client): ms median {statistics.median(v):.3f} (min {min(v):.3f}, max {max(v):.3f})")'
fi

serve sqlite-b --port 0 --session-store "sqlite:$work/sessions.sqlite"; sqlite_b="$address"
serve postgresql-b --port 0 --session-store "$pg"; pg_b="$address"; pg_b_admin="$admin"
echo "bench: rebuild, SQLite (two instances on one file):"
python3 Tests/Cluster/store_bench.py rebuild "$runs" "$rebuilds" "$sqlite_a" "$sqlite_b"
echo "bench: rebuild, PostgreSQL:"
python3 Tests/Cluster/store_bench.py rebuild "$runs" "$rebuilds" "$pg_a" "$pg_b"

# nginx as examples/deploy/nginx.conf balances (a consistent hash of the session cookie's ID), in front of
# one SQLite instance, one PostgreSQL instance, and both PostgreSQL instances: the same proxy each time.
port_sqlite="$(free_port)"
port_one="$(free_port)"
port_two="$(free_port)"
start_nginx "$port_sqlite=${sqlite_a#http://}" "$port_one=${pg_a#http://}" "$port_two=${pg_a#http://},${pg_b#http://}"
echo "bench: scale through nginx ($clients users, $seconds s a run, interleaved):"
python3 Tests/Cluster/store_bench.py scale "$runs" "$seconds" "$clients" "sqlite-one-instance=http://127.0.0.1:$port_sqlite=$sqlite_admin" \
  "postgresql-one-instance=http://127.0.0.1:$port_one=$pg_a_admin" "postgresql-two-instances=http://127.0.0.1:$port_two=$pg_a_admin,$pg_b_admin"
