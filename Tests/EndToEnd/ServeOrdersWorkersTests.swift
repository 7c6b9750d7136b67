import Foundation
import OrdersKit
import Testing
import TestSupport

/// examples/orders-stack.conf under the real `serve` with two scene workers (issue 31, point 3): every
/// user sees the same orders whatever worker their session landed on, and two users saving one
/// order on different workers get the conflict message; the same app with its orders in memory
/// shows what the warning `serve` prints at start is about.
///
/// Sessions go to the worker holding the fewest, so sessions made one after another alternate
/// between the two workers: A and C on one, B and D on the other.
@Suite("serve: the orders with several scene workers (end to end)")
struct ServeOrdersWorkersTests {
    /// examples/orders-stack.conf in a scratch folder, served by two workers; `inMemory`: without its
    /// `database` settings, so each worker keeps its own orders.
    private func config(inMemory: Bool) throws -> (folder: TemporaryFolder, path: String) {
        let folder = try TemporaryFolder()
        let path = try ExampleConfig.copy("orders-stack.conf", into: folder)
        var text = try String(contentsOfFile: path, encoding: .utf8)
        if inMemory {
            text = text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix("database = ") && !$0.hasSuffix(".settings]") }.joined(separator: "\n")
        }
        try folder.write(text + "\n[host]\nworkers = 2\n", to: "orders-stack.conf")
        return (folder, path)
    }

    /// The number of the first line of the file at `path` that is `line`, counted from 1.
    private func number(of line: String, in path: String) throws -> Int {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        return try #require(lines.firstIndex { $0 == line }) + 1
    }

    /// The rows of the orders list on a page.
    private func rows(_ page: String) -> [String] {
        page.split(separator: "\n").filter { $0.contains("value=\"select:orders:") }.map(String.init)
    }

    /// User A edits order #1's customer to "Ada Lovelace!" and saves; then three fresh users open
    /// the app. Returns the list each fresh user's session showed first.
    private func saveThenLook(_ http: LoopbackHTTP) throws -> [String] {
        let first = try http.newSession(firstAction: "action=select%3Aorders%3A0")
        #expect(try http.act(cookie: first.cookie, token: first.token, "action=tap%3Aedit").status == 303)
        let saved = try http.act(
            cookie: first.cookie, token: first.token, "field.customer=Ada+Lovelace%21&action=tap%3Asave")
        #expect(
            saved.status == 303 && saved.headers["location"] == "/s/ListOrders/ShowOrder?id=1",
            "\(saved.status) \(saved.body.prefix(300))")
        return try (0..<3).map { _ in
            let fresh = try http.newSession()
            return try http.get(cookie: fresh.cookie).body
        }
    }

    @MainActor
    @Test(
        "orders in SQLite, two workers: every fresh user sees A's save; B and C on different workers saving one order: C gets the conflict, nothing is overwritten"
    )
    func sharedStore() throws {
        let (folder, path) = try config(inMemory: false)
        let server = try ServeCommandTests.Server(["--config", path])
        defer { _ = server.stop() }
        let http = try LoopbackHTTP(address: server.address)
        for page in try saveThenLook(http) {
            #expect(rows(page).first?.contains("#1 Ada Lovelace!: 2 × Tea") == true, "\(rows(page))")
        }
        // B (the second worker) and C (the first) open order #2; B saves first.
        let b = try http.newSession(firstAction: "action=select%3Aorders%3A1"),
            c = try http.newSession(firstAction: "action=select%3Aorders%3A1")
        _ = try http.act(cookie: b.cookie, token: b.token, "action=tap%3Aedit")
        _ = try http.act(cookie: c.cookie, token: c.token, "action=tap%3Aedit")
        let bSaved = try http.act(cookie: b.cookie, token: b.token, "field.quantity=4&action=tap%3Asave")
        #expect(bSaved.headers["location"] == "/s/ListOrders/ShowOrder?id=2", "\(bSaved.status)")
        let cSaved = try http.act(cookie: c.cookie, token: c.token, "field.note=candles&action=tap%3Asave")
        #expect(cSaved.headers["location"] == "/s/ListOrders/ShowOrder/EditOrder", "\(cSaved.status)")
        let form = try http.get(cookie: c.cookie).body
        #expect(
            form.contains(
                "Order #2 was changed by someone else since you opened it (now: Grace, Cake × 4). Your edits are still here: Save again to replace it, or Cancel."
            ),
            "\(form)")
        #expect(form.contains("value=\"candles\""), "C's edit is still in the form")
        let stored = try SQLiteOrdersWorker(path: folder.path("orders.sqlite")).fetchOrder(id: 2)
        #expect(
            stored == Order(id: 2, customer: "Grace", item: "Cake", quantity: 4, note: "no nuts", version: 2),
            "C's save wrote nothing")
        let errors = try String(contentsOf: server.errors, encoding: .utf8)
        #expect(errors.isEmpty, "no warning: the orders are in a shared store: \(errors)")
    }

    @MainActor
    @Test(
        "orders in memory, two workers: serve warns at start naming each orders plugin, also on a start the start-up cache answers; fresh users then see different orders"
    )
    func inMemory() throws {
        let (folder, path) = try config(inMemory: true)
        let cache = folder.path("probes.cache")
        let warnings = try ["ListOrdersScene", "ShowOrderScene", "EditOrderScene"].map { plugin -> String in
            let line = try number(of: "[plugins.\(plugin)]", in: path)
            return
                "\(path):\(line):1: warning: plugin '\(plugin)' keeps the orders in its scene worker's memory, and serve runs 2 scene workers, each with its own copy: users on different workers see different copies and not each other's changes. Set 'database' in [plugins.\(plugin).settings] to keep the orders in a store every worker shares, or set workers = 1 in [host].\n"
        }.joined()
        for start in ["probed", "from the start-up cache"] {
            let server = try ServeCommandTests.Server(
                ["--config", path], environment: ["SCENE_HOST_PROBE_CACHE": cache])
            defer { _ = server.stop() }
            #expect(try String(contentsOf: server.errors, encoding: .utf8) == warnings, "\(start)")
            guard start == "probed" else { break }
            let firstRows = try saveThenLook(LoopbackHTTP(address: server.address)).compactMap { rows($0).first }
            #expect(
                firstRows.contains { $0.contains("#1 Ada Lovelace!: 2 × Tea") }
                    && firstRows.contains { $0.contains("#1 Ada: 2 × Tea") },
                "a fresh user on A's worker sees the save, one on the other worker does not: \(firstRows)")
        }
        #expect(
            FileManager.default.fileExists(atPath: cache + ".start"),
            "the second start was answered by the start-up cache")
    }

    @Test(
        "check reports what serve warns about, with the config's worker count; with [host] workers = 1 it has nothing to report"
    )
    func check() throws {
        let (_, path) = try config(inMemory: true)
        let result = try HostProcess.run(["check", "--config", path])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 3, "\(result.stderr)")
        let line = try number(of: "[plugins.ListOrdersScene]", in: path)
        #expect(
            lines.first
                == "\(path):\(line):1: warning: plugin 'ListOrdersScene' keeps the orders in its scene worker's memory, and serve runs 2 scene workers, each with its own copy: users on different workers see different copies and not each other's changes. Set 'database' in [plugins.ListOrdersScene.settings] to keep the orders in a store every worker shares, or set workers = 1 in [host]."
        )
        #expect(result.stdout.hasSuffix(", 3 warnings\n"), "\(result.stdout)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.replacingOccurrences(of: "workers = 2", with: "workers = 1").write(
            toFile: path, atomically: true, encoding: .utf8)
        let one = try HostProcess.run(["check", "--config", path])
        #expect(one.status == 0 && one.stderr.isEmpty && !one.stdout.contains("warning"), "\(one.stdout)\(one.stderr)")
    }
}
