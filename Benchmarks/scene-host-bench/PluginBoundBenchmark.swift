import Foundation
import Synchronization

/// The scene-worker pool when plugin code is the bottleneck: `serve` with the Busy fixture, whose
/// action spins 1 ms of CPU in its worker, with `[host] workers = 2` against `workers = 1`, in
/// alternating runs. Eight loopback clients each post `tap work` and load the page the 303 names, as
/// fast as the server answers. Goal: two workers >= 1.5x one worker's actions per second (the demo's
/// own actions cost the worker almost nothing, so the demo's row measures `serve` itself).
@MainActor
enum PluginBoundBenchmark {
    static let runs = 5
    static let clients = 8

    static func run(into report: inout BenchReport, buildDirectory: String, scale: Int) throws {
        let library = BenchInstallation.fixturesDirectory(besides: buildDirectory) + "/libFixtureBusy.so"
        guard FileManager.default.fileExists(atPath: library) else {
            throw BenchFailure(
                "\(library) is missing: build the test fixtures with scripts/build-fixtures.sh release (scripts/benchmark does)"
            )
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scene-host-bench-busy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        chmod(folder.path, 0o755)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = folder.appendingPathComponent("probes.cache").path
        var configs: [Int: String] = [:]
        for workers in [1, 2] {
            let config = folder.appendingPathComponent("busy-\(workers).conf").path
            try Data("initial = \"Busy\"\n[host]\nworkers = \(workers)\n[plugins.Busy]\npath = \"\(library)\"\n".utf8)
                .write(to: URL(fileURLWithPath: config))
            configs[workers] = config
        }
        let actions = 150 * scale
        var rates: [Int: [Double]] = [:]
        for _ in 0..<runs {
            for workers in [1, 2] {
                guard let config = configs[workers] else { continue }
                rates[workers, default: []].append(
                    try serveRun(host: buildDirectory + "/scene-host", config: config, cache: cache, actions: actions))
            }
        }
        let one = rates[1] ?? [], two = rates[2] ?? []
        report.rows.append(
            BenchRow(
                name: "serve actions/s with a 1 ms plugin action (Busy fixture), 2 workers vs 1",
                value: WorkerBenchmark.median(two),
                baseline: WorkerBenchmark.median(one), unit: "req/s", bar: 1.5, barIsMinimum: true,
                valueRange: [two.min() ?? 0, two.max() ?? 0], baselineRange: [one.min() ?? 0, one.max() ?? 0]))
        report.notes.append(
            "serve, plugin-bound: \(clients) loopback clients x \(actions) POST tap work (1 ms of the worker's CPU each) + GET of its redirect, "
                + "workers = 1 and 2 alternating, medians of \(runs) runs [smallest-largest]")
    }

    /// Actions per second of `clients` sessions on a fresh `serve` of `config`.
    static func serveRun(host: String, config: String, cache: String, actions: Int) throws -> Double {
        let server = try BenchServer(host, ["serve", "--config", config, "--probe-cache", cache, "--port", "0"])
        defer { server.stop() }
        let port = server.port
        let seconds = try LoadShared().race(clients: clients, server: server, finish: 180) { _, shared in
            try busyClient(port: port, actions: actions, shared: shared)
        }
        return Double(clients * actions) / seconds
    }

    /// One session: made by its first `tap work`, then `actions` more, each a POST from the page shown and the GET of its redirect.
    nonisolated static func busyClient(port: UInt16, actions: Int, shared: LoadShared) throws {
        let connection = BenchHTTPConnection(port: port)
        let origin = "http://127.0.0.1:\(port)"
        let start = try connection.request("GET", "/")
        guard start.status == 200, let startToken = LoadClient.token(in: start.text),
            start.text.contains("<bdi>Busy</bdi>")
        else {
            throw BenchFailure("GET / is not the Busy fixture's page: \(start.status)")
        }
        let made = try connection.request(
            "POST", "/", headers: [("Origin", origin), ("Sec-Fetch-Site", "same-origin")],
            body: Array("token=\(startToken)&screen=0&action=tap%3Awork".utf8))
        guard made.status == 303, var cookie = made.sessionCookie, let first = made.location else {
            throw BenchFailure("the first POST / gave status \(made.status) without a session cookie")
        }
        var page = try connection.request("GET", first, headers: [("Cookie", cookie)])
        guard let token = LoadClient.token(in: page.text) else { throw BenchFailure("GET \(first) has no form token") }
        shared.ready.signal()
        shared.go.wait()
        for _ in 0..<actions {
            let body = "token=\(token)&screen=\(LoadClient.stamp(in: page.text))&action=tap%3Awork"
            let response = try connection.request(
                "POST", "/s/Busy",
                headers: [("Cookie", cookie), ("Origin", origin), ("Sec-Fetch-Site", "same-origin")],
                body: Array(body.utf8))
            guard response.status == 303, let location = response.location else {
                throw BenchFailure("POST /s/Busy gave status \(response.status): \(response.text.prefix(300))")
            }
            if let rotated = response.sessionCookie { cookie = rotated }
            page = try connection.request("GET", location, headers: [("Cookie", cookie)])
        }
        guard page.text.contains("\(actions + 1) done") else {
            throw BenchFailure("after \(actions + 1) actions the page does not say so: \(page.text.prefix(600))")
        }
    }
}
