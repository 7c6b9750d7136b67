#if canImport(Glibc)
import Glibc
#endif
import SceneHostRecordCodec
import SceneHostFileTrust
import SceneHostCore
import SceneHostLoading
import SceneHostConfig

/// The last checked start-up of `run` and `serve`, kept beside the probe cache (`<probe cache>.start`),
/// so a start whose config and plugin files are unchanged does not parse the config, read the
/// probe cache or check the graph again.
///
/// It answers only for the same host, the same file-trust setting, the same config file name and
/// folder and the same config bytes, and only when every plugin file, walked as at any start (file
/// trust, links followed), has the `stat` identity recorded when it was checked. Each plugin is
/// still checked when it is opened: its file must have that identity and its bytes the SHA-256
/// whose probe gave the recorded verdict (`PluginLoader.registerChecked`). Anything else is a miss:
/// the start is checked as without the cache, and recorded again.
///
/// The file is trusted like the probe cache (the file and its folders owned by you or root,
/// writable by nobody else) and written the same way (`CacheFile`); an untrusted file is neither
/// read nor written in this run (a folder problem is told by the probe cache, a problem of this
/// file alone with one warning). It is sealed with the probe cache's key (`CacheKey`); a key problem
/// is the probe cache's to tell too. It holds one start-up: another config replaces it.
@MainActor
package final class StartupCache {
    /// The cache file.
    package let path: String
    /// The probe cache it lies beside, whose key seals it.
    let probeCache: String
    let host: String
    let checksFileTrust: Bool
    /// False with `--rescan`: the start is checked again (and recorded).
    let reads: Bool
    let warn: (HostWarning) -> Void
    private var trusted: Bool?
    /// The seal of the user's cache key, once `isTrusted()` found the file and the key usable.
    private var seal: CacheSeal?

    /// The start-up cache beside the probe cache file `probeCache`.
    package init(
        probeCache: String, checksFileTrust: Bool, reads: Bool = true, host: String = ProbeCache.hostIdentity,
        warn: @escaping (HostWarning) -> Void = { _ in }
    ) {
        self.path = probeCache + ".start"
        self.probeCache = probeCache
        self.host = host
        self.checksFileTrust = checksFileTrust
        self.reads = reads
        self.warn = warn
    }

    /// The largest file read (about 0.4 KB per realistic plugin).
    static let maximumSize = 64 << 20

    private var file: CacheFile { CacheFile(path: path, maximumSize: Self.maximumSize) }

    /// The checked start recorded for this config (`bytes` read from `configFile`, whose folder is
    /// `baseDirectory`), to be used only once its `filesUnchanged()` says every plugin file, walked
    /// with `trust` (nil: `stat` only, as with `--insecure-plugin-files`), still has its recorded
    /// identity; nil when the file does not answer for this config. The walk runs on another thread
    /// while the rest of the file is decoded (and, by `AppStart`, registered).
    /// (A scene worker reads the file with `recordedForWorker`.)
    func pendingStart(configFile: String, baseDirectory: String, bytes: [UInt8], trust: FileTrust?) -> CheckedStart? {
        guard reads, isTrusted(), let seal, let data = file.read() else { return nil }
        let key = key(configFile: configFile, baseDirectory: baseDirectory, bytes: bytes)
        var files: PluginFilesCheck?
        guard
            var start = StartupCacheFormat.decode(
                data, key: key, seal: seal, cachePath: path,
                configDecoded: { config in
                    files = PluginFilesCheck(paths: config.plugins.map(\.resolvedPath), trust: trust)
                })
        else { return nil }
        start.files = files
        start.recordedBytes = data
        return start
    }

    /// The checked start recorded for this config, as a scene worker reads it: its host has just
    /// walked the plugin files, which are not walked again here: nothing is opened on the strength
    /// of that, as each plugin is compared with its record when it is opened
    /// (`WorkerStart`); nil when the file does not answer for this config.
    func recordedForWorker(
        configFile: String, baseDirectory: String, bytes: [UInt8]
    ) -> StartupCacheFormat.WorkerRecord? {
        guard reads, isTrusted(), let seal, let data = file.read() else { return nil }
        return StartupCacheFormat.decodeForWorker(
            data, key: key(configFile: configFile, baseDirectory: baseDirectory, bytes: bytes), seal: seal,
            cachePath: path)
    }

    /// Records `start`, checked from these config bytes, replacing what the file held; the bytes
    /// recorded (nil when the file may not be written), which the scene workers are handed.
    @discardableResult
    func record(_ start: CheckedStart, configFile: String, baseDirectory: String, bytes: [UInt8]) -> [UInt8]? {
        guard isTrusted(), let seal,
            let encoded = StartupCacheFormat.encode(
                start, key: key(configFile: configFile, baseDirectory: baseDirectory, bytes: bytes), seal: seal)
        else { return nil }
        file.replace(with: encoded, temporaryPrefix: ".start")
        return encoded
    }

    /// A checked start handed by the host (`WorkerStartMessage.checkedStart`: the bytes it recorded
    /// or read and believed), as a scene worker reads it; nil when they are not a start of this
    /// host and config (the worker then parses the config bytes it was handed).
    /// The bytes are sealed with the user's cache key like the file (the worker runs as the host's
    /// user and reads the same key), so a start the key does not verify is not believed either.
    func handed(
        _ data: [UInt8], configFile: String, baseDirectory: String, bytes: [UInt8]
    ) -> StartupCacheFormat.WorkerRecord? {
        guard isTrusted(), let seal else { return nil }
        return StartupCacheFormat.decodeForWorker(
            data, key: key(configFile: configFile, baseDirectory: baseDirectory, bytes: bytes), seal: seal,
            cachePath: "the start message of its host")
    }

    private func key(configFile: String, baseDirectory: String, bytes: [UInt8]) -> StartupCacheFormat.Key {
        StartupCacheFormat.Key(
            host: host, checksFileTrust: checksFileTrust, configFile: configFile, baseDirectory: baseDirectory,
            configBytes: bytes)
    }

    /// Whether the file may be used in this run (checked once). A folder or key problem is the
    /// probe cache's to tell (they share both; a start the start-up cache does not answer reads the
    /// probe cache); a problem of this file alone is told here.
    private func isTrusted() -> Bool {
        if let trusted { return trusted }
        let problem = file.trustProblem()
        if let problem, problem.path == path {
            warn(.untrustedStartupCache(path: path, reason: problem.reason, fix: problem.fix))
        }
        guard problem == nil, case .success(let found) = CacheKey.seal(forProbeCache: probeCache) else {
            trusted = false
            return false
        }
        seal = found
        trusted = true
        return true
    }

}
