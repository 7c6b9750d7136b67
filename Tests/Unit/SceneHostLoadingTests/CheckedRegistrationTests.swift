import Foundation
import Logging
import Testing
@_spi(SceneHost) import SceneSDK
@testable import SceneHostRecordCodec
@testable import SceneHostCore
@testable import SceneHostContainer
@testable import SceneHostConfig
@testable import SceneHostLoading
import TestSupport
import LoadingTestSupport

/// `PluginLoader.registerChecked`: what the start-up cache may register from its record, and what
/// it must prepare in full at every start.
@MainActor
@Suite("Registering a checked start")
struct CheckedRegistrationTests {
    let location = SourceLocation(file: "scenes.conf", line: 4, column: 1)

    private func setUp() throws -> (PluginLoader, PluginEntry, TemporaryFolder) {
        let folder = try TemporaryFolder()
        // No probe can run: a prepare must fail, a registration from the record must not need one.
        let inspector = PluginInspector(
            prober: ChildProcessProber(executable: folder.path("no-such-host")),
            cache: ProbeCache(path: folder.path("probes.json")))
        let loader = PluginLoader(logger: Logger(label: "test"), inspector: inspector)
        // Not a plugin: registering from the record never opens it; preparing it fails.
        let path = folder.path("libA.so")
        try Data("not a library".utf8).write(to: URL(fileURLWithPath: path))
        let entry = PluginEntry(
            name: "A", path: path, resolvedPath: path, sha256: nil, location: location, pathLocation: location)
        return (loader, entry, folder)
    }

    private func recorded(settings: [SettingDeclaration]) -> CheckedPlugin {
        var metadata = SamplePlugins.metadata("A")
        metadata.settings = settings
        metadata.nativeFunctions = []
        return CheckedPlugin(
            identity: StatIdentity(device: 1, inode: 2, size: 3, modified: 4, changed: 5),
            sha256: String(repeating: "ab", count: 32), metadata: metadata)
    }

    @Test("a plugin without settings is registered from the record, to be checked when it is opened")
    func registersFromTheRecord() throws {
        let (loader, entry, _) = try setUp()
        let container = SceneContainer()
        _ = try loader.registerChecked(entry, recorded: recorded(settings: []), into: container)
        #expect(container.sceneNames.contains("AList"))
    }

    @Test(
        "a plugin declaring a path setting with a default is prepared in full: its file's trust is checked at every start"
    )
    func declaredSettingsArePreparedInFull() throws {
        let (loader, entry, _) = try setUp()
        let declared: [SettingDeclaration] = [.path("journal", default: "journal.db", help: "where it writes")]
        #expect(throws: (any Error).self) {
            try loader.registerChecked(entry, recorded: recorded(settings: declared), into: SceneContainer())
        }
    }

    /// `metadata` as the start-up cache keeps it: a section of its own, decoded when asked for.
    private func fromFile(
        _ metadata: PluginMetadata, summary: PluginSummary? = nil, damaged: Bool = false
    ) -> CheckedPlugin {
        var contracts = ContractTable()
        contracts.add(.good(metadata))
        var writer = RecordWriter()
        ProbeCacheFormat.encodeTable(contracts, into: &writer)
        var section = writer.section { ProbeCacheFormat.encode(metadata, into: &$0, contracts: contracts) }
        if damaged { section.removeLast() }
        writer.bytes(section)
        let header = Array("test\n".utf8)
        var reader = RecordReader(writer.finished(header: header), from: header.count)
        // The same steps as the start-up cache's decoder.
        let table = try? { () throws -> [ContractInfo] in
            try reader.readStringTable()
            return try ProbeCacheFormat.decodeTable(&reader)
        }()
        let range = (try? reader.skipSection()) ?? 0..<0
        return CheckedPlugin(
            identity: StatIdentity(device: 1, inode: 2, size: 3, modified: 4, changed: 5),
            sha256: String(repeating: "ab", count: 32),
            summary: summary ?? PluginSummary(metadata),
            recorded: RecordedMetadata(
                reader: reader.section(range), contracts: table ?? [], cachePath: "/c/probes.json.start"))
    }

    @Test(
        "a plugin read from the cache is registered from its summary; its description is decoded when its scenes are added, once"
    )
    func describedWhenRegistered() throws {
        let (loader, entry, _) = try setUp()
        var metadata = SamplePlugins.metadata("A")
        metadata.nativeFunctions = []
        let recorded = fromFile(metadata)
        #expect(recorded.summary.isPlain && recorded.summary.sceneNames == ["AList", "ADetail"])
        let container = SceneContainer()
        let plugin = try loader.registerChecked(entry, recorded: recorded, into: container)
        #expect(container.description(of: "AList") == metadata.scenes[0])
        #expect(try recorded.metadata() == metadata)
        // What `list` and `check` would show of it: the same as from its whole description.
        let described = LoadedPlugin(entry, describedBy: metadata)
        #expect(
            plugin.name == described.name && plugin.version == described.version
                && plugin.sdkVersion == described.sdkVersion)
        #expect(
            plugin.sdkFingerprint == described.sdkFingerprint && plugin.swiftVersion == described.swiftVersion
                && plugin.scenes == described.scenes)
        #expect(
            plugin.nativeFunctions == described.nativeFunctions
                && plugin.settingDeclarations == described.settingDeclarations)
    }

    @Test(
        "a plugin that declares in-memory state is not plain: every start prepares it from its description, which keeps the state"
    )
    func inMemoryStateIsNotPlain() throws {
        let (loader, entry, _) = try setUp()
        var metadata = SamplePlugins.metadata("A")
        metadata.nativeFunctions = []
        metadata.inMemoryState = InMemoryState("the cart")
        let recorded = fromFile(metadata)
        #expect(!recorded.summary.isPlain)
        #expect(!loader.registersFromRecord(entry, recorded: recorded))
        #expect(try recorded.metadata().inMemoryState == InMemoryState("the cart"))
        #expect(LoadedPlugin(entry, describedBy: metadata).inMemoryState == InMemoryState("the cart"))
    }

    @Test(
        "a record that cannot be read, or does not match its summary, is not believed: the plugin is not registered, and the error names the cache"
    )
    func unreadableRecord() throws {
        let (loader, entry, _) = try setUp()
        var metadata = SamplePlugins.metadata("A")
        metadata.nativeFunctions = []
        let mismatched = PluginSummary(
            plugin: ProbeCacheFormat.Identification(
                name: "A", version: "9.9.9", sdkVersion: metadata.sdkVersion,
                sdkFingerprint: metadata.sdkFingerprint, swiftVersion: metadata.swiftVersion),
            sceneNames: ["AList", "ADetail"], isPlain: true)
        for recorded in [fromFile(metadata, damaged: true), fromFile(metadata, summary: mismatched)] {
            let container = SceneContainer()
            do {
                _ = try loader.registerChecked(entry, recorded: recorded, into: container)
                Issue.record("registered from an unreadable record")
            } catch {
                #expect(
                    ErrorMessage.render(error)
                        == "scenes.conf:4:1: error: plugin 'A' (\(entry.resolvedPath)) was not registered: its record in the start-up cache /c/probes.json.start cannot be read. Start the host again with --rescan so it checks the plugin again."
                )
            }
            #expect(container.sceneCount == 0)
        }
    }
}
