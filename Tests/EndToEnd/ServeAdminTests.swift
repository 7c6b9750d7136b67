import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
import HostTestSupport
import TestSupport
import SceneHostSessions

/// The admin listener (`serve --admin-port`) under hostile clients, through the real binary: it has the
/// app listener's limits (header timeout, connection cap, Host check), and `/readyz` answers within its
/// own deadline, in an operator's words, when the store is down.
@Suite("serve: the admin listener's limits (end to end)")
struct ServeAdminTests {
    typealias Server = ServeCommandTests.Server

    /// The admin cap and the connections accepted past it to be told 503 (`WebConnectionLimits.admin(like:)`).
    static let adminConnections = 32 + 8

    /// The admin listener's address, once it printed it (nil after 30 s).
    static func admin(_ server: Server) -> String? {
        for _ in 0..<300 {
            let text = (try? String(contentsOf: server.output, encoding: .utf8)) ?? ""
            if let range = text.range(of: #"(?<=admin on )http://[0-9.]+:[0-9]+"#, options: .regularExpression) {
                return String(text[range])
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return nil
    }

    /// How many sockets a flood may open (`wanted` at most) leaving `spare` descriptors to the rest of
    /// this process, after raising its soft limit to the hard one.
    static func floodSize(wanted: Int, spare: Int) -> Int {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        if limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            _ = setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
            _ = getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        }
        return min(wanted, Int(limit.rlim_cur) - spare)
    }

    /// How many descriptors process `pid` holds open; nil when this user may not look (a host started
    /// by an unprivileged user makes itself undumpable, which closes its `/proc/PID/fd` to that user).
    static func descriptors(of pid: Int32) -> Int? {
        try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count
    }

    @Test(
        "1,500 half-sent admin requests (fewer where this process may not open so many) under a 256-descriptor limit: the admin listener holds at most its cap, the app still answers, the server closes them at the header timeout, then a fresh /healthz answers"
    )
    func halfSentRequests() throws {
        let folder = try TemporaryFolder()
        let config = try folder.write(DemoConfig.text + "\n[host]\nworkers = 2\n", to: "scenes.conf")
        let server = try Server(
            ["--config", config, "--admin-port", "0", "--header-timeout", "30", "--idle-timeout", "30"],
            descriptors: 256)
        defer { _ = server.stop() }
        let adminHTTP = try LoopbackHTTP(address: try #require(Self.admin(server)))
        let appHTTP = try LoopbackHTTP(address: server.address)
        #expect(try adminHTTP.get("/healthz").status == 200)
        Thread.sleep(forTimeInterval: 0.5)
        let pid = server.process.processIdentifier
        let baseline = Self.descriptors(of: pid)

        // 1,500 sockets in this test process, which other tests share: its soft descriptor limit (1,024 for
        // an unprivileged login) is raised toward the hard one first, with room left for the others.
        let count = Self.floodSize(wanted: 1500, spare: 2048)
        try #require(count >= 300, "this process may open too few descriptors for the flood (\(count))")
        var flood = HalfSentFlood(port: adminHTTP.port, count: count, line: "GET /healthz HTTP/1.1\r\n")
        defer { flood.closeAll() }
        #expect(flood.opened == count, "this test could open only \(flood.opened) sockets")
        let clock = ContinuousClock()
        let started = clock.now
        var most = baseline ?? 0
        // Time for the server to take all it will of them.
        while clock.now - started < .seconds(2) {
            flood.step(waiting: 0.05)
            most = max(most, Self.descriptors(of: pid) ?? 0)
        }
        // The app's listener kept its descriptors: 1,500 held connections would have taken all 256 until their
        // header timeout (30 s) had the admin listener no cap.
        let page = try appHTTP.get("/", limit: 20)
        #expect(
            page.status == 200 && page.body.contains("<h1 id=\"title\"><bdi>Home</bdi></h1>"),
            "\(page.status) \(page.body.prefix(200))")
        if let baseline {
            // Its own descriptors besides (worker channels, the store) may move by a few.
            #expect(
                most <= baseline + Self.adminConnections + 16,
                "the server held \(most) descriptors (\(baseline) before the flood)")
        }
        // The server closes those it took at the header timeout, a cap's worth at a time.
        while flood.closedByServer < Self.adminConnections, clock.now - started < .seconds(180) {
            flood.step(waiting: 0.05)
        }
        #expect(
            flood.closedByServer >= Self.adminConnections,
            "only \(flood.closedByServer) half-sent requests were closed after \(clock.now - started)")
        #expect(clock.now - started >= .seconds(25), "closed before the header timeout")
        #expect(flood.answered == 0, "a half-sent request was answered")
        // Once they are gone, a fresh well-formed request is answered. The server hears of the closes on its
        // event loop, a moment after this process made them (longer on a loaded machine): until then its
        // cap may still count them, and it answers 503, which is asked again.
        flood.closeAll()
        var fresh = try adminHTTP.get("/healthz", limit: 60)
        let closed = clock.now
        while fresh.status == 503, clock.now - closed < .seconds(60) {
            Thread.sleep(forTimeInterval: 0.2)
            fresh = try adminHTTP.get("/healthz", limit: 60)
        }
        #expect(fresh.status == 200 && fresh.body == "ok\n", "\(fresh.status) \(fresh.body)")
        #expect(server.process.isRunning)
    }

    @Test("a request for another Host is refused with 421 on every admin path; localhost and the address are answered")
    func wrongHost() throws {
        let server = try Server(["--admin-port", "0"])
        defer { _ = server.stop() }
        let http = try LoopbackHTTP(address: try #require(Self.admin(server)))
        for path in ["/healthz", "/readyz", "/metrics"] {
            let refused = try http.get(path, host: "evil.example")
            #expect(refused.status == 421, "\(path): \(refused.status)")
            #expect(
                refused.body.hasPrefix(
                    "error: refused a request for host 'evil.example': this server answers only for localhost, 127.0.0.1, ::1"
                ),
                "\(path): \(refused.body)")
        }
        #expect(try http.get("/healthz", host: "localhost:\(http.port)").status == 200)
        #expect(try http.get("/healthz").status == 200)
        let metrics = try http.get("/metrics").body
        #expect(metrics.contains("scene_host_admin_connections_refused_total"), "\(metrics.prefix(400))")
    }

    @Test(
        "/readyz with the PostgreSQL store stopped: 503 within its own deadline, naming the store in an operator's words; ready again once it is back"
    )
    func readyWithTheStoreDown() throws {
        guard let postgres = try ThrowawayPostgres.start() else {
            return ThrowawayPostgres.skip("ServeAdminTests.readyWithTheStoreDown")
        }
        defer { postgres.stop() }
        // A long event time limit gives every store request 20 s: only /readyz's own deadline answers sooner.
        let folder = try TemporaryFolder()
        let config = try folder.write(DemoConfig.text + "\n[host]\nevent-timeout = 60\n", to: "scenes.conf")
        let location = "postgresql://postgres@127.0.0.1:\(postgres.address.port)/postgres"
        let server = try Server(["--config", config, "--session-store", location, "--admin-port", "0"])
        defer { _ = server.stop() }
        let http = try LoopbackHTTP(address: try #require(Self.admin(server)))
        #expect(try http.get("/readyz").body == "ready\n")

        try postgres.pause()
        let clock = ContinuousClock()
        let started = clock.now
        let down = try http.get("/readyz", limit: 60)
        let took = clock.now - started
        #expect(down.status == 503, "\(down.status) \(down.body)")
        #expect(took < .seconds(10), "/readyz took \(took) with the store down")
        #expect(
            down.body == "not ready: the session store \(location) did not answer within 1000 ms\n"
                || down.body.hasPrefix("not ready: the session store \(location) failed: "), "\(down.body)")
        #expect(!down.body.contains("Try again") && !down.body.contains("error:"), "\(down.body)")

        try postgres.resume()
        var ready = try http.get("/readyz", limit: 60)
        let back = clock.now
        while ready.status != 200, clock.now - back < .seconds(90) {
            Thread.sleep(forTimeInterval: 0.5)
            ready = try http.get("/readyz", limit: 60)
        }
        #expect(ready.status == 200 && ready.body == "ready\n", "\(ready.status) \(ready.body)")
    }
}
