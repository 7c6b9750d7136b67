#if canImport(Glibc)
import Glibc
#endif
import Logging
import SceneHostRecordCodec
import SceneHostCore
import SceneHostFileTrust

/// Probe verdicts kept on disk, so known-good plugins are not probed at every start and
/// known-bad ones are reported with their recorded reason until their file changes.
///
/// An entry counts only for the same fingerprint (path, size, modification time, SHA-256) and
/// the same host (plugin ABI, SDK and Swift versions, probe format); anything else is a miss and
/// means a new probe, never a wrong answer. Each entry also keeps the file's `stat` identity, so a
/// start-up finds the hash of an unchanged file without reading it.
///
/// A forged "good" verdict would make the host load a plugin in-process unprobed, so the cache
/// is trusted like a plugin file (`FileTrust`: the file and the folders above it owned by you or
/// root, writable by nobody else); an untrusted cache is neither read nor written in this run, with
/// one warning. Its folder is created 0700 and the file written 0600 whatever the umask, through an
/// unpredictable temporary name (`mkstemp`) in the same folder renamed into place, under an
/// exclusive `flock` of `<cache>.lock`: the file is read again under the lock and this run's entries
/// are merged into it, so concurrent runs keep each other's entries.
///
/// The file is sealed with the user's secret key (`CacheKey`, `<cache>.key`, HMAC-SHA256): a file
/// whose seal does not verify (damaged, of another format, or rewritten by someone without the
/// key) is not believed at all, said in the log, and replaced at the next write. A key that is
/// no secret of the user's is treated as an untrusted cache: neither read nor written, one warning.
@MainActor
package final class ProbeCache {
    package struct Entry: Equatable {
        let fingerprint: FileFingerprint
        let stat: StatIdentity?
        let host: String
        let verdict: ProbeVerdict
    }

    /// The cache file.
    package let path: String
    package let host: String
    /// Told once when the cache is not trusted.
    package let warn: (HostWarning) -> Void
    /// Says (at debug level) why a cache file was not believed.
    package let logger: Logger?
    /// The seal of this user's key; nil until the file is first read, and when there is no key.
    private var seal: CacheSeal?
    /// The file's entries, read at the first look-up; nil until then.
    private var entries: [String: Entry]?
    /// What this run recorded: merged into the file's current entries at each write.
    private var recorded: [String: Entry] = [:]
    /// False once the cache was found untrusted: no reads, no writes in this run.
    private var trusted = true
    /// While true (`deferringWrites`), records wait in memory and the file is written once at the end.
    private var deferring = false
    private var dirty = false
    /// Set once the process is sandboxed (`writeBeforeSandbox`): nothing is written after.
    private var sandboxed = false

    package init(
        path: String, host: String = ProbeCache.hostIdentity, logger: Logger? = nil,
        warn: @escaping (HostWarning) -> Void = { _ in }
    ) {
        self.path = path
        self.host = host
        self.logger = logger
        self.warn = warn
    }

    /// This host's plugin ABI, SDK build, Swift version and probe format: a verdict from another
    /// host does not count. "probe 2": scenes are exercised and failures are structured; entries of
    /// earlier hosts are not read as such verdicts. "probe 3": verdicts list native functions.
    /// "probe 4": verdicts keep what building each scene found (`check` reads it instead of loading).
    /// "probe 5": the probe ends with a normal exit, running the plugin's destructors and exit handlers.
    nonisolated package static let hostIdentity: String = {
        let policy = CompatibilityPolicy.host
        return
            "abi \(policy.abiVersion), sdk \(policy.sdkVersion) \(policy.sdkFingerprint), swift \(policy.swiftVersion), probe 5"
    }()

    /// The default cache file, following the XDG base directory spec: `$SCENE_HOST_PROBE_CACHE`,
    /// else `$XDG_CACHE_HOME/scene-host/probes.cache` when that is an absolute path, else
    /// `$HOME/.cache/scene-host/probes.cache` when HOME is absolute, else the same under the home
    /// folder of the user's passwd entry; nil when there is none (then there is no cache).
    nonisolated package static func defaultPath(
        environment: [String: String] = ProcessEnvironment.current,
        passwdHome: String? = ProbeCache.passwdHome()
    ) -> String? {
        if let path = environment["SCENE_HOST_PROBE_CACHE"], !path.isEmpty { return path }
        if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") { return base + "/scene-host/probes.cache" }
        let home = [environment["HOME"], passwdHome].compactMap { $0 }.first { $0.hasPrefix("/") }
        return home.map { ($0 == "/" ? "" : $0) + "/.cache/scene-host/probes.cache" }
    }

    /// The home folder of the user running the host, from the passwd database.
    nonisolated package static func passwdHome() -> String? {
        var entry = passwd()
        var found: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16_384)
        guard getpwuid_r(getuid(), &entry, &buffer, buffer.count, &found) == 0, found != nil, let home = entry.pw_dir
        else { return nil }
        return String(cString: home)
    }

    /// The recorded fingerprint and verdict of the file at `path` if its `stat` identity is unchanged.
    package func entry(path: String, stat: StatIdentity) -> (fingerprint: FileFingerprint, verdict: ProbeVerdict)? {
        guard let entry = load()[path], entry.stat == stat, entry.host == host else { return nil }
        return (entry.fingerprint, entry.verdict)
    }

    /// The recorded verdict for this exact file content, if any.
    package func verdict(for fingerprint: FileFingerprint) -> ProbeVerdict? {
        guard let entry = load()[fingerprint.path], entry.fingerprint == fingerprint, entry.host == host else {
            return nil
        }
        return entry.verdict
    }

    /// Records a verdict; a cache that cannot be written only costs a probe next time.
    package func record(_ verdict: ProbeVerdict, for fingerprint: FileFingerprint, stat: StatIdentity?) {
        // The machine's failure is no verdict on the file: the next run probes it again.
        if case .failed(.hostFailed) = verdict { return }
        _ = load()
        guard trusted else { return }
        let entry = Entry(fingerprint: fingerprint, stat: stat, host: host, verdict: verdict)
        recorded[fingerprint.path] = entry
        entries?[fingerprint.path] = entry
        if deferring || sandboxed { dirty = !sandboxed } else { writeMerged() }
    }

    /// Writes what waits, before this process is sandboxed (`WorkerSetup.confiningOnFirstOpen`):
    /// from then on it may not write the file (`SandboxFiles`), and later verdicts only cost a
    /// probe next time. Plugin code never runs in a process that can write the cache.
    func writeBeforeSandbox() {
        guard !sandboxed else { return }
        if dirty { writeMerged() }
        dirty = false
        sandboxed = true
    }

    /// Runs `body` with records kept in memory, then writes the file once (a run that probes a
    /// thousand plugins writes it once, not a thousand times).
    func deferringWrites<T>(_ body: () throws -> T) rethrows -> T {
        guard !deferring else { return try body() }
        deferring = true
        defer {
            deferring = false
            if dirty && !sandboxed { writeMerged() }
            dirty = false
        }
        return try body()
    }

    private var file: CacheFile { CacheFile(path: path, maximumSize: Self.maximumSize) }

    private func load() -> [String: Entry] {
        if let entries { return entries }
        let loaded = trusted && checkTrust() && unlockKey() ? readFile(explaining: true) : [:]
        entries = loaded
        return loaded
    }

    /// Reads (or creates) the key that seals the file; a key that is no secret of the user's makes
    /// the cache untrusted for this run, with one warning, as a file others could write does.
    private func unlockKey() -> Bool {
        switch CacheKey.seal(forProbeCache: path) {
        case .success(let found):
            seal = found
            return true
        case .failure(let problem):
            trusted = false
            let key = CacheKey.path(forProbeCache: path)
            switch problem {
            case .untrusted(let reason, let fix):
                warn(.untrustedCacheKey(cache: path, key: key, reason: reason, fix: fix))
            case .unavailable(let reason): warn(.cacheKeyUnavailable(cache: path, key: key, reason: reason))
            }
            return false
        }
    }

    /// Creates the folder (0700) if needed, then applies the plugin-file rules to it and the file.
    private func checkTrust() -> Bool {
        guard let problem = file.trustProblem() else { return true }
        trusted = false
        warn(.untrustedProbeCache(path: path, untrusted: problem.path, reason: problem.reason, fix: problem.fix))
        return false
    }

    /// The entries in the file now (not following a link), or none: a file that is not a whole
    /// cache of this format sealed with this user's key (an older host's JSON, garbage, truncated,
    /// rewritten without the key) or larger than `maximumSize` counts as empty, and is replaced at
    /// the next write. `explaining`: why a file there is not believed goes to the log.
    private func readFile(explaining: Bool = false) -> [String: Entry] {
        guard let seal, let bytes = file.read() else { return [:] }
        if let entries = ProbeCacheFormat.decode(bytes, seal: seal) { return entries }
        if explaining, let logger {
            let why: String
            switch ProbeCacheFormat.format.open(bytes) {
            case .version(let version, _) where version != ProbeCacheFormat.format.version:
                why = "it is of format \(version), this host writes \(ProbeCacheFormat.format.version)"
            case .version:
                why =
                    "its seal does not verify under the key \(CacheKey.path(forProbeCache: path)) (it is damaged, or was written without that key)"
            case .foreign, .damaged:
                why = "it is not a probe cache of this host's format"
            }
            logger.debug(
                "not believing the probe cache \(path): \(why); every plugin it would answer for is probed again, and the file is rewritten"
            )
        }
        return [:]
    }

    /// The largest cache file read (about 1.5 KB per plugin: room for over 100,000 plugins).
    package static let maximumSize = 256 << 20

    /// Under the lock: the file's current entries with this run's merged in, written to a fresh
    /// temporary file (0600) and renamed into place.
    private func writeMerged() {
        let lock = open(path + ".lock", O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard lock >= 0 else { return }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 { guard errno == EINTR else { return } }
        var all = readFile()
        for (key, entry) in recorded { all[key] = entry }
        entries = all
        guard let seal else { return }
        file.replace(with: ProbeCacheFormat.encode(all, seal: seal), temporaryPrefix: ".probes")
    }
}
