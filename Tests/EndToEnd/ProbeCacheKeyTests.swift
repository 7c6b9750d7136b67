import Foundation
import Testing
import LoadingTestSupport
#if canImport(Glibc)
import Glibc
#endif
@testable import SceneHostRecordCodec
@testable import SceneHostCore
@testable import SceneHostLoading
import TestSupport
import HostTestSupport

/// The probe cache sealed with the user's secret key (issue 32, point 5): a forgery re-sealed by
/// someone who may write the cache but has not the key is not believed; the key is made private on
/// first use; a key that is no secret of the user's is refused like an untrusted cache file.
@Suite("Probe cache key (end to end)")
struct ProbeCacheKeyTests {
    /// A folder with the demo's Home and Detail plugins (sound) and the Crash fixture (crashes while
    /// registering), and a config for the demo and one for Crash.
    struct Plugins {
        let folder: TemporaryFolder
        let home: String
        let detail: String
        let crash: String
        let detailConfig: String
        let crashConfig: String
        var cache: String { folder.path("probes.json") }
        var key: String { folder.path("probes.json.key") }

        init() throws {
            folder = try TemporaryFolder()
            home = try PluginCopies.copy("HomeScene", to: "libHome.so", in: folder)
            detail = try PluginCopies.copy("DetailScene", to: "libDetail.so", in: folder)
            crash = try PluginCopies.copy("FixtureCrash", to: "libCrash.so", in: folder)
            detailConfig = try folder.write(
                DemoConfig.config(plugins: [("HomeScene", home), ("DetailScene", detail)]) + DemoConfig.segue,
                to: "demo.conf")
            crashConfig = try folder.write(
                DemoConfig.config(initial: "Crash", plugins: [("Crash", crash)]), to: "crash.conf")
        }

        func check(_ config: String) throws -> BoundedHostProcess {
            try BoundedHostProcess.run(
                ["check", "--config", config, "--verbose"], environment: ["SCENE_HOST_PROBE_CACHE": cache],
                limit: .seconds(60))
        }
    }

    /// The verbose log line of a plugin's probe verdict taken from the cache.
    static func answeredFromCache(_ host: BoundedHostProcess) -> Bool {
        host.stderr.split(separator: "\n").contains { $0.contains("plugin probe passed") && $0.contains("cached=true") }
    }

    @Test("a cache sealed with the user's key is believed: the second check answers from it")
    @MainActor
    func sealedCacheBelieved() throws {
        let plugins = try Plugins()
        let first = try plugins.check(plugins.detailConfig)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(!Self.answeredFromCache(first))
        let second = try plugins.check(plugins.detailConfig)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(Self.answeredFromCache(second), "\(second.stderr)")
    }

