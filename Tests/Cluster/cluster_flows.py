#!/usr/bin/env python3
"""Flows of `scene-host serve` as a cluster: two instances on one PostgreSQL session store behind
nginx (a consistent hash of the session cookie's ID, as examples/deploy/nginx.conf balances: for
locality only, no flow's correctness depends on it), driven by scripts/cluster-tests.sh, which
starts and stops the processes. Each subcommand prints `cluster: NAME passed` or
`cluster: NAME failed: WHY` and exits 0 or 1. Loopback only; every loop is bounded.

  same-form URL_A URL_B          one form posted to both instances at once applies once
  tampered URL PSQL...           a row changed in the table ends that session only, with a notice
  store-down URL ADMIN PAUSE RESUME   the store stopped: actions 503 within the limit, readyz 503; then it resumes
  browser URL KILL               Chromium through nginx, instance 1 killed mid-edit: nothing the user saw is lost
  load URL SESSIONS ROUNDS SECONDS    orders flows through nginx while the script restarts the instances
  locality URL USERS SECONDS LIMIT ADMIN...   orders flows through nginx, every instance up: sessions
                                 rebuilt per action applied (admin /metrics), at most LIMIT ("-": printed only)
  counters ADMIN...              prints the sessions rebuilt and actions applied, summed over the instances
"""
import concurrent.futures
import hashlib
import http.client
import http.cookiejar
import re
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

TOKEN = re.compile(r'name="token" value="([0-9a-f]+)"')
SCREEN = re.compile(r'name="screen" value="([0-9]+)"')
ACTION = re.compile(r'<form method="post" action="([^"]+)"')
ENDED = "Your session ended"
CONFLICT = "was changed by someone else since you opened it"
BUSY = "the database is busy"


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Client:
    """A browser-like client: a cookie jar, the page's token, stamp and form action."""

    def __init__(self, base, follow=True):
        self.base = base.rstrip("/")
        self.jar = http.cookiejar.CookieJar()
        handlers = [urllib.request.HTTPCookieProcessor(self.jar)] + ([] if follow else [NoRedirect()])
        self.opener = urllib.request.build_opener(*handlers)
        self.token = self.screen = self.location = None
        self.action = "/"

    def cookie(self):
        return next((c.value for c in self.jar if c.name == "scene_host_session"), None)

    def read(self, page):
        for pattern, name in ((TOKEN, "token"), (SCREEN, "screen"), (ACTION, "action")):
            match = pattern.search(page)
            if match:
                setattr(self, name, match.group(1))
        return page

    def get(self, path="/"):
        with self.opener.open(self.base + path, timeout=30) as response:
            return self.read(response.read().decode())

    def post(self, fields, path=None, base=None):
        """Posts the page's form (to `base` instead when given); returns (status, page)."""
        data = {"token": self.token, "screen": self.screen}
        data.update(fields)
        target = (base or self.base) + (path or self.action)
        request = urllib.request.Request(target, data=urllib.parse.urlencode(data).encode(),
                                         headers={"Origin": base or self.base, "Sec-Fetch-Site": "same-origin"})
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, self.read(response.read().decode())
        except urllib.error.HTTPError as error:
            self.location = error.headers.get("Location")
            return error.code, error.read().decode()


def passed(name):
    print(f"cluster: {name} passed")
    return 0


def failed(name, why):
    print(f"cluster: {name} failed: {why}")
    return 1


