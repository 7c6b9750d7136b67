import SceneHostCore
extension ScriptError {
    package var message: String { TerminalText.escaped(unescapedMessage) }

    /// A script or transcript that cannot be read; a run that differs from its transcript is a failed command.
    package var exitStatus: ExitStatus {
        switch self {
        case .transcriptMismatch, .sessionClosed: return .commandsFailed
        case .scriptNotFound, .scriptSyntax, .scriptNotReadable, .scriptInvalidEncoding, .scriptLineTooLong,
            .scriptTooLarge,
            .transcriptNotFound, .transcriptNotReadable, .transcriptNotWritable:
            return .scriptError
        }
    }

    /// The message before it is escaped.
    package var unescapedMessage: String {
        switch self {
        case .scriptNotFound(let path):
            return "error: script file '\(path)' not found."
        case .scriptSyntax(let location, let message):
            return "\(location): error: \(message)."
        case .scriptNotReadable(let path, let problem):
            return
                "error: cannot read script file '\(path)': \(problem.clause(hint: "Pass --script with a script file, or pipe the commands to standard input"))"
        case .scriptInvalidEncoding(let location, let byte):
            return
                "\(location): error: the script is not valid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true))). Save it as UTF-8."
        case .scriptLineTooLong(let file, let line, let limit):
            return
                "\(file):\(line): error: the line is longer than \(limit) bytes, the limit for one command. Is this a script?"
        case .scriptTooLarge(let file, let line, let limit):
            return
                "\(file):\(line): error: the script goes on past \(limit) bytes, the limit for one script or session. Split it into smaller scripts."
        case .transcriptNotFound(let path):
            return
                "error: transcript file '\(path)' not found. Record it first: scene-host run --script FILE --record \(path)"
        case .transcriptNotReadable(let path, let problem):
            return
                "error: cannot read transcript file '\(path)': \(problem.clause(hint: "Pass --expect with a transcript file written by --record"))"
        case .transcriptNotWritable(let path, let reason):
            return
                "error: cannot write transcript file '\(path)': \(reason). Pass --record with a file in a folder you can write."
        case .sessionClosed(let location?):
            return
                "\(location): error: the script stops here: its session was closed, so no later command can run. Run the script again with 'scene-host run' once the cause above is fixed."
        case .sessionClosed(nil):
            return
                "error: the run stops here: its session was closed, so no command can run in it any more. Start the app again with 'scene-host run'."
        case .transcriptMismatch(let path):
            return
                "error: the run does not match the transcript '\(path)' (the diff above: - expected, + actual). If the change is intended, record it again with --record \(path) (without --expect)."
        }
    }
}
