#!/usr/bin/env python3
"""Load on `scene-host serve` (orders flow): N concurrent browser-like sessions, each clicking
through list -> show -> edit (modal) -> save -> back, ROUNDS times. Loopback only, bounded.
Sessions edit the same three orders, so a Save may meet another session's save of the same
order: EditOrder then stays open with the conflict message and the session saves again (as a
user would); a busy database is retried the same way. Both are counted, neither is an error.

Usage: orders_load.py URL SERVER_PID [SESSIONS] [ROUNDS]
Prints requests, errors, p50/p99 latency and the server's memory per session; exits 1 on any error.
"""
import concurrent.futures
import http.cookiejar
import re
import sys
import threading
import time
import urllib.parse
import urllib.request

URL, PID = sys.argv[1].rstrip("/"), int(sys.argv[2])
SESSIONS = int(sys.argv[3]) if len(sys.argv) > 3 else 100
ROUNDS = int(sys.argv[4]) if len(sys.argv) > 4 else 3
TOKEN = re.compile(r'name="token" value="([0-9a-f]+)"')
SCREEN = re.compile(r'name="screen" value="([0-9]+)"')
ACTION = re.compile(r'<form method="post" action="([^"]+)"')
latencies, errors, lock = [], [], threading.Lock()
retries = {"conflict": 0, "busy": 0}
CONFLICT = "was changed by someone else since you opened it"
BUSY = "the database is busy"


def rss_kib():
    with open(f"/proc/{PID}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


class Session:
    def __init__(self):
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        self.token = None
        self.screen = None
        self.action = "/"

    def request(self, data=None):
        started = time.perf_counter()
        body = None if data is None else urllib.parse.urlencode(data).encode()
        request = urllib.request.Request(URL + (self.action if body else "/"), data=body,
                                         headers={"Origin": URL, "Sec-Fetch-Site": "same-origin"} if body else {})
        with self.opener.open(request, timeout=30) as response:
            page = response.read().decode()
        with lock:
            latencies.append(time.perf_counter() - started)
        match = TOKEN.search(page)
        if match:
            self.token = match.group(1)
        match = SCREEN.search(page)
        if match:
            self.screen = match.group(1)
        match = ACTION.search(page)
        if match:
            self.action = match.group(1)
        return page

    def act(self, action, **fields):
        data = {"token": self.token, "screen": self.screen, "action": action}
        data.update({f"field.{key}": value for key, value in fields.items()})
        return self.request(data)  # posted to the page's own URL; the 303 is followed: the page comes back


def flow(index):
    session = Session()
    try:
        session.request()
        for round_ in range(ROUNDS):
            row = (index + round_) % 3
            page = session.act(f"select:orders:{row}")
            assert "ShowOrder" in page, "not on ShowOrder"
            page = session.act("tap:edit")
            assert 'role="dialog"' in page, "no modal"
            page = session.act("tap:save", quantity=str(1 + (index % 9)))
            for _ in range(100):  # bounded: hot rows under 100 sessions may conflict many times
                kind = "conflict" if CONFLICT in page else "busy" if BUSY in page else None
                if kind is None:
                    break
                with lock:
                    retries[kind] += 1
                page = session.act("tap:save")
            assert "Quantity: " in page, "not back on ShowOrder: %s" % re.findall(r'id="message"[^>]*>([^<]*)', page)
            page = session.act("back")
            assert 'aria-current="page"><bdi>Orders<' in page, "not back on the orders list"
    except Exception as error:  # noqa: BLE001 - every failure counts
        with lock:
            errors.append(f"session {index}: {error!r}")
    return session


def main():
    before = rss_kib()
    with concurrent.futures.ThreadPoolExecutor(max_workers=SESSIONS) as pool:
        started = time.perf_counter()
        list(pool.map(flow, range(SESSIONS)))
        elapsed = time.perf_counter() - started
    after = rss_kib()
    ordered = sorted(latencies)
    p50 = ordered[len(ordered) // 2] * 1000 if ordered else 0
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000 if ordered else 0
    print(f"load: {SESSIONS} sessions x {ROUNDS} rounds: {len(latencies)} requests in {elapsed:.1f} s, {len(errors)} errors")
    print(f"load: saves repeated after a conflict {retries['conflict']}, after a busy database {retries['busy']}")
    print(f"load: latency p50 {p50:.1f} ms, p99 {p99:.1f} ms (each request including its redirect)")
    print(f"load: server memory {before} KiB -> {after} KiB: {(after - before) / SESSIONS:.0f} KiB per session")
    for error in errors[:10]:
        print("load: error:", error)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
