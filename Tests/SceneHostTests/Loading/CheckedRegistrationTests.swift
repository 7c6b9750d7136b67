import Foundation
import Logging
import Testing
@_spi(SceneHost) @testable import SceneHost
@_spi(SceneHost) import SceneSDK

/// `PluginLoader.registerChecked`: what the start-up cache may register from its record, and what
/// it must prepare in full at every start.
@MainActor
@Suite("Registering a checked start")
struct CheckedRegistrationTests {
    let location = SourceLocation(file: "scenes.conf", line: 4, column: 1)

    private func setUp() throws -> (PluginLoader, PluginEntry, TemporaryFolder) {
        let folder = try TemporaryFolder()
        // No probe can run: a prepare must fail, a registration from the record must not need one.
        let inspector = PluginInspector(prober: ChildProcessProber(executable: folder.path("no-such-host")), cache: ProbeCache(path: folder.path("probes.json")))
        let loader = PluginLoader(logger: Logger(label: "test"), inspector: inspector)
        // Not a plugin: registering from the record never opens it; preparing it fails.
        let path = folder.path("libA.so")
        try Data("not a library".utf8).write(to: URL(fileURLWithPath: path))
        let entry = PluginEntry(name: "A", path: path, resolvedPath: path, sha256: nil, location: location, pathLocation: location)
        return (loader, entry, folder)
    }

    private func recorded(settings: [SettingDeclaration]) -> CheckedPlugin {
        var metadata = ProbeCacheFormatTests.metadata("A")
        metadata.settings = settings
        metadata.nativeFunctions = []
        return CheckedPlugin(identity: StatIdentity(device: 1, inode: 2, size: 3, modified: 4, changed: 5), sha256: String(repeating: "ab", count: 32), metadata: metadata)
    }

    @Test("a plugin without settings is registered from the record, to be checked when it is opened")
    func registersFromTheRecord() throws {
        let (loader, entry, _) = try setUp()
        let container = SceneContainer()
        _ = try loader.registerChecked(entry, recorded: recorded(settings: []), into: container)
        #expect(container.sceneNames.contains("AList"))
    }

    @Test("a plugin declaring a path setting with a default is prepared in full: its file's trust is checked at every start")
    func declaredSettingsArePreparedInFull() throws {
        let (loader, entry, _) = try setUp()
        let declared: [SettingDeclaration] = [.path("journal", default: "journal.db", help: "where it writes")]
        #expect(throws: (any Error).self) {
            try loader.registerChecked(entry, recorded: recorded(settings: declared), into: SceneContainer())
        }
    }
}
