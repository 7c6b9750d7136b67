import SceneHostCore
extension CommandLineError {
    package var message: String { TerminalText.escaped(unescapedMessage) }

    /// A wrong command line.
    package var exitStatus: ExitStatus { .usage }

    /// The message before it is escaped.
    package var unescapedMessage: String {
        switch self {
        case .unknownSubcommand(let name, let known):
            let suggestion = Suggestion.closest(to: name, in: known).map { " Did you mean '\($0)'?" } ?? ""
            return
                "error: unknown subcommand '\(name)'.\(suggestion) Subcommands: \(known.joined(separator: ", ")). Run 'scene-host help SUBCOMMAND' for one's options."
        }
    }
}
