import Foundation
import Testing
import LoadingTestSupport
@testable import SceneHostRecordCodec
@testable import SceneHostContainer
@testable import SceneHostLoading
import TestSupport
import HostTestSupport
@testable import SceneHostCore

/// A probe cache you can trust (issue 8, item 5): trusted like a plugin file, created private,
/// written through unpredictable names and merged under a lock.
@Suite("Probe cache trust (end to end)")
struct ProbeCacheTrustTests {
    /// A cache file saying the Crash fixture at `path` is good, under `host`, sealed with `seal`.
    @MainActor
    static func forgedGoodVerdict(
        for path: String, host: String = ProbeCache.hostIdentity, seal: CacheSeal = .forTests
    ) throws -> Data {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let stat = try #require(StatIdentity(path: path))
        let fingerprint = FileFingerprint(
            path: path, size: bytes.count, modified: stat.modified, sha256: SHA256.hexDigest(bytes))
        let metadata = PluginMetadata(
            name: "FixtureCrash", version: "0.0.1", sdkVersion: CompatibilityPolicy.host.sdkVersion,
            sdkFingerprint: CompatibilityPolicy.host.sdkFingerprint,
            swiftVersion: CompatibilityPolicy.host.swiftVersion, scenes: [])
        let entry = ProbeCache.Entry(fingerprint: fingerprint, stat: stat, host: host, verdict: .good(metadata))
        return Data(ProbeCacheFormat.encode([path: entry], seal: seal))
    }

    /// `entry` in the JSON shape of hosts before the compact format (Swift's synthesized Codable of
    /// the entry, with the verdict's metadata), written by hand: the host no longer has that coding.
    static func legacyJSON(path: String, entry: ProbeCache.Entry) throws -> Data {
        guard case .good(let metadata) = entry.verdict, let stat = entry.stat else {
            throw CocoaError(.coderInvalidValue)
        }
        let fingerprint: [String: Any] = [
            "path": entry.fingerprint.path, "size": entry.fingerprint.size,
            "modified": entry.fingerprint.modified, "sha256": entry.fingerprint.sha256,
        ]
        let statObject: [String: Any] = [
            "device": stat.device, "inode": stat.inode, "size": stat.size, "modified": stat.modified,
            "changed": stat.changed,
        ]
        let version: [String: Any] = [
            "major": metadata.sdkVersion.major, "minor": metadata.sdkVersion.minor, "patch": metadata.sdkVersion.patch,
        ]
        let good: [String: Any] = [
            "_0": [
                "name": metadata.name, "version": metadata.version, "sdkVersion": version,
                "sdkFingerprint": metadata.sdkFingerprint, "swiftVersion": metadata.swiftVersion, "scenes": [Any](),
            ]
        ]
        let object: [String: Any] = [
            path: ["fingerprint": fingerprint, "stat": statObject, "host": entry.host, "verdict": ["good": good]]
        ]
        return try JSONSerialization.data(withJSONObject: object)
    }

