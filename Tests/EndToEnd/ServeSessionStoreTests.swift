import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
import TestSupport

/// `serve` with its session store, through the real binary: with no flag, a `kill -9` and a start
/// again on the same config lose nothing its user was shown; a SIGTERM drains (`/readyz` 503, then
/// exit 0) and a restart keeps every session; `memory` keeps today's behaviour; a bad store is an
/// error at start naming it; `/metrics` counts what happened.
@Suite("serve: sessions that outlive the process (end to end)")
struct ServeSessionStoreTests {
    typealias Server = ServeCommandTests.Server

    /// The first page's form token, and a session made by its first action.
    private func detailSession(_ http: LoopbackHTTP, message: String) throws -> (cookie: String, token: String) {
        try http.newSession(firstAction: "field.message=\(message)&action=tap%3AshowDetail")
    }

    private func admin(_ server: Server) -> String? {
        let text = (try? String(contentsOf: server.output, encoding: .utf8)) ?? ""
        return text.range(of: #"(?<=admin on )http://[0-9.]+:[0-9]+"#, options: .regularExpression).map {
            String(text[$0])
        }
    }

    @Test(
        "kill -9, then serve again with no flag: the same cookie and URL show the same screen and texts; the page held before still posts"
    )
    func killAndRestart() throws {
        let folder = try TemporaryFolder()
        let state = ["XDG_STATE_HOME": folder.path("state")]
        let first = try Server([], environment: state)
        // A failed expectation must leave no server behind.
        defer { if first.process.isRunning { first.kill9() } }
        let http = try LoopbackHTTP(address: first.address)
        let session = try detailSession(http, message: "Typed%20before%20the%20crash")
        let held = try http.get("/s/Home/Detail", cookie: session.cookie).body
        #expect(held.contains("Typed before the crash"))
        first.kill9()

        let second = try Server([], environment: state)
        defer { _ = second.stop() }
        let again = try LoopbackHTTP(address: second.address)
        let page = try again.get("/s/Home/Detail", cookie: session.cookie)
        #expect(
            page.status == 200 && page.body.contains("<h1 id=\"title\"><bdi>Detail</bdi></h1>")
                && page.body.contains("Typed before the crash"), "\(page.body)")
        #expect(!page.body.contains("role=\"alert\""))
        let earlier = try again.get("/s/Home", cookie: session.cookie).body
        #expect(earlier.contains("value=\"Typed before the crash\""))
        // The form of the page shown before the crash applies on the new server.
        let done = try again.post(
            "/s/Home/Detail", cookie: session.cookie,
            body: "token=\(session.token)&screen=\(LoopbackHTTP.version(in: held))&action=tap%3Adone")
        #expect(done.status == 303 && done.headers["location"] == "/s/Home", "\(done.status) \(done.body.prefix(300))")
        // The default store is a file of its own for this config, 0600 in a 0700 folder.
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path("state/scene-host")).filter {
            $0.hasSuffix(".sqlite")
        }
        #expect(files.count == 1 && files[0].hasPrefix("sessions-scenes-"))
        var info = stat()
        #expect(stat(folder.path("state/scene-host/\(files[0])"), &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(stat(folder.path("state/scene-host"), &info) == 0 && info.st_mode & 0o777 == 0o700)
    }

    @Test(
        "SIGTERM drains: /readyz turns 503 while the instance finishes, every answer ends its connection, it exits 0, and the next one knows every session"
    )
    func drainAndRestart() throws {
        let folder = try TemporaryFolder()
        let state = ["XDG_STATE_HOME": folder.path("state")]
        let first = try Server(["--admin-port", "0", "--drain-delay", "4"], environment: state)
        defer { if first.process.isRunning { first.kill9() } }
        for _ in 0..<100 where admin(first) == nil { Thread.sleep(forTimeInterval: 0.05) }
        let adminAddress = try #require(admin(first))
        let adminHTTP = try LoopbackHTTP(address: adminAddress)
        #expect(try adminHTTP.get("/healthz").status == 200)
        #expect(try adminHTTP.get("/readyz").status == 200)
        let http = try LoopbackHTTP(address: first.address)
        let session = try detailSession(http, message: "Before%20the%20deploy")
        let metrics = try adminHTTP.get("/metrics").body
        #expect(metrics.contains("scene_host_actions_total{outcome=\"applied\"} 1"), "\(metrics)")
        #expect(
            metrics.contains("scene_host_sessions_created_total 1")
                && metrics.contains("scene_host_request_seconds_bucket"))
        #expect(
            metrics.contains("scene_host_worker_starts_total") && metrics.contains("scene_host_store_seconds_count"))
        // Before the drain a connection may be kept for the next request.
        #expect(try http.get("/s/Home/Detail", cookie: session.cookie).headers["connection"] != "close")
        kill(first.process.processIdentifier, SIGTERM)
        // Draining once /readyz says so (waited for: a loaded machine may take a while to handle the signal):
        // not ready, still healthy, and pages still answer until the listener closes, each
        // ending its connection (a proxy must not keep one to send a post on as the instance closes it):
        // the page answered from its snapshot and one answered by the router alike.
        var readiness = try adminHTTP.get("/readyz").status
        let signalled = ContinuousClock.now
        while readiness == 200, ContinuousClock.now - signalled < .seconds(60) {
            Thread.sleep(forTimeInterval: 0.05)
            readiness = try adminHTTP.get("/readyz").status
        }
        #expect(readiness == 503)
        let draining = try http.get("/s/Home/Detail", cookie: session.cookie)
        #expect(draining.status == 200 && draining.headers["connection"] == "close", "\(draining.headers)")
        let start = try http.get("/")
        #expect(start.status == 200 && start.headers["connection"] == "close", "\(start.headers)")
        first.process.waitUntilExit()
        #expect(first.process.terminationStatus == 0)

        let second = try Server([], environment: state)
        defer { _ = second.stop() }
        let page = try LoopbackHTTP(address: second.address).get("/s/Home/Detail", cookie: session.cookie).body
        #expect(page.contains("Before the deploy"))
    }

    @Test("--session-store memory: sessions end with the process, as before")
    func memory() throws {
        let folder = try TemporaryFolder()
        let first = try Server(["--session-store", "memory"], environment: ["XDG_STATE_HOME": folder.path("state")])
        defer { if first.process.isRunning { first.kill9() } }
        let session = try detailSession(try LoopbackHTTP(address: first.address), message: "gone")
        first.kill9()
        let second = try Server(["--session-store", "memory"], environment: ["XDG_STATE_HOME": folder.path("state")])
        defer { _ = second.stop() }
        let page = try LoopbackHTTP(address: second.address).get("/s/Home/Detail", cookie: session.cookie).body
        #expect(page.contains("Your session ended") && !page.contains("gone"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("state/scene-host")))
    }

    @Test(
        "a store that is no accepted form stops serve at start (exit 2), naming the flag or the variable",
        arguments: [
            (
                ["--session-store", "memroy"], [String: String](),
                "error: --session-store 'memroy': it is no store this host knows; did you mean 'memory'?"
            ),
            (
                [], ["SCENE_HOST_SESSION_STORE": "postgresql://app:hunter2@db"],
                "error: SCENE_HOST_SESSION_STORE 'postgresql://app:***@db': it names no database"
            ),
        ])
    func badStore(_ arguments: [String], _ environment: [String: String], _ expected: String) throws {
        let host = try BoundedHostProcess.run(
            ["serve", "--port", "0"] + arguments, environment: environment, limit: .seconds(60))
        #expect(host.status == 2, "\(host.stderr)")
        #expect(host.stderr.contains(expected), "\(host.stderr)")
        #expect(!host.stderr.contains("hunter2") && !host.stdout.contains("on http://"))
    }
}
