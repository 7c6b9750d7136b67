/// A path on the way to a plugin file that others could change, as a refusal names it after the first.
package struct UntrustedPath: Equatable, Sendable {
    package let path: String
    /// "writable by every user", "owned by user 1001, not by root or by you (user 1000)".
    package let reason: String

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}