def same_form(url_a, url_b):
    """Two clients with one cookie post the same form to instance A and B at the same moment."""
    first = Client(url_a)
    first.get()
    first.post({"action": "back"}, path="/")
    first.get("/s/ListOrders")
    # B builds the session from the store once (its cache), as a request landing there would.
    second = Client(url_b, follow=False)
    for cookie in first.jar:
        second.jar.set_cookie(cookie)
    second.token, second.screen, second.action = first.token, first.screen, first.action
    second.get("/s/ListOrders")
    statuses, locations, clients = [], [], []
    barrier = threading.Barrier(2)

    def post(base):
        client = Client(base, follow=False)
        for cookie in first.jar:
            client.jar.set_cookie(cookie)
        client.token, client.screen, client.action = first.token, first.screen, first.action
        barrier.wait()
        statuses.append(client.post({"action": "select:orders:1"})[0])
        locations.append(client.location)
        clients.append(client)

    threads = [threading.Thread(target=post, args=(base,)) for base in (url_a, url_b)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    if statuses != [303, 303] or len(set(locations)) != 1:
        return failed("same-form", f"statuses {statuses} to {locations}, expected two 303s to one place")
    # Both answers carry the session's new cookie (the secret changes with every action), as one browser's jar keeps it.
    for client in clients:
        for cookie in client.jar:
            first.jar.set_cookie(cookie)
    page = first.get("/s/ListOrders/ShowOrder")
    crumbs = page.split("<nav", 1)[-1].split("</nav>", 1)[0]
    if 'aria-current="page"><bdi>Order #' not in crumbs or crumbs.count("<li") != 2:
        return failed("same-form", "the action did not apply exactly once")
    return passed("same-form (applied once; both answered with where it went)")


def tampered(url, psql):
    hurt, fine = Client(url), Client(url)
    for client in (hurt, fine):
        client.get()
        status, page = client.post({"action": "select:orders:0"}, path="/")
        if client.cookie() is None:
            return failed("tampered", f"no session from the first action: {status} {page[:300]}")
    # The store's key is the digest of the cookie's ID half (the secret half changes on every action).
    key = hashlib.sha256(hurt.cookie().split(".")[0].encode()).hexdigest()
    subprocess.run(psql + ["-c", f"UPDATE scene_host_sessions SET body = '\\x00ff'::bytea, state = state + 2 WHERE key = '\\x{key}'::bytea"],
                   check=True, capture_output=True, timeout=30)
    page = hurt.get("/s/ListOrders/ShowOrder")
    if "could not be read back" not in page:
        return failed("tampered", "no notice for the damaged session: " + page[:300])
    if "ShowOrder" not in fine.get("/s/ListOrders/ShowOrder"):
        return failed("tampered", "another session was hurt")
    return passed("tampered")


def store_down(url, admin, pause, resume, limit):
    client = Client(url)
    client.get()
    client.post({"action": "select:orders:2"}, path="/")
    client.get("/s/ListOrders/ShowOrder")
    subprocess.run(pause, shell=True, check=True, timeout=60)
    try:
        started = time.monotonic()
        status, page = client.post({"action": "tap:edit"})
        took = time.monotonic() - started
        if status != 503 or took > limit + 1:
            return failed("store-down", f"action answered {status} after {took:.1f} s (limit {limit} s)")
        try:
            urllib.request.urlopen(admin + "/readyz", timeout=10)
            return failed("store-down", "/readyz said ready while the store was down")
        except urllib.error.HTTPError as error:
            if error.code != 503:
                return failed("store-down", f"/readyz answered {error.code}")
    finally:
        subprocess.run(resume, shell=True, check=True, timeout=60)
    for _ in range(50):
        status, page = client.post({"action": "tap:edit"})
        if status in (200, 303) and 'role="dialog"' in page:
            return passed(f"store-down (503 after {took:.1f} s, then resumed)")
        client.get("/s/ListOrders/ShowOrder")
        time.sleep(0.2)
    return failed("store-down", "work did not resume after the store came back")


def browser(url, kill):
    from selenium import webdriver
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    def click(selector):
        """Clicks a button (a form post) and waits until the next page has replaced this one and loaded."""
        page = driver.find_element(By.TAG_NAME, "html")
        driver.find_element(By.CSS_SELECTOR, selector).click()

        def replaced(_driver):
            try:
                page.is_enabled()
                return False
            except WebDriverException:
                return True
        WebDriverWait(driver, 30).until(replaced)
        WebDriverWait(driver, 30).until(lambda d: d.execute_script("return document.readyState") == "complete")

    def body_text():
        WebDriverWait(driver, 30).until(lambda d: d.execute_script("return document.readyState") == "complete")
        return driver.execute_script("return document.body ? document.body.innerText : ''")

    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options)
    try:
        driver.get(url + "/")
        click('button[value="select:orders:1"]')
        click('button[value="tap:edit"]')
        field = driver.find_element(By.ID, "field-customer")
        field.clear()
        field.send_keys("Killed Mid Edit")
        # Instance 1 dies while the user types; the next click lands on whatever answers.
        subprocess.run(kill, shell=True, check=True, timeout=30)
        click('button[value="tap:save"]')
        body = body_text()
        if "Killed Mid Edit" not in body or ENDED in body:
            return failed("browser", "after the kill the save was lost: " + body[:300])
        driver.back()
        driver.refresh()
        driver.forward()
        driver.refresh()
        body = body_text()
        if "Killed Mid Edit" not in body or ENDED in body:
            return failed("browser", "Back, Forward and Reload lost the session: " + body[:300])
        click('button[value="back"]')
        if "Orders" not in driver.title:
            return failed("browser", "Back to ListOrders failed")
        return passed("browser (instance 1 killed mid-edit)")
    finally:
        driver.quit()


