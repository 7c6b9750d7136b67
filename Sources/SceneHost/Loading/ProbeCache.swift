import Foundation

/// Probe verdicts kept on disk, so known-good plugins are not probed at every start and
/// known-bad ones are reported with their recorded reason until their file changes.
///
/// An entry counts only for the same fingerprint (path, size, modification time, SHA-256) and
/// the same host (plugin ABI, SDK and Swift versions); anything else is a miss and means a new
/// probe, never a wrong answer. Each entry also keeps the file's `stat` identity, so a start-up
/// finds the hash of an unchanged file without reading it. The file is JSON, written whole to a
/// temporary file and renamed.
@MainActor
public final class ProbeCache {
    struct Entry: Codable, Equatable {
        let fingerprint: FileFingerprint
        let stat: StatIdentity?
        let host: String
        let verdict: ProbeVerdict
    }

    /// The cache file.
    public let path: String
    let host: String
    /// The file's entries, read at the first look-up.
    private var entries: [String: Entry]?

    nonisolated public init(path: String, host: String = ProbeCache.hostIdentity) {
        self.path = path
        self.host = host
    }

    /// This host's plugin ABI, SDK build and Swift version: a verdict from another host does not count.
    nonisolated public static let hostIdentity: String = {
        let policy = CompatibilityPolicy.host
        return "abi \(policy.abiVersion), sdk \(policy.sdkVersion) \(policy.sdkFingerprint), swift \(policy.swiftVersion)"
    }()

    /// The default cache file: `$SCENE_HOST_PROBE_CACHE`, else `$XDG_CACHE_HOME/scene-host/probes.json`,
    /// else `~/.cache/scene-host/probes.json`.
    nonisolated public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let path = environment["SCENE_HOST_PROBE_CACHE"], !path.isEmpty { return path }
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.cache"
        return base + "/scene-host/probes.json"
    }

    /// The recorded fingerprint and verdict of the file at `path` if its `stat` identity is unchanged.
    func entry(path: String, stat: StatIdentity) -> (fingerprint: FileFingerprint, verdict: ProbeVerdict)? {
        guard let entry = load()[path], entry.stat == stat, entry.host == host else { return nil }
        return (entry.fingerprint, entry.verdict)
    }

    /// The recorded verdict for this exact file content, if any.
    public func verdict(for fingerprint: FileFingerprint) -> ProbeVerdict? {
        guard let entry = load()[fingerprint.path], entry.fingerprint == fingerprint, entry.host == host else { return nil }
        return entry.verdict
    }

    /// Records a verdict; a cache that cannot be written only costs a probe next time.
    public func record(_ verdict: ProbeVerdict, for fingerprint: FileFingerprint, stat: StatIdentity?) {
        var all = load()
        all[fingerprint.path] = Entry(fingerprint: fingerprint, stat: stat, host: host, verdict: verdict)
        entries = all
        let url = URL(fileURLWithPath: path)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(all) else { return }
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        guard (try? data.write(to: temporary)) != nil else { return }
        _ = rename(temporary.path, url.path)
    }

    private func load() -> [String: Entry] {
        if let entries { return entries }
        let loaded = FileManager.default.contents(atPath: path).flatMap { try? JSONDecoder().decode([String: Entry].self, from: $0) } ?? [:]
        entries = loaded
        return loaded
    }
}
