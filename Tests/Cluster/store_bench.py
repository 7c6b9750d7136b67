#!/usr/bin/env python3
"""Benchmarks of `serve`'s session stores, timed from outside over loopback (scripts/session-bench.sh
starts the servers): every figure is a ratio to the memory store measured in the same run,
interleaved, or a percentile given as the median of RUNS runs with min and max.

  actions RUNS ACTIONS NAME=URL=PID ...     an action's latency (p50, p99) and server CPU per action
  rebuild RUNS SESSIONS URL_A URL_B         a 5-deep stack built on A, its page first asked on B (never saw it)
  scale RUNS SECONDS CLIENTS NAME=URL=ADMIN[,ADMIN] ...   clicks per second through nginx, latency, rebuilds

Prints one line per figure; exits 0.
"""
import concurrent.futures
import os
import statistics
import sys
import threading
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(__file__))
from cluster_flows import Client  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def children_cpu(pid):
    """The server's CPU and its scene workers' (its children's, by parent pid)."""
    total = cpu_seconds(pid)
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
                if int(fields[1]) == pid:
                    total += cpu_seconds(int(entry))
            except OSError:
                pass
    return total


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def spread(values):
    return f"median {statistics.median(values):.3f} (min {min(values):.3f}, max {max(values):.3f})"


def one_action(client, url, fields):  # noqa: ARG001 - the URL names the server in tracebacks
    """Posts the page's form without following the redirect: the action alone, then reads the next page."""
    started = time.perf_counter()
    status, _ = client.post(fields)
    took = time.perf_counter() - started
    if status != 303:
        raise RuntimeError(f"action answered {status}")
    return took


def actions(runs, count, servers):
    """Each round: for every store in turn, one session does `count` actions (fill + segue, then done)."""
    latencies = {name: [] for name, _, _ in servers}
    cpu = {name: [] for name, _, _ in servers}
    for _ in range(runs):
        for name, url, pid in servers:
            client = Client(url, follow=False)
            client.get()
            client.post({"action": "back"}, path="/")
            client.get("/s/Home")
            samples = []
            before = children_cpu(pid)
            for index in range(count):
                fields = {"field.message": f"m{index}", "action": "tap:showDetail"} if index % 2 == 0 else {"action": "tap:done"}
                samples.append(one_action(client, url, fields))
                client.get("/s/Home/Detail" if index % 2 == 0 else "/s/Home")
            cpu[name].append((children_cpu(pid) - before) / count * 1e3)
            latencies[name].append(samples)
    memory = "memory"
    for name, _, _ in servers:
        p50 = [statistics.median(run) * 1e3 for run in latencies[name]]
        p99 = [percentile(run, 0.99) * 1e3 for run in latencies[name]]
        print(f"bench: action {name}: p50 ms {spread(p50)}; p99 ms {spread(p99)}; server+worker CPU ms/action {spread(cpu[name])}")
        if name != memory:
            ratio50 = [a / b for a, b in zip(p50, [statistics.median(run) * 1e3 for run in latencies[memory]])]
            ratio99 = [a / b for a, b in zip(p99, [percentile(run, 0.99) * 1e3 for run in latencies[memory]])]
            ratio_cpu = [a / b for a, b in zip(cpu[name], cpu[memory]) if b > 0]
            print(f"bench: action {name} / memory: p50 {spread(ratio50)}; p99 {spread(ratio99)}; CPU {spread(ratio_cpu) if ratio_cpu else 'n/a'}")


def rebuild(runs, sessions, url_a, url_b):
    """A 5-deep stack (Home › Detail › Home › Detail › Home, by segues) made on A; B answers its page first."""
    per_run = []
    for _ in range(runs):
        samples = []
        for _ in range(sessions):
            client = Client(url_a, follow=False)
            client.get()
            client.post({"action": "back"}, path="/")
            path = "/s/Home"
            client.get(path)
            for step in range(4):
                segue = "tap:showDetail" if step % 2 == 0 else "tap:done"
                client.post({"field.message": f"deep{step}", "action": segue} if step % 2 == 0 else {"action": segue})
                path += "/Detail" if step % 2 == 0 else "/Home"
                client.get(path)
            other = Client(url_b, follow=False)
            for cookie in client.jar:
                other.jar.set_cookie(cookie)
            started = time.perf_counter()
            page = other.get(path)
            samples.append(time.perf_counter() - started)
            if 'aria-current="page"><bdi>Home<' not in page or page.count("<li") < 5:
                raise RuntimeError("the rebuilt page is not the 5-deep stack")
        per_run.append(samples)
    p50 = [statistics.median(run) * 1e3 for run in per_run]
    p99 = [percentile(run, 0.99) * 1e3 for run in per_run]
    print(f"bench: rebuild 5-deep on an instance that never saw the session: p50 ms {spread(p50)}; p99 ms {spread(p99)}")


