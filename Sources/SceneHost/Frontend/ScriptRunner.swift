/// Script mode: runs commands from a file or standard input and prints the screen after each.
///
/// The whole script is read first, so a syntax error (`file:line:column`) stops it before
/// anything runs. A command that fails prints its error and the script goes on; `run` returns
/// how many failed.
@MainActor
public struct ScriptRunner {
    let navigator: Navigator
    let write: (String) -> Void

    public init(navigator: Navigator, write: @escaping (String) -> Void) {
        self.navigator = navigator
        self.write = write
    }

    /// Parses `text` (named `file` in messages) into commands with their source lines.
    nonisolated public static func parse(_ text: String, file: String) throws -> [(line: String, command: FrontendCommand)] {
        var commands: [(line: String, command: FrontendCommand)] = []
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            do {
                if let command = try FrontendCommand.parse(String(line)) {
                    commands.append((String(line).trimmingSpaces, command))
                }
            } catch {
                let column = (line.firstIndex { $0 != " " && $0 != "\t" }).map { line.distance(from: line.startIndex, to: $0) + 1 } ?? 1
                throw HostError.scriptSyntax(SourceLocation(file: file, line: index + 1, column: column), message: error.message)
            }
        }
        return commands
    }

    /// Prints the first screen, then runs each command and prints the screen after it.
    /// Returns the number of commands that failed.
    public func run(_ commands: [(line: String, command: FrontendCommand)]) -> Int {
        var failures = 0
        printScreen()
        for (line, command) in commands {
            write("")
            write("> \(line)")
            do {
                try navigator.execute(command)
            } catch {
                failures += 1
                write(ErrorMessage.render(error))
            }
            printScreen()
        }
        return failures
    }

    private func printScreen() {
        do {
            write(try navigator.renderedScreen())
        } catch {
            write(ErrorMessage.render(error))
        }
    }
}
