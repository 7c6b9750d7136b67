import Testing
@testable import SceneHost

@MainActor
@Suite("TerminalFrontend")
struct TerminalFrontendTests {
    @Test("reads commands until quit, redraws after each, shows errors and help under the screen")
    func session() throws {
        let navigator = try ProbeScenes.navigator()
        var input = ["tap go", "tap nope", "help", "oops", "quit", "tap go"]
        var output: [String] = []
        TerminalFrontend(navigator: navigator, clearsScreen: false, readLine: { input.isEmpty ? nil : input.removeFirst() },
                         write: { output.append($0) }).run()
        #expect(navigator.path == "A › B")
        #expect(input == ["tap go"])
        let text = output.joined(separator: "\n")
        #expect(text.contains("error: scene 'B' has no button 'nope'. Its buttons: go, code."))
        #expect(text.contains("error: unknown command 'oops'; commands: fill, tap, select, back, dismiss, print"))
        #expect(output.filter { $0 == TerminalFrontend.help }.count == 3)
        #expect(output.filter { $0 == "> " }.count == 5)
    }

    @Test("end of input ends the session")
    func endOfInput() throws {
        let navigator = try ProbeScenes.navigator()
        var output: [String] = []
        TerminalFrontend(navigator: navigator, clearsScreen: true, readLine: { nil }, write: { output.append($0) }).run()
        #expect(output.first == "\u{1B}[2J\u{1B}[H")
        #expect(output.dropFirst().first?.hasPrefix("== A ==  (A)") == true)
    }
}
