#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// (h) What open live pages cost `serve` while nothing changes (issue 47, point 6): `streams` idle
/// Server-Sent Events streams, held open by this process, on sessions of the Async fixture whose
/// `quiet` work runs and never changes the screen (the pages are live, and idle).
///
/// - **Value**: the serve process's CPU (user + system, all its threads, from /proc/PID/stat, read
///   from outside) per second of wall time, over a window while the streams are open. The window
///   starts `settle` after the last stream opened, past the one idle check each connection gets
///   10 s after it opened (Hummingbird's `--idle-timeout`, once per connection, not per second),
///   and ends before a stream's first keep-alive (25 s): it measures the wait between changes alone
///   (a keep-alive is one comment line per stream per 25 s).
/// - **Baseline, the same run**: the same server, the same sessions, no stream open, over a window
///   of the same length, starting `settle` after the streams were closed (past their connections'
///   last idle check).
///
/// The two alternate, `runs` times; each side is its median over the runs [smallest-largest].
/// What one stream costs is the difference over `streams` (a note). Before issue 47 a stream woke
/// every second to poll its session: about 77 µs per stream per second.
@MainActor
enum IdleStreamBenchmark {
    static let runs = 5
    static let streams = 500
    /// The most streams one session may hold (`WebHandlers.streamsPerSession`).
    static let streamsPerSession = 8
    /// From the last stream opened to the window: past each connection's idle check (10 s).
    static let settle = 11.0

