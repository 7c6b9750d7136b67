#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// (g) Screens that change on their own, as a browser sees them through `serve`: the Async test
/// fixture's `clock` (an `observe` task presenting the monotonic clock's nanoseconds through its
/// presenter every 37 ms), followed by a live page's Server-Sent Events stream.
///
/// - **Unasked update**: for each `screen` event the client reads, how long ago the worker wrote
///   the clock value the page shows: the worker's screen check (at once: the presenter told it),
///   its unasked frame, the host's worker queue, the stream's page made as a GET makes it (with
///   its round trip to the worker), and the loopback socket. Clocks are comparable: one machine, one `CLOCK_MONOTONIC`.
/// - **Baseline, the same run**: an event round trip as a browser makes it on another session of
///   the same server: a POST of a form action (a row of the list, which the scene ignores) and the
///   GET of the page its 303 names.
///
/// The two alternate, `runs` times; p50 and p99 are medians over the runs [smallest-largest run].
@MainActor
enum LiveUpdateBenchmark {
    static let runs = 5

    static func run(into report: inout BenchReport, buildDirectory: String, scale: Int) throws {
        let library = BenchInstallation.fixturesDirectory(besides: buildDirectory) + "/libFixtureAsync.so"
        guard FileManager.default.fileExists(atPath: library) else {
            throw BenchFailure(
                "\(library) is missing: build the test fixtures with scripts/build-fixtures.sh release (scripts/benchmark does)"
            )
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scene-host-bench-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        chmod(folder.path, 0o755)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("live.conf").path
        try Data("initial = \"Shelf\"\n[host]\nworkers = 1\n[plugins.Async]\npath = \"\(library)\"\n".utf8).write(
            to: URL(fileURLWithPath: config))
        let cache = folder.appendingPathComponent("probes.cache").path
        let server = try BenchServer(
            buildDirectory + "/scene-host", ["serve", "--config", config, "--probe-cache", cache, "--port", "0"])
        defer { server.stop() }

        let live = try Session(port: server.port, firstAction: "action=tap%3Atime")
        let acting = try Session(port: server.port, firstAction: "action=back")
        var updates: [LatencyHistogram] = [], actions: [LatencyHistogram] = []
        let seconds = 2.0 * Double(scale)
        for _ in 0..<runs {
            updates.append(try live.followStream(seconds: seconds))
            actions.append(try acting.roundTrips(count: 100 * scale))
        }
        guard updates.allSatisfy({ $0.count >= 10 }) else {
            throw BenchFailure(
                "the live page got fewer than 10 updates in \(seconds) s: \(updates.map(\.count)) \(server.errors)")
        }
        let update = Summary(updates), action = Summary(actions)
        report.rows.append(
            update.row(
                "unasked screen update, worker to SSE client, vs an action's round trip (p50)", \.median,
                against: action, bar: nil))
        report.rows.append(
            update.row(
                "unasked screen update, worker to SSE client, vs an action's round trip (p99)", \.p99, against: action,
                bar: nil))
        report.notes.append(
            String(
                format:
                    "live update: the Async fixture's observe clock (every 37 ms) followed over SSE for %.0f s a run; "
                    + "the baseline a POST + GET of its 303 on another session of the same serve, %d a run; "
                    + "medians of %d runs [smallest-largest]. The clock is presented through the scene's presenter, so the worker checks the screen at once.",
                seconds, 100 * scale, runs))
    }

    /// One browser's session on the server, with its own connection for actions.
    final class Session {
        let port: UInt16
        /// Replaced by each action's answer: a session's secret changes on every action.
        private(set) var cookie: String
        private let connection: BenchHTTPConnection
        private var page: String

        init(port: UInt16, firstAction: String) throws {
            self.port = port
            connection = BenchHTTPConnection(port: port)
            let start = try connection.request("GET", "/")
            guard start.status == 200, let token = LoadClient.token(in: start.text) else {
                throw BenchFailure("GET / gave \(start.status) without a form token")
            }
            let made = try connection.request(
                "POST", "/", headers: Self.formHeaders(port: port),
                body: Array("token=\(token)&screen=0&\(firstAction)".utf8))
            guard made.status == 303,
                let cookie = made.sessionCookie
            else {
                throw BenchFailure("the first POST / gave \(made.status) without a session cookie")
            }
            self.cookie = cookie
            page = try connection.request("GET", "/s/Shelf", headers: [("Cookie", cookie)]).text
        }

        static func formHeaders(port: UInt16) -> [(String, String)] {
            [("Origin", "http://127.0.0.1:\(port)"), ("Sec-Fetch-Site", "same-origin")]
        }

        /// `count` actions as a browser sends them, each timed from its POST to the end of the GET of its 303.
        func roundTrips(count: Int) throws -> LatencyHistogram {
            var histogram = LatencyHistogram()
            for _ in 0..<count {
                let headers = [("Cookie", cookie)] + Self.formHeaders(port: port)
                guard let token = LoadClient.token(in: page) else {
                    throw BenchFailure("the page has no form token: \(page.prefix(300))")
                }
                let body = "token=\(token)&screen=\(LoadClient.stamp(in: page))&action=select%3Abooks%3A0"
                let start = BenchClock.nanoseconds()
                let posted = try connection.request("POST", "/s/Shelf", headers: headers, body: Array(body.utf8))
                guard posted.status == 303, let location = posted.location else {
                    throw BenchFailure("POST /s/Shelf gave \(posted.status)")
                }
                if let renewed = posted.sessionCookie {
                    cookie = renewed
                }
                let shown = try connection.request("GET", location, headers: [("Cookie", cookie)])
                histogram.record(from: start, to: BenchClock.nanoseconds())
                guard shown.status == 200, !shown.text.contains("role=\"alert\"") else {
                    throw BenchFailure("the action failed: \(shown.text.prefix(600))")
                }
                page = shown.text
            }
            return histogram
        }

        /// Follows the live page's stream for `seconds`: for each `screen` event, how long ago the
        /// clock value it shows was written.
        func followStream(seconds: Double) throws -> LatencyHistogram {
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard socket >= 0 else { throw BenchFailure("socket: \(String(cString: strerror(errno)))") }
            defer { close(socket) }
            var one: Int32 = 1
            setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard connected == 0 else { throw BenchFailure("cannot connect: \(String(cString: strerror(errno)))") }
            let request = Array(
                "GET /s/Shelf HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\nCookie: \(cookie)\r\n\r\n"
                    .utf8)
            guard
                request.withUnsafeBytes({ send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) })
                    == request.count
            else {
                throw BenchFailure("send: \(String(cString: strerror(errno)))")
            }
            var histogram = LatencyHistogram()
            var pending: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            let marker = Array("id=\"clock\">".utf8)
            let ends = BenchClock.nanoseconds() + UInt64(seconds * 1e9)
            var sawHeader = false
            while BenchClock.nanoseconds() < ends {
                var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
                guard poll(&entry, 1, 100) > 0 else { continue }
                let count = recv(socket, &buffer, buffer.count, 0)
                let received = BenchClock.nanoseconds()
                guard count > 0 else {
                    throw BenchFailure(
                        "the stream ended early: \(String(decoding: pending.prefix(300), as: UTF8.self))")
                }
                pending += buffer[0..<count]
                if !sawHeader {
                    guard let text = String(validating: pending.prefix(512), as: UTF8.self), text.contains("\r\n\r\n")
                    else { continue }
                    guard text.hasPrefix("HTTP/1.1 200") else {
                        throw BenchFailure("the stream was refused: \(text.prefix(200))")
                    }
                    sawHeader = true
                }
                // Every complete clock value in what came: each is one event's page.
                while let start = Self.find(marker, in: pending) {
                    let digits = pending[(start + marker.count)...].prefix { $0 >= 0x30 && $0 <= 0x39 }
                    guard start + marker.count + digits.count < pending.count else { break }
                    if let written = UInt64(String(decoding: digits, as: UTF8.self)), written > 0, written <= received {
                        histogram.record(from: written, to: received)
                    }
                    pending.removeFirst(start + marker.count + digits.count)
                }
            }
            return histogram
        }

        private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
            guard haystack.count >= needle.count else { return nil }
            for index in 0...(haystack.count - needle.count) where haystack[index] == needle[0] {
                if Array(haystack[index..<(index + needle.count)]) == needle { return index }
            }
            return nil
        }
    }
}
