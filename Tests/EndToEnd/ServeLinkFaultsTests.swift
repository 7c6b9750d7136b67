import Foundation
import Testing
import TestSupport

/// `serve` through the real binary and raw HTTP, behind a trusted proxy so each request names its
/// client: deep-link GETs whose link function crashes count against the address that sends them.
/// Past `[host] faults-per-session` that address is refused the plugin's links (429, Retry-After,
/// plain words and a reference) while every other client goes on; only crashes from several
/// addresses refuse the plugin for everyone, and only for its cooling period.
@Suite("serve: one address's crashing deep-link GETs count against that address (end to end)")
struct ServeLinkFaultsTests {
    typealias Server = ServeCommandTests.Server

    private static func title(_ page: String) -> String? {
        LoopbackHTTP.field(#"(?<=<h1 id="title"><bdi>)[^<]*"#, in: page)
    }

    /// A GET of `path` from `client` (X-Forwarded-For, which the server trusts from 127.0.0.1).
    private func get(_ http: LoopbackHTTP, _ path: String, from client: String) throws -> LoopbackHTTP.Response {
        try http.send(
            "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(http.port)\r\nX-Forwarded-For: \(client)\r\nConnection: close\r\n\r\n",
            limit: 60)
    }

    private func admin(_ server: Server) -> String? {
        let text = (try? String(contentsOf: server.output, encoding: .utf8)) ?? ""
        return text.range(of: #"(?<=admin on )http://[0-9.]+:[0-9]+"#, options: .regularExpression).map {
            String(text[$0])
        }
    }

    @Test(
        "five crashing GETs of a link from one address: three end the worker, the next two are refused 429 to that address alone; everyone else's pages and links work; the plugin is refused for no one"
    )
    func oneAddressPaysAlone() throws {
        let app = try CrashBlameTests.SabotageApp(host: "workers = 1\nrestarts-per-minute = 45")
        // --verbose: a refusal of a user's request is logged at info, with the page's reference.
        let server = try Server([
            "--config", app.config, "--trusted-proxy", "127.0.0.1", "--admin-port", "0", "--verbose",
        ])
        defer { _ = server.stop() }
        let http = try LoopbackHTTP(address: server.address)
        let attacker = "203.0.113.5", other = "198.51.100.7"
        var references: [String] = []

        var statuses: [Int] = []
        for _ in 1...5 {
            let answer = try get(http, "/crash/crash", from: attacker)
            statuses.append(answer.status)
            if answer.status == 429 {
                #expect(
                    answer.headers["retry-after"].flatMap(Int.init).map { (1...60).contains($0) } == true,
                    "\(answer.headers)")
                #expect(
                    answer.body.contains(
                        "This link stopped the app several times when opened from your address, so it is closed to you for now. Try again in"
                    ),
                    "\(answer.body)")
                #expect(!answer.body.contains("SIGSEGV") && !answer.body.contains("Saboteur"), "\(answer.body)")
                references += [LoopbackHTTP.field(#"(?<=\(Reference: )r-[0-9a-f]+"#, in: answer.body)].compactMap { $0 }
            }
            // Everyone else is served between the crashes: the start page, and the same plugin's link with a harmless word.
            let start = try get(http, "/", from: other)
            #expect(
                start.status == 200 && Self.title(start.body) == "Saboteur", "\(start.status) \(start.body.prefix(600))"
            )
            let link = try get(http, "/crash/fine", from: other)
            #expect(
                link.status == 200 && Self.title(link.body) == "SaboteurLink" && link.body.contains("word fine"),
                "\(link.status) \(link.body.prefix(600))")
        }
        #expect(statuses == [500, 500, 500, 429, 429])
        // The attacker's other pages are not closed: only that plugin's links.
        #expect(try get(http, "/", from: attacker).status == 200)

        let metrics = try LoopbackHTTP(address: try #require(admin(server))).get("/metrics").body
        #expect(metrics.contains("scene_host_plugin_faults_total{plugin=\"Saboteur\"} 3"), "\(metrics)")
        #expect(
            !metrics.contains("scene_host_plugins_refused_total{"),
            "one address is one client, however many GETs it sends")
        // The operator's detail is in the log under each page's reference.
        let log = (try? String(contentsOf: server.errors, encoding: .utf8)) ?? ""
        #expect(references.count == 2)
        for reference in references {
            #expect(
                log.contains("\(reference): error: links of plugin 'Saboteur' are closed to this client address for "),
                "\(reference) in \(log.suffix(3000))")
        }
    }

    @Test(
        "crashing GETs from three addresses refuse the plugin for everyone (503 with Retry-After); after its cooling period it is admitted again"
    )
    func refusedForEveryoneThenReadmitted() throws {
        let app = try CrashBlameTests.SabotageApp(host: "workers = 1\nrestarts-per-minute = 45")
        let server = try Server(["--config", app.config, "--trusted-proxy", "127.0.0.1"])
        defer { _ = server.stop() }
        let http = try LoopbackHTTP(address: server.address)
        for client in ["203.0.113.1", "203.0.113.2", "203.0.113.3"] {
            #expect(try get(http, "/crash/crash", from: client).status == 500)
        }
        // The initial scene is the refused plugin's: the whole app is closed for its cooling period.
        let closed = try get(http, "/", from: "198.51.100.9")
        #expect(closed.status == 503, "\(closed.status) \(closed.body.prefix(600))")
        let wait = try #require(closed.headers["retry-after"].flatMap(Int.init))
        #expect((1...10).contains(wait), "the first cooling period is 10 s: \(wait)")
        #expect(closed.body.contains("This part of the app is closed for now"), "\(closed.body)")
        // Tried again once the period is over.
        let readmitted = Processes.eventually(limit: .seconds(40)) {
            guard let page = try? get(http, "/", from: "198.51.100.9") else { return false }
            return page.status == 200 && Self.title(page.body) == "Saboteur"
        }
        #expect(readmitted, "the plugin was not admitted again after its cooling period")
        let link = try get(http, "/crash/fine", from: "198.51.100.9")
        #expect(link.status == 200 && link.body.contains("word fine"), "\(link.status) \(link.body.prefix(600))")
    }
}
