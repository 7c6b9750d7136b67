import Foundation
import Testing
import LoadingTestSupport
@testable import SceneHostRecordCodec
@testable import SceneHostCore
@testable import SceneHostLoading
import TestSupport
import HostTestSupport

/// Probes end as the processes that run plugin code end (issue 32, point 3): the verdict is
/// written in full, then the probe exits normally, running the plugin's destructors and exit
/// handlers; a plugin that fails there is refused at probe time, named, and recorded so.
@Suite("Probe runs destructors and exit handlers (end to end)")
struct ProbeAtExitTests {
    /// The CrashingDestructor fixture as plugin 'Farewell', with `others` before it, in a fresh folder.
    struct App {
        let folder: TemporaryFolder
        let plugin: String
        let config: String
        var cache: String { folder.path("probes.json") }

        init(others: [(name: String, path: String)] = []) throws {
            folder = try TemporaryFolder()
            plugin = try PluginCopies.copy("FixtureCrashingDestructor", to: "libFarewell.so", in: folder)
            config = try folder.write(
                DemoConfig.config(initial: "Farewell", plugins: others + [("Farewell", plugin)]), to: "scenes.conf")
        }

        func host(_ arguments: [String], mode: String? = nil) throws -> BoundedHostProcess {
            var environment = ["SCENE_HOST_PROBE_CACHE": cache]
            if let mode { environment["SCENE_PLUGIN_FIXTURE_AT_EXIT"] = mode }
            return try BoundedHostProcess.run(arguments, environment: environment, limit: .seconds(90))
        }

        /// The verdict recorded for the plugin.
        func recorded() throws -> ProbeVerdict? {
            let file = [UInt8](try Data(contentsOf: URL(fileURLWithPath: cache)))
            return ProbeCacheFormat.decode(file, seal: try CacheSeal.beside(cache))?[plugin]?.verdict
        }

        /// The refusal's text, from "plugin 'Farewell'" to the end of its line.
        func refusal(in stderr: String) -> String? {
            stderr.split(separator: "\n").lazy.compactMap { line in
                line.range(of: "error: plugin 'Farewell'").map { String(line[$0.lowerBound...].dropFirst(7)) }
            }.first
        }
    }

    static let crashed =
        "plugin 'Farewell' (PATH) passed its probe, but its destructors or exit handlers crashed with SIGSEGV (invalid memory access) when the probe unloaded it and exited. A scene worker or 'scene-host check' would crash the same way as it ends, so the host did not load it: fix the plugin's destructors (__attribute__((destructor)), static destructors) and atexit handlers, or remove it from the config."

