import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import SceneHostRecordCodec
@testable import SceneHostConfig
@testable import SceneHostLoading
@testable import SceneHost
import TestSupport
import HostTestSupport
import LoadingTestSupport

/// The start-up cache through the binary (issue 21): an unchanged config and unchanged plugin
/// files start from it, in the host and in its scene worker; any change of them, `--rescan` or
/// another trust setting starts checked as without it; a damaged or forged file never lets an
/// unchecked file run.
@Suite("Start-up cache (end to end)")
struct StartupCacheTests {
    static let answers = "start-up cache answers"

    /// Two Numbered copies; the second is named in the config through a link, `link.so`.
    struct App {
        let folder: TemporaryFolder
        let config: String
        let cache: String
        let second: String
        let link: String

        init() throws {
            folder = try TemporaryFolder()
            let plugins = try LazyLoadingTests.installNumbered(2, in: folder)
            second = plugins[1].path
            link = folder.path("link.so")
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: second)
            config = try folder.write(
                DemoConfig.config(initial: "NumberedPlugin0000", plugins: [plugins[0], (plugins[1].name, link)]),
                to: "scenes.conf")
            cache = folder.path("probes.json")
        }

        func run(_ extra: [String] = []) throws -> HostProcess.Result {
            try HostProcess.run(["run", "--config", config, "--verbose"] + extra, probeCache: cache)
        }
    }

    /// How many processes of the run started from the cache (the host, its worker).
    static func answered(_ result: HostProcess.Result) -> Int {
        result.stderr.components(separatedBy: answers).count - 1
    }

    /// Whether the host process itself started from the cache. (Its scene worker, started before
    /// the host's check, may read the file the previous run recorded: it compares no plugin file
    /// at start, and every plugin it opens is compared then.)
    static func hostAnswered(_ result: HostProcess.Result) -> Bool {
        result.stderr.split(separator: "\n").contains { $0.contains(answers) && !$0.contains("scene-host-worker") }
    }

    @Test("an unchanged start is answered in the host and its worker, shows the same screen and opens one plugin")
    func hit() throws {
        let app = try App()
        let first = try app.run()
        #expect(first.status == 0, "\(first.stderr)")
        #expect(!Self.hostAnswered(first))
        var info = stat()
        #expect(stat(app.cache + ".start", &info) == 0 && info.st_mode & 0o777 == 0o600)
        let second = try app.run()
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout == first.stdout)
        #expect(Self.answered(second) == 2, "\(second.stderr)")
        #expect(!second.stderr.contains("cached=true"), "\(second.stderr)")
        let loaded = second.stderr.split(separator: "\n").filter { $0.contains("loaded plugin") }
        #expect(loaded.count == 1 && loaded.first?.contains("plugin=NumberedPlugin0000") == true, "\(second.stderr)")
    }

    enum Change: String, CaseIterable {
        case configBytes, rewrittenInPlace, replacedByRename, swappedLink, touched, rescan, insecurePluginFiles
    }

    @Test(
        "any change of what the start was checked from is a miss, and the start is checked and recorded again",
        arguments: Change.allCases)
    func invalidation(change: Change) throws {
        let app = try App()
        _ = try app.run()
        #expect(Self.hostAnswered(try app.run()))
        var extra: [String] = []
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: app.second)))
        switch change {
        case .configBytes:
            let text = try String(contentsOfFile: app.config, encoding: .utf8)
            _ = try app.folder.write(text + "# a comment changes nothing but the bytes\n", to: "scenes.conf")
        case .rewrittenInPlace:
            let descriptor = open(app.second, O_WRONLY | O_TRUNC)
            #expect(descriptor >= 0)
            _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        case .replacedByRename:
            let staged = try app.folder.write(bytes: bytes, to: "staged.so")
            #expect(rename(staged, app.second) == 0)
        case .swappedLink:
            let other = try app.folder.write(bytes: bytes, to: "other.so")
            unlink(app.link)
            try FileManager.default.createSymbolicLink(atPath: app.link, withDestinationPath: other)
        case .touched:
            #expect(utimes(app.second, nil) == 0)
        case .rescan:
            extra = ["--rescan"]
        case .insecurePluginFiles:
            extra = ["--insecure-plugin-files"]
        }
        let changed = try app.run(extra)
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(!Self.hostAnswered(changed), "\(changed.stderr)")
        // Recorded again: the next start like it is answered (a --rescan start records, and the next plain one reads).
        let next = try app.run(change == .rescan ? [] : extra)
        #expect(Self.hostAnswered(next), "\(next.stderr)")
    }

    @Test(
        "a plugin rewritten in place with other scenes is checked again: the start is refused, never answered from the old check"
    )
    func changedScenes() throws {
        let app = try App()
        let text =
            DemoConfig.config(
                initial: "NumberedPlugin0000",
                plugins: [
                    ("NumberedPlugin0000", app.folder.path("libNumberedPlugin0000.so")),
                    ("NumberedPlugin0001", app.link),
                ])
            + "\n[[segues]]\nfrom = \"NumberedPlugin0000\"\nid = \"next\"\nto = \"NumberedPlugin0001\"\n"
        _ = try app.folder.write(text, to: "scenes.conf")
        _ = try app.run()
        #expect(Self.hostAnswered(try app.run()))
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: BuildProducts.library("FixtureNumbered"))))
        PluginCopies.replace("NumberedPlugin0000", with: "RenamedPlugin00001", in: &bytes)
        let descriptor = open(app.second, O_WRONLY | O_TRUNC)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        let refused = try app.run()
        #expect(refused.status != 0)
        #expect(!Self.hostAnswered(refused))
        #expect(refused.stderr.contains("'NumberedPlugin0001'"), "\(refused.stderr)")
    }

    @Test("a damaged start-up cache is no answer: the start is checked and the file replaced")
    func damaged() throws {
        let app = try App()
        _ = try app.run()
        var file = [UInt8](try Data(contentsOf: URL(fileURLWithPath: app.cache + ".start")))
        file[file.count / 2] ^= 0x01
        try Data(file).write(to: URL(fileURLWithPath: app.cache + ".start"))
        let damaged = try app.run()
        #expect(damaged.status == 0, "\(damaged.stderr)")
        #expect(!Self.hostAnswered(damaged), "\(damaged.stderr)")
        #expect(Self.hostAnswered(try app.run()))
    }

    @Test("a start-up cache others may write is ignored with a warning and left as it is")
    func writableByOthers() throws {
        let app = try App()
        _ = try app.run()
        let path = app.cache + ".start"
        chmod(path, 0o666)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = try app.run()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.answered(result) == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains("warning: ignoring the start-up cache \(path) in this run: the file is "),
            "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test("a well-formed start-up cache recording another content hash for a file's identity never opens that file")
    @MainActor
    func forgedContentHash() throws {
        let app = try App()
        _ = try app.run()
        let path = app.cache + ".start"
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: app.config)))
        let key = StartupCacheFormat.Key(
            host: ProbeCache.hostIdentity, checksFileTrust: true, configFile: app.config,
            baseDirectory: ConfigPath.folder(of: app.config), configBytes: bytes)
        let seal = try CacheSeal.beside(app.cache)
        let recorded = try #require(
            StartupCacheFormat.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), key: key, seal: seal))
        let forged = try recorded.plugins.map {
            CheckedPlugin(identity: $0.identity, sha256: String(repeating: "0", count: 64), metadata: try $0.metadata())
        }
        let file = try #require(
            StartupCacheFormat.encode(
                CheckedStart(config: recorded.config, plugins: forged, unbuilt: [], hasLinks: false), key: key,
                seal: seal))
        try Data(file).write(to: URL(fileURLWithPath: path))
        let result = try app.run()
        #expect(result.status != 0)
        // The host answered from the cache, and refused the file there. (The scene worker, started
        // beside the check, may or may not have said so too before the host's refusal ended it.)
        #expect(Self.hostAnswered(result), "\(result.stderr)")
        #expect(result.stderr.contains("was not opened: its SHA-256 is "), "\(result.stderr)")
        #expect(!result.stderr.contains("loaded plugin"), "\(result.stderr)")
    }
}