    @Test(
        "Home's good verdict rewritten for the Crash fixture and re-sealed without the key is not believed: the plugin is probed",
        arguments: ["SHA-256 of the file, as earlier hosts sealed it", "HMAC under a key of the forger's"])
    @MainActor
    func resealedForgery(reseal: String) throws {
        let plugins = try Plugins()
        let first = try plugins.check(plugins.detailConfig)
        #expect(first.status == 0, "\(first.stderr)")
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: plugins.cache)))
        let recorded = try #require(
            ProbeCacheFormat.decode(original, seal: try CacheSeal.beside(plugins.cache))?[plugins.home])

        // What the forger can compute: the Crash file's fingerprint and identity, the format, a seal.
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: plugins.crash)))
        let stat = try #require(StatIdentity(path: plugins.crash))
        let fingerprint = FileFingerprint(
            path: plugins.crash, size: bytes.count, modified: stat.modified, sha256: SHA256.hexDigest(bytes))
        let entries = [
            plugins.crash: ProbeCache.Entry(
                fingerprint: fingerprint, stat: stat, host: recorded.host, verdict: recorded.verdict)
        ]
        var generator = SystemRandomNumberGenerator()
        let forgersKey = (0..<CacheSeal.size).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        var forged = ProbeCacheFormat.encode(entries, seal: CacheSeal(key: forgersKey))
        if reseal.hasPrefix("SHA-256") {
            let body = Array(forged.dropLast(CacheSeal.size))
            forged = body + SHA256.digest(body)
        }
        try Data(forged).write(to: URL(fileURLWithPath: plugins.cache))
        chmod(plugins.cache, 0o600)

        let host = try plugins.check(plugins.crashConfig)
        #expect(!host.signaled && host.status == 3, "\(host.stderr)")
        #expect(!Self.answeredFromCache(host), "\(host.stderr)")
        #expect(host.stderr.contains("crashed with SIGSEGV"), "\(host.stderr)")
        #expect(
            host.stderr.contains(
                "not believing the probe cache \(plugins.cache): its seal does not verify under the key \(plugins.key)"),
            "\(host.stderr)")
        // Rewritten with the truth, under the user's key.
        let rewritten = try #require(
            ProbeCacheFormat.decode(
                [UInt8](try Data(contentsOf: URL(fileURLWithPath: plugins.cache))),
                seal: try CacheSeal.beside(plugins.cache)))
        guard case .failed(.crashed) = try #require(rewritten[plugins.crash]).verdict else {
            Issue.record("the crash was not recorded: \(rewritten)")
            return
        }
    }

    @Test(
        "a missing key is created 0600 with 32 bytes; a cache sealed with the lost key is probed again and rewritten under the new one"
    )
    @MainActor
    func missingKeyCreated() throws {
        let plugins = try Plugins()
        #expect(try plugins.check(plugins.detailConfig).status == 0)
        let before = [UInt8](try Data(contentsOf: URL(fileURLWithPath: plugins.key)))
        #expect(before.count == 32)
        var info = stat()
        #expect(lstat(plugins.key, &info) == 0 && info.st_mode & 0o7777 == 0o600 && info.st_mode & S_IFMT == S_IFREG)
        #expect(info.st_uid == geteuid())
        unlink(plugins.key)

        let host = try plugins.check(plugins.detailConfig)
        #expect(host.status == 0, "\(host.stderr)")
        #expect(!Self.answeredFromCache(host), "\(host.stderr)")
        #expect(!host.stderr.contains("warning"), "\(host.stderr)")
        let after = [UInt8](try Data(contentsOf: URL(fileURLWithPath: plugins.key)))
        #expect(after.count == 32 && after != before)
        #expect(lstat(plugins.key, &info) == 0 && info.st_mode & 0o7777 == 0o600)
        #expect(
            ProbeCacheFormat.decode(
                [UInt8](try Data(contentsOf: URL(fileURLWithPath: plugins.cache))), seal: CacheSeal(key: after))?[
                    plugins.detail] != nil)
    }

    @Test("a cache of the previous format (a plain SHA-256 at its end) is probed again, not an error, and replaced")
    @MainActor
    func previousFormatReprobed() throws {
        let plugins = try Plugins()
        #expect(try plugins.check(plugins.detailConfig).status == 0)
        var file = [UInt8](try Data(contentsOf: URL(fileURLWithPath: plugins.cache)))
        // Version 9's header and seal over this file's body.
        file =
            Array("scene-host probe cache 9\n".utf8)
            + file.dropFirst(ProbeCacheFormat.header.count).dropLast(CacheSeal.size)
        file += SHA256.digest(file)
        try Data(file).write(to: URL(fileURLWithPath: plugins.cache))
        let host = try plugins.check(plugins.detailConfig)
        #expect(host.status == 0, "\(host.stderr)")
        #expect(!Self.answeredFromCache(host))
        #expect(
            host.stderr.contains(
                "not believing the probe cache \(plugins.cache): it is of format 9, this host writes "
                    + "\(ProbeCacheFormat.format.version)"),
            "\(host.stderr)")
        #expect(
            ProbeCacheFormat.decode(
                [UInt8](try Data(contentsOf: URL(fileURLWithPath: plugins.cache))),
                seal: try CacheSeal.beside(plugins.cache)) != nil)
    }

    /// Makes the key file at `key` what `kind` says is wrong with it.
    static func spoil(_ key: String, as kind: String, in folder: TemporaryFolder) throws {
        switch kind {
        case "group-readable":
            _ = try CacheSeal.makeKey(beside: String(key.dropLast(4)))
            chmod(key, 0o640)
        case "world-writable":
            _ = try CacheSeal.makeKey(beside: String(key.dropLast(4)))
            chmod(key, 0o602)
        case "symbolic link":
            let target = try folder.write(bytes: Array(repeating: 7, count: 32), to: "elsewhere.key")
            chmod(target, 0o600)
            symlink(target, key)
        case "short":
            try folder.write(bytes: Array(repeating: 7, count: 31), to: (key as NSString).lastPathComponent)
            chmod(key, 0o600)
        case "folder":
            mkdir(key, 0o700)
        default:
            Issue.record("no such kind: \(kind)")
        }
    }

    @Test(
        "a key that is no secret of the user's is refused with its path, what is wrong and what to do; the cache is neither read nor written",
        arguments: [
            (
                "group-readable", "readable by its group (mode 0640)",
                "rm KEY (the next run creates a new key, and probes every plugin once again)"
            ),
            (
                "world-writable", "writable by every user (mode 0602)",
                "rm KEY (the next run creates a new key, and probes every plugin once again)"
            ),
            (
                "symbolic link", "a symbolic link",
                "rm KEY (the next run creates a new key, and probes every plugin once again)"
            ),
            (
                "short", "31 bytes long, not 32",
                "rm KEY (the next run creates a new key, and probes every plugin once again)"
            ),
            (
                "folder", "a folder, not a regular file",
                "remove KEY (the next run creates a new key, and probes every plugin once again)"
            ),
        ])
    @MainActor
    func badKeyRefused(kind: String, reason: String, fix: String) throws {
        let plugins = try Plugins()
        try Self.spoil(plugins.key, as: kind, in: plugins.folder)
        let host = try plugins.check(plugins.detailConfig)
        #expect(host.status == 0, "\(host.stderr)")
        let warnings = host.stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("warning:") }
        let fixText = fix.replacingOccurrences(of: "KEY", with: plugins.key)
        #expect(
            warnings == [
                "warning: ignoring the probe cache \(plugins.cache) in this run: its key \(plugins.key) is \(reason), so someone else could know or change it and forge the cache's verdicts. Every plugin is probed, and nothing is recorded. Fix: \(fixText)."
            ])
        #expect(access(plugins.cache, F_OK) != 0, "the cache was written under a key that is no secret")
        #expect(!Self.answeredFromCache(try plugins.check(plugins.detailConfig)))
    }

    @Test("a key owned by another user is refused (as root, who can make one)", .enabled(if: geteuid() == 0))
    @MainActor
    func keyOfAnotherUser() throws {
        let plugins = try Plugins()
        _ = try CacheSeal.makeKey(beside: plugins.cache)
        chown(plugins.key, 65534, 65534)
        let host = try plugins.check(plugins.detailConfig)
        #expect(host.status == 0, "\(host.stderr)")
        #expect(
            host.stderr.contains(
                "warning: ignoring the probe cache \(plugins.cache) in this run: its key \(plugins.key) is owned by user 65534, not by you (user 0), so someone else could know or change it and forge the cache's verdicts. Every plugin is probed, and nothing is recorded. Fix: rm \(plugins.key) (the next run creates a new key, and probes every plugin once again)."
            ), "\(host.stderr)")
        #expect(access(plugins.cache, F_OK) != 0)
    }
}

