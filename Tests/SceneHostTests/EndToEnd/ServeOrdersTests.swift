import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The orders app on SQLite through the real `serve`: a Save is in the database when its answer
/// comes, so a server killed right after loses nothing, and a new server shows it.
@Suite("serve: the orders on SQLite (end to end)")
struct ServeOrdersTests {
    @MainActor
    @Test("a save through serve survives a SIGKILL of the server right after it was answered")
    func saveSurvivesKill() throws {
        let app = try OrdersApp()
        let configPath = app.folder.path("orders.conf")
        let first = try ServeCommandTests.Server(["--config", configPath])
        let http = try LoopbackHTTP(address: first.address)
        let session = try http.newSession(firstAction: "action=select%3Aorders%3A1")
        #expect(try http.get(cookie: session.cookie).body.contains("<h1 id=\"title\"><bdi>Order #2</bdi></h1>"))
        _ = try http.act(cookie: session.cookie, token: session.token, "action=tap%3Aedit")
        let saved = try http.act(cookie: session.cookie, token: session.token, "field.quantity=7&field.note=kept&action=tap%3Asave")
        #expect(saved.status == 303 && saved.headers["location"] == "/s/ListOrders/ShowOrder", "\(saved.status) \(saved.headers)")
        kill(first.process.processIdentifier, SIGKILL)
        // Bounded: Foundation's waitUntilExit was seen to wait forever for a child that had ended.
        for _ in 0..<100 where first.process.isRunning { Thread.sleep(forTimeInterval: 0.1) }

        let second = try ServeCommandTests.Server(["--config", configPath])
        defer { _ = second.stop() }
        let list = try LoopbackHTTP(address: second.address).get()
        #expect(list.body.contains("#2 Grace: 7 × Cake (kept)"), "\(list.body)")
    }

    @MainActor
    @Test("GET /orders/2 shows order #2 over the list (the deep link ShowOrder declares); a malformed id is a 404 page")
    func deepLink() throws {
        let app = try OrdersApp()
        let server = try ServeCommandTests.Server(["--config", app.folder.path("orders.conf")])
        defer { _ = server.stop() }
        let http = try LoopbackHTTP(address: server.address)
        let page = try http.get("/orders/2")
        #expect(page.status == 200 && page.headers["set-cookie"] == nil)
        #expect(page.body.contains("<h1 id=\"title\"><bdi>Order #2</bdi></h1>") && page.body.contains("<form method=\"post\" action=\"/orders/2\">"))
        #expect(page.body.contains("<li><bdi>List orders</bdi></li><li aria-current=\"page\"><bdi>Order #2</bdi></li>"), "\(page.body)")
        let bad = try http.get("/orders/two")
        // Plain words and a reference for the user; the parameter's detail goes to the server's log.
        #expect(bad.status == 404 && bad.body.contains("There is no page at this address.") && bad.body.contains("(Reference: r-"))
        #expect(!bad.body.contains("expects an Int"))
        #expect(try http.get("/orders").status == 404)
    }
}
