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
            config = try folder.write("""
            initial = "Saboteur"

            [plugins.Saboteur]
            path = "\(BuildProducts.library("FixtureSaboteur"))"

            [plugins.Fragile]
            path = "\(BuildProducts.library("FixtureFragile"))"

            [host]
            \(host)
            """, to: "sabotage.conf")
        }

        /// Pulls the trigger, and waits until the worker is dead (a zombie its host has not reaped yet).
        func strike(under host: Int32) -> Bool {
            _ = FileManager.default.createFile(atPath: trigger, contents: Data())
            defer { unlink(trigger) }
            return Processes.eventually(limit: .seconds(20)) { Self.deadChild(of: host) }
        }

        /// Whether a child of `parent` has ended and is not reaped yet.
        static func deadChild(of parent: Int32) -> Bool {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return entries.compactMap(Int32.init).contains { pid in
                guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                      let close = stat.lastIndex(of: ")") else { return false }
                let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
                return fields.count > 1 && fields[0] == "Z" && Int32(fields[1]) == parent
            }
        }
    }

    /// `run` typed at: arm the thread with `mode`, go to FragileHome, pull the trigger, then tap
    /// FragileHome's `deeper` twice (the first finds the worker dead). The output and the exit status.
    private func sabotage(_ mode: String) throws -> (output: String, errors: String, status: Int32?) {
        let app = try SabotageApp()
        let host = try PipedHost(["run", "--config", app.config], environment: ["SCENE_PLUGIN_FIXTURE_TRIGGER": app.trigger])
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

    @Test("a thread of Saboteur crashes in its own code (SIGSEGV) while FragileHome is on screen: Saboteur is named and counted, Fragile is not, and its scene goes on",
          arguments: [("segv", "SIGSEGV"), ("abort", "SIGABRT")])
    func crashInThePluginsOwnCode(mode: String, signal: String) throws {
        let (output, errors, status) = try sabotage(mode)
        #expect(output.contains("error: Saboteur stopped (\(signal) in its own code, while on scene 'FragileHome' of Fragile during 'tap deeper'); the screen was restored."),
                "\(output)\n\(errors)")
        #expect(!output.contains("Fragile stopped"), "\(output)")
        // The scene on screen goes on: the same tap again opens its next scene.
        #expect(output.contains("Fragile 1"), "\(output)")
        #expect(errors.contains("scene worker crashed in another plugin's code than the scene's: counted against that plugin"), "\(errors)")
        #expect(errors.contains("plugin=Saboteur"), "\(errors)")
        #expect(status == 1, "\(output)\n\(errors)")
    }

    @Test("a thread of Saboteur crashes in the Swift runtime (fatalError): the first plugin frame on its stack, Saboteur's, is blamed")
    func crashInTheRuntimeCalledByThePlugin() throws {
        let (output, errors, _) = try sabotage("swift")
        #if arch(x86_64)
        let signal = "SIGILL"
        #else
        let signal = "SIGTRAP"
        #endif
        #expect(output.contains("error: Saboteur stopped (\(signal) in its own code, while on scene 'FragileHome' of Fragile during 'tap deeper'); the screen was restored."),
                "\(output)\n\(errors)")
        #expect(!output.contains("Fragile stopped") && output.contains("Fragile 1"), "\(output)")
    }

    @Test("a crash with no plugin frame on the crashed thread's stack (the main thread, idle in host code) counts against no plugin and is logged as such")
    func crashWithoutPluginFrame() throws {
        let (output, errors, _) = try sabotage("kill")
        #expect(output.contains("error: the scene worker stopped (SIGSEGV outside every plugin's code, while on scene 'FragileHome' of Fragile during 'tap deeper'; counted against no plugin); the screen was restored."),
                "\(output)\n\(errors)")
        #expect(!output.contains("Fragile stopped") && !output.contains("Saboteur stopped") && output.contains("Fragile 1"), "\(output)")
        #expect(errors.contains("scene worker crashed outside every plugin's code: counted against no plugin"), "\(errors)")
    }

    /// One client's turn through `serve` (its address forwarded by the trusted proxy, 127.0.0.1): a
    /// session armed with `segv` on Saboteur, moved to FragileHome, the trigger pulled; then its tap on
    /// FragileHome finds the worker dead. The page after that tap.
    private func sabotageOverHTTP(_ http: LoopbackHTTP, app: SabotageApp, server: Int32, client: String) throws -> String {
        let forwarded = ["X-Forwarded-For: \(client)"]
        let startToken = try #require(LoopbackHTTP.field(#"(?<=name="token" value=")[0-9a-f]+"#, in: try http.get("/").body))
        let first = try http.post("/", cookie: nil, body: "token=\(startToken)&screen=0&field.mode=segv&action=tap%3Aarm", headers: forwarded)
        let cookie = try #require(first.headers["set-cookie"]?.split(separator: ";").first.map(String.init), "\(first.status) \(first.body.prefix(300))")
        func tap(_ button: String) throws -> LoopbackHTTP.Response {
            let page = try http.get(cookie: cookie).body
            let token = LoopbackHTTP.field(#"(?<=name="token" value=")[0-9a-f]+"#, in: page) ?? ""
            return try http.post(LoopbackHTTP.formAction(in: page), cookie: cookie,
                                 body: "token=\(token)&screen=\(LoopbackHTTP.version(in: page))&action=tap%3A\(button)", headers: forwarded)
        }
        #expect(try tap("leave").status == 303)
        #expect(try http.get(cookie: cookie).body.contains("FragileHome"))
        #expect(app.strike(under: server), "the worker did not die of the saboteur's thread")
        let tapped = try tap("deeper")
        return tapped.status == 303 ? try http.get(cookie: cookie).body : "\(tapped.status) \(tapped.body)"
    }

    @Test("serve: Saboteur's thread crashes the worker while three clients are on FragileHome: Saboteur is counted three times and refused for everyone, Fragile is neither counted nor refused")
    func serveRefusesTheRightPlugin() throws {
        let app = try SabotageApp(host: "workers = 1\nrestarts-per-minute = 45")
        let server = try ServeCommandTests.Server(["--config", app.config, "--trusted-proxy", "127.0.0.1", "--admin-port", "0"],
                                                  environment: ["SCENE_PLUGIN_FIXTURE_TRIGGER": app.trigger])
        defer { _ = server.stop() }
        let http = try LoopbackHTTP(address: server.address)
        for (index, client) in ["203.0.113.21", "203.0.113.22", "203.0.113.23"].enumerated() {
            let page = try sabotageOverHTTP(http, app: app, server: server.process.processIdentifier, client: client)
            // The third client's fault refuses Saboteur, which holds the initial scene: its session cannot come back
            // (the answer to its tap is the start page saying so).
            if index < 2 { #expect(page.contains("Something went wrong on this page; it was restored."), "\(client): \(page.suffix(1500))") }
            else { #expect(page.contains("Something went wrong and your session could not be kept, so you are back at the start."), "\(page.suffix(1500))") }
        }
        let output = (try? String(contentsOf: server.output, encoding: .utf8)) ?? ""
        let adminAddress = try #require(output.range(of: #"(?<=admin on )http://[0-9.]+:[0-9]+"#, options: .regularExpression).map { String(output[$0]) })
        let metrics = try LoopbackHTTP(address: adminAddress).get("/metrics").body
        #expect(metrics.contains("scene_host_plugin_faults_total{plugin=\"Saboteur\"} 3"), "\(metrics)")
        #expect(metrics.contains("scene_host_plugins_refused_total{plugin=\"Saboteur\"} 1"), "\(metrics)")
        #expect(!metrics.contains("plugin=\"Fragile\""), "\(metrics)")
        let log = (try? String(contentsOf: server.errors, encoding: .utf8)) ?? ""
        let refusals = log.split(separator: "\n").filter { $0.contains("plugin refused for everyone") }
        #expect(refusals.count == 1 && refusals.allSatisfy { $0.contains(" plugin=Saboteur") }, "\(log.suffix(3000))")
        let blamed = log.split(separator: "\n").filter { $0.contains("scene worker crashed in another plugin's code than the scene's") }
        #expect(blamed.count == 3 && blamed.allSatisfy { $0.contains(" plugin=Saboteur") && $0.contains("scene_plugin=Fragile") }, "\(log.suffix(3000))")
    }
}