def flows(url, sessions, rounds, seconds, warmed=None):
    """Orders flows, one session each, for `rounds` rounds and at least `seconds`; a session is lost when
    its cookie shows the start page's 'session ended'. With `warmed` (called once every session has made
    its first round), the `seconds` count from then. Returns (requests, failures, lost)."""
    lost, failures, requests = [], [], [0]
    lock = threading.Lock()
    deadline = [time.monotonic() + seconds]
    barrier = threading.Barrier(sessions, action=lambda: (warmed(), deadline.__setitem__(0, time.monotonic() + seconds))) if warmed else None

    def flow(index):
        client = Client(url)
        for _ in range(200):
            try:
                client.get()
                break
            except Exception:  # noqa: BLE001 - the instance may be restarting
                time.sleep(0.1)
        round_, waited = 0, barrier is None
        while round_ < rounds or time.monotonic() < deadline[0]:
            step = 0
            try:
                page = client.post({"action": f"select:orders:{(index + round_) % 3}"})[1]
                step = 1
                if ENDED in page:
                    raise LookupError("session ended")
                page = client.post({"action": "tap:edit"})[1]
                page = client.post({"action": "tap:save", "field.quantity": str(1 + index % 9)})[1]
                for _ in range(100):
                    if CONFLICT not in page and BUSY not in page:
                        break
                    page = client.post({"action": "tap:save"})[1]
                page = client.post({"action": "back"})[1]
                if ENDED in page:
                    raise LookupError("session ended")
                with lock:
                    requests[0] += 5
                round_ += 1
            except LookupError:
                with lock:
                    lost.append(index)
                if barrier and round_ == 0:
                    barrier.abort()
                return
            except (urllib.error.URLError, http.client.HTTPException, ConnectionError, TimeoutError) as error:
                with lock:
                    failures.append(f"{index}/{step}: {error!r}")
                time.sleep(0.2)
                try:
                    client.get(client.action if client.action.startswith("/s/") else "/")
                except Exception:  # noqa: BLE001
                    pass
            if not waited and round_ == 1:
                waited = True
                try:
                    barrier.wait(120)
                except threading.BrokenBarrierError:
                    pass

    with concurrent.futures.ThreadPoolExecutor(max_workers=sessions) as pool:
        list(pool.map(flow, range(sessions)))
    return requests[0], failures, lost


