import SceneHostCore
import SceneHostNavigation
import SceneSDK
import SceneHostConfig
/// What the terminal's input gave: a line, its end, or word that the session changed on its own
/// while the user was typing (the input keeps what was typed, and shows it again after the redraw).
package enum TerminalInput: Equatable, Sendable {
    case line(String)
    case end
    case changed
    /// The app itself changed under the session (`--watch` reloaded or refused a new build): the
    /// screen is drawn again with `note` and the session's notice under it.
    case redraw(note: String?)
}

/// The interactive terminal: draws the screen, reads a command, repeats until `quit` or end of input.
///
/// A screen is drawn at once, its work still running (a script waits for it instead: `settle`).
/// While it waits for a line, a screen that changes on its own (background work ended, a timer)
/// is drawn again at once, with the last message and the text being typed kept.
///
/// Takes the script language's commands (`fill`, `tap`, `select`, `back`, `print`) plus `help`
/// and `quit`. The screen is redrawn after every command, with the last error under it.
/// `readLine` may throw (a line over the reader's limit): the session then ends with that error.
/// A command that closes the session for good (`AppSession.isClosed`) ends the run after its error.
@MainActor
package struct TerminalFrontend {
    package let session: any AppSession
    /// Reads a line, or returns `.changed` as soon as the descriptor it is given (the session's
    /// `changeDescriptor`) becomes readable, keeping what was typed so far for the next call.
    package let readInput: (Int32?) async throws -> TerminalInput
    package let write: (String) -> Void
    /// Clear the terminal before each redraw (off when output is not a terminal).
    package let clearsScreen: Bool

    /// Reads a secret for a secure field after writing its prompt, without echoing it (the
    /// executable turns the terminal's echo off); nil at the end of input.
    package let readSecret: (String) throws -> String?
    /// How long a `wait` command waits for what it names (the event time limit).
    package let settleLimit: Duration

    package static let help =
        "commands: fill FIELD TEXT (fill SECRET alone asks for it unseen) · tap BUTTON · select LIST ROW · toggle TOGGLE [on|off] · choose CHOICE OPTION · back [SCENE] · dismiss · call PLUGIN.FUNCTION ARG... · help · quit"

    /// The terminal on a navigator in this process.
    package init(
        navigator: Navigator, clearsScreen: Bool, readLine: @escaping () throws -> String?,
        write: @escaping (String) -> Void
    ) {
        self.init(
            session: InProcessSession(navigator: navigator), clearsScreen: clearsScreen, readLine: readLine,
            write: write)
    }

    package init(
        session: any AppSession, clearsScreen: Bool, readLine: @escaping () throws -> String?,
        write: @escaping (String) -> Void,
        readSecret: ((String) throws -> String?)? = nil, settleLimit: Duration = .seconds(10)
    ) {
        self.init(
            session: session, clearsScreen: clearsScreen,
            readInput: { _ in try readLine().map(TerminalInput.line) ?? .end },
            write: write,
            readSecret: readSecret ?? { prompt in
                write(prompt)
                return try readLine()
            }, settleLimit: settleLimit)
    }

    /// `readInput`: a line editor that also wakes for the session's changes (the executable's).
    package init(
        session: any AppSession, clearsScreen: Bool, readInput: @escaping (Int32?) async throws -> TerminalInput,
        write: @escaping (String) -> Void, readSecret: @escaping (String) throws -> String?,
        settleLimit: Duration = .seconds(10)
    ) {
        self.session = session
        self.settleLimit = settleLimit
        self.clearsScreen = clearsScreen
        self.readInput = readInput
        self.write = write
        self.readSecret = readSecret
    }

    /// Draws the screen with `notice` under it (what happened before: a `--open` link whose code
    /// faulted), then takes commands until `quit`, the end of input, or a closed session.
    package func run(notice: String? = nil) async throws {
        var message = notice
        // What was printed under the last draw (`draw`).
        var lastShown: String?
        while true {
            // Drawn at once, with its progress element while its work (a load) runs: the work's end
            // redraws it (`nextLine`). What work failed with so far is said under it.
            if let failures = try? await session.settle(within: .zero), !failures.isEmpty {
                message = ([message].compactMap { $0 } + failures.map(ErrorMessage.render)).joined(separator: "\n")
            }
            await draw(message: message)
            lastShown = message ?? Self.help
            write("> ")
            guard let line = try await nextLine(message: &message, lastShown: &lastShown) else { return }
            message = nil
            switch line.trimmingSpaces {
            case "quit", "exit", "q": return
            case "help", "?": message = Self.help
            default:
                do {
                    if case .call(let function, let arguments)? = try FrontendCommand.parse(line) {
                        // The result (and any callback lines) shows under the screen, like a message.
                        let (lines, result) = try await session.call(function, arguments: arguments)
                        message = (lines + [result]).joined(separator: "\n")
                    } else if case .wait(let kind, let id, let text)? = try FrontendCommand.parse(line) {
                        let notices = try await session.wait(kind: kind, id: id, text: text, within: settleLimit)
                        if !notices.isEmpty { message = notices.map(ErrorMessage.render).joined(separator: "\n") }
                    } else if case .fill(let field, "")? = try FrontendCommand.parse(line),
                        line.trimmingSpaces.splitFirstWord().1 == field,
                        case .secureField(_, let label, _, _)? = try? await session.screen().element(id: field)
                    {
                        // `fill SECRET` alone: the secret is asked for unseen, never on a command line.
                        guard let secret = try readSecret("\(label.isEmpty ? field : label) (not shown): ") else {
                            return
                        }
                        try await session.apply([.fill(field: field, text: secret)])
                    } else if let command = try FrontendCommand.parse(line) {
                        try await session.apply([command])
                    }
                } catch let error as CommandSyntaxError {
                    message = "error: \(TerminalText.escaped(error.message))"
                } catch {
                    message = ErrorMessage.render(error)
                }
                // A closed session has no screen, and every later command would fail with the same
                // notice: say once what happened, and end.
                if session.isClosed {
                    write(
                        ([message].compactMap { $0 } + [ScriptError.sessionClosed(nil).message]).joined(separator: "\n")
                    )
                    return
                }
            }
        }
    }

    /// The next line typed; meanwhile, each change of the session on its own redraws the screen
    /// (with `message`, and any failure of the work that changed it). Nil at the end of input.
    private func nextLine(message: inout String?, lastShown: inout String?) async throws -> String? {
        while true {
            switch try await readInput(session.changeDescriptor) {
            case .line(let line): return line
            case .end: return nil
            case .redraw(let note):
                let notice = await session.takeNotice().map(ErrorMessage.render)
                message = [note, notice].compactMap { $0 }.joined(separator: "\n")
                await draw(message: message)
                lastShown = message
                write("> ")
            case .changed:
                guard await session.takeChanges() else { continue }
                // Its worker ended meanwhile and the session was built again: say so.
                if let notice = await session.takeNotice() {
                    message = ([message].compactMap { $0 } + [ErrorMessage.render(notice)]).joined(separator: "\n")
                }
                if await session.isBusy, let failures = try? await session.settle(within: .zero), !failures.isEmpty {
                    message = ([message].compactMap { $0 } + failures.map(ErrorMessage.render)).joined(separator: "\n")
                }
                // Where output only adds up (not a terminal), a message already printed under the last
                // draw is not printed again: a screen that changes every second does not repeat a notice.
                let text = message ?? Self.help
                await draw(message: message, repeating: clearsScreen || text != lastShown)
                lastShown = text
                write("> ")
            }
        }
    }

    /// Draws the screen and, unless `repeating` is false, the message under it (the help without one).
    private func draw(message: String?, repeating: Bool = true) async {
        if clearsScreen { write("\u{1B}[2J\u{1B}[H") }
        do {
            write(try await session.renderedScreen())
        } catch {
            write(ErrorMessage.render(error))
        }
        write("")
        if repeating { write(message ?? Self.help) }
    }
}
