#!/usr/bin/env bash
# The CPU a page costs `scene-host serve`, and its speed against nginx serving the same bytes
# (docs/performance.md, "Web page cost"). A benchmark, not a test: run it by hand.
#
#  1. Starts `serve` (release build) on the demo, makes a session by a first action (as a browser
#     does) and reads the server's CPU time (user + system, /proc/PID/stat) around GETS GETs of the
#     session's current screen (/s/Home/Detail, with its cookie) sent one after another over one
#     keep-alive connection: CPU microseconds per GET. Repeated RUNS times: median, min, max.
#     The same GETs of a second `serve` on the memory store, in runs interleaved with the first's:
#     the GET's cost with the store against the memory store's, and the ratio.
#     Then an action (a form posted from the page shown, answered 303, and the GET it names),
#     interleaved with GETs of the page shown: CPU per action (the pair minus a GET), and action / GET.
#  2. wrk (Debian) --latency at 8 and at 64 connections against that page, then against nginx
#     (Debian) serving the same bytes from a file on another port, alternating, RUNS runs of
#     SECONDS each: requests per second and p99 latency of each, and the ratios.
# Usage: scripts/page-cost.sh [BUILD_DIR] [GETS] [RUNS] [SECONDS] [STORE]   (default .build/release 3000 5 5, serve's
# default session store; STORE is a --session-store value, such as memory)
# Prints each figure with its goal, met or MISSED; exits 0 when it could measure them all.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
umask 022
build="${1:-.build/release}"
gets="${2:-3000}"
runs="${3:-5}"
seconds="${4:-5}"
store="${5:-}"
missing=()
command -v wrk >/dev/null 2>&1 || missing+=(wrk)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx-light)
if [ ${#missing[@]} -gt 0 ]; then apt-get install -y "${missing[@]}"; fi
[ "$build" != ".build/release" ] || swift build -c release --product scene-host
[ "$build" != ".build/release" ] || swift build -c release --product scene-host-worker
[ "$build" != ".build/release" ] || swift build -c release --product scene-host-probe
[ "$build" != ".build/release" ] || swift build -c release --product scene-host-serve
[ "$build" != ".build/release" ] || swift build -c release --product HomeScene
[ "$build" != ".build/release" ] || swift build -c release --product DetailScene
lib="$(cd "$build" && pwd)"

work="$(mktemp -d)"
# serve's default session store (an SQLite file per config) in this run's folder, not the user's state folder.
export XDG_STATE_HOME="$work/state"
unset SCENE_HOST_SESSION_STORE
[ -z "$store" ] || export SCENE_HOST_SESSION_STORE="$store"
chmod 755 "$work"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
export SCENE_HOST_PROBE_CACHE="$work/probes.bin"
sed "s#\.build/debug/#$lib/#" scenes.conf > "$work/scenes.conf"
"$lib/scene-host" serve --config "$work/scenes.conf" --port 0 > "$work/out" 2> "$work/err" &
server=$!
pids+=("$server")
for _ in $(seq 1 300); do grep -q 'http://127' "$work/out" && break; sleep 0.1; done
url="$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$work/out" | head -1)" || { cat "$work/err"; exit 1; }
# The memory store's server beside it, the baseline of the GET's store-check figure (its GETs are
# answered from snapshots with no store to ask), measured in the same run, interleaved.
SCENE_HOST_SESSION_STORE=memory "$lib/scene-host" serve --config "$work/scenes.conf" --port 0 > "$work/out-memory" 2> "$work/err-memory" &
baseline=$!
pids+=("$baseline")
for _ in $(seq 1 300); do grep -q 'http://127' "$work/out-memory" && break; sleep 0.1; done
baseline_url="$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$work/out-memory" | head -1)" || { cat "$work/err-memory"; exit 1; }