/// The seal itself (issue 32): HMAC-SHA256 under the key, verified in constant time.
@Suite("Cache seal")
struct CacheSealTests {
    @Test("a file verifies under its key only, not after a change, and not under a SHA-256 reseal")
    func verifies() {
        let body = Array("scene-host probe cache 11\nentries".utf8)
        let seal = CacheSeal(key: Array(repeating: 1, count: 32))
        let file = seal.sealed(body)
        #expect(seal.verifies(file, end: body.count))
        #expect(!CacheSeal(key: Array(repeating: 2, count: 32)).verifies(file, end: body.count))
        var changed = file
        changed[3] ^= 1
        #expect(!seal.verifies(changed, end: body.count))
        let plain = body + SHA256.digest(body)
        #expect(!seal.verifies(plain, end: body.count))
        #expect(!seal.verifies(file, end: body.count - 1))
        #expect(!seal.verifies([], end: -32))
    }
}

/// The key file read in process (issue 32): created once and then read back, a folder where none
/// can be made, and the texts of both warnings.
@Suite("Cache key file")
struct CacheKeyFileTests {
    @Test("the first call creates the key, later calls read the same one, and a seal made with it verifies with it")
    func createdOnceThenRead() throws {
        let folder = try TemporaryFolder()
        let cache = folder.path("probes.json")
        guard case .success(let first) = CacheKey.seal(forProbeCache: cache),
            case .success(let second) = CacheKey.seal(forProbeCache: cache)
        else {
            Issue.record("no key")
            return
        }
        let file = first.sealed(Array("body".utf8))
        #expect(second.verifies(file, end: 4))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["probes.json.key"])
    }

    @Test("a key that cannot be created says why")
    func cannotBeCreated() {
        #expect(
            CacheKey.seal(forProbeCache: "/proc/no-such-folder/probes.json").failure
                == .unavailable(reason: "is missing and cannot be created (No such file or directory)"))
    }

    @Test("the warnings name the cache, the key, what is wrong and the fix")
    func warnings() {
        #expect(
            HostWarning.untrustedCacheKey(
                cache: "/c/probes.json", key: "/c/probes.json.key", reason: "a symbolic link",
                fix: "rm /c/probes.json.key"
            ).message
                == "warning: ignoring the probe cache /c/probes.json in this run: its key /c/probes.json.key is a symbolic link, so someone else could know or change it and forge the cache's verdicts. Every plugin is probed, and nothing is recorded. Fix: rm /c/probes.json.key."
        )
        #expect(
            HostWarning.cacheKeyUnavailable(
                cache: "/c/probes.json", key: "/c/probes.json.key",
                reason: "is missing and cannot be created (Permission denied)"
            ).message
                == "warning: not using the probe cache /c/probes.json in this run: its key /c/probes.json.key is missing and cannot be created (Permission denied). Every plugin is probed, and nothing is recorded. Fix: make /c a folder you own and can write, or name another cache with --probe-cache."
        )
    }
}

extension Result {
    /// The error, if it failed.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
