import Foundation
import Synchronization
import Testing
import TestSupport

/// `serve` through the real binary under a crash loop: one client crashing the Fragile fixture
/// again and again pays alone — its sessions are ended with the true reason — while another user
/// works before, during and after, newcomers get their pages, and the plugin stays open for everyone.
@Suite("serve: faults stay with whoever causes them (end to end)")
struct ServeFaultsTests {
    typealias Server = ServeCommandTests.Server

    /// What went wrong on another thread, checked by the test afterwards.
    private final class Problems: Sendable {
        private let list = Mutex<[String]>([])
        func add(_ problem: String) { list.withLock { $0.append(problem) } }
        var all: [String] { list.withLock { $0 } }
    }

    /// The page says it in plain words (the scene, action and signal go to the server's log, under the page's reference).
    private static let ended =
        "Your session was ended because your actions stopped the app 3 times. You are back at the start. (Reference: r-"

    private func admin(_ server: Server) -> String? {
        let text = (try? String(contentsOf: server.output, encoding: .utf8)) ?? ""
        return text.range(of: #"(?<=admin on )http://[0-9.]+:[0-9]+"#, options: .regularExpression).map {
            String(text[$0])
        }
    }

    private static func title(_ page: String) -> String? {
        LoopbackHTTP.field(#"(?<=<h1 id="title"><bdi>)[^<]*"#, in: page)
    }

    /// Another user's whole flow: opens the app with a first action that fills the field and goes
    /// deeper, fills there, comes back with the result. Every problem it meets, as text.
    private func userFlow(_ http: LoopbackHTTP, word: String) -> [String] {
        do {
            let user = try http.newSession(firstAction: "field.mode=\(word)&action=tap%3Adeeper")
            let deeper = try http.get(cookie: user.cookie).body
            var problems: [String] = []
            if Self.title(deeper) != "Fragile 1" || deeper.contains("role=\"alert\"") {
                problems.append("\(word): after deeper: \(deeper.prefix(600))")
            }
            let done = try http.act(cookie: user.cookie, token: user.token, "field.mode=\(word)-back&action=tap%3Adone")
            if done.status != 303 { problems.append("\(word): done answered \(done.status): \(done.body.prefix(600))") }
            let home = try http.get(cookie: user.cookie).body
            if Self.title(home) != "FragileHome" || !home.contains("got \(word)-back")
                || home.contains("role=\"alert\"")
            {
                problems.append("\(word): after done: \(home.prefix(600))")
            }
            return problems
        } catch {
            return ["\(word): \(error)"]
        }
    }

    /// A newcomer's start page: the initial scene, no error.
    private func newcomer(_ http: LoopbackHTTP) -> [String] {
        guard let start = try? http.get("/") else { return ["newcomer: no answer"] }
        if start.status == 200, Self.title(start.body) == "FragileHome", !start.body.contains("role=\"alert\"") {
            return []
        }
        return ["newcomer: \(start.status) \(start.body.prefix(600))"]
    }

    @Test(
        "one client crashes Fragile 50 times: its sessions end with the true reason; another user's flow before, during and after works; newcomers get pages; the plugin is refused for no one"
    )
    func crashLoopHarmsNoOneElse() throws {
        // One worker, so the other user shares the crashing one; enough restarts at once that the
        // loop runs quickly, the last ones after the backoff's waits.
        let app = try FragileApp(host: "workers = 1\nrestarts-per-minute = 45")
        // Every client here comes from 127.0.0.1: the rate of new sessions per address is raised for them.
        let server = try Server([
            "--config", app.config, "--admin-port", "0", "--session-burst", "100000", "--session-rate", "100000",
        ])
        defer { _ = server.stop() }
        let http = try LoopbackHTTP(address: server.address)
        #expect(userFlow(http, word: "before") == [])

        let attacker = Problems()
        let done = Atomic<Bool>(false)
        let endings = Atomic<Int>(0)
        let thread = Thread {
            defer { done.store(true, ordering: .sequentiallyConsistent) }
            do {
                var session = try http.newSession()
                for crash in 1...50 {
                    let answer = try http.act(
                        cookie: session.cookie, token: session.token, "field.mode=segv&action=tap%3Astrike")
                    if crash.isMultiple(of: 3) {
                        // The session's third fault: ended, the start page says why, the browser forgets the cookie.
                        guard answer.status == 200, answer.body.contains(Self.ended), !answer.body.contains("idle"),
                            answer.headers["set-cookie"]?.contains("Max-Age=0") == true,
                            Self.title(answer.body) == "FragileHome"
                        else {
                            attacker.add(
                                "crash \(crash): \(answer.status) \(answer.headers) \(answer.body.prefix(800))")
                            return
                        }
                        endings.add(1, ordering: .relaxed)
                        session = try http.newSession()
                    } else {
                        let page = try http.get(cookie: session.cookie).body
                        guard answer.status == 303,
                            page.contains("Something went wrong on this page; it was restored."),
                            !page.contains("SIGSEGV")
                        else {
                            attacker.add(
                                "crash \(crash): \(answer.status) \(page.components(separatedBy: "<main>").last ?? page)"
                            )
                            return
                        }
                    }
                }
            } catch {
                attacker.add("\(error)")
            }
        }
        thread.start()
        var during: [String] = [], flows = 0
        while !done.load(ordering: .sequentiallyConsistent) || flows < 2 {
            during += userFlow(http, word: "during\(flows)") + newcomer(http)
            flows += 1
        }
        #expect(attacker.all == [])
        #expect(endings.load(ordering: .relaxed) == 16)
        #expect(during == [], "\(flows) flows during the loop")
        #expect(userFlow(http, word: "after") == [] && newcomer(http) == [])

        let adminAddress = try #require(admin(server))
        let metrics = try LoopbackHTTP(address: adminAddress).get("/metrics").body
        #expect(metrics.contains("scene_host_plugin_faults_total{plugin=\"Fragile\"} 50"), "\(metrics)")
        #expect(metrics.contains("scene_host_sessions_ended_for_faults_total 16"))
        #expect(!metrics.contains("scene_host_plugins_refused_total{"))
    }
}
