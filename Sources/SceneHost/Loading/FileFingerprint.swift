/// What identifies a plugin file's content for the probe cache: path, size, modification time, hash.
public struct FileFingerprint: Codable, Equatable, Sendable {
    public let path: String
    public let size: Int
    /// Modification time in nanoseconds since 1970.
    public let modified: Int64
    public let sha256: String
}