    @Test(
        "a destructor or an atexit handler that crashes: check refuses the plugin at probe time, named, exit 3, no 'check: ok', recorded so",
        arguments: ["destructor", "atexit"])
    @MainActor
    func crashAtExit(mode: String) throws {
        let app = try App()
        let host = try app.host(["check", "--config", app.config], mode: mode)
        #expect(!host.signaled && host.status == 3, "\(host.stderr)")
        #expect(
            app.refusal(in: host.stderr) == Self.crashed.replacingOccurrences(of: "PATH", with: app.plugin),
            "\(host.stderr)")
        #expect(
            !host.stdout.contains("check: ok") && !host.stderr.contains("check: ok"), "\(host.stdout)\(host.stderr)")
        #expect(!host.stderr.contains("outside its probe"), "\(host.stderr)")
        #expect(try app.recorded() == .failed(.failedAtExit(signal: 11, status: nil, said: nil)))

        // The next check answers from the cache with the same cause.
        let again = try app.host(["check", "--config", app.config], mode: mode)
        #expect(again.status == 3)
        #expect(
            again.stderr.contains(
                Self.crashed.replacingOccurrences(of: "PATH", with: app.plugin)
                    + " [recorded by an earlier probe of this unchanged file"), "\(again.stderr)")
    }

    @Test(
        "an ld.so that asserts at exit (status 127, its message on standard error) is refused at probe time with what it printed"
    )
    @MainActor
    func loaderAssertsAtExit() throws {
        let app = try App()
        let host = try app.host(["check", "--config", app.config], mode: "ldso")
        #expect(!host.signaled && host.status == 3, "\(host.stderr)")
        let said =
            "Inconsistency detected by ld.so: dl-fini.c: 87: _dl_fini: Assertion `ns != LM_ID_BASE || i == nloaded' failed!"
        #expect(
            app.refusal(in: host.stderr)
                == "plugin 'Farewell' (\(app.plugin)) passed its probe, but the probe did not end normally when it unloaded the plugin and exited: it ended with exit status 127 (it printed: \(said)), so its destructors, its exit handlers or the dynamic loader's clean-up of the library failed. A scene worker or 'scene-host check' would fail the same way as it ends, so the host did not load it: fix the plugin (its destructors, atexit handlers, or how it is linked), or remove it from the config.",
            "\(host.stderr)")
        #expect(try app.recorded() == .failed(.failedAtExit(signal: nil, status: 127, said: said)))
    }

    @Test(
        "a destructor that hangs is refused as hanging at exit under the probe's limit, not as the scene last exercised"
    )
    @MainActor
    func hangAtExit() throws {
        let app = try App()
        let started = ContinuousClock.now
        let host = try app.host(["check", "--config", app.config, "--probe-timeout", "2"], mode: "hang")
        #expect(ContinuousClock.now - started < .seconds(30))
        #expect(!host.signaled && host.status == 3, "\(host.stderr)")
        #expect(
            app.refusal(in: host.stderr)
                == "plugin 'Farewell' (\(app.plugin)) passed its probe, but did not finish exiting within 2 s when the probe unloaded it and exited: its destructors or exit handlers hang. A scene worker or 'scene-host check' would hang the same way as it ends, so the host did not load it: fix the plugin's destructors and atexit handlers, raise --probe-timeout if they are only slow, or remove it from the config.",
            "\(host.stderr)")
        #expect(try app.recorded() == .failed(.hungAtExit(limitMilliseconds: 2000)))
    }

    @Test("run refuses the plugin naming it and the cause, before any plugin code runs in a worker")
    @MainActor
    func runRefuses() throws {
        let app = try App()
        let script = try app.folder.write("print\n", to: "s.script")
        let host = try app.host(["run", "--config", app.config, "--script", script])
        #expect(!host.signaled && host.status == 3, "\(host.stderr)")
        #expect(
            app.refusal(in: host.stderr) == Self.crashed.replacingOccurrences(of: "PATH", with: app.plugin),
            "\(host.stderr)")
        #expect(!host.stderr.contains("outside its probe"), "\(host.stderr)")
    }

    @Test(
        "probed with others in one scanner: the sound plugins pass, and only the one whose destructor crashes is refused"
    )
    @MainActor
    func scannedWithOthers() throws {
        let app = try App(others: [
            ("Detail", BuildProducts.library("DetailScene")), ("Home", BuildProducts.library("HomeScene")),
        ])
        let host = try app.host(["check", "--config", app.config])
        #expect(!host.signaled && host.status == 3, "\(host.stderr)")
        #expect(
            app.refusal(in: host.stderr) == Self.crashed.replacingOccurrences(of: "PATH", with: app.plugin),
            "\(host.stderr)")
        #expect(host.stderr.split(separator: "\n").filter { $0.contains("error:") }.count == 1, "\(host.stderr)")
        let entries = try #require(
            ProbeCacheFormat.decode(
                [UInt8](try Data(contentsOf: URL(fileURLWithPath: app.cache))), seal: try CacheSeal.beside(app.cache)))
        #expect(entries[app.plugin]?.verdict == .failed(.failedAtExit(signal: 11, status: nil, said: nil)))
        for name in ["DetailScene", "HomeScene"] {
            guard case .good = try #require(entries[BuildProducts.library(name)]).verdict else {
                Issue.record("\(name) was not found good: \(String(describing: entries[BuildProducts.library(name)]))")
                continue
            }
        }
    }
}

