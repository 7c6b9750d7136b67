#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// (h) Live reload as an author meets it: `serve --watch` on the demo (`DemoInstallation`: its two
/// plugins copied from this build into a folder of their own), one worker, one session on Home. Each run writes a new build of
/// HomeScene over its file as a linker does (a new file renamed over the old one): this build with
/// the button title "Show detail (segue)" patched to "Show detail (#0001)", "(#0002)", ... (same
/// length), so every build is new to the probe cache, as a real one is.
///
/// - **Reload**: from the rename (the file has settled) to the first GET of the session's page
///   that shows the other title, polled every 2 ms: the watch's quiet period (100 ms), the checks
///   of the new build (its probe child: the bytes are new, so nothing is cached), a new scene
///   worker, the session built again on it.
/// - **Baseline, the same run, interleaved**: what `--watch` saves, a restart: `serve` started on
///   the same config to the first page it serves (its session then still has to be clicked back).
///
/// The goal is absolute: 500 ms from the file settling to the new screen.
@MainActor
enum ReloadBenchmark {
    static let original = "Show detail (segue)"

    static func run(into report: inout BenchReport, buildDirectory: String, scale: Int) throws {
        let runs = 5 * scale
        let demo = try DemoInstallation(buildDirectory: buildDirectory)
        defer { demo.remove() }
        let home = [UInt8](try Data(contentsOf: URL(fileURLWithPath: demo.home)))
        let plugin = demo.home
        let arguments = ["serve", "--config", try demo.config(workers: 1), "--probe-cache", demo.cache, "--port", "0"]
        let server = try BenchServer(buildDirectory + "/scene-host", arguments + ["--watch"])
        defer { server.stop() }
        let connection = BenchHTTPConnection(port: server.port)
        let cookie = try Self.newSession(connection, port: server.port)

        var reloads: [Double] = [], restarts: [Double] = []
        for run in 0..<runs {
            let expected = String(format: "Show detail (#%04d)", run + 1)
            try Self.install(try Self.patch(home, original, with: expected), at: plugin)
            let settled = BenchClock.nanoseconds()
            var shown = false
            let deadline = settled + 10_000_000_000
            while BenchClock.nanoseconds() < deadline {
                let page = try connection.request("GET", "/s/Home", headers: [("Cookie", cookie)])
                if page.text.contains(expected) {
                    shown = true
                    break
                }
                usleep(2000)
            }
            guard shown else { throw BenchFailure("the new build did not show within 10 s: \(server.errors)") }
            reloads.append(Double(BenchClock.nanoseconds() - settled))

            let started = BenchClock.nanoseconds()
            let restarted = try BenchServer(buildDirectory + "/scene-host", arguments)
            let first = try BenchHTTPConnection(port: restarted.port).request("GET", "/")
            restarts.append(Double(BenchClock.nanoseconds() - started))
            restarted.stop()
            guard first.status == 200 else {
                throw BenchFailure("a restarted serve answered GET / with \(first.status)")
            }
        }
        reloads.sort()
        restarts.sort()
        var row = BenchRow(
            name:
                "live reload (serve --watch, demo): file settled to the new screen, vs restarting serve to its first page",
            value: reloads[reloads.count / 2], baseline: restarts[restarts.count / 2], unit: "ns", bar: nil,
            limit: 500_000_000)
        row.valueRange = [reloads.first ?? 0, reloads.last ?? 0]
        row.baselineRange = [restarts.first ?? 0, restarts.last ?? 0]
        report.rows.append(row)
        report.notes.append(
            "live reload: \(runs) new builds of HomeScene (a title patched anew each time, so each is probed) renamed over its file, each "
                + "timed to the first GET showing it (polled every 2 ms; 100 ms of it is the watch's quiet period); "
                + "baseline a fresh serve to its first page, interleaved; medians [smallest-largest].")
    }

    /// A session of the server on Home (a Back there, which Home refuses, makes it): its cookie.
    private static func newSession(_ connection: BenchHTTPConnection, port: UInt16) throws -> String {
        let start = try connection.request("GET", "/")
        guard start.status == 200, let token = LoadClient.token(in: start.text) else {
            throw BenchFailure("GET / gave \(start.status) without a form token")
        }
        let headers = [("Origin", "http://127.0.0.1:\(port)"), ("Sec-Fetch-Site", "same-origin")]
        let made = try connection.request(
            "POST", "/", headers: headers, body: Array("token=\(token)&screen=0&action=back".utf8))
        guard made.status == 303,
            let cookie = made.sessionCookie
        else {
            throw BenchFailure("the first POST / gave \(made.status) without a session cookie")
        }
        return cookie
    }

    /// `bytes` with every `text` replaced by `replacement` (same length).
    private static func patch(_ bytes: [UInt8], _ text: String, with replacement: String) throws -> [UInt8] {
        let needle = Array(text.utf8), new = Array(replacement.utf8)
        var result = bytes, found = false
        var index = 0
        while index + needle.count <= result.count {
            if result[index] == needle[0], result[index..<(index + needle.count)].elementsEqual(needle) {
                result.replaceSubrange(index..<(index + needle.count), with: new)
                found = true
                index += needle.count
            } else {
                index += 1
            }
        }
        guard found else { throw BenchFailure("libHomeScene.so does not contain \"\(text)\"") }
        return result
    }

    /// Writes `bytes` to `path` as a linker does: a new file, renamed over the old one.
    private static func install(_ bytes: [UInt8], at path: String) throws {
        let temporary = path + ".new"
        try Data(bytes).write(to: URL(fileURLWithPath: temporary))
        chmod(temporary, 0o755)
        guard rename(temporary, path) == 0 else {
            throw BenchFailure("rename \(temporary): \(String(cString: strerror(errno)))")
        }
    }
}
