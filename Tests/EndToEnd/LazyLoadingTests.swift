import Foundation
import Testing
import TestSupport

/// `run` opens a plugin only when one of its scenes is first needed; what it needs before that
/// comes from the probe cache.
@Suite("Lazy loading (end to end)")
struct LazyLoadingTests {
    /// `count` copies of the Numbered fixture, each with its own plugin and scene name.
    static func installNumbered(_ count: Int, in folder: TemporaryFolder) throws -> [(name: String, path: String)] {
        try (0..<count).map { index in
            let name = String(format: "NumberedPlugin%04d", index)
            let path = try PluginCopies.copy("FixtureNumbered", to: "lib\(name).so", in: folder) {
                PluginCopies.replace("NumberedPlugin0000", with: name, in: &$0)
            }
            return (name, path)
        }
    }

    @Test("with 20 plugins installed, the first screen opens only its own plugin; the rest comes from the cache")
    func opensOnlyTheFirstScreensPlugin() throws {
        let folder = try TemporaryFolder()
        let plugins = try Self.installNumbered(20, in: folder)
        let config = try folder.write(
            DemoConfig.config(initial: "NumberedPlugin0007", plugins: plugins), to: "scenes.conf")
        let cache = folder.path("probes.json")
        let first = try HostProcess.run(["run", "--config", config, "--verbose"], probeCache: cache)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("== NumberedPlugin0007 ==  (NumberedPlugin0007)"))
        let second = try HostProcess.run(["run", "--config", config, "--verbose"], probeCache: cache)
        #expect(second.stdout == first.stdout)
        let loaded = second.stderr.split(separator: "\n").filter { $0.contains("loaded plugin") }
        // Opened once, by the scene worker (the host process opens none); the host and its worker
        // each know all 20 from the start-up cache the first run recorded (the probe cache is not read).
        #expect(loaded.count == 1)
        #expect(loaded.first?.contains("plugin=NumberedPlugin0007") == true)
        #expect(loaded.first?.contains("scene-host-worker") == true)
        #expect(second.stderr.components(separatedBy: "start-up cache answers").count - 1 == 2, "\(second.stderr)")
        // `list` reads no start-up cache: it knows all 20 from the probe cache.
        let listed = try HostProcess.run(["list", "--config", config, "--verbose"], probeCache: cache)
        #expect(listed.stderr.components(separatedBy: "cached=true").count == 21, "\(listed.stderr)")
    }

    @Test("a plugin that changed on disk is probed again, never answered from a stale entry")
    func changedPluginIsProbedAgain() throws {
        let folder = try TemporaryFolder()
        let plugins = try Self.installNumbered(2, in: folder)
        let config = try folder.write(
            DemoConfig.config(initial: "NumberedPlugin0000", plugins: plugins), to: "scenes.conf")
        let cache = folder.path("probes.json")
        _ = try HostProcess.run(["run", "--config", config], probeCache: cache)
        // Replace NumberedPlugin0001 by a build that registers another scene name.
        try PluginCopies.copy("FixtureNumbered", to: "libNumberedPlugin0001.so", in: folder) {
            PluginCopies.replace("NumberedPlugin0000", with: "RenamedPlugin00001", in: &$0)
        }
        let result = try HostProcess.run(["list", "--config", config, "--verbose"], probeCache: cache)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("  RenamedPlugin00001  [NumberedPlugin0001]"))
        #expect(result.stderr.contains("cached=false plugin=NumberedPlugin0001"))
    }
}
