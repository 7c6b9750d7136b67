import Foundation
import Logging
import Testing
@testable import SceneHostRecordCodec
@testable import SceneHostFileTrust
@testable import SceneHostCore
@testable import SceneHostContainer
@testable import SceneHostConfig
@testable import SceneHostLoading
import TestSupport

/// The plugin file is opened once and that open file is what gets checked, probed and loaded.
@MainActor
@Suite("PluginFile: the checked file is the loaded file")
struct PluginFileTests {
    let location = SourceLocation(file: "scenes.conf", line: 3, column: 1)

    private func entry(_ path: String, sha256: String? = nil) -> PluginEntry {
        PluginEntry(
            name: "P", path: path, resolvedPath: path, sha256: sha256, location: location, pathLocation: location)
    }

    @Test("a file swapped in after the checks is not the one loaded")
    func swappedAfterChecks() throws {
        let folder = try TemporaryFolder()
        let path = try PluginCopies.copy("HomeScene", to: "libSwapped.so", in: folder)
        let plugin = PluginReference(name: "P", path: path, location: location)
        let file = try PluginFile.open(plugin, trust: FileTrust())
        let other = try PluginCopies.copy("DetailScene", to: "libOther.so", in: folder)
        #expect(rename(other, path) == 0)
        let container = SceneContainer()
        let loaded = try PluginLoader(logger: Logger(label: "test")).load(entry(path), opened: file, into: container)
        #expect(loaded.scenes == ["Home"])
        #expect(container.sceneNames == ["Home"])
    }

    @Test("a pinned file is hashed through the descriptor: a swap cannot pass the pin")
    func pinAppliesToOpenedFile() throws {
        let folder = try TemporaryFolder()
        let path = try PluginCopies.copy("DetailScene", to: "libPinned.so", in: folder)
        let pin = SHA256.hexDigest([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        let plugin = PluginReference(name: "P", path: path, location: location)
        let file = try PluginFile.open(plugin, trust: FileTrust())
        // The path now names a file with another hash; the open file keeps the pinned bytes.
        let other = try PluginCopies.copy("HomeScene", to: "libOther.so", in: folder)
        #expect(rename(other, path) == 0)
        let loaded = try PluginLoader(logger: Logger(label: "test")).load(
            entry(path, sha256: pin), opened: file, into: SceneContainer())
        #expect(loaded.scenes == ["Detail"])
    }

    @Test("a deleted file still loads from its descriptor, and its own dependencies come from its folder")
    func deletedFileLoadsFromDescriptor() throws {
        let folder = try TemporaryFolder()
        // ListOrdersScene needs libOrdersKit.so through $ORIGIN: the private folder must stand in for its folder.
        let path = try PluginCopies.copy("ListOrdersScene", to: "libListOrdersScene.so", in: folder)
        try PluginCopies.copy("OrdersKit", to: "libOrdersKit.so", in: folder)
        let plugin = PluginReference(name: "P", path: path, location: location)
        let file = try PluginFile.open(plugin, trust: FileTrust())
        #expect(unlink(path) == 0)
        let loaded = try PluginLoader(logger: Logger(label: "test")).load(
            entry(path), opened: file, into: SceneContainer())
        #expect(loaded.scenes == ["ListOrders"])
    }

    @Test("a lazily loaded plugin rebuilt after its probe is probed again before it is opened")
    func lazyLoadReprobesChangedFile() throws {
        let folder = try TemporaryFolder()
        let path = try PluginCopies.copy("DetailScene", to: "libDetailScene.so", in: folder)
        let prober = ChildProcessProber(executable: BuildProducts.probeExecutable, timeout: .seconds(20))
        let inspector = PluginInspector(prober: prober, cache: ProbeCache(path: folder.path("probes.json")))
        let loader = PluginLoader(logger: Logger(label: "test"), inspector: inspector)
        let container = SceneContainer()
        _ = try loader.prepare(entry(path), into: container)
        // Rebuilt while the app runs: now a plugin that crashes while it registers.
        let crash = try PluginCopies.copy("FixtureCrash", to: "libNew.so", in: folder)
        #expect(rename(crash, path) == 0)
        // Opened in-process without a new probe, it would kill this test process.
        do {
            _ = try container.blueprint(named: "Detail")
            Issue.record("the changed plugin was loaded without a new probe")
        } catch {
            #expect(ErrorMessage.render(error).contains("crashed with SIGSEGV"), "\(ErrorMessage.render(error))")
        }
    }
}
