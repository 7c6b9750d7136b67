#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Foundation
import Logging
import SceneHost
import SceneHostLoading
import SceneHostWorkers
import SceneSDK
import Synchronization
import SceneHostConfig
import SceneHostContainer
import SceneHostCore
import SceneHostFrontend
import SceneHostNavigation

/// (f) Scene workers: what running plugin code in a worker process costs, on the demo app (Home and
/// Detail, two real plugin libraries copied into a temporary folder as the start-up benchmark does,
/// with a probe cache of its own there, so the user's cache is never touched).
///
/// 1. One cheap event (`fill message X` on Home, then the screen) through a `SceneWorkerSupervisor`
///    and a real `scene-host-worker`, against the same command on an in-process `Navigator`,
///    one operation at a time, alternating (`Measurement.compareOperations`); p50 and p99 are each
///    the median over 5 runs, with the smallest and largest run (`Summary`).
/// 2. The first screen of `run --script` (a script that only prints it), spawn to exit, the default
///    (a worker) against `--in-process`, round-robin, warm probe cache.
/// 3. `serve` throughput: concurrent loopback clients posting form actions (Home: fill the message
///    and follow the segue to Detail; Detail: back), `[host] workers = 2` against `workers = 1`.
@MainActor
enum WorkerBenchmark {
    static let runs = 5
    static let roundTripBar: Double = 100_000  // ns: the worker's p99 round trip
    static let clients = 8

    static func run(into report: inout BenchReport, buildDirectory: String, scale: Int) async throws {
        let demo = try DemoInstallation(buildDirectory: buildDirectory)
        defer { demo.remove() }
        let host = buildDirectory + "/scene-host"
        // Warm the probe cache (the figures are of a warm start, as a user's second run is).
        let warm = try BenchSpawn.run(
            host, ["check", "--config", demo.config(workers: nil), "--probe-cache", demo.cache], captureErrors: true)
        guard warm.status == 0 else {
            throw BenchFailure("scene-host check of the demo failed (exit \(warm.status)): \(warm.stderr)")
        }

        print("  event round trip…")
        try await roundTrip(into: &report, host: host, demo: demo, scale: scale)
        print("  first screen…")
        try firstScreen(into: &report, host: host, demo: demo, rounds: 5 * scale)
        print("  serve throughput…")
        try serveThroughput(into: &report, host: host, demo: demo, requestsPerClient: 200 * scale + 1)
    }

    // MARK: 1. Event round trip

