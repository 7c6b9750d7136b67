import Foundation
@_spi(SceneHost) import SceneSDK
import Testing
@testable import SceneHostRecordCodec
@testable import SceneHostFileTrust
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

/// The start-up cache's file (issue 21, warm start): a checked start reads back exactly, only under
/// the key it was recorded with, and anything that is not a whole file of this version reads as
/// no answer.
@Suite("Start-up cache format")
@MainActor
struct StartupCacheFormatTests {
    static let configText = """
        initial = "AList"

        [host]
        event-timeout = 2.5
        workers = 3

        [plugins.A]
        path = "libA.so"
        sha256 = "\(String(repeating: "ab", count: 32))"

        [plugins.G]
        path = "sub/../libG.so"

        [plugins.G.settings]
        database = "orders.db"
        pageSize = -3
        ratio = 0.5
        verbose = true

        [[segues]]
        from = "AList"
        id = "open"
        to = "GDetail"
        style = "present"
        """

    static func config() throws -> SceneConfig {
        try ConfigLoader().parse(text: configText, file: "apps/scenes.conf", baseDirectory: "/srv/apps")
    }

    static func start() throws -> CheckedStart {
        let identities = [
            StatIdentity(device: 2049, inode: 77, size: 1000, modified: -5, changed: 1_700_000_000_123_456_789),
            StatIdentity(device: 1, inode: 2, size: 3, modified: 4, changed: 5),
        ]
        var linked = SamplePlugins.metadata("G", wiring: [:], services: 0)
        linked.settings = [.path("database", help: "the file")]
        let plugins = [
            CheckedPlugin(
                identity: identities[0], sha256: String(repeating: "ab", count: 32),
                metadata: SamplePlugins.metadata("A")),
            CheckedPlugin(identity: identities[1], sha256: String(repeating: "cd", count: 32), metadata: linked),
        ]
        return CheckedStart(config: try config(), plugins: plugins, unbuilt: ["G"], hasLinks: true)
    }

    static func key(
        bytes: [UInt8] = Array(configText.utf8), trust: Bool = true, file: String = "apps/scenes.conf",
        folder: String = "/srv/apps", host: String = ProbeCache.hostIdentity
    ) -> StartupCacheFormat.Key {
        StartupCacheFormat.Key(
            host: host, checksFileTrust: trust, configFile: file, baseDirectory: folder, configBytes: bytes)
    }

