import Testing
@testable import SceneHostProcesses

/// Plugin output made safe for a terminal.
@Suite("Terminal text")
struct TerminalTextTests {
    @Test("escape sequences, carriage returns and C1 controls are shown, not obeyed; line breaks and tabs stay")
    func escaped() {
        let bytes: [UInt8] = Array("a\u{1B}]0;title\u{07}b\r\n\tc".utf8) + [0xC2, 0x9B, 0xFF]
        #expect(TerminalText.escaped(bytes) == "a\\u{1B}]0;title\\u{7}b\\u{D}\n\tc\\u{9B}\u{FFFD}")
    }

    @Test("cut at the limit, with how much was left out")
    func bounded() {
        #expect(TerminalText.escaped(Array("abcdef".utf8), limit: 4) == "abcd\n[2 more bytes not shown]")
    }
}
