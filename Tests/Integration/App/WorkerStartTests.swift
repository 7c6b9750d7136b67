import Foundation
import Logging
import Testing
@_spi(SceneHost) @testable import SceneHost
@_spi(SceneHost) import SceneSDK
@testable import SceneHostRecordCodec
@testable import SceneHostCore
@testable import SceneHostConfig
@testable import SceneHostConfigFile
@testable import SceneHostLoading
@testable import SceneHost
import TestSupport
import HostTestSupport
import LoadingTestSupport
@testable import SceneHostContainer
@testable import SceneHostNavigation
@testable import SceneHostWorkers

/// `WorkerStart`: a scene worker reads the start-up cache in part. The plugin of the initial scene
/// is registered at load; another plugin's table and record are read only when one of its scenes
/// is asked for, and one that does not read then is refused with `pluginRecordUnreadable`, the
/// other plugins unaffected.
@MainActor
@Suite("A scene worker's start")
struct WorkerStartTests {
    /// Three plain plugins (no settings, no native functions), the initial scene in the second.
    static let configText = """
        initial = "BList"

        [plugins.A]
        path = "libA.so"

        [plugins.B]
        path = "libB.so"

        [plugins.C]
        path = "libC.so"

        [[segues]]
        from = "BList"
        id = "openC"
        to = "CList"
        """

    private struct Installed {
        let folder: TemporaryFolder
        let configPath: String
        let cache: StartupCache
        let loader: PluginLoader
    }

    /// The config, three files that are not libraries (registering from the record never opens
    /// them), and their checked start recorded.
    private func install() throws -> Installed {
        let folder = try TemporaryFolder()
        let configPath = try folder.write(Self.configText, to: "scenes.conf")
        let bytes = Array(Self.configText.utf8)
        let config = try ConfigLoader().parse(
            bytes: bytes, file: configPath, baseDirectory: ConfigPath.folder(of: configPath))
        var plugins: [CheckedPlugin] = []
        for name in ["A", "B", "C"] {
            let path = try folder.write("not a library", to: "lib\(name).so")
            var metadata = SamplePlugins.metadata(name)
            metadata.nativeFunctions = []
            plugins.append(
                CheckedPlugin(
                    identity: try #require(StatIdentity(path: path)), sha256: String(repeating: "ab", count: 32),
                    metadata: metadata))
        }
        let cache = StartupCache(probeCache: folder.path("probes.json"), checksFileTrust: true)
        cache.record(
            CheckedStart(config: config, plugins: plugins, unbuilt: [], hasLinks: false), configFile: configPath,
            baseDirectory: config.baseDirectory, bytes: bytes)
        // No probe can run: a start that fell back to preparing every plugin would fail.
        let inspector = PluginInspector(
            prober: ChildProcessProber(executable: folder.path("no-such-host")),
            cache: ProbeCache(path: folder.path("probes.json")))
        return Installed(
            folder: folder, configPath: configPath, cache: cache,
            loader: PluginLoader(logger: Logger(label: "test"), inspector: inspector))
    }

    @Test("from the start-up cache: the initial scene, the segues and every plugin's scenes, without a probe")
    func fromTheCache() throws {
        let installed = try install()
        let start = try WorkerStart.read(
            try .reading(configPath: installed.configPath), loader: installed.loader, startup: installed.cache)
        let app = try start.load(loader: installed.loader)
        #expect(app.initial == "BList")
        var segues = app.segueTable
        #expect(try segues.segues(from: "BList")?["openC"]?.to.value == "CList")
        #expect(app.container.description(of: "BList")?.name == "BList")
        #expect(app.container.plugin(registering: "CDetail")?.name == "C")
        #expect(app.container.sceneNames == ["ADetail", "AList", "BDetail", "BList", "CDetail", "CList"])
    }

    @Test("a plugin whose record does not read is refused when one of its scenes is asked for; the others start")
    func unreadableRecordIsRefusedWhenNeeded() throws {
        let installed = try install()
        // C's config table under another name, the file sealed again (a forged, well-formed file).
        let file = try #require(FileManager.default.contents(atPath: installed.cache.path).map { Array($0) })
        let key = StartupCacheFormat.Key(
            host: ProbeCache.hostIdentity, checksFileTrust: true, configFile: installed.configPath,
            baseDirectory: ConfigPath.folder(of: installed.configPath), configBytes: Array(Self.configText.utf8))
        let seal = try CacheSeal.beside(installed.folder.path("probes.json"))
        let layout = try #require(StartupCacheFormat.decodeForWorker(file, key: key, seal: seal, cachePath: "")).plugins
            .layout
        var body = Array(file.dropLast(ProbeCacheFormat.sealSize))
        let table = layout.entries[2]
        body[table.lowerBound] = body[layout.entries[0].lowerBound]
        _ = try installed.folder.write(bytes: seal.sealed(body), to: "probes.json.start")
        chmod(installed.cache.path, 0o600)

        let start = try WorkerStart.read(
            try .reading(configPath: installed.configPath), loader: installed.loader,
            startup: StartupCache(probeCache: installed.folder.path("probes.json"), checksFileTrust: true))
        let app = try start.load(loader: installed.loader)
        #expect(app.container.description(of: "BList")?.name == "BList")
        #expect(app.container.description(of: "AList")?.name == "AList")
        let error = #expect(throws: PluginLoadError.self) { _ = try app.container.builder(named: "CList") }
        #expect(
            error.map { ErrorMessage.render($0) }
                == "\(installed.configPath):1:1: error: plugin 'C' (\(installed.cache.path)) was not registered: its record in the start-up cache \(installed.cache.path) cannot be read. Start the host again with --rescan so it checks the plugin again."
        )
    }

    @Test(
        "without an answer from the cache (another config) the worker parses the config and prepares the plugins as run does"
    )
    func withoutTheCache() throws {
        let installed = try install()
        _ = try installed.folder.write(Self.configText + "\n", to: "scenes.conf")
        let start = try WorkerStart.read(
            try .reading(configPath: installed.configPath), loader: installed.loader, startup: installed.cache)
        #expect(start.host == HostSettings())
        // Preparing needs a probe here, and none can run: the start fails instead of trusting a record.
        #expect(throws: (any Error).self) { _ = try start.load(loader: installed.loader) }
    }
}