    static func roundTrip(into report: inout BenchReport, host: String, demo: DemoInstallation, scale: Int) async throws
    {
        var logger = Logger(label: "scene-host-bench")
        logger.logLevel = .warning
        let config = try demo.config(workers: nil)
        // As HostOptions does: the worker and the probe beside the host.
        let worker = LoaderSettings.workerExecutable(besideHost: host)
        let probe = LoaderSettings.probeExecutable(besideHost: host)
        func loader(opensPlugins: Bool) -> PluginLoader {
            // As HostOptions.makeLoader: file trust on, probes in scene-host-probe children, the demo's own cache.
            let prober = ChildProcessProber(executable: probe, timeout: .seconds(10))
            let inspector = PluginInspector(prober: prober, cache: ProbeCache(path: demo.cache))
            return PluginLoader(logger: logger, checksFileTrust: true, inspector: inspector, opensPlugins: opensPlugins)
        }

        // The worker side, as `run` builds it (HostOptions.makeSupervisor): this process opens no plugin.
        let hostApp = try SceneApp.load(configPath: config, loader: loader(opensPlugins: false))
        let container = hostApp.loaded.container
        let plugins = Dictionary(
            container.sceneNames.compactMap { scene in container.plugin(registering: scene).map { (scene, $0.name) } },
            uniquingKeysWith: { first, _ in first })
        let settings = LoaderSettings(
            probeExecutable: probe, probeTimeout: 10, probeCache: demo.cache, rescan: false, checksFileTrust: true)
        let launch = SceneWorkerSupervisor.Launch(
            executable: worker, settings: ChildSettings(loader: settings, verbose: false))
        let supervisor = SceneWorkerSupervisor(
            launch: launch, start: hostApp.workerStart, settings: hostApp.loaded.config.host,
            initialScene: hostApp.loaded.config.initial.value,
            logger: logger, pluginOfScene: { plugins[$0] })
        try await supervisor.start()
        let session = try await supervisor.openSession()

        // The in-process side, as `run --in-process` builds it.
        let app = try SceneApp.load(configPath: config, loader: loader(opensPlugins: true))
        try app.start()
        let navigator = app.navigator

        let texts = ["ping", "pong"]
        var counter = 0, workerSink = 0, localSink = 0
        func workerEvent() async throws {
            counter &+= 1
            try await supervisor.execute([.fill(field: "message", text: texts[counter & 1])], in: session)
            workerSink &+= try session.current.screen.get().elements.count
        }
        func localEvent() throws {
            try navigator.execute(.fill(field: "message", text: texts[counter & 1]))
            localSink &+= try navigator.screen().elements.count
        }
        var workerRuns: [LatencyHistogram] = [], localRuns: [LatencyHistogram] = []
        let operations = 4_000 * scale
        // The frames of one event, for the raw baseline of the same sizes.
        try await workerEvent()
        let frames = await supervisor.lastExchangeBytes
        let rawBefore = try RawSocketRoundTrip.measure(
            buildDirectory: URL(fileURLWithPath: host).deletingLastPathComponent().path,
            request: frames.request, reply: frames.reply, roundTrips: operations)
        for _ in 0..<runs {
            let (worker, local) = try await Measurement.compareOperations(operations, workerEvent, against: localEvent)
            workerRuns.append(worker)
            localRuns.append(local)
        }
        // Both sides really filled the field: the screens show the last text.
        let last = texts[counter & 1]
        for (side, screen) in [("worker", try session.current.screen.get()), ("in-process", try navigator.screen())] {
            guard
                screen.elements.contains(where: {
                    if case .textField("message", _, last, _, _) = $0 { true } else { false }
                })
            else {
                throw BenchFailure("the \(side) Home screen does not show the message '\(last)' after filling it")
            }
        }
        guard workerSink > 0, localSink > 0 else {
            throw BenchFailure("a side of the round trip rendered no screen elements")
        }
        let restarts = await supervisor.restarts
        await supervisor.shutdown()
        guard restarts == 0 else {
            throw BenchFailure("the scene worker restarted \(restarts) times during the round trips")
        }

        let rawAfter = try RawSocketRoundTrip.measure(
            buildDirectory: URL(fileURLWithPath: host).deletingLastPathComponent().path,
            request: frames.request, reply: frames.reply, roundTrips: operations)
        let workerSide = Summary(workerRuns), localSide = Summary(localRuns)
        // The hop: what the worker adds to an event over the same event in process, per run.
        let hops = zip(workerRuns, localRuns).map { (worker: LatencyHistogram, local: LatencyHistogram) -> Double in
            worker.median - local.median
        }.sorted()
        let raw = [rawBefore, rawAfter].sorted()
        var hop = BenchRow(
            name:
                "worker hop per event (worker minus in-process, p50) vs a raw socketpair round trip of the same frames (C)",
            value: hops[hops.count / 2], baseline: (raw[0] + raw[1]) / 2, unit: "ns", bar: 1.5)
        hop.valueRange = [hops.first ?? 0, hops.last ?? 0]
        hop.baselineRange = raw
        report.rows.append(hop)
        report.notes.append(
            "worker hop: request \(frames.request) bytes, reply \(frames.reply) bytes; raw side from scene-host-bench-pingpong (two C processes, blocking write and read), \(operations) round trips, run before and after the worker side: the baseline is their mean, [min-max] the two"
        )
        report.rows.append(
            workerSide.row("event round trip, worker vs in-process (p50)", \.median, against: localSide, bar: nil))
        var tail = workerSide.row("event round trip, worker vs in-process (p99)", \.p99, against: localSide, bar: nil)
        tail.limit = roundTripBar
        report.rows.append(tail)
        print(
            String(
                format: "  worker p99 round trip %.1f µs (in-process %.1f µs): goal ≤ 100 µs %@", tail.value / 1000,
                tail.baseline / 1000,
                tail.value <= roundTripBar ? "met" : "MISSED"))
        report.notes.append(
            "event round trip: fill message + the screen on the demo's Home, \(operations) operations a side per run, "
                + "alternating; p50 and p99 are medians of \(runs) runs [smallest-largest run]")
        app.releasePluginObjects()
    }

    // MARK: 2. First screen

