import Foundation
import GRDB
import Testing
import TestSupport

/// Two apps on one session store, through the real binary: a session belongs to the app that made it,
/// so a cookie of one app taken to the other starts a new visitor there and never shows or changes
/// the first app's session (docs/production.md, "Session stores").
@Suite("serve: two apps on one session store (end to end)")
struct ServeSharedStoreTests {
    typealias Server = ServeCommandTests.Server

    /// The columns of every row of the store at `path` but its last use (the instance that owns a session
    /// may record a page load of its own at any time), by app and key, read without writing.
    private func rows(_ path: String) throws -> [String] {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        return try queue.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT app || ' ' || hex(key) || ' ' || token || ' ' || state || ' ' || created || ' ' || last_action || ' ' || client
                        || ' ' || actions || ' ' || hex(body) FROM scene_host_sessions ORDER BY app, key
                    """)
        }
    }

    @Test(
        "two configs on one sqlite file: app A's cookie at app B starts a new visitor there; A's session is unchanged and still A's"
    )
    func cookieOfAnotherApp() throws {
        let folder = try TemporaryFolder()
        let store = "sqlite:" + folder.path("shared/sessions.sqlite")
        // App B has the demo's very scenes under other plugin names: it could build A's stacks, so only
        // the store's app identity keeps A's screen and text out of it.
        let configB = try folder.write(
            DemoConfig.config(plugins: [
                ("OtherHome", BuildProducts.library("HomeScene")),
                ("OtherDetail", BuildProducts.library("DetailScene")),
            ]) + DemoConfig.segue,
            to: "other-app.conf")
        let appA = try Server(["--session-store", store])
        defer { _ = appA.stop() }
        let appB = try Server(["--config", configB, "--session-store", store])
        defer { _ = appB.stop() }
        let httpA = try LoopbackHTTP(address: appA.address)
        let httpB = try LoopbackHTTP(address: appB.address)

        let session = try httpA.newSession(firstAction: "field.message=Typed%20in%20A&action=tap%3AshowDetail")
        #expect(try httpA.get("/s/Home/Detail", cookie: session.cookie).body.contains("Typed in A"))
        let before = try rows(folder.path("shared/sessions.sqlite"))
        #expect(before.count == 1, "\(before)")

        // A's cookie at B: B's own start, as for any cookie that names no session here, and the cookie is cleared.
        let cookieA = httpA.jar.current(session.cookie)
        let shown = try httpB.send(
            "GET /s/Home/Detail HTTP/1.1\r\nHost: 127.0.0.1:\(httpB.port)\r\nCookie: \(cookieA)\r\nConnection: close\r\n\r\n",
            limit: 30)
        #expect(shown.status == 303 && shown.headers["location"] == "/", "\(shown.status) \(shown.body.prefix(300))")
        let start = try httpB.send(
            "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(httpB.port)\r\nCookie: \(cookieA)\r\nConnection: close\r\n\r\n",
            limit: 30)
        #expect(
            start.status == 200 && start.body.contains("<h1 id=\"title\"><bdi>Home</bdi></h1>"),
            "\(start.status) \(start.body.prefix(300))")
        #expect(!start.body.contains("Typed in A"))
        #expect(
            start.headers["set-cookie"]?.hasPrefix("scene_host_session=;") == true,
            "\(start.headers["set-cookie"] ?? "no cookie set")")

        // A's form, posted to B with A's cookie and A's session token: B has no such session; it sends the browser to its start.
        let posted = try httpB.send(
            Self.post(
                "/s/Home/Detail", port: httpB.port, cookie: cookieA,
                body: "token=\(session.token)&screen=1&action=tap%3Adone"),
            limit: 30)
        #expect(
            posted.status == 303 && posted.headers["location"] == "/", "\(posted.status) \(posted.body.prefix(300))")

        // A first action at B with A's cookie makes a new visitor of B's own: a new cookie, B's screen, B's text.
        let token = LoopbackHTTP.field(#"(?<=name="token" value=")[0-9a-f]+"#, in: start.body) ?? ""
        let fresh = try httpB.send(
            Self.post(
                "/", port: httpB.port, cookie: cookieA,
                body: "token=\(token)&screen=0&field.message=Typed%20in%20B&action=tap%3AshowDetail"),
            limit: 30)
        #expect(
            fresh.status == 303 && fresh.headers["location"] == "/s/Home/Detail",
            "\(fresh.status) \(fresh.body.prefix(300))")
        let cookieB = try #require(fresh.headers["set-cookie"]?.split(separator: ";").first.map(String.init))
        #expect(
            cookieB.split(separator: ".").first != cookieA.split(separator: ".").first,
            "B made a session of its own, not A's")
        let pageB = try httpB.get("/s/Home/Detail", cookie: cookieB).body
        #expect(pageB.contains("Typed in B") && !pageB.contains("Typed in A"), "\(pageB)")

        // A's row is as it was, and A still shows its session.
        let after = try rows(folder.path("shared/sessions.sqlite"))
        #expect(after.count == 2, "\(after)")
        #expect(before.allSatisfy(after.contains), "A's session changed:\nbefore \(before)\nafter \(after)")
        #expect(Set(after.map { $0.prefix { $0 != " " } }).count == 2, "each row names its own app: \(after)")
        let pageA = try httpA.get("/s/Home/Detail", cookie: session.cookie)
        #expect(
            pageA.status == 200 && pageA.body.contains("Typed in A") && !pageA.body.contains("Typed in B"),
            "\(pageA.body)")
    }

    /// A same-origin form post with `cookie`.
    private static func post(_ path: String, port: UInt16, cookie: String, body: String) -> String {
        "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nCookie: \(cookie)\r\nOrigin: http://127.0.0.1:\(port)\r\n"
            + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
    }
}
