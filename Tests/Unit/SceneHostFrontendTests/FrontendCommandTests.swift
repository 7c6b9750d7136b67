import Testing
@testable import SceneHostCore
@testable import SceneHostFrontend

@Suite("FrontendCommand")
struct FrontendCommandTests {
    @Test("commands parse; blank and comment lines are nothing")
    func parses() throws {
        #expect(try FrontendCommand.parse("fill message Hello world") == .fill(field: "message", text: "Hello world"))
        #expect(
            try FrontendCommand.parse("  fill message \"  padded \\\"quoted\\\"  \"")
                == .fill(field: "message", text: "  padded \"quoted\"  "))
        #expect(try FrontendCommand.parse("fill message") == .fill(field: "message", text: ""))
        #expect(try FrontendCommand.parse("tap showDetail") == .tap(button: "showDetail"))
        #expect(try FrontendCommand.parse("select orders 2") == .select(list: "orders", row: 2))
        #expect(try FrontendCommand.parse("toggle giftWrap") == .toggle(toggle: "giftWrap", isOn: nil))
        #expect(try FrontendCommand.parse("toggle giftWrap on") == .toggle(toggle: "giftWrap", isOn: true))
        #expect(try FrontendCommand.parse("toggle giftWrap off") == .toggle(toggle: "giftWrap", isOn: false))
        #expect(try FrontendCommand.parse("choose shipping 1") == .choose(choice: "shipping", option: "1"))
        #expect(
            try FrontendCommand.parse("choose shipping Next day") == .choose(choice: "shipping", option: "Next day"))
        #expect(
            try FrontendCommand.parse("choose shipping \"  Next day \"")
                == .choose(choice: "shipping", option: "  Next day "))
        #expect(
            try FrontendCommand.parse("fill notes \"line 1\\nline 2\"") == .fill(field: "notes", text: "line 1\nline 2")
        )
        #expect(
            try FrontendCommand.parse("wait label status \"Loaded 3 books\"")
                == .wait(kind: "label", id: "status", text: "Loaded 3 books"))
        #expect(try FrontendCommand.parse("wait toggle notify on") == .wait(kind: "toggle", id: "notify", text: "on"))
        #expect(try FrontendCommand.parse("wait label status") == .wait(kind: "label", id: "status", text: ""))
        #expect(try FrontendCommand.parse("back") == .back)
        #expect(try FrontendCommand.parse("back Home") == .backTo(scene: "Home"))
        #expect(try FrontendCommand.parse("dismiss") == .dismiss)
        #expect(try FrontendCommand.parse("print") == .print)
        #expect(try FrontendCommand.parse("call P.f") == .call(function: "P.f", arguments: []))
        #expect(
            try FrontendCommand.parse("call P.f 1  -2 \"a  b\" \"say \\\"hi\\\"\" x")
                == .call(function: "P.f", arguments: ["1", "-2", "a  b", "say \"hi\"", "x"]))
        #expect(try FrontendCommand.parse("   ") == nil)
        #expect(try FrontendCommand.parse("# a comment") == nil)
    }

    @Test(
        "syntax errors say what is expected",
        arguments: [
            (
                "toggle",
                "'toggle' needs a toggle id, then on or off or nothing (to switch it over): toggle TOGGLE [on|off]"
            ),
            (
                "toggle wrap maybe",
                "'toggle' needs a toggle id, then on or off or nothing (to switch it over): toggle TOGGLE [on|off]"
            ),
            (
                "wait label",
                "'wait' needs a kind, an id and a text: wait KIND ID TEXT, e.g. wait label status \"Loaded\""
            ),
            (
                "wait list orders x",
                "'wait' cannot wait for a list; the kinds: label, alert, field, text, toggle, choice, button, busy"
            ),
            (
                "choose shipping",
                "'choose' needs a choice id and an option (its number from 0, or its text): choose CHOICE OPTION"
            ),
            (
                "jump",
                "unknown command 'jump'; commands: fill, tap, select, toggle, choose, tab, back, dismiss, print, wait, call"
            ),
            ("call", "'call' needs a native function: call PLUGIN.FUNCTION ARG..."),
            ("call P.f \"open", "unterminated quote in arguments: \"open"),
            ("tap", "expected exactly one id: tap BUTTON"),
            ("tap a b", "expected exactly one id: tap BUTTON"),
            ("fill", "'fill' needs a field id and a text: fill FIELD TEXT"),
            ("select orders -1", "'select' needs a list id and a row number from 0: select LIST ROW"),
            ("select orders", "'select' needs a list id and a row number from 0: select LIST ROW"),
            ("back a b", "expected exactly one id: back [SCENE]"),
            ("dismiss now", "'dismiss' takes nothing after it"),
            ("fill message \"open", "unterminated quote in text: \"open"),
        ])
    func syntaxErrors(line: String, message: String) {
        #expect(throws: CommandSyntaxError(message)) { try FrontendCommand.parse(line) }
    }

    @Test("a script's syntax error is located at file:line:column")
    func scriptLocation() {
        #expect(
            throws: ScriptError.scriptSyntax(
                SourceLocation(file: "demo.script", line: 2, column: 3), message: "expected exactly one id: tap BUTTON")
        ) {
            try ScriptRunner.command(on: "  tap", number: 2, file: "demo.script")
        }
    }

    static let escapes = "the escapes are \\\", \\\\ and \\n (write \\\\ for a backslash)"

    @Test(
        "an unknown escape in quoted text is refused at its backslash, never read as the letter after it (issue 19, item 7)",
        arguments: [
            ("  call T.f \"ok\" \"a\\u0000\"", 19, "u"),
            ("call T.f \"\\t\"", 11, "t"),
            ("fill name \"x\\ty\"", 13, "t"),
            ("\tfill name \"\\\\ \\q\"", 16, "q"),
        ])
    func unknownEscape(line: String, column: Int, letter: String) {
        #expect(
            throws: ScriptError.scriptSyntax(
                SourceLocation(file: "demo.script", line: 4, column: column),
                message: "unknown escape '\\\(letter)' in quoted text; \(Self.escapes)")
        ) {
            try ScriptRunner.command(on: line, number: 4, file: "demo.script")
        }
    }

    @Test("the known escapes are read")
    func knownEscapes() throws {
        #expect(
            try FrontendCommand.parse("call T.f \"a\\\"b\" \"c\\\\d\" \"e\\nf\"")
                == .call(function: "T.f", arguments: ["a\"b", "c\\d", "e\nf"]))
        #expect(try FrontendCommand.parse("fill name \"x\\ny\"") == .fill(field: "name", text: "x\ny"))
    }
}
