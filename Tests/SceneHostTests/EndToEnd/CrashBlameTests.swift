import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

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
            return Processes.eventually(limit: .seconds(20)) { !FileManager.default.fileExists(atPath: trigger) && Self.deadChild(of: host) }
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
        let host = try PipedHost(["run", "--config", app.config], environment: ["SCENE_HOST_FIXTURE_TRIGGER": app.trigger])
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
}
