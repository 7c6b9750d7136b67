import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
import TestSupport

/// The scene worker's crash report through the real binaries: a thread the Saboteur fixture started
/// crashes the worker while the user is on FragileHome, a scene of the Fragile fixture. The plugin
/// whose code crashed is named and counted; the scene on screen is not named, and keeps working.
@Suite("Crash reports blame the plugin whose code crashed (end to end)")
struct CrashBlameTests {
    /// Saboteur (initial) and Fragile, and the trigger file Saboteur's armed thread waits for.
    struct SabotageApp {
        let folder: TemporaryFolder
        let config: String
        var trigger: String { folder.path("trigger") }

        init(host: String = "") throws {
            folder = try TemporaryFolder()
            config = try folder.write(
                """
                initial = "Saboteur"

                [plugins.Saboteur]
                path = "\(BuildProducts.library("FixtureSaboteur"))"

                [plugins.Fragile]
                path = "\(BuildProducts.library("FixtureFragile"))"

                [host]
                \(host)
                """, to: "sabotage.conf")
        }

        /// Pulls the trigger, and waits until `workers` workers are dead (zombies their host has not reaped yet).
        func strike(under host: Int32, workers: Int = 1) -> Bool {
            _ = FileManager.default.createFile(atPath: trigger, contents: Data())
            defer { unlink(trigger) }
            return Processes.eventually(limit: .seconds(20)) { Self.deadChildren(of: host) >= workers }
        }

        /// How many children of `parent` have ended and are not reaped yet.
        static func deadChildren(of parent: Int32) -> Int {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return entries.compactMap(Int32.init).count { pid in
                guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                    let close = stat.lastIndex(of: ")")
                else { return false }
                let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
                return fields.count > 1 && fields[0] == "Z" && Int32(fields[1]) == parent
            }
        }
    }

    /// `run` typed at: arm the thread with `mode`, go to FragileHome, pull the trigger, then tap
    /// FragileHome's `deeper` twice (the first finds the worker dead). The output and the exit status.
    private func sabotage(_ mode: String) throws -> (output: String, errors: String, status: Int32?) {
        let app = try SabotageApp()
        let host = try PipedHost(
            ["run", "--config", app.config], environment: ["SCENE_PLUGIN_FIXTURE_TRIGGER": app.trigger])
        host.type("fill mode \(mode)\ntap arm\nprint\ntap leave\nprint\n")
        guard host.waitFor("armed: \(mode)"), host.waitFor("FragileHome", count: 2) else {
            return (host.stdout, host.stderr, host.finish())
        }
        let died = app.strike(under: host.pid)
        #expect(died, "the worker did not die of the saboteur's \(mode)")
        host.type("tap deeper\ntap deeper\nprint\n")
        _ = host.waitFor("Fragile 1")
        return (host.stdout, host.stderr, host.finish())
    }

