import SceneSDK

/// A problem with a script or a transcript file (`run --script`, `--expect`, `--record`).
///
/// Its text and exit code are in `ScriptError+Message.swift`.
public enum ScriptError: HostConcernError, Equatable, Sendable {
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
}
