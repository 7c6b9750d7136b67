import Foundation
import Testing
import TestSupport

/// Cold start at scale (issue 11): plugins the cache does not know are probed ahead by scanner
/// children, many plugins per child, in parallel; a crash or a hang is that plugin's verdict alone,
/// a new scanner goes on after it, and the cache is written once, with every verdict.
@Suite("Probe scanners (end to end)")
struct ProbeScanTests {
    static func config(_ folder: TemporaryFolder, middle: (name: String, fixture: String)) throws -> String {
        let plugins = [
            ("HomeScene", "HomeScene"), middle, ("DetailScene", "DetailScene"), ("ListOrders", "ListOrdersScene"),
            ("ShowOrder", "ShowOrderScene"),
        ]
        return try folder.write(
            DemoConfig.config(plugins: plugins.map { ($0.0, BuildProducts.library($0.1)) }), to: "scenes.conf")
    }

    @Test(
        "a plugin that crashes its scanner is reported alone; the plugins after it are probed and pass",
        arguments: ["FixtureCrash", "FixtureFatal"])
    func crashInTheMiddle(fixture: String) throws {
        let folder = try TemporaryFolder()
        let cache = folder.path("probes.json")
        let config = try Self.config(folder, middle: ("Bad", fixture))
        let first = try HostProcess.run(["check", "--config", config, "--verbose"], probeCache: cache)
        #expect(first.status == 3, "\(first.stderr)")
        #expect(
            first.stderr.contains("plugins=5 verdicts=5 [SceneHostLoading] probed plugins ahead"), "\(first.stderr)")
        #expect(
            first.stderr.contains("error: plugin 'Bad' (\(BuildProducts.library(fixture))) crashed with"),
            "\(first.stderr)")
        #expect(first.stderr.components(separatedBy: "plugin probe passed").count - 1 == 4, "\(first.stderr)")
        #expect(first.stderr.contains("check: 1 problem"), "\(first.stderr)")

        // Every verdict reached the cache, written once at the end: nothing is probed again.
        let second = try HostProcess.run(["check", "--config", config, "--verbose"], probeCache: cache)
        #expect(!second.stderr.contains("probed plugins ahead"), "\(second.stderr)")
        #expect(second.stderr.components(separatedBy: "cached=true").count - 1 == 4, "\(second.stderr)")
        #expect(second.stderr.contains("[recorded by an earlier probe of this unchanged file"), "\(second.stderr)")
    }

    @Test("a plugin that hangs its scanner times out alone, with the usual message; a new scanner goes on")
    func hangInTheMiddle() throws {
        let folder = try TemporaryFolder()
        let config = try Self.config(folder, middle: ("Hang", "FixtureHang"))
        let host = try HostProcess.run(
            ["check", "--config", config, "--probe-timeout", "2", "--verbose"], probeCache: folder.path("probes.json"))
        #expect(host.status == 3, "\(host.stderr)")
        #expect(
            host.stderr.contains(
                "error: plugin 'Hang' (\(BuildProducts.library("FixtureHang"))) did not finish loading within 2 s in its probe"
            ), "\(host.stderr)")
        #expect(host.stderr.components(separatedBy: "plugin probe passed").count - 1 == 4, "\(host.stderr)")
    }

    @Test("run with an empty cache scans ahead too, and still opens only the first scene's plugin")
    func runScansAhead() throws {
        let folder = try TemporaryFolder()
        let config = try folder.write(DemoConfig.text, to: "scenes.conf")
        let host = try HostProcess.run(
            ["run", "--config", config, "--verbose"], input: "print\n", probeCache: folder.path("probes.json"))
        #expect(host.status == 0, "\(host.stderr)")
        #expect(host.stderr.contains("probed plugins ahead"), "\(host.stderr)")
        #expect(host.stderr.components(separatedBy: "loaded plugin").count - 1 == 1, "\(host.stderr)")
    }
}
