/// Loads a plugin somewhere the host cannot be hurt by it before the host loads it itself.
public protocol PluginProber: Sendable {
    /// The verdict for `entry` whose file has `fingerprint`, and whether it came from the cache.
    func verdict(for entry: PluginEntry, fingerprint: FileFingerprint) -> (verdict: ProbeVerdict, cached: Bool)
}