    @Test(
        "a cache in the JSON format of earlier hosts is not read: the plugin is probed, and the file is replaced by the compact format"
    )
    @MainActor
    func legacyJSONCache() throws {
        let folder = try TemporaryFolder()
        let path = try PluginCopies.copy("FixtureCrash", to: "libCrash.so", in: folder)
        let cache = folder.path("probes.json")
        let forged = try #require(ProbeCacheFormat.decode([UInt8](try Self.forgedGoodVerdict(for: path)))?[path])
        try Self.legacyJSON(path: path, entry: forged).write(to: URL(fileURLWithPath: cache))
        chmod(cache, 0o600)
        let config = try folder.write(
            DemoConfig.config(initial: "Crash", plugins: [("Crash", path)]), to: "scenes.conf")
        let host = try BoundedHostProcess.run(
            ["check", "--config", config], environment: ["SCENE_HOST_PROBE_CACHE": cache], limit: .seconds(60))
        #expect(!host.signaled && host.status == 3)
        #expect(host.stderr.contains("crashed with SIGSEGV"), "\(host.stderr)")
        let entries = try #require(
            ProbeCacheFormat.decode(
                [UInt8](try Data(contentsOf: URL(fileURLWithPath: cache))), seal: try CacheSeal.beside(cache)))
        guard case .failed(.crashed) = try #require(entries[path]).verdict else {
            Issue.record("the crash was not recorded: \(entries)")
            return
        }
    }

    @Test(
        "a truncated, garbage or bit-flipped cache is ignored without a warning: the plugin is probed and the cache rewritten",
        arguments: ["truncated", "garbage", "flipped"])
    @MainActor
    func damagedCache(kind: String) throws {
        let folder = try TemporaryFolder()
        let path = try PluginCopies.copy("FixtureCrash", to: "libCrash.so", in: folder)
        let cache = folder.path("probes.json")
        // Sealed with the user's key: only the damage keeps it from being believed.
        let seal = try CacheSeal.makeKey(beside: cache)
        let valid = [UInt8](try Self.forgedGoodVerdict(for: path, seal: seal))
        var damaged =
            kind == "truncated"
            ? Array(valid.dropLast()) : ProbeCacheFormat.header + [UInt8](repeating: 0xff, count: 40)
        if kind == "flipped" {
            // A forged good verdict with one bit changed: still well-formed, no longer what was written.
            damaged = valid
            damaged[valid.count / 2] ^= 0x04
        }
        try Data(damaged).write(to: URL(fileURLWithPath: cache))
        chmod(cache, 0o600)
        let config = try folder.write(
            DemoConfig.config(initial: "Crash", plugins: [("Crash", path)]), to: "scenes.conf")
        let host = try BoundedHostProcess.run(
            ["check", "--config", config], environment: ["SCENE_HOST_PROBE_CACHE": cache], limit: .seconds(60))
        #expect(!host.signaled && host.status == 3)
        #expect(!host.stderr.contains("warning"), "\(host.stderr)")
        #expect(host.stderr.contains("crashed with SIGSEGV"), "\(host.stderr)")
        #expect(
            ProbeCacheFormat.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: cache))), seal: seal)?[path]
                != nil)
    }

    @Test(
        "a forged good verdict in a cache others can write is ignored with a warning: the plugin is probed, exit 3, no signal"
    )
    @MainActor
    func forgedInWritableCache() throws {
        let folder = try TemporaryFolder()
        let path = try PluginCopies.copy("FixtureCrash", to: "libCrash.so", in: folder)
        let cache = folder.path("probes.json")
        let forged = try Self.forgedGoodVerdict(for: path)
        try forged.write(to: URL(fileURLWithPath: cache))
        chmod(cache, 0o666)
        let config = try folder.write(
            DemoConfig.config(initial: "Crash", plugins: [("Crash", path)]), to: "scenes.conf")
        let host = try BoundedHostProcess.run(
            ["check", "--config", config], environment: ["SCENE_HOST_PROBE_CACHE": cache], limit: .seconds(60))
        #expect(!host.signaled)
        #expect(host.status == 3)
        let lines = host.stderr.split(separator: "\n").map(String.init)
        #expect(
            lines.first
                == "warning: ignoring the probe cache \(cache) in this run: the file is writable by every user, so someone else could forge its verdicts. Every plugin is probed, and nothing is recorded. Fix: chmod go-w \(cache)."
        )
        #expect(lines.filter { $0.hasPrefix("warning: ignoring the probe cache") }.count == 1)
        #expect(lines.dropFirst().first?.contains("crashed with SIGSEGV") == true, "\(host.stderr)")
        // Not written either: the forged entry is still the only one.
        #expect(try Data(contentsOf: URL(fileURLWithPath: cache)) == forged)
    }

    @Test("an entry written by an older host (before scenes were probed) is not read as a verdict")
    @MainActor
    func olderHostIdentity() throws {
        let folder = try TemporaryFolder()
        let path = try PluginCopies.copy("FixtureCrash", to: "libCrash.so", in: folder)
        let cache = folder.path("probes.json")
        let older = ProbeCache.hostIdentity.replacingOccurrences(of: ", probe 5", with: ", probe 4")
        #expect(older != ProbeCache.hostIdentity)
        try Self.forgedGoodVerdict(for: path, host: older, seal: try CacheSeal.makeKey(beside: cache)).write(
            to: URL(fileURLWithPath: cache))
        chmod(cache, 0o600)
        let config = try folder.write(
            DemoConfig.config(initial: "Crash", plugins: [("Crash", path)]), to: "scenes.conf")
        let host = try BoundedHostProcess.run(
            ["check", "--config", config], environment: ["SCENE_HOST_PROBE_CACHE": cache], limit: .seconds(60))
        #expect(!host.signaled && host.status == 3)
        #expect(host.stderr.contains("crashed with SIGSEGV"))
    }

    @Test("under umask 000 the cache folder is created 0700 and the file 0600, and no temporary file is left")
    func privateModes() throws {
        let folder = try TemporaryFolder()
        let cache = folder.path("new/sub/probes.json")
        let config = try folder.write(DemoConfig.text, to: "scenes.conf")
        let host = try BoundedHostProcess.run(
            ["check", "--config", config], environment: ["SCENE_HOST_PROBE_CACHE": cache], umask: "000",
            limit: .seconds(60))
        #expect(host.status == 0, "\(host.stderr)")
        func mode(_ path: String) -> mode_t {
            var info = stat()
            return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
        }
        #expect(mode(folder.path("new")) == 0o700)
        #expect(mode(folder.path("new/sub")) == 0o700)
        #expect(mode(cache) == 0o600)
        #expect(mode(cache + ".lock") == 0o600)
        #expect(mode(cache + ".key") == 0o600)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path("new/sub")).sorted() == [
                "probes.json", "probes.json.key", "probes.json.lock",
            ])
    }

    @Test("twelve concurrent runs sharing one cache keep all twelve entries")
    func concurrentRuns() throws {
        let folder = try TemporaryFolder()
        let cache = folder.path("probes.json")
        var hosts: [BoundedHostProcess] = []
        for index in 0..<12 {
            try FileManager.default.createDirectory(
                at: folder.url.appendingPathComponent("p\(index)"), withIntermediateDirectories: true)
            chmod(folder.path("p\(index)"), 0o755)
            let path = try PluginCopies.copy("DetailScene", to: "p\(index)/libDetailScene.so", in: folder)
            let config = try folder.write(
                DemoConfig.config(initial: "Detail", plugins: [("Detail", path)]), to: "p\(index)/scenes.conf")
            hosts.append(
                try BoundedHostProcess(["check", "--config", config], environment: ["SCENE_HOST_PROBE_CACHE": cache]))
        }
        for host in hosts { #expect(host.wait(limit: .seconds(300))) }
        let data = try Data(contentsOf: URL(fileURLWithPath: cache))
        let entries = try #require(ProbeCacheFormat.decode([UInt8](data), seal: try CacheSeal.beside(cache)))
        #expect(entries.count == 12)
    }
}

