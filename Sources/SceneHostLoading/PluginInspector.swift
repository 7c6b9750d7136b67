import SceneHostCore
import SceneHostContainer
import SceneHostConfig

/// Finds out what a plugin declares without loading it into the host: from the probe cache when
/// the file is unchanged, else by checking its bytes and probing it in a child process.
///
/// For an unchanged file (same `stat` identity) nothing is read: start-up cost does not grow
/// with the size of the plugins. A changed or unknown file is read, checked (ELF, `sha256` pin)
/// and probed again; the verdict is recorded.
@MainActor
package struct PluginInspector {
    package let prober: ChildProcessProber
    package let cache: ProbeCache?
    /// Ignore recorded verdicts (`--rescan`).
    package let rescan: Bool
    /// Verdicts a scan of this run found ahead (`PluginLoader.probeAhead`), by path.
    package let scanned = ScannedVerdicts()

    /// The verdicts found in this run (by `ProbeScan` or a probe of its own), kept for the run:
    /// `check` asks about a plugin twice (its verdict, then loading or preparing it) and must not
    /// probe it again when there is no cache or `--rescan` ignores it.
    package final class ScannedVerdicts {
        /// `stat` matches a file asked about again in this run; `recordable` is what a cache may
        /// keep of it (nil for a racy identity, `PluginFile.recordableIdentity`).
        var byPath:
            [String: (
                stat: StatIdentity, recordable: StatIdentity?, fingerprint: FileFingerprint, verdict: ProbeVerdict
            )] = [:]
    }

    package init(prober: ChildProcessProber, cache: ProbeCache?, rescan: Bool = false) {
        self.prober = prober
        self.cache = cache
        self.rescan = rescan
    }

    /// The plugin's metadata, whether it came from the cache, and the content hash the verdict is
    /// about (the start-up cache keeps it beside the file's identity); throws the recorded or new
    /// probe failure, or a file problem. `file` is the plugin opened once: the probe child loads
    /// that very file. Only verdicts about the file are recorded; a time-out recorded under a
    /// shorter limit than today's is probed again.
    func inspect(
        _ entry: PluginEntry, file: PluginFile,
        checkBytes: () throws -> FileFingerprint
    ) throws -> (metadata: PluginMetadata, cached: Bool, sha256: String) {
        let plugin = file.plugin
        let stat: StatIdentity? = file.identity
        // This run's verdicts first: a plugin asked about twice in one run reads as probed, not cached.
        if let stat, let found = scanned.byPath[plugin.path], found.stat == stat {
            if let pin = entry.sha256, pin != found.fingerprint.sha256 {
                throw PluginLoadError.pluginChecksumMismatch(plugin, expected: pin, actual: found.fingerprint.sha256)
            }
            cache?.record(found.verdict, for: found.fingerprint, stat: found.recordable)
            return try metadata(from: found.verdict, plugin: plugin, cached: false, sha256: found.fingerprint.sha256)
        }
        if !rescan, let stat, let recorded = cache?.entry(path: plugin.path, stat: stat), stillHolds(recorded.verdict) {
            if let pin = entry.sha256, pin != recorded.fingerprint.sha256 {
                throw PluginLoadError.pluginChecksumMismatch(plugin, expected: pin, actual: recorded.fingerprint.sha256)
            }
            return try metadata(
                from: recorded.verdict, plugin: plugin, cached: true, sha256: recorded.fingerprint.sha256)
        }
        let fingerprint = try checkBytes()
        if !rescan, let recorded = cache?.verdict(for: fingerprint), stillHolds(recorded) {
            cache?.record(recorded, for: fingerprint, stat: file.recordableIdentity)
            return try metadata(from: recorded, plugin: plugin, cached: true, sha256: fingerprint.sha256)
        }
        let verdict = try prober.probe(entry, fileDescriptor: file.descriptor, realPath: file.realPath)
        cache?.record(verdict, for: fingerprint, stat: file.recordableIdentity)
        if let stat { scanned.byPath[plugin.path] = (stat, file.recordableIdentity, fingerprint, verdict) }
        return try metadata(from: verdict, plugin: plugin, cached: false, sha256: fingerprint.sha256)
    }

    /// Records every verdict this run has found and writes the cache, before the process is
    /// sandboxed (`PluginLoader.beforeOpeningCode`): from then on it can neither probe nor write.
    func writeBeforeSandbox() {
        guard let cache else { return }
        for found in scanned.byPath.values {
            cache.record(found.verdict, for: found.fingerprint, stat: found.recordable)
        }
        cache.writeBeforeSandbox()
    }

    /// Whether the cache answers for this file without a probe (`inspect` would not probe it).
    package func knows(_ file: PluginFile) -> Bool {
        knows(path: file.plugin.path, stat: file.identity)
    }

    /// Whether the cache answers without a probe for the file at `path` with this `stat` identity.
    package func knows(path: String, stat: StatIdentity) -> Bool {
        guard !rescan, let recorded = cache?.entry(path: path, stat: stat) else { return false }
        return stillHolds(recorded.verdict)
    }

    /// Whether the cache answers for this content without a probe.
    package func knows(_ fingerprint: FileFingerprint) -> Bool {
        guard !rescan, let recorded = cache?.verdict(for: fingerprint) else { return false }
        return stillHolds(recorded)
    }

    /// Whether a recorded verdict answers today's question: a time-out under a shorter limit does not.
    private func stillHolds(_ verdict: ProbeVerdict) -> Bool {
        if case .failed(.timedOut(let limit, _)) = verdict { return limit >= prober.timeoutMilliseconds }
        if case .failed(.hungAtExit(let limit)) = verdict { return limit >= prober.timeoutMilliseconds }
        return true
    }

    private func metadata(
        from verdict: ProbeVerdict, plugin: PluginReference, cached: Bool,
        sha256: String
    ) throws -> (metadata: PluginMetadata, cached: Bool, sha256: String) {
        switch verdict {
        case .good(let metadata): return (metadata, cached, sha256)
        case .failed(let failure): throw PluginLoadError.pluginProbeFailed(plugin, failure, cached: cached)
        }
    }
}