python3 - "$url" "$server" "$gets" "$runs" "$work" "$baseline_url" "$baseline" "${store:-sqlite (default)}" <<'PY'
import http.client, re, statistics, sys, urllib.parse
url, pid, gets, runs, work = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
baseline_url, baseline_pid, store_name = sys.argv[6], int(sys.argv[7]), sys.argv[8]
tick = 100  # USER_HZ
def cpu(of=pid):
    fields = open(f"/proc/{of}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / tick
class Client:
    def __init__(self, url):
        self.url = url
        parts = urllib.parse.urlsplit(url)
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    def request(self, method, path, body=None, headers=None):
        self.connection.request(method, path, body=body, headers=headers or {})
        response = self.connection.getresponse()
        return response, response.read()
    def session(self):
        """A session made by a first action, as a browser makes it: its cookie, its screen's path and page."""
        _, start = self.request("GET", "/")
        token = re.search(rb'name="token" value="([0-9a-f]+)"', start).group(1).decode()
        body = f"token={token}&screen=0&field.message=cost&action=tap%3AshowDetail"
        response, _ = self.request("POST", "/", body, {"Origin": self.url, "Content-Type": "application/x-www-form-urlencoded"})
        cookie = response.getheader("Set-Cookie").split(";")[0]
        location = response.getheader("Location")
        _, page = self.request("GET", location, headers={"Cookie": cookie})
        assert b"<h1 id=\"title\"><bdi>Detail</bdi></h1>" in page, page[:300]
        return cookie, location, page
client = Client(url)
request = client.request
cookie, location, page = client.session()
open(f"{work}/page.html", "wb").write(page)
open(f"{work}/cookie", "w").write(cookie + "\n" + location + "\n")
def measure(path, headers, status):
    per_get = []
    for _ in range(runs):
        before = cpu()
        for _ in range(gets):
            response, _ = request("GET", path, headers=headers)
            assert response.status == status, response.status
        per_get.append((cpu() - before) / gets * 1e6)
    return statistics.median(per_get), min(per_get), max(per_get)
# The GET of a session's screen with this store against the memory store's, interleaved runs.
memory = Client(baseline_url)
memory_cookie, memory_location, _ = memory.session()
ours, theirs = [], []
for _ in range(runs):
    before = cpu()
    for _ in range(gets):
        response, _ = request("GET", location, headers={"Cookie": cookie})
        assert response.status == 200, response.status
    ours.append((cpu() - before) / gets * 1e6)
    before = cpu(baseline_pid)
    for _ in range(gets):
        response, _ = memory.request("GET", memory_location, headers={"Cookie": memory_cookie})
        assert response.status == 200, response.status
    theirs.append((cpu(baseline_pid) - before) / gets * 1e6)
ratios = sorted(o / t for o, t in zip(ours, theirs) if t > 0)
if len(ratios) != runs:
    print("page-cost: GET with this store vs the memory store: FAILED (a run measured no CPU)")
    sys.exit(1)
print(f"page-cost: server CPU per GET of a session's screen, store {store_name}: median {statistics.median(ours):.0f} us [{min(ours):.0f}-{max(ours):.0f}]; "
      f"memory store: median {statistics.median(theirs):.0f} us [{min(theirs):.0f}-{max(theirs):.0f}]; "
      f"ratio median {statistics.median(ratios):.2f}x [{ratios[0]:.2f}-{ratios[-1]:.2f}] (goal <= 1.50x: {'met' if statistics.median(ratios) <= 1.5 else 'MISSED'})")
rows = [
    (f"a session's screen, GET {location} with its cookie ({len(page)} bytes): the path users take", location, {"Cookie": cookie}, 200),
    ("extra row: the start page, GET / without a session (through the router and the session registry)", "/", {}, 200),
    ("extra row: a refused Host (421, answered before any session): the HTTP server's own floor", "/", {"Host": "elsewhere.example"}, 421),
]
for label, path, headers, status in rows:
    median, low, high = measure(path, headers, status)
    goal = " (goal <= 150 us)" if path == location else ""
    print(f"page-cost: server CPU per GET, {label}: median {median:.0f} us, min {low:.0f} us, max {high:.0f} us over {runs} runs of {gets}{goal}")

# An action as a browser sends it: the form posted from the page shown (its screen stamp), answered
# 303, and the GET of the page it names. Home: type a message and follow the segue; Detail: back.
# The cookie's secret is replaced by every action, as a browser's cookie jar takes it.
state = {"cookie": cookie, "path": location, "page": page}
def stamp(text):
    return re.search(rb'name="screen" value="([0-9]+)"', text).group(1).decode()
def act():
    on_detail = state["path"].endswith("/Detail")
    fields = "action=back" if on_detail else "field.message=cost&action=tap%3AshowDetail"
    page_token = re.search(rb'name="token" value="([0-9a-f]+)"', state["page"]).group(1).decode()
    body = f"token={page_token}&screen={stamp(state['page'])}&{fields}"
    response, _ = request("POST", state["path"], body, {"Origin": url, "Content-Type": "application/x-www-form-urlencoded", "Cookie": state["cookie"]})
    assert response.status == 303, (response.status, state["path"])
    renewed = response.getheader("Set-Cookie")
    if renewed: state["cookie"] = renewed.split(";")[0]
    state["path"] = response.getheader("Location")
    got, state["page"] = request("GET", state["path"], headers={"Cookie": state["cookie"]})
    assert got.status == 200 and b'role="alert"' not in state["page"], (got.status, state["page"][:300])
actions, pages = [], []
# Interleaved: a run of actions (each POST with its GET), then a run of GETs of the page shown.
for _ in range(runs):
    before = cpu()
    for _ in range(gets):
        act()
    actions.append((cpu() - before) / gets * 1e6)
    before = cpu()
    for _ in range(gets):
        response, _ = request("GET", state["path"], headers={"Cookie": state["cookie"]})
        assert response.status == 200, response.status
    pages.append((cpu() - before) / gets * 1e6)
per_action = [pair - get for pair, get in zip(actions, pages)]
ratios = sorted(a / g for a, g in zip(per_action, pages) if g > 0)
if len(ratios) != runs or min(per_action) <= 0:
    print("page-cost: server CPU per action: FAILED (a run measured no CPU)")
    sys.exit(1)
print(f"page-cost: server CPU per action (a POST answered 303: the POST and its GET, minus a GET, interleaved runs): median {statistics.median(per_action):.0f} us, min {min(per_action):.0f} us, max {max(per_action):.0f} us; "
      f"per GET of the page shown: median {statistics.median(pages):.0f} us; action / GET: median {statistics.median(ratios):.2f}x, min {ratios[0]:.2f}x, max {ratios[-1]:.2f}x "
      f"(goal <= 2.00x: {'met' if statistics.median(ratios) <= 2 else 'MISSED'})")
PY

cookie="$(sed -n 1p "$work/cookie")"
location="$(sed -n 2p "$work/cookie")"
mkdir -p "$work/www"
cp "$work/page.html" "$work/www/page.html"
nginx_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
cat > "$work/nginx.conf" <<CONF
worker_processes 1;
daemon off;
pid $work/nginx.pid;
error_log $work/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log off;
  server {
    listen 127.0.0.1:$nginx_port;
    location / { root $work/www; default_type "text/html; charset=utf-8"; add_header Cache-Control no-store; }
  }
}
CONF
nginx_bin="$(command -v nginx || echo /usr/sbin/nginx)"
"$nginx_bin" -c "$work/nginx.conf" -p "$work" &
pids+=("$!")
sleep 0.5
# wrk --latency, 1 thread, at 8 and at 64 connections: ours and nginx alternating, RUNS runs each;
# requests per second and the p99 latency, medians with min and max. A run with a failed request
# (a socket error, a status that is not 2xx or 3xx) fails the figure.
for connections in 8 64; do
  for run in $(seq 1 "$runs"); do
    wrk -t1 -c"$connections" -d"${seconds}s" --latency -H "Cookie: $cookie" "$url$location" > "$work/wrk-ours-$connections-$run"
    wrk -t1 -c"$connections" -d"${seconds}s" --latency "http://127.0.0.1:$nginx_port/page.html" > "$work/wrk-nginx-$connections-$run"
  done
