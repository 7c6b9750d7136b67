import Testing
@testable import SceneHostCore

@Suite("TerminalText")
struct TerminalTextTests {
    @Test(
        "control characters, DEL, C1, line separators and bidi overrides become visible escapes",
        arguments: [
            ("\u{1B}[31mred\u{1B}[0m", "\\u{1B}[31mred\\u{1B}[0m"),
            ("two\nlines\r\tand a tab", "two\\nlines\\r\\tand a tab"),
            ("nul\u{0}del\u{7F}c1\u{9B}", "nul\\u{0}del\\u{7F}c1\\u{9B}"),
            ("a\u{2028}b\u{2029}c", "a\\u{2028}b\\u{2029}c"),
            ("abc\u{202E}fed\u{2066}", "abc\\u{202E}fed\\u{2066}"),
            // Invisible format characters that make one name look like another (issue 32).
            ("co\u{200D}unt", "co\\u{200D}unt"),
            ("zero\u{200B}width soft\u{AD}hyphen", "zero\\u{200B}width soft\\u{AD}hyphen"),
            ("bom\u{FEFF}x tag\u{E0041}", "bom\\u{FEFF}x tag\\u{E0041}"),
        ])
    func escapes(text: String, expected: String) {
        #expect(TerminalText.escaped(text) == expected)
    }

    @Test("printable text, backslashes and other scripts stay; escaping twice changes nothing")
    func keepsPrintable() {
        let text = "Zürich › 東京 \\n 🙂 [ok] 👩‍👩‍👧 ❤️ 👍🏽"
        #expect(TerminalText.escaped(text) == text)
        let once = TerminalText.escaped("a\u{1B}b\nc")
        #expect(TerminalText.escaped(once) == once)
    }

    @Test(
        "escaping line by line gives what splitting at each line break, escaping and joining gives",
        arguments: [
            "", "\n", "one\ntwo\n\nthree", "plain ASCII only", "tab\there", "crlf\r\nline", "\r\n\n", "é\ne\u{301}\n",
            "\u{1B}[1m\nx",
            "a\u{2028}b\nc", "ü\n\u{9B}", "\n\u{7F}", "bidi\u{202E}\n", "emoji 👩‍👩‍👧\nnext",
        ])
    func escapedLines(text: String) {
        let reference = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            TerminalText.escaped(String($0))
        }.joined(separator: "\n")
        #expect(TerminalText.escapedLines(text) == reference)
    }
}
