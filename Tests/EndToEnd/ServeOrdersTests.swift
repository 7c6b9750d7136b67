import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
import HostTestSupport
import TestSupport

/// The orders app on SQLite through the real `serve`: a Save is in the database when its answer
/// comes, so a server killed right after loses nothing, and a new server shows it.
@Suite("serve: the orders on SQLite (end to end)")
struct ServeOrdersTests {
    @MainActor
    @Test("a save through serve survives a SIGKILL of the server right after it was answered")
    func saveSurvivesKill() throws {
        let app = try OrdersApp()
        let configPath = app.folder.path("orders-stack.conf")
        let first = try ServeCommandTests.Server(["--config", configPath])
        let http = try LoopbackHTTP(address: first.address)
        let session = try http.newSession(firstAction: "action=select%3Aorders%3A1")
        #expect(try http.get(cookie: session.cookie).body.contains("<h1 id=\"title\"><bdi>Order #2</bdi></h1>"))
        _ = try http.act(cookie: session.cookie, token: session.token, "action=tap%3Aedit")
        let saved = try http.act(
            cookie: session.cookie, token: session.token, "field.quantity=7&field.note=kept&action=tap%3Asave")
        #expect(
            saved.status == 303 && saved.headers["location"] == "/s/ListOrders/ShowOrder?id=2",
            "\(saved.status) \(saved.headers)")
        kill(first.process.processIdentifier, SIGKILL)
        // Bounded: Foundation's waitUntilExit was seen to wait forever for a child that had ended.
        for _ in 0..<100 where first.process.isRunning { Thread.sleep(forTimeInterval: 0.1) }

        let second = try ServeCommandTests.Server(["--config", configPath])
        defer { _ = second.stop() }
        // The list loads in the background: on a loaded machine the start page may still say it is
        // loading (its preview waits 250 ms for that), so it is asked again until it shows the list.
        var list = try LoopbackHTTP(address: second.address).get()
        let deadline = ContinuousClock.now + .seconds(60)
        while list.body.contains("<main aria-busy=\"true\">"), ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.2)
            list = try LoopbackHTTP(address: second.address).get()
        }
        #expect(list.body.contains("#2 Grace: 7 × Cake (kept)"), "\(list.body)")
    }

    @MainActor
    @Test("GET /orders/2 shows order #2 over the list (the deep link ShowOrder declares); a malformed id is a 404 page")
    func deepLink() throws {
        let app = try OrdersApp()
        let server = try ServeCommandTests.Server(["--config", app.folder.path("orders-stack.conf")])
        defer { _ = server.stop() }
        let http = try LoopbackHTTP(address: server.address)
        let page = try http.get("/orders/2")
        #expect(page.status == 200 && page.headers["set-cookie"] == nil)
        #expect(
            page.body.contains("<h1 id=\"title\"><bdi>Order #2</bdi></h1>")
                && page.body.contains("<form method=\"post\" action=\"/orders/2\">"))
        #expect(
            // The list, never shown here, is named by its own title (one name per screen).
            page.body.contains("<li><bdi>Orders</bdi></li><li aria-current=\"page\"><bdi>Order #2</bdi></li>"),
            "\(page.body)")
        let bad = try http.get("/orders/two")
        // Plain words and a reference for the user; the parameter's detail goes to the server's log.
        #expect(
            bad.status == 404 && bad.body.contains("There is no page at this address.")
                && bad.body.contains("(Reference: r-"))
        #expect(!bad.body.contains("expects an Int"))
        #expect(try http.get("/orders").status == 404)
    }

    @MainActor
    @Test(
        "a screen's URL names its record (?id=2); the URL in a browser without the session, or in one that shows another order, opens that order"
    )
    func recordURLs() throws {
        let app = try OrdersApp()
        let server = try ServeCommandTests.Server(["--config", app.folder.path("orders-stack.conf")])
        defer { _ = server.stop() }
        let http = try LoopbackHTTP(address: server.address)
        let start = try http.get("/")
        let token = LoopbackHTTP.field(#"(?<=name="token" value=")[0-9a-f]+"#, in: start.body) ?? ""
        let posted = try http.post("/", cookie: nil, body: "token=\(token)&screen=0&action=select%3Aorders%3A1")
        #expect(
            posted.status == 303 && posted.headers["location"] == "/s/ListOrders/ShowOrder?id=2", "\(posted.headers)")
        let cookie = String(posted.headers["set-cookie"]?.split(separator: ";").first ?? "")
        #expect(
            try http.get("/s/ListOrders/ShowOrder?id=2", cookie: cookie, follow: false).body.contains(
                "<h1 id=\"title\"><bdi>Order #2</bdi></h1>"))
        // A fresh browser (no cookie): the same order, through the link; no session is made by the load.
        let fresh = try http.get("/s/ListOrders/ShowOrder?id=2", follow: false)
        #expect(
            fresh.status == 200 && fresh.headers["set-cookie"] == nil
                && fresh.body.contains("<h1 id=\"title\"><bdi>Order #2</bdi></h1>"))
        // The session shows order #2; a URL naming order #3 opens order #3, not the session's screen.
        let other = try http.get("/s/ListOrders/ShowOrder?id=3", cookie: cookie, follow: false)
        #expect(
            other.body.contains("<h1 id=\"title\"><bdi>Order #3</bdi></h1>")
                && other.body.contains("<form method=\"post\" action=\"/orders/3\">"))
        #expect(try http.get("/s/ListOrders/ShowOrder?id=x", follow: false).status == 404)
    }
}
