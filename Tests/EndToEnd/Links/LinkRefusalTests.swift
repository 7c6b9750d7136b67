import Foundation
import Testing
import HostTestSupport
import TestSupport

/// A deep link its scene refuses (issue 35, 2.6): ShowOrder's link function is given the scene's
/// services, looks the order up, and refuses an id that names none (`LinkRefusal`). `run --open`
/// exits 9 with the refusal on standard error and shows nothing; `serve` answers 404 with it.
@Suite("Deep links: a link its scene refuses (end to end)")
struct LinkRefusalTests {
    @MainActor
    @Test(
        "run --open orders/99: exit 9, the refusal naming the link and the scene on standard error, nothing shown; orders/2 opens"
    )
    func run() throws {
        let app = try OrdersApp()
        let refused = try HostProcess.run(
            ["run", "--config", app.folder.path("orders-stack.conf"), "--open", "orders/99"], input: "print\n")
        #expect(!refused.signaled && refused.status == 9, "status \(refused.status)\n\(refused.stderr)")
        #expect(
            refused.stderr.contains(
                "error: link 'orders/99' was refused by scene 'ShowOrder': There is no order 99. Nothing changed."),
            "\(refused.stderr)")
        #expect(!refused.stdout.contains("=="), "\(refused.stdout)")
        let opened = try HostProcess.run(
            ["run", "--config", app.folder.path("orders-stack.conf"), "--open", "orders/2"], input: "print\n")
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect(opened.stdout.hasPrefix("== Order #2 =="), "\(opened.stdout)")
    }

    @MainActor
    @Test("serve: GET /orders/99 is a 404 page with the refusal's sentence, and makes no session")
    func serve() throws {
        let app = try OrdersApp()
        let server = try ServeCommandTests.Server(["--config", app.folder.path("orders-stack.conf")])
        defer { _ = server.stop() }
        let http = try LoopbackHTTP(address: server.address)
        let page = try http.get("/orders/99")
        #expect(page.status == 404 && page.headers["set-cookie"] == nil, "\(page.status) \(page.headers)")
        #expect(page.body.contains("There is no order 99."), "\(page.body)")
        #expect(try http.get("/orders/2").status == 200)
    }
}