done
python3 - "$work" "$runs" "$seconds" <<'PY'
import re, statistics, sys
work, runs, seconds = sys.argv[1], int(sys.argv[2]), sys.argv[3]
def seconds_of(text):
    value, unit = re.fullmatch(r"([0-9.]+)(us|ms|s)", text).groups()
    return float(value) * {"us": 1e-6, "ms": 1e-3, "s": 1.0}[unit]
def read(name):
    text = open(f"{work}/{name}").read()
    if "Socket errors" in text or "Non-2xx or 3xx" in text:
        print(f"page-cost: wrk run {name} had failed requests:\n{text}")
        sys.exit(1)
    rate = float(re.search(r"Requests/sec:\s+([0-9.]+)", text).group(1))
    p99 = seconds_of(re.search(r"^\s+99%\s+(\S+)", text, re.M).group(1))
    return rate, p99
def spread(values, scale, unit, digits):
    values = sorted(values)
    return f"{statistics.median(values) * scale:.{digits}f} {unit} [{values[0] * scale:.{digits}f}-{values[-1] * scale:.{digits}f}]"
for connections in (8, 64):
    ours = [read(f"wrk-ours-{connections}-{run}") for run in range(1, runs + 1)]
    theirs = [read(f"wrk-nginx-{connections}-{run}") for run in range(1, runs + 1)]
    ratio = sorted(o[1] / t[1] for o, t in zip(ours, theirs))
    rate = sorted(o[0] / t[0] for o, t in zip(ours, theirs))
    met = statistics.median(ratio) <= 3.0
    print(f"page-cost: wrk 1 thread, {connections} connections, {seconds} s, {runs} runs alternating: "
          f"scene-host serve {spread([o[0] for o in ours], 1, 'req/s', 0)}, p99 {spread([o[1] for o in ours], 1e3, 'ms', 2)}; "
          f"nginx (same bytes) {spread([t[0] for t in theirs], 1, 'req/s', 0)}, p99 {spread([t[1] for t in theirs], 1e3, 'ms', 2)}; "
          f"req/s ours / nginx {statistics.median(rate):.2f}x; p99 ours / nginx {statistics.median(ratio):.2f}x [{ratio[0]:.2f}-{ratio[-1]:.2f}] "
          f"(goal <= 3.00x: {'met' if met else 'MISSED'})")
PY