    @Test("a checked start reads back exactly: config values and locations, identities, hashes, findings")
    func roundTrip() throws {
        let start = try Self.start()
        let file = try #require(StartupCacheFormat.encode(start, key: Self.key()))
        let read = try #require(StartupCacheFormat.decode(file, key: Self.key()))
        let (written, config) = (start.config, read.config)
        #expect(
            config.file == written.file && config.baseDirectory == written.baseDirectory
                && config.initial == written.initial)
        #expect(config.segues == written.segues)
        #expect(config.host == written.host)
        #expect(config.plugins.count == written.plugins.count)
        for (found, expected) in zip(config.plugins, written.plugins) {
            #expect(
                found.name == expected.name && found.path == expected.path
                    && found.resolvedPath == expected.resolvedPath)
            #expect(
                found.sha256 == expected.sha256 && found.location == expected.location
                    && found.pathLocation == expected.pathLocation)
            #expect(
                found.settings == expected.settings && found.settingsBaseDirectory == expected.settingsBaseDirectory)
        }
        #expect(read.plugins.map(\.identity) == start.plugins.map(\.identity))
        #expect(read.plugins.map(\.sha256) == start.plugins.map(\.sha256))
        let readDescriptions = try read.plugins.map { try $0.metadata() }
        let writtenDescriptions = try start.plugins.map { try $0.metadata() }
        #expect(readDescriptions == writtenDescriptions)
        #expect(read.plugins.map(\.summary) == start.plugins.map(\.summary))
        #expect(read.unbuilt == ["G"] && read.hasLinks)
    }

    @Test(
        "a scene worker reads the same start in part: head, segues and summaries now, each plugin's table and record when asked"
    )
    func workerReadsInPart() throws {
        let start = try Self.start()
        let file = try #require(StartupCacheFormat.encode(start, key: Self.key()))
        let read = try #require(
            StartupCacheFormat.decodeForWorker(file, key: Self.key(), cachePath: "/c/probes.json.start"))
        let config = start.config
        #expect(read.initial == config.initial && read.host == config.host)
        #expect(try read.segues.declarations() == config.segues)
        let layout = read.plugins.layout
        #expect(layout.initialOwner == 0, "AList is A's")
        #expect(
            layout.preparedAtStart == [0, 1],
            "A declares no native functions list (an older verdict): prepared; G has settings")
        let index = try read.plugins.index()
        #expect(index.names == ["A", "G"])
        #expect(index.hasSettings == [false, true])
        #expect(index.summaries == start.plugins.map(\.summary))
        for position in 0..<layout.count {
            let (entry, recorded) = try read.plugins.plugin(position)
            let expected = config.plugins[position]
            #expect(
                entry.name == expected.name && entry.path == expected.path
                    && entry.resolvedPath == expected.resolvedPath)
            #expect(
                entry.sha256 == expected.sha256 && entry.location == expected.location
                    && entry.settings == expected.settings)
            #expect(
                recorded.identity == start.plugins[position].identity
                    && recorded.sha256 == start.plugins[position].sha256)
            #expect(try recorded.metadata() == start.plugins[position].metadata())
            #expect(recorded.cachePath == "/c/probes.json.start")
        }
        // A part read later must still say what the index said: a table or record under another
        // plugin's place is refused.
        let swapped = RecordedPlugins.Layout(
            entries: layout.entries.reversed(), index: layout.index, records: layout.records.reversed(),
            initialOwner: 0, preparedAtStart: [])
        #expect(throws: RecordReader.Malformed.self) {
            try swapped.entry(0, name: "A", hasSettings: false, file: read.plugins.file)
        }
        #expect(throws: RecordReader.Malformed.self) {
            try swapped.checkedPlugin(
                0, summary: index.summaries[0], file: read.plugins.file, contracts: [], cachePath: ""
            ).metadata()
        }
    }

    @Test(
        "a long start reads back, whichever plugin holds the initial scene and however many are prepared at every start"
    )
    func manyPlugins() throws {
        let count = 300
        var text = "initial = \"P\(count - 1)List\"\n"
        for index in 0..<count { text += "\n[plugins.P\(index)]\npath = \"libP\(index).so\"\n" }
        let config = try ConfigLoader().parse(text: text, file: "apps/scenes.conf", baseDirectory: "/srv/apps")
        // Recorded without native functions listed (an older verdict): every one is prepared at every start.
        let plugins = (0..<count).map {
            CheckedPlugin(
                identity: StatIdentity(device: 1, inode: UInt64($0), size: 3, modified: 4, changed: 5),
                sha256: String(repeating: "ab", count: 32), metadata: SamplePlugins.metadata("P\($0)"))
        }
        let start = CheckedStart(config: config, plugins: plugins, unbuilt: [], hasLinks: false)
        let key = Self.key(bytes: Array(text.utf8))
        let file = try #require(StartupCacheFormat.encode(start, key: key))
        let read = try #require(StartupCacheFormat.decode(file, key: key))
        #expect(read.plugins.map(\.identity) == start.plugins.map(\.identity))
        let worker = try #require(StartupCacheFormat.decodeForWorker(file, key: key, cachePath: ""))
        #expect(worker.plugins.layout.initialOwner == count - 1)
        #expect(worker.plugins.layout.preparedAtStart == Array(0..<count))
        #expect(try worker.plugins.plugin(count - 1).entry.name == "P\(count - 1)")
    }

    @Test(
        "it answers only under its own key: other config bytes, file name, folder, trust setting or host are no answer")
    func otherKey() throws {
        let file = try #require(StartupCacheFormat.encode(try Self.start(), key: Self.key()))
        var changed = Array(Self.configText.utf8)
        changed[changed.count - 2] = UInt8(ascii: "x")
        for key in [
            Self.key(bytes: changed), Self.key(bytes: Array(Self.configText.utf8) + [10]), Self.key(trust: false),
            Self.key(file: "./apps/scenes.conf"), Self.key(folder: "/srv/other"), Self.key(host: "abi 0, probe 0"),
        ] {
            #expect(StartupCacheFormat.decode(file, key: key) == nil)
            #expect(StartupCacheFormat.decodeForWorker(file, key: key, cachePath: "") == nil)
        }
    }

    @Test("a file cut anywhere, with any byte changed, or with bytes after its end is no answer")
    func tampered() throws {
        let file = try #require(StartupCacheFormat.encode(try Self.start(), key: Self.key()))
        for length in stride(from: 0, to: file.count, by: 7) {
            #expect(StartupCacheFormat.decode(Array(file.prefix(length)), key: Self.key()) == nil)
            #expect(
                StartupCacheFormat.decodeForWorker(Array(file.prefix(length)), key: Self.key(), cachePath: "") == nil)
        }
        for index in stride(from: 0, to: file.count, by: 5) {
            var flipped = file
            flipped[index] ^= 0x20
            #expect(StartupCacheFormat.decode(flipped, key: Self.key()) == nil)
            #expect(StartupCacheFormat.decodeForWorker(flipped, key: Self.key(), cachePath: "") == nil)
        }
        #expect(StartupCacheFormat.decode(file + [0], key: Self.key()) == nil)
        #expect(StartupCacheFormat.decodeForWorker(file + [0], key: Self.key(), cachePath: "") == nil)
        #expect(
            StartupCacheFormat.decode(
                Array(ProbeCacheFormat.header) + file.dropFirst(StartupCacheFormat.header.count), key: Self.key())
                == nil)
    }

    @Test(
        "the file is recorded 0600 beside the probe cache, and answers only while every plugin file keeps its identity")
    func identities() throws {
        let folder = try TemporaryFolder()
        let plugin = try folder.write("not really a plugin", to: "libA.so")
        let text = "initial = \"AList\"\n\n[plugins.A]\npath = \"libA.so\"\n"
        let configPath = try folder.write(text, to: "scenes.conf")
        let bytes = Array(text.utf8)
        let config = try ConfigLoader().parse(
            bytes: bytes, file: configPath, baseDirectory: ConfigPath.folder(of: configPath))
        let identity = try #require(StatIdentity(path: plugin))
        let start = CheckedStart(
            config: config,
            plugins: [CheckedPlugin(identity: identity, sha256: "aa", metadata: SamplePlugins.metadata("A"))],
            unbuilt: [], hasLinks: false)
        let cache = StartupCache(probeCache: folder.path("probes.json"), checksFileTrust: true)
        cache.record(start, configFile: configPath, baseDirectory: config.baseDirectory, bytes: bytes)
        var info = stat()
        #expect(stat(cache.path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        let trust = FileTrust(trustedFolders: TrustedFolders())
        func answer(
            _ cache: StartupCache = StartupCache(probeCache: folder.path("probes.json"), checksFileTrust: true)
        ) -> CheckedStart? {
            cache.pendingStart(configFile: configPath, baseDirectory: config.baseDirectory, bytes: bytes, trust: trust)
                .flatMap { $0.filesUnchanged() ? $0 : nil }
        }
        #expect(answer()?.plugins.first?.identity == identity)
        #expect(
            StartupCache(probeCache: folder.path("probes.json"), checksFileTrust: true, reads: false)
                .pendingStart(configFile: configPath, baseDirectory: config.baseDirectory, bytes: bytes, trust: trust)
                == nil)
        // The same bytes written again, with a modification time set a second later (not slept for).
        let rewritten = try folder.write("not really a plugin", to: "libA.so")
        var later = stat()
        #expect(stat(rewritten, &later) == 0)
        var times = [
            timespec(tv_sec: later.st_atim.tv_sec, tv_nsec: later.st_atim.tv_nsec),
            timespec(tv_sec: later.st_mtim.tv_sec + 1, tv_nsec: later.st_mtim.tv_nsec),
        ]
        #expect(utimensat(AT_FDCWD, rewritten, &times, 0) == 0)
        #expect(answer() == nil)
        // Walked beside the decoding (as a start does): the start comes back before the walk ends,
        // and is refused when joined.
        let pending = StartupCache(probeCache: folder.path("probes.json"), checksFileTrust: true)
            .pendingStart(configFile: configPath, baseDirectory: config.baseDirectory, bytes: bytes, trust: trust)
        #expect(pending?.filesUnchanged() == false)
        #expect(
            pending?.filesUnchanged() == false, "asked again (a copy of the start may ask): answered, not waited for")
        #expect(
            StartupCache(probeCache: folder.path("probes.json"), checksFileTrust: true)
                .recordedForWorker(configFile: configPath, baseDirectory: config.baseDirectory, bytes: bytes)?.plugins
                .layout.count == 1,
            "a scene worker does not walk the files (its host just did): each is compared when opened")
    }

    @Test("a start-up cache file others may write is neither read nor written, with one warning")
    func untrusted() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("whatever", to: "probes.json.start")
        chmod(path, 0o666)
        var warnings: [HostWarning] = []
        let cache = StartupCache(probeCache: folder.path("probes.json"), checksFileTrust: true) { warnings.append($0) }
        let config = try Self.config()
        #expect(
            cache.pendingStart(configFile: "apps/scenes.conf", baseDirectory: "/srv/apps", bytes: [], trust: nil) == nil
        )
        cache.record(
            try Self.start(), configFile: config.file, baseDirectory: config.baseDirectory,
            bytes: Array(Self.configText.utf8))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "whatever")
        #expect(warnings.count == 1)
        #expect(
            warnings.first?.message.hasPrefix("warning: ignoring the start-up cache \(path) in this run: the file is ")
                == true)
    }
}
