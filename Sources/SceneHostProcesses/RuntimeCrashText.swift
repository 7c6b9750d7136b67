/// What the Swift runtime prints when plugin code traps, told apart from the rest of a process's
/// output: the author's own message (`fatalError`, `precondition`, `assert`, a force unwrap of nil),
/// with the file and line it names, and the stack trace after it.
///
/// The runtime writes `File.swift:42: Fatal error: the message` (or `Precondition failed`,
/// `Assertion failed`; `Unexpectedly found nil while unwrapping an Optional value` for a force
/// unwrap), then `Current stack trace:` (or the backtracer's `💣 Program crashed:`) and one line per
/// frame, each starting with its number. The message is what a user is shown; the trace is for the
/// log and `--verbose`.
package enum RuntimeCrashText {
    /// The kinds of trap the runtime names.
    static let kinds = ["Fatal error", "Precondition failed", "Assertion failed"]

    /// Whether `line` is the runtime's message of a trap.
    package static func isMessage(_ line: some StringProtocol) -> Bool {
        kinds.contains { kind in line.contains(kind + ": ") || line.hasSuffix(kind) }
    }

    /// Whether `line` starts a stack trace.
    package static func startsTrace(_ line: some StringProtocol) -> Bool {
        line.hasPrefix("Current stack trace:") || line.contains("Program crashed:")
            || line.hasPrefix("*** Program crashed")
    }

    /// Whether `line` is a frame of a trace: its number, then the rest (`20 scene-host-worker 0x…`).
    package static func isFrame(_ line: some StringProtocol) -> Bool {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
        return !digits.isEmpty && trimmed.dropFirst(digits.count).first.map { $0 == " " || $0 == "\t" } == true
    }

    /// The runtime's message among `lines`, else nil: the first trap message, with what it names.
    package static func message(in lines: [String]) -> String? {
        lines.first(where: isMessage)
    }
}