def scale(runs, seconds, clients, configurations):
    """Clicks per second of CLIENTS users through nginx, for each configuration (NAME=URL=ADMIN[,ADMIN...]:
    nginx's address and its instances' admin listeners), in interleaved runs: each user makes its
    session, then clicks Home's Save and Detail's Back in turn (a click: the post and the page it
    redirects to). Per configuration: clicks/s, a click's p50 and p99 latency, errors (any answer
    that is not the expected one), and sessions rebuilt per action applied, from the instances' own
    counters over the runs (`scene_host_sessions_rebuilt_total`, `scene_host_actions_total`)."""
    from cluster_flows import counters  # noqa: E402 - beside this file
    results = {name: {"rate": [], "p50": [], "p99": [], "errors": 0, "rebuilt": 0, "applied": 0} for name, _, _ in configurations}
    for _ in range(runs):
        for name, url, admins in configurations:
            latencies = []
            errors = [0]
            lock = threading.Lock()
            rebuilt_before, applied_before = counters(admins)
            deadline = time.monotonic() + seconds

            def work(_):
                client = Client(url, follow=False)
                mine, failed = [], 0
                try:
                    client.get()
                    client.post({"action": "back"}, path="/")
                    client.get("/s/Home")
                except Exception:  # noqa: BLE001 - counted, the run goes on
                    with lock:
                        errors[0] += 1
                    return
                while time.monotonic() < deadline:
                    for fields, page in (({"field.message": "x", "action": "tap:showDetail"}, "/s/Home/Detail"), ({"action": "tap:done"}, "/s/Home")):
                        started = time.perf_counter()
                        try:
                            status, _ = client.post(fields)
                            client.get(page)
                            if status != 303:
                                failed += 1
                        except Exception:  # noqa: BLE001 - counted, the run goes on
                            failed += 1
                        mine.append(time.perf_counter() - started)
                with lock:
                    latencies.extend(mine)
                    errors[0] += failed

            with concurrent.futures.ThreadPoolExecutor(max_workers=clients) as pool:
                list(pool.map(work, range(clients)))
            rebuilt_after, applied_after = counters(admins)
            result = results[name]
            result["rate"].append(len(latencies) / seconds)
            result["p50"].append(percentile(latencies, 0.50) * 1e3 if latencies else 0)
            result["p99"].append(percentile(latencies, 0.99) * 1e3 if latencies else 0)
            result["errors"] += errors[0]
            result["rebuilt"] += rebuilt_after - rebuilt_before
            result["applied"] += applied_after - applied_before
    for name, _, _ in configurations:
        result = results[name]
        share = result["rebuilt"] / result["applied"] * 100 if result["applied"] else 0
        print(f"bench: scale {name} ({clients} users): clicks/s {spread(result['rate'])}; click p50 ms {spread(result['p50'])}; "
              f"p99 ms {spread(result['p99'])}; errors {result['errors']}; rebuilt {result['rebuilt']} of {result['applied']} actions applied ({share:.2f}%)")
    names = [name for name, _, _ in configurations]
    for first, second in zip(names, names[1:]):
        ratio = [b / a for a, b in zip(results[first]["rate"], results[second]["rate"]) if a > 0]
        print(f"bench: scale {second} / {first}: clicks/s {spread(ratio)}")


def main():
    command, args = sys.argv[1], sys.argv[2:]
    if command == "actions":
        servers = [(item.split("=")[0], item.split("=")[1], int(item.split("=")[2])) for item in args[2:]]
        actions(int(args[0]), int(args[1]), servers)
    elif command == "rebuild":
        rebuild(int(args[0]), int(args[1]), args[2], args[3])
    elif command == "scale":
        configurations = [(item.split("=")[0], item.split("=")[1], item.split("=")[2].split(",")) for item in args[3:]]
        scale(int(args[0]), float(args[1]), int(args[2]), configurations)
    return 0


if __name__ == "__main__":
    sys.exit(main())