def counters(admins):
    """Sessions rebuilt and actions applied, summed over the instances' admin /metrics."""
    rebuilt = applied = 0
    for admin in admins:
        with urllib.request.urlopen(admin.rstrip("/") + "/metrics", timeout=10) as response:
            text = response.read().decode()
        for line in text.splitlines():
            if line.startswith("#") or " " not in line:
                continue
            series, value = line.rsplit(" ", 1)
            if series == "scene_host_sessions_rebuilt_total":
                rebuilt += int(float(value))
            elif series.startswith("scene_host_actions_total{") and 'outcome="applied"' in series:
                applied += int(float(value))
    return rebuilt, applied


def print_counters(admins):
    rebuilt, applied = counters(admins)
    print(rebuilt, applied)
    return 0


def locality(url, users, seconds, limit, admins):
    """Orders flows through nginx with every instance up: how many sessions were built again from the
    store (a request landing on an instance whose copy is missing or out of date) per action applied,
    from the instances' own counters. The first round of each session (made on whichever instance
    the cookie-less first post reached) is counted apart, then the steady state for `seconds`."""
    marks = {"start": counters(admins)}
    requests, failures, lost = flows(url, users, 1, seconds, warmed=lambda: marks.__setitem__("warm", counters(admins)))
    marks["end"] = counters(admins)
    if lost or failures or "warm" not in marks:
        for failure in failures[:5]:
            print("cluster: locality: failed request:", failure)
        return failed("locality", f"{len(lost)} sessions lost, {len(failures)} failed requests")
    warm_rebuilt, warm_applied = (marks["warm"][i] - marks["start"][i] for i in (0, 1))
    rebuilt, applied = (marks["end"][i] - marks["warm"][i] for i in (0, 1))
    ratio = rebuilt / applied if applied else float("inf")
    per_instance = [counters([admin])[1] for admin in admins]
    print(f"cluster: locality: {users} users, {len(admins)} instances up, {requests} requests; first rounds: {warm_rebuilt} sessions rebuilt "
          f"for {warm_applied} actions; then {seconds:.0f} s of steady state: {rebuilt} sessions rebuilt for {applied} actions applied "
          f"= {ratio:.2%} (actions applied per instance since start: {per_instance})")
    if limit is not None and ratio > limit:
        return failed("locality", f"{ratio:.2%} of actions rebuilt a session in the steady state, more than {limit:.0%}")
    return passed(f"locality ({ratio:.2%} rebuilds per action in the steady state" + ("" if limit is None else f", at most {limit:.0%}") + ")")


def load(url, sessions, rounds, seconds):
    """Orders flows for at least `seconds` (the script restarts the instances meanwhile); a session is
    lost when its cookie shows the start page's 'session ended'. Any lost session or failed request fails."""
    requests, failures, lost = flows(url, sessions, rounds, seconds)
    print(f"cluster: load: {sessions} sessions, {requests} requests, {len(failures)} failed requests, {len(lost)} sessions lost")
    for failure in failures[:5]:
        print("cluster: load: failed request:", failure)
    if lost:
        return failed("load", f"{len(lost)} sessions lost")
    # A rolling restart behind the documented nginx loses no request either: nginx resends what it never
    # sent, and no instance closes a connection nginx may send a post on (docs/production.md, "When a form post is safe").
    if failures:
        return failed("load", f"{len(failures)} failed requests (a 502 is a post sent on a connection the instance closed)")
    return passed("load (0 sessions lost, 0 failed requests)")


def main():
    command, args = sys.argv[1], sys.argv[2:]
    if command == "same-form":
        return same_form(*args)
    if command == "tampered":
        return tampered(args[0], args[1:])
    if command == "store-down":
        return store_down(args[0], args[1], args[2], args[3], float(args[4]))
    if command == "browser":
        return browser(args[0], args[1])
    if command == "load":
        return load(args[0], int(args[1]), int(args[2]), float(args[3]))
    if command == "locality":
        return locality(args[0], int(args[1]), float(args[2]), None if args[3] == "-" else float(args[3]), args[4:])
    if command == "counters":
        return print_counters(args)
    return failed(command, "unknown subcommand")


if __name__ == "__main__":
    sys.exit(main())
