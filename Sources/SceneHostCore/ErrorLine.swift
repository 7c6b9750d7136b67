/// What an error says, apart from where: its message is "LOCATION: error: TEXT", or "error: TEXT"
/// when it has no place. Kept apart so the text can be recorded for another place and located
/// there again (a probe's refusal is shown at the plugin's line of whichever config loads the file),
/// without reading the rendered message back.
package struct ErrorLine: Equatable, Sendable {
    /// Where it happened, when it has a place.
    package var location: SourceLocation?
    /// What happened, unescaped.
    package var text: String

    package init(at location: SourceLocation?, _ text: String) {
        self.location = location
        self.text = text
    }

    /// The message before it is escaped.
    package var unescaped: String {
        guard let location else { return "error: " + text }
        return "\(location): error: " + text
    }
}

/// A host error whose message is one `ErrorLine`.
package protocol LocatedHostError: HostConcernError {
    var errorLine: ErrorLine { get }
}