    @Test(
        "a thread of Saboteur crashes in its own code (SIGSEGV) while FragileHome is on screen: Saboteur is named and counted, Fragile is not, and its scene goes on",
        arguments: [("segv", "SIGSEGV"), ("abort", "SIGABRT")])
    func crashInThePluginsOwnCode(mode: String, signal: String) throws {
        let (output, errors, status) = try sabotage(mode)
        #expect(
            output.contains(
                "error: Saboteur stopped (\(signal) in its own code, while on scene 'FragileHome' of Fragile during 'tap deeper'); the screen was restored."
            ),
            "\(output)\n\(errors)")
        #expect(!output.contains("Fragile stopped"), "\(output)")
        // The scene on screen goes on: the same tap again opens its next scene.
        #expect(output.contains("Fragile 1"), "\(output)")
        #expect(
            errors.contains(
                "scene worker crashed in another plugin's code than the scene's: counted against that plugin"),
            "\(errors)")
        #expect(errors.contains("plugin=Saboteur"), "\(errors)")
        #expect(status == 1, "\(output)\n\(errors)")
    }

    @Test(
        "a thread of Saboteur crashes in the Swift runtime (fatalError): the first plugin frame on its stack, Saboteur's, is blamed"
    )
    func crashInTheRuntimeCalledByThePlugin() throws {
        let (output, errors, _) = try sabotage("swift")
        #if arch(x86_64)
        let signal = "SIGILL"
        #else
        let signal = "SIGTRAP"
        #endif
        #expect(
            output.contains(
                "error: Saboteur stopped (\(signal) in its own code, while on scene 'FragileHome' of Fragile during 'tap deeper'); the screen was restored."
            ),
            "\(output)\n\(errors)")
        #expect(!output.contains("Fragile stopped") && output.contains("Fragile 1"), "\(output)")
    }

    @Test(
        "a crash with no plugin frame on the crashed thread's stack (the main thread, idle in host code) counts against no plugin and is logged as such"
    )
    func crashWithoutPluginFrame() throws {
        let (output, errors, _) = try sabotage("kill")
        #expect(
            output.contains(
                "error: the scene worker stopped (SIGSEGV outside every plugin's code, while on scene 'FragileHome' of Fragile during 'tap deeper'; counted against no plugin); the screen was restored."
            ),
            "\(output)\n\(errors)")
        #expect(
            !output.contains("Fragile stopped") && !output.contains("Saboteur stopped") && output.contains("Fragile 1"),
            "\(output)")
        #expect(
            errors.contains("scene worker crashed outside every plugin's code: counted against no plugin"), "\(errors)")
    }

    /// One client's session through `serve` (its address forwarded by the trusted proxy, 127.0.0.1),
    /// armed with `segv` on Saboteur and moved to FragileHome: the tap on FragileHome's `deeper` it will
    /// post once the trigger is pulled (its page is the host's, so it is the same then), and its cookie.
    private func armedOnFragileHome(
        _ http: LoopbackHTTP, client: String
    ) throws -> (tap: () throws -> LoopbackHTTP.Response, cookie: String) {
        let forwarded = ["X-Forwarded-For: \(client)"]
        let startToken = try #require(
            LoopbackHTTP.field(#"(?<=name="token" value=")[0-9a-f]+"#, in: try http.get("/").body))
        let first = try http.post(
            "/", cookie: nil, body: "token=\(startToken)&screen=0&field.mode=segv&action=tap%3Aarm", headers: forwarded)
        let cookie = try #require(
            first.headers["set-cookie"]?.split(separator: ";").first.map(String.init),
            "\(first.status) \(first.body.prefix(300))")
        func tap(_ button: String) throws -> () throws -> LoopbackHTTP.Response {
            let page = try http.get(cookie: cookie).body
            let token = LoopbackHTTP.field(#"(?<=name="token" value=")[0-9a-f]+"#, in: page) ?? ""
            let (action, body) = (
                LoopbackHTTP.formAction(in: page),
                "token=\(token)&screen=\(LoopbackHTTP.version(in: page))&action=tap%3A\(button)"
            )
            return { try http.post(action, cookie: cookie, body: body, headers: forwarded) }
        }
        #expect(try tap("leave")().status == 303)
        #expect(try http.get(cookie: cookie).body.contains("FragileHome"))
        return (try tap("deeper"), cookie)
    }

    /// Three workers, one client's session on each, all three armed before the trigger is pulled:
    /// the three faults then come within three taps, well inside the refusal's window (a minute),
    /// however slowly a loaded machine sets the sessions up.
    @Test(
        "serve: Saboteur's thread crashes the workers while three clients are on FragileHome: Saboteur is counted three times and refused for everyone, Fragile is neither counted nor refused"
    )
    func serveRefusesTheRightPlugin() throws {
        let app = try SabotageApp(host: "workers = 3\nrestarts-per-minute = 45")
        let server = try ServeCommandTests.Server(
            ["--config", app.config, "--trusted-proxy", "127.0.0.1", "--admin-port", "0"],
            environment: ["SCENE_PLUGIN_FIXTURE_TRIGGER": app.trigger])
        defer { _ = server.stop() }
        let http = try LoopbackHTTP(address: server.address)
        let clients = ["203.0.113.21", "203.0.113.22", "203.0.113.23"]
        // Each new session goes to the worker holding the fewest: one on each.
        let sessions = try clients.map { try armedOnFragileHome(http, client: $0) }
        #expect(
            app.strike(under: server.process.processIdentifier, workers: clients.count),
            "the workers did not all die of the saboteur's threads")
        // Each tap finds its worker dead; the third client's fault refuses Saboteur, which holds the initial
        // scene: that session cannot come back, and the answer to its tap says so. It is the start page
        // saying the session could not be kept when that page is drawn from the start screen made less
        // than a second before (`WebSessionStore.startScreen`); later (a loaded machine) the start screen
        // is made again, which the refusal stops: the refusal's 503, saying the app is closed for now.
        let answers = try sessions.map { try $0.tap() }
        for (index, (answer, session)) in zip(answers, sessions).enumerated() {
            let page =
                answer.status == 303 ? try http.get(cookie: session.cookie).body : "\(answer.status) \(answer.body)"
            if index < 2 {
                #expect(
                    page.contains("Something went wrong on this page; it was restored."),
                    "\(clients[index]): \(page.suffix(1500))")
            } else {
                let lost = page.contains(
                    "Something went wrong and your session could not be kept, so you are back at the start.")
                let closed =
                    page.hasPrefix("503 ") && answer.headers["retry-after"] != nil
                    && page.contains(
                        "This part of the app is closed for now because it stopped working for several users; it is tried again within "
                    )
                #expect((lost || closed) && !page.contains("it was restored"), "\(page.suffix(1500))")
            }
        }
        let output = (try? String(contentsOf: server.output, encoding: .utf8)) ?? ""
        let adminAddress = try #require(
            output.range(of: #"(?<=admin on )http://[0-9.]+:[0-9]+"#, options: .regularExpression).map {
                String(output[$0])
            })
        let metrics = try LoopbackHTTP(address: adminAddress).get("/metrics").body
        #expect(metrics.contains("scene_host_plugin_faults_total{plugin=\"Saboteur\"} 3"), "\(metrics)")
        #expect(metrics.contains("scene_host_plugins_refused_total{plugin=\"Saboteur\"} 1"), "\(metrics)")
        #expect(!metrics.contains("plugin=\"Fragile\""), "\(metrics)")
        let log = (try? String(contentsOf: server.errors, encoding: .utf8)) ?? ""
        let refusals = log.split(separator: "\n").filter { $0.contains("plugin refused for everyone") }
        #expect(refusals.count == 1 && refusals.allSatisfy { $0.contains(" plugin=Saboteur") }, "\(log.suffix(3000))")
        let blamed = log.split(separator: "\n").filter {
            $0.contains("scene worker crashed in another plugin's code than the scene's")
        }
        #expect(
            blamed.count == 3
                && blamed.allSatisfy { $0.contains(" plugin=Saboteur") && $0.contains("scene_plugin=Fragile") },
            "\(log.suffix(3000))")
    }
}