/// A probe record over the channel's limit is too large, not garbage (issue 32, point 8).
@Suite("Probe record too large")
struct ProbeRecordTooLargeTests {
    @Test(
        "a router asking for a 10 MB route name: check refuses it as too large, naming the text, and the cached verdict says the same"
    )
    @MainActor
    func hugeRoute() throws {
        let folder = try TemporaryFolder()
        let plugin = try PluginCopies.copy("FixtureHugeRoute", to: "libHuge.so", in: folder)
        let config = try folder.write(
            DemoConfig.config(initial: "Huge", plugins: [("Huge", plugin)]), to: "scenes.conf")
        let cache = folder.path("probes.json")
        let host = try BoundedHostProcess.run(
            ["check", "--config", config], environment: ["SCENE_HOST_PROBE_CACHE": cache], limit: .seconds(90))
        #expect(!host.signaled && host.status == 3, "\(host.stderr)")
        let line = try #require(
            host.stderr.split(separator: "\n").first { $0.contains("error: plugin 'Huge'") }.map(String.init),
            "\(host.stderr)")
        let text = String(line[try #require(line.range(of: "plugin 'Huge'")).lowerBound...])
        let size = try #require(
            text.firstMatch(of: #/too large \((\d+) bytes; limit/#).flatMap { Int($0.1) }, "\(text)")
        #expect(size > 10 << 20)
        let sample = "Huge" + String(repeating: "e", count: 36) + "…"
        #expect(
            text
                == "plugin 'Huge' (\(plugin)): what its probe found is too large (\(size) bytes; limit \(ProbeCacheFormat.maximumFrame)) to report to the host, so the host did not load it: its longest text is \(4 + (10 << 20)) bytes (\"\(sample)\"), a name it declares or a route its router asks for. Make it shorter, or remove the plugin from the config."
        )
        #expect(!host.stderr.contains("garbage"), "\(host.stderr)")

        let entries = try #require(
            ProbeCacheFormat.decode(
                [UInt8](try Data(contentsOf: URL(fileURLWithPath: cache))), seal: try CacheSeal.beside(cache)))
        #expect(entries[plugin]?.verdict == .failed(.refused(message: text)))
        let again = try BoundedHostProcess.run(
            ["check", "--config", config], environment: ["SCENE_HOST_PROBE_CACHE": cache], limit: .seconds(90))
        #expect(again.status == 3)
        #expect(
            again.stderr.contains(text + " [recorded by an earlier probe of this unchanged file"), "\(again.stderr)")
    }

    @Test("a length over the limit written on the channel by plugin code is too large, with that length, not garbage")
    @MainActor
    func forgedLength() throws {
        var length = RecordWriter()
        length.count(70 << 20)
        let bytes =
            ProbeCacheFormat.frame(.step(ProbeStep(scene: "S", action: .render))) + length.body
            + Array(repeating: 0, count: 64)
        let records = ChildProcessProber.records(in: bytes)
        #expect(records.problem == .tooLarge(bytes: 70 << 20))
        let plugin = PluginReference(
            name: "P", path: "/p/libP.so", location: SourceLocation(file: "scenes.conf", line: 3, column: 1))
        let verdict = ChildProcessProber(executable: "/nowhere").spoiled(
            plugin, .tooLarge(bytes: 70 << 20), step: records.lastStep)
        #expect(
            verdict
                == .failed(
                    .refused(
                        message:
                            "plugin 'P' (/p/libP.so): a record on its probe's result channel is too large (73400320 bytes; limit \(ProbeCacheFormat.maximumFrame)), so the host cannot read what its probe reported and did not load it: only plugin code writing to that channel makes such a record; fix the plugin or remove it from the config."
                    )))
    }
}
