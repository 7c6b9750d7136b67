import Synchronization
import Testing
import SceneSDK
@testable import SceneHostCore
@testable import SceneHostNavigation
@testable import SceneHostFrontend
@testable import SceneHostWorkers
import SceneTestSupport

@MainActor
@Suite("TerminalFrontend")
struct TerminalFrontendTests {
    nonisolated static let lost = WorkerError.workerStopped(
        plugin: "Fragile", scene: "Home", action: "tap strike", fault: .signal(11),
        restore: .lost(reason: "the initial scene ended the new worker too (SIGSEGV)"))

    /// A session whose `strike` closes it for good, as a worker's supervisor does when not even the
    /// initial scene comes back; its screen then throws, as a pooled session's does.
    final class ClosingSession: AppSession {
        private let state = Mutex((closed: false, applied: 0))
        var isClosed: Bool { state.withLock(\.closed) }
        var applied: Int { state.withLock(\.applied) }

        func screen() async throws -> Screen {
            if isClosed { throw WorkerError.sessionLost(reason: "its worker ended and it could not be built again") }
            return Screen(title: "Home", elements: [.button(id: "strike", title: "Strike")])
        }
        func layers() async -> [[String]] { [["Home"]] }
        func titles() async -> [String] { ["Home"] }
        func breadcrumb() async -> String { "Home" }
        func apply(_ commands: [FrontendCommand]) async throws {
            state.withLock { $0.applied += 1 }
            guard commands.contains(.tap(button: "strike")) else { return }
            state.withLock { $0.closed = true }
            throw TerminalFrontendTests.lost
        }
        func open(_ link: LinkOpening) async throws {}
        func call(_ function: String, arguments: [String]) async throws -> (lines: [String], result: String) {
            ([], "")
        }
        func takeNotice() async -> (any Error)? { nil }
        func settle(within limit: Duration) async throws -> [any Error] { [] }
        var isBusy: Bool { get async { false } }
        func records() async -> [SceneRecord] { [] }
        var links: LinkTable { LinkTable() }
        func close() async {}
    }

