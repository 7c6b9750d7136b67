import Foundation
import Testing
@testable import SceneHostWebModel
import TestSupport

/// `serve` with scene workers, through the real binary and real sockets: a hung session never
/// stops another session's pages or actions; a session sharing a crashed worker keeps its state and
/// is told; SIGTERM with a busy worker leaves no process behind.
@Suite("Scene workers: serve (end to end)")
struct ServeWorkerTests {
    private func serve(_ app: FragileApp) throws -> ServeCommandTests.Server {
        try ServeCommandTests.Server(["--config", app.config])
    }

    /// The hung worker holds its session for the event time limit (2 s on a quiet machine, scaled:
    /// `Slack`); the other session's action and pages must come back while that post still waits,
    /// whatever a loaded machine makes of how long they take.
    @Test("while one session hangs its worker, another worker's session acts and every page still shows")
    func hangIsolated() throws {
        let eventTimeout = Slack.scaled(.seconds(2))
        let app = try FragileApp(host: "workers = 2\nevent-timeout = \(eventTimeout.components.seconds)")
        let server = try serve(app)
        defer { _ = server.stop() }
        let http = try LoopbackHTTP(address: server.address)
        let hung = try http.newSession(), other = try http.newSession(), neighbour = try http.newSession()
        // The first session's worker hangs for the event time limit; its post waits on a thread of its own
        // (not the test runner's task pool, which other tests may hold up).
        let answered = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var answer: LoopbackHTTP.Response?
        let poster = Thread {
            answer = try? http.act(cookie: hung.cookie, token: hung.token, "field.mode=hang&action=tap%3Astrike")
            answered.signal()
        }
        poster.start()
        usleep(500_000)
        let started = ContinuousClock.now
        let acted = try http.act(cookie: other.cookie, token: other.token, "action=tap%3Adeeper")
        #expect(acted.status == 303)
        #expect(try http.get(cookie: other.cookie).body.contains("<h1 id=\"title\"><bdi>Fragile 1</bdi></h1>"))
        // The hung session's own page comes from what the host holds, without waiting.
        let during = try http.get(cookie: hung.cookie).body
        // Held up, the other session would have waited for the hung worker: for the event time limit.
        let stillWaiting = answered.wait(timeout: .now()) == .timedOut
        if !stillWaiting { answered.signal() }
        #expect(stillWaiting, "the hung post was answered before the other session's action")
        #expect(ContinuousClock.now - started < eventTimeout, "a hung worker held up another session")
        #expect(during.contains("<h1 id=\"title\"><bdi>FragileHome</bdi></h1>") && !during.contains("role=\"alert\""))
        #expect(answered.wait(timeout: .now() + .seconds(60 + Int(eventTimeout.components.seconds))) == .success)
        #expect(answer?.status == 303)
        let page = try http.get(cookie: hung.cookie).body
        let alert = page.split(separator: "\n").filter { $0.contains("role=\"alert\"") }.joined(separator: "\n")
        #expect(
            page.contains(WebUserText.restored) && page.contains("(Reference: r-")
                && !page.contains("no answer within"), "\(alert)")
        // The session on the same worker as the hung one kept its state and is told once.
        let told = try http.get(cookie: neighbour.cookie).body
        #expect(told.contains(WebUserText.restoredShared), "\(told)")
        #expect(!(try http.get(cookie: neighbour.cookie).body.contains(WebUserText.restoredShared)))
        #expect(try http.get(cookie: other.cookie).body.contains("<h1 id=\"title\"><bdi>Fragile 1</bdi></h1>"))
    }

    @Test("sessions sharing a worker that crashes keep their own stacks and texts")
    func crashShared() throws {
        let app = try FragileApp(host: "workers = 1")
        let server = try serve(app)
        defer { _ = server.stop() }
        let http = try LoopbackHTTP(address: server.address)
        var sessions: [(cookie: String, token: String)] = []
        for index in 0..<6 {
            let session = try http.newSession()
            for _ in 0..<(index % 3) {
                _ = try http.act(cookie: session.cookie, token: session.token, "action=tap%3Adeeper")
            }
            _ = try http.act(
                cookie: session.cookie, token: session.token, "field.mode=text\(index)&action=tap%3Astrike")
            sessions.append(session)
        }
        _ = try http.act(cookie: sessions[2].cookie, token: sessions[2].token, "field.mode=segv&action=tap%3Astrike")
        for (index, session) in sessions.enumerated() {
            let page = try http.get(cookie: session.cookie).body
            #expect(
                page.contains(
                    "<h1 id=\"title\"><bdi>\(index % 3 == 0 ? "FragileHome" : "Fragile \(index % 3)")</bdi></h1>"),
                "\(page)")
            // The crashed action (its field texts with it) changed nothing: the text before it is back.
            #expect(page.contains("value=\"text\(index)\""))
            // Plain words on the page (the detail is in the server's log, under the reference the page shows).
            #expect(
                page.contains(index == 2 ? WebUserText.restored : WebUserText.restoredShared)
                    && page.contains("(Reference: r-"))
            #expect(!page.contains("SIGSEGV"))
        }
    }

    @Test("SIGTERM while a worker is busy: the server ends and no worker process stays behind")
    func terminateBusy() async throws {
        let app = try FragileApp(host: "workers = 2\nevent-timeout = 2")
        let server = try serve(app)
        let http = try LoopbackHTTP(address: server.address)
        let session = try http.newSession()
        let workers = Processes.children(of: server.process.processIdentifier, containing: "scene-host-worker")
        #expect(workers.count == 2)
        let hanging = Task.detached {
            try? http.act(cookie: session.cookie, token: session.token, "field.mode=hang&action=tap%3Astrike")
        }
        try await Task.sleep(for: .milliseconds(300))
        #expect(server.stop() != nil, "serve did not end after SIGTERM")
        _ = await hanging.value
        for worker in workers {
            #expect(
                Processes.eventually(limit: .seconds(10)) {
                    !Processes.isAlive(worker) && Self.members(ofGroup: worker).isEmpty
                },
                "worker \(worker) or its group outlived the server")
        }
    }

    @Test(
        "a request for a foreign Host (DNS rebinding) is refused with 421 before any session; --allowed-host admits a name"
    )
    func foreignHost() throws {
        let server = try ServeCommandTests.Server([])
        defer { _ = server.stop() }
        let http = try LoopbackHTTP(address: server.address)
        let refused = try http.get(host: "rebind.attacker.example:\(http.port)")
        #expect(refused.status == 421 && refused.headers["set-cookie"] == nil)
        #expect(refused.body.contains("refused a request for host &#39;rebind.attacker.example:\(http.port)&#39;"))
        #expect(try http.get(host: "localhost:\(http.port)").status == 200)
        let named = try ServeCommandTests.Server(["--allowed-host", "app.example"])
        defer { _ = named.stop() }
        let other = try LoopbackHTTP(address: named.address)
        #expect(try other.get(host: "app.example:\(other.port)").status == 200)
    }

    /// The live processes whose process group is `group`.
    static func members(ofGroup group: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard Processes.isAlive(pid), let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
            return fields.count > 2 && Int32(fields[2]) == group
        }
    }
}