/// Where the cache is by default, following the XDG base directory spec (issue 8, item 16).
@Suite("Probe cache default path")
struct ProbeCacheDefaultPathTests {
    @Test(
        "the explicit variable, else an absolute XDG_CACHE_HOME, else an absolute HOME, else the passwd home, else none",
        arguments: [
            (["SCENE_HOST_PROBE_CACHE": "/c/p.json", "XDG_CACHE_HOME": "/x", "HOME": "/h"], "/pw", "/c/p.json"),
            (["XDG_CACHE_HOME": "/x", "HOME": "/h"], "/pw", "/x/scene-host/probes.cache"),
            (["XDG_CACHE_HOME": "cache", "HOME": "/h"], "/pw", "/h/.cache/scene-host/probes.cache"),
            (["XDG_CACHE_HOME": "", "HOME": "/h"], "/pw", "/h/.cache/scene-host/probes.cache"),
            (["HOME": ""], "/pw", "/pw/.cache/scene-host/probes.cache"),
            (["HOME": "home"], "/pw", "/pw/.cache/scene-host/probes.cache"),
            ([:], "/pw", "/pw/.cache/scene-host/probes.cache"),
            (["HOME": "/"], "/pw", "/.cache/scene-host/probes.cache"),
        ] as [([String: String], String, String)])
    func defaultPath(environment: [String: String], passwdHome: String, expected: String) {
        #expect(ProbeCache.defaultPath(environment: environment, passwdHome: passwdHome) == expected)
    }

    @Test("the old default probes.json is left alone: never read, written or removed; probes.cache is used beside it")
    func oldNameLeftAlone() throws {
        let home = try TemporaryFolder()
        let folder = try home.makeFolder(".cache/scene-host", mode: 0o700)
        let old = try home.write("an old probe cache\n", to: ".cache/scene-host/probes.json")
        let config = try home.write(DemoConfig.text, to: "scenes.conf")
        let result = try HostProcess.run(
            ["check", "--config", config],
            environment: ["SCENE_HOST_PROBE_CACHE": nil, "XDG_CACHE_HOME": nil, "HOME": home.url.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect((try? String(contentsOfFile: old, encoding: .utf8)) == "an old probe cache\n")
        #expect(FileManager.default.fileExists(atPath: folder + "/probes.cache"))
    }

    @Test("no absolute home anywhere: no cache")
    func noHome() {
        #expect(ProbeCache.defaultPath(environment: ["HOME": ""], passwdHome: nil) == nil)
        #expect(ProbeCache.defaultPath(environment: ["HOME": "x"], passwdHome: "") == nil)
        #expect(ProbeCache.defaultPath(environment: [:], passwdHome: "relative") == nil)
    }
}
