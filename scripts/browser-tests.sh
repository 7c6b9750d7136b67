#!/usr/bin/env bash
# Browser tests of `scene-host serve`: headless Chromium (Debian's chromium + chromium-driver)
# driven by Selenium (PyPI) through Tests/Browser/web_flows.py. Installs what is missing, starts
# three servers on free loopback ports, runs the flows, stops the servers with SIGTERM (each must
# exit 0: graceful shutdown) and fails when anything failed.
# Usage: scripts/browser-tests.sh [BUILD_DIR] [SCREENSHOT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-.build/debug}"
shots="${2:-}"
host="$build/scene-host"

if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
  apt-get update
  apt-get install -y chromium chromium-driver
fi
if ! python3 -c 'import selenium' >/dev/null 2>&1; then
  pip install selenium || pip install --break-system-packages selenium
fi
# axe-core's script for the accessibility checks, from its Python wheel (only the script is used: no Playwright).
if ! python3 -c 'import importlib.util, sys; sys.exit(importlib.util.find_spec("axe_playwright_python") is None)' >/dev/null 2>&1; then
  pip install --no-deps axe-playwright-python || pip install --no-deps --break-system-packages axe-playwright-python
fi
# Selenium must use the installed driver, never fetch one.
export SE_OFFLINE=true

work="$(mktemp -d)"
# serve's default session store (an SQLite file per config) in this run's folder, not the user's state folder.
export XDG_STATE_HOME="$work/state"
unset SCENE_HOST_SESSION_STORE
chmod 755 "$work"
export SCENE_HOST_PROBE_CACHE="$work/probes.json"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

lib="$(cd "$build" && pwd)"
# The test fixtures are a package of their own (Tests/Fixtures), built in the same mode as the host.
fixtures="$(scripts/build-fixtures.sh "$(basename "$(cd "$build" && pwd -P)")")"
# The orders flow on SQLite, its database in the scratch folder.
sed "s#\.\./\.build/debug/#$lib/#" examples/orders-stack.conf > "$work/orders-stack.conf"
# The orders app of tabs and panes (examples/orders.conf) in a folder of its own: its database (orders.sqlite beside the
# config) is made and seeded on its first start there, as the stack flows' is, so the flows start from the same orders
# every run and never write the repository's examples folder.
mkdir -p "$work/tabs"
chmod 755 "$work/tabs"
sed "s#\.\./\.build/debug/#$lib/#" examples/orders.conf > "$work/tabs/orders.conf"
# The demo with a copy of Detail's plugin that the flows delete, to make a route fail.
cp "$lib/libDetailScene.so" "$work/libDetailScene.so"
cat > "$work/faulty.conf" <<CONF
initial = "Home"
[plugins.HomeScene]
path = "$lib/libHomeScene.so"
[plugins.DetailScene]
path = "$work/libDetailScene.so"
[[segues]]
from = "Home"
id = "showDetail"
to = "Detail"
CONF

# The Fragile test plugin (scenes that crash or hang on one input) on two scene workers.
cat > "$work/fragile.conf" <<CONF
initial = "FragileHome"
[plugins.Fragile]
path = "$fixtures/libFixtureFragile.so"
[host]
workers = 2
event-timeout = 2
CONF

# The Form test plugin: every form element (text area, secure field, toggles, choice, rows with details, progress).
cat > "$work/form.conf" <<CONF
initial = "LoanForm"
[plugins.Form]
path = "$fixtures/libFixtureForm.so"
CONF

# The Async test plugin: a list loaded in the background, and a counter that changes the screen on its own.
cat > "$work/async.conf" <<CONF
initial = "Shelf"
[plugins.FixtureAsync]
path = "$fixtures/libFixtureAsync.so"
CONF

# The Form test plugin again, from a copy a flow replaces with new builds (`serve --watch`).
mkdir -p "$work/watched"
chmod 755 "$work/watched"
cp "$fixtures/libFixtureForm.so" "$work/watched/libForm.so"
cat > "$work/watch.conf" <<CONF
initial = "LoanForm"
[plugins.Form]
path = "$work/watched/libForm.so"
CONF

# Starts `serve` on a free port (more options after the config); sets `address` once it listens.
address=""
serve() {
  local name="$1" config="$2"
  shift 2
  "$host" serve --config "$config" --port 0 "$@" > "$work/$name.out" 2> "$work/$name.err" &
  pids+=("$!")
  for _ in $(seq 1 300); do
    if grep -qo 'http://127\.0\.0\.1:[0-9]*' "$work/$name.out"; then
      address="$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$work/$name.out" | head -1)"
      return
    fi
    sleep 0.1
  done
  echo "browser-tests: 'serve --config $config' did not start:" >&2
  cat "$work/$name.err" >&2
  exit 1
}
serve demo scenes.conf; demo="$address"
serve orders "$work/orders-stack.conf"; orders="$address"
serve faulty "$work/faulty.conf"; faulty="$address"
serve fragile "$work/fragile.conf"; fragile="$address"
serve form "$work/form.conf"; form="$address"
serve async "$work/async.conf"; async="$address"
serve watch "$work/watch.conf" --watch; watch="$address"
# A flow kills this server's scene workers (SIGKILL, by their process IDs): its pid goes with its address.
serve tabs "$work/tabs/orders.conf"; tabs="$address"; tabs_pid="${pids[-1]}"
# The polyglot example: its C and C++ scenes built by their own Makefiles (scripts/build-c-scenes.sh).
cscenes="$(scripts/build-c-scenes.sh)"
sed -e "s#\.\./\.build/debug/#$lib/#" -e "s#\.\./\.build/c-scenes/#$cscenes/#" examples/polyglot.conf > "$work/polyglot.conf"
serve polyglot "$work/polyglot.conf"; polyglot="$address"

status=0
python3 Tests/Browser/web_flows.py "$demo/" "$orders/" "$faulty/" "$work/libDetailScene.so" "$fragile/" "$form/" "$async/" \
  "$watch/" "$work/watched/libForm.so" "$fixtures/libFixtureForm.so" "$fixtures/libFixtureFormReworded.so" \
  "$tabs/" "$tabs_pid" "$polyglot/" ${shots:+"$shots"} || status=1

# Graceful shutdown: SIGTERM ends each server with exit code 0.
for pid in "${pids[@]}"; do
  kill -TERM "$pid"
  if ! wait "$pid"; then echo "browser-tests: a server did not exit 0 on SIGTERM"; status=1; fi
done
pids=()
exit "$status"
