import SceneHostCore
import SceneHostNavigation
import SceneSDK
import SceneHostConfig
/// Script mode: runs commands from a file or standard input and prints the screen after each.
///
/// Lines are read, parsed and run one at a time (`ScriptLineReader`), so a script of any
/// length runs in bounded memory. A script that can be read twice (a file) is `check`ed first,
/// so a syntax error (`file:line:column`) stops it before anything runs. A command that fails
/// prints its error and the script goes on; `run` returns how many failed. A command that closes
/// the session for good (`AppSession.isClosed`) stops the script there, said once.
@MainActor
package struct ScriptRunner {
    package let session: any AppSession
    package let write: (String) -> Void
    /// How long the screen waits after a command for the scenes' background work to end (the
    /// config's event time limit): then it is printed as it is, so a transcript holds what the
    /// work did, not how fast it was.
    package let settleLimit: Duration

    package init(session: any AppSession, settleLimit: Duration = .seconds(10), write: @escaping (String) -> Void) {
        self.session = session
        self.settleLimit = settleLimit
        self.write = write
    }

    /// A script run on a navigator in this process.
    package init(navigator: Navigator, settleLimit: Duration = .seconds(10), write: @escaping (String) -> Void) {
        self.init(session: InProcessSession(navigator: navigator), settleLimit: settleLimit, write: write)
    }

    /// The command on line `number` of `file`, nil for a blank or `#` comment line.
    nonisolated package static func command(
        on line: String, number: Int, file: String
    ) throws(ScriptError) -> FrontendCommand? {
        do {
            return try FrontendCommand.parse(line)
        } catch {
            let column =
                error.column ?? (line.firstIndex { $0 != " " && $0 != "\t" }).map {
                    line.distance(from: line.startIndex, to: $0) + 1
                } ?? 1
            throw ScriptError.scriptSyntax(
                SourceLocation(file: file, line: number, column: column), message: error.message)
        }
    }

    /// Reads all of `reader` and checks every line, keeping none: the first problem is thrown.
    nonisolated package static func check(_ reader: inout ScriptLineReader) throws(ScriptError) {
        while let line = try reader.nextLine() {
            _ = try command(on: line, number: reader.lineNumber, file: reader.file)
        }
    }

    /// Prints `notice` (what happened before the script: a `--open` link whose code faulted) and
    /// the first screen, then reads, runs and prints each command until the input ends.
    /// Returns the number of commands that failed. A line that cannot be read or parsed stops
    /// the script with its error; what ran before it stays done.
    package func run(_ reader: inout ScriptLineReader, notice: String? = nil) async throws(ScriptError) -> Int {
        var failures = 0
        if let notice { write(notice) }
        // The first screen's own work (a load in `viewDidLoad`) ends before it is printed too.
        await settle()
        await printScreen()
        while let line = try reader.nextLine() {
            guard let command = try Self.command(on: line, number: reader.lineNumber, file: reader.file) else {
                continue
            }
            write("")
            let echoed = await echo(of: line, command)
            write("> \(TerminalText.escaped(echoed))")
            do {
                if case .call(let function, let arguments) = command {
                    let (lines, result) = try await session.call(function, arguments: arguments)
                    lines.forEach(write)
                    write(result)
                } else if case .wait(let kind, let id, let text) = command {
                    for notice in try await session.wait(kind: kind, id: id, text: text, within: settleLimit) {
                        write(ErrorMessage.render(notice))
                    }
                } else {
                    try await session.apply([command])
                }
                await settle()
            } catch {
                failures += 1
                write(Self.located(ErrorMessage.render(error), file: reader.file, line: reader.lineNumber))
            }
            // The command's error said the session was closed; every later command would only fail
            // with the same notice (twice: as its error, and for the screen that is gone).
            if session.isClosed {
                write(
                    ScriptError.sessionClosed(SourceLocation(file: reader.file, line: reader.lineNumber, column: 1))
                        .message)
                return failures
            }
            await printScreen()
        }
        return failures
    }

    /// A command's error as a compiler words one, at the line that ran it: `NAME:LINE: error: ...`.
    /// The script's file name, not its path, so a transcript does not depend on the folder it is
    /// run from (`<stdin>` for standard input). Notices (what happened besides the command) stay as they are.
    nonisolated package static func located(_ message: String, file: String, line: Int) -> String {
        guard message.hasPrefix("error: ") else { return message }
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return "\(name):\(line): " + message
    }

    /// The line as the transcript shows it: a fill of a secure field without its text, which no
    /// transcript, log or record may hold.
    private func echo(of line: String, _ command: FrontendCommand) async -> String {
        guard case .fill(let field, _) = command, case .secureField? = try? await session.screen().element(id: field)
        else { return line.trimmingSpaces }
        return "fill \(field) (hidden)"
    }

    /// Waits for the scenes' background work, and prints what it failed with, as notices.
    private func settle() async {
        do {
            for failure in try await session.settle(within: settleLimit) { write(ErrorMessage.render(failure)) }
        } catch {
            write(ErrorMessage.render(error))
        }
    }

    private func printScreen() async {
        do {
            write(try await session.renderedScreen())
        } catch {
            write(ErrorMessage.render(error))
        }
    }
}
