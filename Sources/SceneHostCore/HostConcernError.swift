/// What every error type of the host's folders adopts (`ConfigError`, `PluginLoadError`, ...).
///
/// Each folder throws its own type and writes its own text beside it (`ConfigError+Message.swift`):
/// a new error type, or a new case without text, does not compile. Code above the folders (a
/// navigator handing a scene's error on, `check` collecting problems, the frontends printing)
/// tells the host's own errors from a scene's by this protocol.
package protocol HostConcernError: Error, Equatable, Sendable {
    /// The whole message as printed: escaped for the terminal, starting with its location when it has one.
    var message: String { get }
    /// The exit code a command ends with when this error stops it (docs/cli.md, "Exit codes").
    var exitStatus: ExitStatus { get }
}

extension HostConcernError {
    /// Whether `other` is this same error; `check`'s reports compare their problems by it.
    package func isSame(as other: any HostConcernError) -> Bool {
        (other as? Self) == self
    }
}
