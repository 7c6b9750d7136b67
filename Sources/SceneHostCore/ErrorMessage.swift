import SceneSDK

/// The text and exit code of any error that reaches the user: a host error's own (`HostConcernError`),
/// or, for an error that is none of the host's (the SDK's, a scene's own), the one fallback.
///
/// A message is one line. Names, paths, values and reasons in it come from configs, plugins and
/// users, so each error's text goes through `TerminalText.escaped`: a line break or escape
/// sequence in them prints as `\n` or `\u{1B}`. Tests pin the exact texts.
package enum ErrorMessage {
    /// The full message for any error, starting with its location when it has one.
    package static func render(_ error: any Error) -> String {
        if let error = error as? any HostConcernError { return error.message }
        // The SDK's refusals (a router without a host, a payload that does not fit) read as the host's own.
        if let error = error as? SceneError { return TerminalText.escaped("error: " + error.clause) }
        return TerminalText.escaped("error: \(error)")
    }

    /// What `error` says without where, to record it for another place that locates it again (a
    /// probe's refusal, shown at the plugin's line of whichever config loads the file). A host error
    /// that keeps its place apart (`LocatedHostError`) gives its text, the SDK's refusals their
    /// clause, an error that is none of the host's its description; another host error is recorded
    /// as its whole message, since it names no place of the config.
    package static func body(_ error: any Error) -> String {
        if let error = error as? any LocatedHostError { return TerminalText.escaped(error.errorLine.text) }
        if let error = error as? SceneError { return TerminalText.escaped(error.clause) }
        if let error = error as? any HostConcernError { return error.message }
        return TerminalText.escaped("\(error)")
    }
}

extension ExitStatus {
    /// The exit code a command ends with when `error` stops it; an error that is none of the
    /// host's (a scene's own) counts as a failed command.
    package init(for error: any Error) {
        self = (error as? any HostConcernError)?.exitStatus ?? .commandsFailed
    }
}
