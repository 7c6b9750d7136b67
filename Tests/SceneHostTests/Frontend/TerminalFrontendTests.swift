import Testing
@testable import SceneHost

@MainActor
@Suite("TerminalFrontend")
struct TerminalFrontendTests {
    @Test("reads commands until quit, redraws after each, shows errors and help under the screen")
    func session() async throws {
        let navigator = try ProbeScenes.navigator()
        var input = ["tap go", "tap nope", "help", "oops", "quit", "tap go"]
        var output: [String] = []
        try await TerminalFrontend(navigator: navigator, clearsScreen: false, readLine: { input.isEmpty ? nil : input.removeFirst() },
                         write: { output.append($0) }).run()
        #expect(navigator.path == "A › B")
        #expect(input == ["tap go"])
        let text = output.joined(separator: "\n")
        #expect(text.contains("error: scene 'B' has no button 'nope'. Its buttons: go, code."))
        #expect(text.contains("error: unknown command 'oops'; commands: fill, tap, select, back, dismiss, print, call"))
        #expect(output.filter { $0 == TerminalFrontend.help }.count == 3)
        #expect(output.filter { $0 == "> " }.count == 5)
    }

    @Test("end of input ends the session")
    func endOfInput() async throws {
        let navigator = try ProbeScenes.navigator()
        var output: [String] = []
        try await TerminalFrontend(navigator: navigator, clearsScreen: true, readLine: { nil }, write: { output.append($0) }).run()
        #expect(output.first == "\u{1B}[2J\u{1B}[H")
        #expect(output.dropFirst().first?.hasPrefix("== A ==  (A)") == true)
    }

    @Test("a line the reader refuses ends the session with its error")
    func refusedLine() async throws {
        let navigator = try ProbeScenes.navigator()
        let refusal = ScriptError.scriptLineTooLong(file: "<stdin>", line: 2, limit: 65536)
        var lines = ["tap go"]
        await #expect(throws: refusal) {
            try await TerminalFrontend(navigator: navigator, clearsScreen: false, readLine: {
                guard !lines.isEmpty else { throw refusal }
                return lines.removeFirst()
            }, write: { _ in }).run()
        }
        #expect(navigator.path == "A › B")
    }

    @Test("a command syntax error quoting the user's text prints it escaped")
    func escapedSyntaxError() async throws {
        let navigator = try ProbeScenes.navigator()
        var input = ["jump\u{1B}[2J"]
        var output: [String] = []
        try await TerminalFrontend(navigator: navigator, clearsScreen: false, readLine: { input.isEmpty ? nil : input.removeFirst() },
                             write: { output.append($0) }).run()
        #expect(output.contains("error: unknown command 'jump\\u{1B}[2J'; commands: fill, tap, select, back, dismiss, print, call"))
    }
}