    static func firstScreen(into report: inout BenchReport, host: String, demo: DemoInstallation, rounds: Int) throws {
        let config = try demo.config(workers: nil)
        let script = demo.folder.appendingPathComponent("first-screen.script").path
        try Data("print\n".utf8).write(to: URL(fileURLWithPath: script))
        let base = ["run", "--config", config, "--probe-cache", demo.cache, "--script", script]
        let kinds: [(key: String, arguments: [String])] = [("worker", base), ("in-process", base + ["--in-process"])]
        // Once each, checked: exit 0 and nothing on standard error but, in process, its warning.
        for (key, arguments) in kinds {
            let check = try BenchSpawn.run(host, arguments, captureErrors: true)
            let expected =
                key == "in-process"
                ? check.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("warning: --in-process:") }
                : check.stderr.isEmpty
            guard check.status == 0, expected else {
                throw BenchFailure("first screen (\(key)): exit \(check.status): \(check.stderr)")
            }
        }
        var times: [String: [Double]] = [:]
        for _ in 0..<rounds {
            for (key, arguments) in kinds {
                let result = try BenchSpawn.run(host, arguments)
                guard result.status == 0 else { throw BenchFailure("first screen (\(key)): exit \(result.status)") }
                times[key, default: []].append(result.nanoseconds)
            }
        }
        let worker = times["worker"] ?? [], local = times["in-process"] ?? []
        report.rows.append(
            BenchRow(
                name: "first screen, worker vs in-process", value: median(worker), baseline: median(local), unit: "ns",
                bar: 1.2,
                valueRange: [worker.min() ?? 0, worker.max() ?? 0], baselineRange: [local.min() ?? 0, local.max() ?? 0])
        )
        report.notes.append(
            "first screen: run --script (print) on the demo, spawn to exit, medians of \(rounds) rounds [smallest-largest], warm probe cache"
        )
    }

    // MARK: 3. serve throughput

    /// What one timed `serve` run measured.
    struct ServeRun {
        let requests: Int
        let seconds: Double
        var perSecond: Double { Double(requests) / seconds }
        /// CPU seconds during the timed phase: the serve process, its children (scene workers), this benchmark (the clients).
        let hostCPU: Double, workerCPU: Double, clientCPU: Double
        let workerProcesses: Int
    }

    static func serveThroughput(
        into report: inout BenchReport, host: String, demo: DemoInstallation, requestsPerClient: Int
    ) throws {
        var results: [Int: [ServeRun]] = [:]
        var configs: [Int: String] = [:]
        for workers in [1, 2] {
            let config = try demo.config(workers: workers)
            configs[workers] = config
            let warm = try BenchSpawn.run(
                host, ["check", "--config", config, "--probe-cache", demo.cache], captureErrors: true)
            guard warm.status == 0 else {
                throw BenchFailure("scene-host check of the demo with workers = \(workers) failed: \(warm.stderr)")
            }
        }
        for _ in 0..<runs {
            for workers in [1, 2] {
                guard let config = configs[workers] else { continue }
                results[workers, default: []].append(
                    try serveRun(host: host, config: config, cache: demo.cache, requestsPerClient: requestsPerClient))
            }
        }
        let one = results[1] ?? [], two = results[2] ?? []
        let rates = (one: one.map(\.perSecond), two: two.map(\.perSecond))
        report.rows.append(
            BenchRow(
                name: "serve POST throughput, 2 workers vs 1", value: median(rates.two), baseline: median(rates.one),
                unit: "req/s",
                bar: 1.5, barIsMinimum: true, valueRange: [rates.two.min() ?? 0, rates.two.max() ?? 0],
                baselineRange: [rates.one.min() ?? 0, rates.one.max() ?? 0]))
        report.notes.append(
            "serve: \(clients) loopback clients x \(requestsPerClient) POST + GET of its redirect each ( Home: fill + tap showDetail, "
                + "Detail: back), medians of \(runs) runs [smallest-largest]")
        for (workers, side) in [(1, one), (2, two)] {
            let requests = Double(side.reduce(0) { $0 + $1.requests })
            func perRequest(_ seconds: [Double]) -> Double { seconds.reduce(0, +) / requests * 1e6 }
            let processes = side.map(\.workerProcesses).max() ?? 0
            report.notes.append(
                String(
                    format:
                        "serve, workers = %d: CPU per request: serve process %.1f µs, its %d child process(es) %.1f µs, clients %.1f µs",
                    workers, perRequest(side.map(\.hostCPU)), processes, perRequest(side.map(\.workerCPU)),
                    perRequest(side.map(\.clientCPU))))
            if processes == 0 {
                report.notes.append(
                    "serve, workers = \(workers): no child process ran while serving: plugin code ran in the serve process ([host] workers not used by serve in this build)"
                )
            }
        }
    }

    /// Starts `serve`, opens `clients` sessions (GET / for the cookie and the form token), then times
    /// every client posting `requestsPerClient` actions as fast as the server answers.
    static func serveRun(host: String, config: String, cache: String, requestsPerClient: Int) throws -> ServeRun {
        let server = try BenchServer(host, ["serve", "--config", config, "--probe-cache", cache, "--port", "0"])
        defer { server.stop() }
        let shared = LoadShared()
        let port = server.port
        let clients = Self.clients
        var (hostBefore, clientBefore) = (0.0, 0.0)
        var (children, childrenBefore): ([Int32], [Int32: Double]) = ([], [:])
        let seconds = try shared.race(
            clients: clients, server: server, finish: 120,
            client: { index, shared in
                try LoadClient(port: port, index: index).run(requests: requestsPerClient, shared: shared)
            },
            starting: {
                children = server.children
                hostBefore = ProcessTimes.cpuSeconds(of: server.pid)
                childrenBefore = Dictionary(
                    children.map { ($0, ProcessTimes.cpuSeconds(of: $0)) }, uniquingKeysWith: { first, _ in first })
                clientBefore = ProcessTimes.ownCPUSeconds()
            })
        let clientAfter = ProcessTimes.ownCPUSeconds()
        let hostAfter = ProcessTimes.cpuSeconds(of: server.pid)
        let childrenAfter = server.children
        let workerCPU = Set(children + childrenAfter).reduce(0.0) {
            $0 + ProcessTimes.cpuSeconds(of: $1) - (childrenBefore[$1] ?? 0)
        }
        return ServeRun(
            requests: clients * requestsPerClient, seconds: seconds, hostCPU: hostAfter - hostBefore,
            workerCPU: workerCPU,
            clientCPU: clientAfter - clientBefore, workerProcesses: Set(children + childrenAfter).count)
    }

    static func median(_ values: [Double]) -> Double { Measurement(samples: values).median }
}

