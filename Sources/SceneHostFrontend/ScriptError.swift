import SceneSDK
import SceneHostCore

/// A problem with a script or a transcript file (`run --script`, `--expect`, `--record`).
///
/// Its text and exit code are in `ScriptError+Message.swift`.
package enum ScriptError: HostConcernError, Equatable, Sendable {
    case scriptNotFound(path: String)
    case scriptSyntax(SourceLocation, message: String)
    case scriptNotReadable(path: String, UnreadableFile)
    case scriptInvalidEncoding(SourceLocation, byte: UInt8)
    case scriptLineTooLong(file: String, line: Int, limit: Int)
    case scriptTooLarge(file: String, line: Int, limit: Int)
    case transcriptNotFound(path: String)
    case transcriptNotReadable(path: String, UnreadableFile)
    case transcriptNotWritable(path: String, reason: String)
    /// What the run printed differs from the transcript (the diff is printed before this error).
    case transcriptMismatch(path: String)
    /// The command at `location` (nil: the terminal's last command) closed the session for good (its
    /// worker ended and not even the initial scene could be built again): the run stops there, instead
    /// of failing every later command with the same notice.
    case sessionClosed(SourceLocation?)
}