    static func run(into report: inout BenchReport, buildDirectory: String, scale: Int) throws {
        let library = BenchInstallation.fixturesDirectory(besides: buildDirectory) + "/libFixtureAsync.so"
        guard FileManager.default.fileExists(atPath: library) else {
            throw BenchFailure(
                "\(library) is missing: build the test fixtures with scripts/build-fixtures.sh release (scripts/benchmark does)"
            )
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scene-host-bench-idle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        chmod(folder.path, 0o755)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("idle.conf").path
        try Data("initial = \"Shelf\"\n[host]\nworkers = 1\n[plugins.Async]\npath = \"\(library)\"\n".utf8).write(
            to: URL(fileURLWithPath: config))
        let cache = folder.appendingPathComponent("probes.cache").path
        // One client address makes every session: its caps are lifted.
        let server = try BenchServer(
            buildDirectory + "/scene-host",
            [
                "serve", "--config", config, "--probe-cache", cache, "--port", "0",
                "--sessions-per-client", "100000", "--session-burst", "100000",
                "--session-rate", "100000",
            ])
        defer { server.stop() }

        let sessionCount = (streams + streamsPerSession - 1) / streamsPerSession
        let cookies = try (0..<sessionCount).map { _ in
            try LiveUpdateBenchmark.Session(port: server.port, firstAction: "action=tap%3Aquiet").cookie
        }
        var window = 4.0 * Double(scale)
        var open: [Double] = [], none: [Double] = []
        for _ in 0..<runs {
            let opening = BenchClock.nanoseconds()
            let held = try (0..<streams).map {
                try openStream(port: server.port, cookie: cookies[$0 / streamsPerSession])
            }
            // Before the first stream's keep-alive (25 s after it opened), with a second to spare.
            window = min(window, 24 - settle - Double(BenchClock.nanoseconds() - opening) / 1e9)
            guard window >= 2 else {
                throw BenchFailure("opening \(streams) streams took too long to measure them between their keep-alives")
            }
            sleepSeconds(settle)
            open.append(try cpuPerSecond(of: server, over: window, streams: held))
            for socket in held { close(socket) }
            // The closed streams end at once (their connections' input ends); their connections'
            // last idle check (10 s later) comes before the baseline's window too.
            sleepSeconds(settle)
            none.append(try cpuPerSecond(of: server, over: window, streams: []))
        }
        let row = Self.row(
            "serve CPU per second of wall time, \(streams) idle live streams open vs none (same server, same sessions)",
            open, against: none)
        report.rows.append(row)
        let perStream = (row.value - row.baseline) / Double(streams)
        report.notes.append(
            String(
                format:
                    "idle live streams: %d streams (%d per session, %d sessions whose quiet work runs and never changes the screen) "
                    + "held open by the benchmark; serve's CPU from /proc over %.0f s windows, one with the streams open "
                    + "(from %.0f s after the last opened, past each connection's one idle check at 10 s, and before the 25 s keep-alive) "
                    + "and one without (from as long after they closed), alternating, %d runs, "
                    + "medians [smallest-largest]. Per stream: %.2f µs of CPU per second (the difference of the medians over %d streams; "
                    + "before issue 47 a stream polled its session every second: about 77 µs)",
                streams, streamsPerSession, sessionCount, window, settle, runs, perStream / 1_000, streams))
        print(String(format: "idle live streams: %.2f µs of serve CPU per stream per second", perStream / 1_000))
    }

    /// The median of each side, with its smallest and largest run.
    static func row(_ name: String, _ values: [Double], against baseline: [Double]) -> BenchRow {
        let mine = values.sorted(), theirs = baseline.sorted()
        var row = BenchRow(
            name: name, value: mine[mine.count / 2], baseline: theirs[theirs.count / 2], unit: "ns", bar: nil)
        row.valueRange = [mine.first ?? 0, mine.last ?? 0]
        row.baselineRange = [theirs.first ?? 0, theirs.last ?? 0]
        return row
    }

    /// The server's CPU nanoseconds per second of wall time over `seconds`; every stream in `streams`
    /// must still be open at the end (none ended, none got an event: they were idle).
    static func cpuPerSecond(of server: BenchServer, over seconds: Double, streams: [Int32]) throws -> Double {
        let startCPU = ProcessTimes.cpuSeconds(of: server.pid), start = BenchClock.nanoseconds()
        sleepSeconds(seconds)
        let cpu = ProcessTimes.cpuSeconds(of: server.pid) - startCPU,
            wall = Double(BenchClock.nanoseconds() - start) / 1e9
        for socket in streams {
            var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 0) == 0 else {
                var buffer = [UInt8](repeating: 0, count: 512)
                let count = recv(socket, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                throw BenchFailure(
                    "an idle stream ended or got an event during the window: \(String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)) \(server.errors)"
                )
            }
        }
        return cpu * 1e9 / wall
    }

    static func sleepSeconds(_ seconds: Double) {
        var left = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var rest = timespec()
        while nanosleep(&left, &rest) != 0 && errno == EINTR { left = rest }
    }

    /// Opens a live page's stream on the session `cookie` names, as a browser's `EventSource` does,
    /// and reads until the server said 200 and sent its first line (`retry:`): the stream is then waiting.
    static func openStream(port: UInt16, cookie: String) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw BenchFailure("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(socket)
            throw BenchFailure("cannot connect: \(String(cString: strerror(errno)))")
        }
        let request = Array(
            "GET /s/Shelf HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\nCookie: \(cookie)\r\n\r\n"
                .utf8)
        guard request.withUnsafeBytes({ send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count
        else {
            close(socket)
            throw BenchFailure("send: \(String(cString: strerror(errno)))")
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = BenchClock.nanoseconds() + 10_000_000_000
        while BenchClock.nanoseconds() < deadline {
            var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 100) > 0 else { continue }
            let count = recv(socket, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            received += buffer[0..<count]
            let text = String(decoding: received, as: UTF8.self)
            if text.contains("\r\n\r\n") {
                guard text.hasPrefix("HTTP/1.1 200") else {
                    close(socket)
                    throw BenchFailure("the stream was refused: \(text.prefix(300))")
                }
                if text.contains("retry: 2000\n\n") { return socket }
            }
        }
        close(socket)
        throw BenchFailure("the stream did not open: \(String(decoding: received.prefix(300), as: UTF8.self))")
    }
}