    @Test(
        "a command that closes the session prints its error and one line saying the run ends, and ends it: no notice twice, no command after"
    )
    func closedSession() async throws {
        let session = ClosingSession()
        var input = ["tap strike", "tap strike", "print"]
        var output: [String] = []
        try await TerminalFrontend(
            session: session, clearsScreen: false, readLine: { input.isEmpty ? nil : input.removeFirst() },
            write: { output.append($0) }
        ).run()
        #expect(session.applied == 1)
        #expect(input == ["tap strike", "print"])
        #expect(
            output.last == ErrorMessage.render(Self.lost) + "\n"
                + "error: the run stops here: its session was closed, so no command can run in it any more. Start the app again with 'scene-host run'."
        )
        #expect(!output.joined().contains("this session was closed"))
    }

    /// A session whose screen changes on its own (a countdown), with one notice waiting (a reload's).
    final class TickingSession: AppSession {
        private let state = Mutex((ticks: 0, notice: true))
        func screen() async throws -> Screen {
            Screen(title: "Countdown", elements: [.label(id: "left", text: "\(10 - state.withLock(\.ticks)) s")])
        }
        func layers() async -> [[String]] { [["Countdown"]] }
        func titles() async -> [String] { ["Countdown"] }
        func breadcrumb() async -> String { "Countdown" }
        func apply(_ commands: [FrontendCommand]) async throws {}
        func open(_ link: LinkOpening) async throws {}
        func call(_ function: String, arguments: [String]) async throws -> (lines: [String], result: String) {
            ([], "")
        }
        func takeNotice() async -> (any Error)? {
            state.withLock { state in
                defer { state.notice = false }
                return state.notice ? WorkerError.reloaded(plugins: ["Timer"], restore: .restored) : nil
            }
        }
        func takeChanges() async -> Bool {
            state.withLock { $0.ticks += 1 }
            return true
        }
        func settle(within limit: Duration) async throws -> [any Error] { [] }
        var isBusy: Bool { get async { true } }
        func records() async -> [SceneRecord] { [] }
        var links: LinkTable { LinkTable() }
        func close() async {}
    }

    @Test(
        "where output only adds up, a notice is printed once, not under every redraw of a screen that changes on its own"
    )
    func noticeOnce() async throws {
        var inputs: [TerminalInput] = [.changed, .changed, .changed, .line("quit")]
        var output: [String] = []
        try await TerminalFrontend(
            session: TickingSession(), clearsScreen: false,
            readInput: { _ in inputs.isEmpty ? .end : inputs.removeFirst() }, write: { output.append($0) },
            readSecret: { _ in nil }
        ).run()
        let text = output.joined(separator: "\n")
        #expect(
            text.split(separator: "reloaded the new build of", omittingEmptySubsequences: false).count - 1 == 1,
            "\(text)")
        #expect(text.contains("7 s"), "every change is drawn: \(text)")
    }

    @Test("a notice given to run (a --open link whose code faulted) shows under the first screen")
    func startNotice() async throws {
        let navigator = try ProbeScenes.navigator()
        var output: [String] = []
        try await TerminalFrontend(
            navigator: navigator, clearsScreen: false, readLine: { nil }, write: { output.append($0) }
        ).run(notice: "error: it faulted")
        #expect(output.first?.hasPrefix("== A ==  (A)") == true)
        #expect(output.dropFirst(2).first == "error: it faulted")
    }
    @Test("reads commands until quit, redraws after each, shows errors and help under the screen")
    func session() async throws {
        let navigator = try ProbeScenes.navigator()
        var input = ["tap go", "tap nope", "help", "oops", "quit", "tap go"]
        var output: [String] = []
        try await TerminalFrontend(
            navigator: navigator, clearsScreen: false, readLine: { input.isEmpty ? nil : input.removeFirst() },
            write: { output.append($0) }
        ).run()
        #expect(navigator.path == "A › B")
        #expect(input == ["tap go"])
        let text = output.joined(separator: "\n")
        #expect(text.contains("error: scene 'B' has no button 'nope'. Its buttons: go, code."))
        #expect(
            text.contains(
                "error: unknown command 'oops'; commands: fill, tap, select, toggle, choose, tab, back, dismiss, print, wait, call"
            ))
        #expect(output.filter { $0 == TerminalFrontend.help }.count == 3)
        #expect(output.filter { $0 == "> " }.count == 5)
    }

    @Test("end of input ends the session")
    func endOfInput() async throws {
        let navigator = try ProbeScenes.navigator()
        var output: [String] = []
        try await TerminalFrontend(
            navigator: navigator, clearsScreen: true, readLine: { nil }, write: { output.append($0) }
        ).run()
        #expect(output.first == "\u{1B}[2J\u{1B}[H")
        #expect(output.dropFirst().first?.hasPrefix("== A ==  (A)") == true)
    }

    @Test("a line the reader refuses ends the session with its error")
    func refusedLine() async throws {
        let navigator = try ProbeScenes.navigator()
        let refusal = ScriptError.scriptLineTooLong(file: "<stdin>", line: 2, limit: 65536)
        var lines = ["tap go"]
        await #expect(throws: refusal) {
            try await TerminalFrontend(
                navigator: navigator, clearsScreen: false,
                readLine: {
                    guard !lines.isEmpty else { throw refusal }
                    return lines.removeFirst()
                }, write: { _ in }
            ).run()
        }
        #expect(navigator.path == "A › B")
    }

    @Test("a command syntax error quoting the user's text prints it escaped")
    func escapedSyntaxError() async throws {
        let navigator = try ProbeScenes.navigator()
        var input = ["jump\u{1B}[2J"]
        var output: [String] = []
        try await TerminalFrontend(
            navigator: navigator, clearsScreen: false, readLine: { input.isEmpty ? nil : input.removeFirst() },
            write: { output.append($0) }
        ).run()
        #expect(
            output.contains(
                "error: unknown command 'jump\\u{1B}[2J'; commands: fill, tap, select, toggle, choose, tab, back, dismiss, print, wait, call"
            ))
    }
}
