#!/usr/bin/env bash
# The CPU a page costs `scene-host serve`, and its speed against nginx serving the same bytes
# (docs/performance.md, "Web page cost"). A benchmark, not a test: run it by hand.
#
#  1. Starts `serve` (release build) on the demo, makes a session by a first action (as a browser
#     does) and reads the server's CPU time (user + system, /proc/PID/stat) around GETS GETs of the
#     session's current screen (/s/Home/Detail, with its cookie) sent one after another over one
#     keep-alive connection: CPU microseconds per GET. Repeated RUNS times: median, min, max.
#  2. wrk (Debian) for SECONDS against that page, then against nginx (Debian) serving the same
#     bytes from a file on another port: requests per second of each and the ratio.
# Usage: scripts/page-cost.sh [BUILD_DIR] [GETS] [RUNS] [SECONDS]   (default .build/release 3000 5 5)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
umask 022
build="${1:-.build/release}"
gets="${2:-3000}"
runs="${3:-5}"
seconds="${4:-5}"
missing=()
command -v wrk >/dev/null 2>&1 || missing+=(wrk)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx-light)
if [ ${#missing[@]} -gt 0 ]; then apt-get install -y "${missing[@]}"; fi
[ "$build" != ".build/release" ] || swift build -c release --product scene-host
[ "$build" != ".build/release" ] || swift build -c release --product scene-host-worker
[ "$build" != ".build/release" ] || swift build -c release --product HomeScene
[ "$build" != ".build/release" ] || swift build -c release --product DetailScene
lib="$(cd "$build" && pwd)"

work="$(mktemp -d)"
# serve's default session store (an SQLite file per config) in this run's folder, not the user's state folder.
export XDG_STATE_HOME="$work/state"
unset SCENE_HOST_SESSION_STORE
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

python3 - "$url" "$server" "$gets" "$runs" "$work" <<'PY'
import http.client, re, statistics, sys, urllib.parse
url, pid, gets, runs, work = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
host, port = urllib.parse.urlsplit(url).hostname, urllib.parse.urlsplit(url).port
tick = 100  # USER_HZ
def cpu():
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / tick
connection = http.client.HTTPConnection(host, port, timeout=30)
def request(method, path, body=None, headers=None):
    connection.request(method, path, body=body, headers=headers or {})
    response = connection.getresponse()
    return response, response.read()
_, start = request("GET", "/")
token = re.search(rb'name="token" value="([0-9a-f]+)"', start).group(1).decode()
body = f"token={token}&screen=0&field.message=cost&action=tap%3AshowDetail"
response, _ = request("POST", "/", body, {"Origin": url, "Content-Type": "application/x-www-form-urlencoded"})
cookie = response.getheader("Set-Cookie").split(";")[0]
location = response.getheader("Location")
_, page = request("GET", location, headers={"Cookie": cookie})
assert b"<h1 id=\"title\"><bdi>Detail</bdi></h1>" in page, page[:300]
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
rows = [
    (f"a session's screen, GET {location} with its cookie ({len(page)} bytes): the path users take", location, {"Cookie": cookie}, 200),
    ("extra row: the start page, GET / without a session (through the router and the main actor)", "/", {}, 200),
    ("extra row: a refused Host (421, answered before any session): the HTTP server's own floor", "/", {"Host": "elsewhere.example"}, 421),
]
for label, path, headers, status in rows:
    median, low, high = measure(path, headers, status)
    goal = " (goal <= 150 us)" if path == location else ""
    print(f"page-cost: server CPU per GET, {label}: median {median:.0f} us, min {low:.0f} us, max {high:.0f} us over {runs} runs of {gets}{goal}")
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
rate() { awk '/Requests\/sec/ {print $2}'; }
ours=$(wrk -t1 -c8 -d"${seconds}s" -H "Cookie: $cookie" "$url$location" | tee "$work/wrk-ours" | rate)
theirs=$(wrk -t1 -c8 -d"${seconds}s" "http://127.0.0.1:$nginx_port/page.html" | tee "$work/wrk-nginx" | rate)
python3 -c "import sys; o,t=float(sys.argv[1]),float(sys.argv[2]); print(f'page-cost: wrk 1 thread, 8 connections, ${seconds} s: scene-host serve {o:.0f} requests/s, nginx (same bytes) {t:.0f} requests/s: nginx is {t/o:.1f}x')" "$ours" "$theirs"
