import SceneHostCore
import SceneHostNative
import SceneHostContainer
import SceneHostConfig
/// A path on the way to a plugin file that others could change, as a refusal names it after the first.
public struct UntrustedPath: Equatable, Sendable {
    public let path: String
    /// "writable by every user", "owned by user 1001, not by root or by you (user 1000)".
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}