/// What the client threads share: the start line and the first failure.
final class LoadShared: Sendable {
    let ready = DispatchSemaphore(value: 0)
    let go = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    private let failures = Mutex<[String]>([])

    func fail(_ message: String) { failures.withLock { $0.append(message) } }
    var firstFailure: String? { failures.withLock { $0.first } }

    /// Starts `clients` threads, each running `client(index, self)` (which signals `ready` once its
    /// session is open, then waits for `go`); once all are ready, runs `starting`, lets them go, and
    /// waits until every one ended (`finish` seconds at most): the seconds from the start to the last
    /// end. A client's failure is thrown with the server's standard error.
    func race(
        clients: Int, server: BenchServer, finish: Int, client: @escaping @Sendable (Int, LoadShared) throws -> Void,
        starting: () -> Void = {}
    ) throws -> Double {
        for index in 0..<clients {
            let thread = Thread {
                defer { self.done.signal() }
                do {
                    try client(index, self)
                } catch {
                    self.fail("client \(index): \(error)")
                    self.ready.signal()
                }
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        // Every client has its session before the clock starts; at most 60 s for all of this.
        let limit = DispatchTime.now() + .seconds(60)
        for _ in 0..<clients {
            guard ready.wait(timeout: limit) == .success else {
                throw BenchFailure("serve clients did not open their sessions within 60 s")
            }
        }
        if let failure = firstFailure {
            for _ in 0..<clients { go.signal() }
            throw BenchFailure("\(failure)\n\(server.errors)")
        }
        starting()
        let start = BenchClock.nanoseconds()
        for _ in 0..<clients { go.signal() }
        let deadline = DispatchTime.now() + .seconds(finish)
        for _ in 0..<clients {
            guard done.wait(timeout: deadline) == .success else {
                throw BenchFailure("serve clients did not finish within \(finish) s")
            }
        }
        let seconds = Double(BenchClock.nanoseconds() - start) / 1e9
        if let failure = firstFailure { throw BenchFailure("\(failure)\n\(server.errors)") }
        return seconds
    }
}

/// One browser-like session on `serve`: a keep-alive connection, its cookie and form token.
struct LoadClient {
    let connection: BenchHTTPConnection
    let index: Int
    let origin: String

    init(port: UInt16, index: Int) {
        connection = BenchHTTPConnection(port: port)
        self.index = index
        origin = "http://127.0.0.1:\(port)"
    }

    /// Opens the session, signals `ready`, waits for `go`, then posts `requests` actions: Home
    /// (fill the message, follow the segue to Detail) and Detail (back) in turn.
    func run(requests: Int, shared: LoadShared) throws {
        let start = try connection.request("GET", "/")
        guard start.status == 200, let startToken = Self.token(in: start.text) else {
            throw BenchFailure("GET / gave status \(start.status) without a form token")
        }
        guard start.text.contains("field-message") else { throw BenchFailure("GET / is not the demo's Home page") }
        // The session is made by the first action (a Back, which Home refuses: it stays on top).
        let made = try connection.request(
            "POST", "/", headers: [("Origin", origin), ("Sec-Fetch-Site", "same-origin")],
            body: Array("token=\(startToken)&screen=0&action=back".utf8))
        guard made.status == 303,
            var cookie = made.sessionCookie
        else {
            throw BenchFailure("the first POST / gave status \(made.status) without a session cookie")
        }
        var page = try connection.request("GET", "/s/Home", headers: [("Cookie", cookie)])
        guard let token = Self.token(in: page.text) else {
            throw BenchFailure("GET /s/Home has no form token: \(page.text.prefix(300))")
        }
        shared.ready.signal()
        shared.go.wait()
        var lastMessage = ""
        // Each action as a browser sends it: a POST from the page shown (its URL and screen stamp),
        // then the GET of the page the 303 names.
        for number in 0..<requests {
            let body: String
            if number % 2 == 0 {
                lastMessage = "c\(index)-\(number)"
                body =
                    "token=\(token)&screen=\(Self.stamp(in: page.text))&field.message=\(lastMessage)&action=tap%3AshowDetail"
            } else {
                body = "token=\(token)&screen=\(Self.stamp(in: page.text))&action=back"
            }
            let path = number % 2 == 0 ? "/s/Home" : "/s/Home/Detail"
            let headers = [("Cookie", cookie), ("Origin", origin), ("Sec-Fetch-Site", "same-origin")]
            let response = try connection.request("POST", path, headers: headers, body: Array(body.utf8))
            guard response.status == 303, let location = response.location else {
                throw BenchFailure("POST \(path) gave status \(response.status): \(response.text.prefix(300))")
            }
            // Each action replaces the cookie's secret, as a browser's cookie jar takes it.
            if let rotated = response.sessionCookie { cookie = rotated }
            page = try connection.request("GET", location, headers: [("Cookie", cookie)])
        }
        // The posts did what they say: the page shows the last state.
        let expected = requests % 2 == 1 ? lastMessage : "field-message"
        guard page.status == 200, page.text.contains(expected), !page.text.contains("role=\"alert\"") else {
            throw BenchFailure(
                "after \(requests) posts the page does not show '\(expected)' (or shows an error): \(page.text.prefix(600))"
            )
        }
    }

    static func stamp(in page: String) -> String {
        guard let range = page.range(of: "name=\"screen\" value=\"") else { return "" }
        return String(page[range.upperBound...].prefix { $0.isNumber })
    }

    static func token(in page: String) -> String? {
        guard let range = page.range(of: "name=\"token\" value=\"") else { return nil }
        let token = page[range.upperBound...].prefix { $0.isHexDigit }
        return token.isEmpty ? nil : String(token)
    }
}

/// The demo app (scenes.conf: Home and Detail) with its two plugin libraries copied from the build
/// folder into a temporary folder (mode 755: plugins are refused from writable folders), a probe
/// cache there, and one config per `[host] workers` value.
struct DemoInstallation {
    let folder: URL
    let cache: String
    let home: String
    let detail: String

    /// `detailLibrary`: the library of the Detail scene, the Swift plugin's or its C twin's
    /// (libDetailC.so, built by `make -C Plugins/DetailC` into the build folder).
    init(buildDirectory: String, detailLibrary: String = "libDetailScene.so") throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scene-host-bench-workers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        chmod(folder.path, 0o755)
        cache = folder.appendingPathComponent("probes.cache").path
        home = folder.appendingPathComponent("libHomeScene.so").path
        detail = folder.appendingPathComponent(detailLibrary).path
        for (library, copy) in [("libHomeScene.so", home), (detailLibrary, detail)] {
            let original = URL(fileURLWithPath: buildDirectory + "/" + library)
            guard let bytes = try? Data(contentsOf: original) else {
                throw BenchFailure("cannot read \(original.path): build first")
            }
            try bytes.write(to: URL(fileURLWithPath: copy))
            chmod(copy, 0o644)
        }
    }

    /// The demo's config (scenes.conf) pointing at the copies, with `[host] workers` when given.
    func config(workers: Int?) throws -> String {
        let path = folder.appendingPathComponent("scenes-\(workers.map(String.init) ?? "default").conf").path
        var text = "initial = \"Home\"\n"
        if let workers { text += "\n[host]\nworkers = \(workers)\n" }
        text += """

            [plugins.HomeScene]
            path = "\(home)"

            [plugins.DetailScene]
            path = "\(detail)"

            [[segues]]
            from = "Home"
            id = "showDetail"
            to = "Detail"
            style = "push"

            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}
