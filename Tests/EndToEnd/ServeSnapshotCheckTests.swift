import Foundation
import Testing
import TestSupport
import HostTestSupport
import SceneHostSessions

/// Pages answered from a snapshot with a store other processes share, through the real binary: a
/// GET of the screen on top is answered on the connection's thread once one read of the store found
/// the state number the snapshot shows (SQLite: read at once on the event loop; PostgreSQL: asked,
/// while the connection waits); after another instance's action on the same store the snapshot no
/// longer answers, and the page is the other instance's result. Pipelined requests keep their order
/// while a check is under way.
@Suite("serve: page snapshots checked against a shared store (end to end)")
struct ServeSnapshotCheckTests {
    typealias Server = ServeCommandTests.Server

    /// The value of `/metrics`' line `name` on `admin` (0 when it has none yet).
    private func metric(_ admin: LoopbackHTTP, _ name: String) throws -> Int {
        let text = try admin.get("/metrics").body
        let line = text.split(separator: "\n").first { $0.hasPrefix(name + " ") }
        return line.flatMap { Double($0.split(separator: " ").last ?? "") }.map { Int($0) } ?? 0
    }

    /// A store two instances share, and what ends it: SQLite (a file in a folder of the test's) or a
    /// throw-away PostgreSQL server; nil when PostgreSQL is not installed here.
    private func sharedStore(_ kind: String, _ folder: TemporaryFolder) throws -> (location: String, end: () -> Void)? {
        guard kind == "postgresql" else { return ("sqlite:" + folder.path("shared/sessions.sqlite"), {}) }
        guard let postgres = try ThrowawayPostgres.start() else { return nil }
        return ("postgresql://postgres@127.0.0.1:\(postgres.address.port)/postgres", { postgres.stop() })
    }

    @Test(
        "a checked snapshot answers while the store holds its state; another instance's action on the store sends the next GET to the router, which shows it",
        arguments: ["sqlite", "postgresql"])
    func checkedAgainstTheStore(kind: String) throws {
        let folder = try TemporaryFolder()
        guard let (store, end) = try sharedStore(kind, folder) else {
            return ThrowawayPostgres.skip("ServeSnapshotCheckTests.checkedAgainstTheStore")
        }
        defer { end() }
        let one = try Server(["--session-store", store, "--admin-port", "0"])
        defer { _ = one.stop() }
        let two = try Server(["--session-store", store])
        defer { _ = two.stop() }
        let http = try LoopbackHTTP(address: one.address)
        let other = try LoopbackHTTP(address: two.address)
        let admin = try LoopbackHTTP(address: try #require(ServeAdminTests.admin(one)))
        let held = #"scene_host_snapshot_pages_total{check="held"}"#
        let moved = #"scene_host_snapshot_pages_total{check="moved"}"#

        let session = try http.newSession(firstAction: "field.message=First%20text&action=tap%3AshowDetail")
        // The first page publishes the snapshot; the pages after it are answered from it, each after a check.
        #expect(try http.get("/s/Home/Detail", cookie: session.cookie).body.contains("First text"))
        let heldBefore = try metric(admin, held)
        for _ in 0..<3 {
            let page = try http.get("/s/Home/Detail", cookie: session.cookie, follow: false)
            #expect(page.status == 200 && page.body.contains("First text"), "\(page.status) \(page.body.prefix(300))")
        }
        #expect(try metric(admin, held) == heldBefore + 3)

        let oldCookie = http.jar.current(session.cookie)
        // Another instance on the same file applies an action of this session (the browser's cookie, its jar).
        let back = try other.act(cookie: session.cookie, token: session.token, "action=tap%3Adone")
        #expect(back.status == 303, "\(back.status) \(back.body.prefix(300))")
        let sent = try other.act(
            cookie: session.cookie, token: session.token, "field.message=Second%20text&action=tap%3AshowDetail")
        #expect(sent.status == 303, "\(sent.status) \(sent.body.prefix(300))")
        http.jar.take(sent)

        // The first instance's snapshot, under the cookie the browser held before, shows "First text" at a
        // state the store no longer holds: a request still carrying that cookie is the router's, never the old page.
        let movedBefore = try metric(admin, moved)
        let stale = try http.send(
            "GET /s/Home/Detail HTTP/1.1\r\nHost: 127.0.0.1:\(http.port)\r\nCookie: \(oldCookie)\r\nConnection: close\r\n\r\n",
            limit: 30)
        #expect(!stale.body.contains("First text"), "\(stale.status) \(stale.body)")
        #expect(try metric(admin, moved) == movedBefore + 1)
        let page = try http.get("/s/Home/Detail", cookie: session.cookie, follow: false)
        #expect(
            page.status == 200 && page.body.contains("Second text") && !page.body.contains("First text"),
            "\(page.status) \(page.body)")
    }

    @Test(
        "three requests pipelined on one connection while the first waits for its check: all answered, in order",
        arguments: ["sqlite", "postgresql"])
    func pipelinedInOrder(kind: String) throws {
        let folder = try TemporaryFolder()
        guard let (store, end) = try sharedStore(kind, folder) else {
            return ThrowawayPostgres.skip("ServeSnapshotCheckTests.pipelinedInOrder")
        }
        defer { end() }
        let server = try Server(["--session-store", store])
        defer { _ = server.stop() }
        let http = try LoopbackHTTP(address: server.address)
        let session = try http.newSession(firstAction: "field.message=Piped&action=tap%3AshowDetail")
        #expect(try http.get("/s/Home/Detail", cookie: session.cookie).body.contains("Piped"))
        let cookie = http.jar.current(session.cookie)
        let host = "Host: 127.0.0.1:\(http.port)\r\nCookie: \(cookie)\r\n"
        // The first is a snapshot's page (checked); the second the earlier screen's, then a HEAD that ends the connection.
        let raw = try http.sendRaw(
            "GET /s/Home/Detail HTTP/1.1\r\n\(host)\r\nGET /s/Home HTTP/1.1\r\n\(host)\r\n"
                + "HEAD /s/Home/Detail HTTP/1.1\r\n\(host)Connection: close\r\n\r\n", limit: 30)
        let answers = raw.components(separatedBy: "HTTP/1.1 ").dropFirst()
        #expect(answers.count == 3, "\(raw.prefix(2000))")
        let bodies = Array(answers)
        #expect(bodies.allSatisfy { $0.hasPrefix("200") }, "\(raw.prefix(2000))")
        if bodies.count == 3 {
            #expect(bodies[0].contains("Piped") && !bodies[0].contains("id=\"earlier\""), "\(bodies[0])")
            #expect(bodies[1].contains("id=\"earlier\""), "the earlier screen's page comes second: \(bodies[1])")
            #expect(!bodies[2].contains("<html"), "a HEAD has no body: \(bodies[2])")
        }
    }
}
