import Testing
@testable import SceneHostConfig
@testable import SceneHostConfigFile

@Suite("TOMLKeyLocator")
struct TOMLKeyLocatorTests {
    @Test("headers, array entries, keys and values are located; comments and quoted '=' are not keys")
    func locates() {
        let locator = TOMLKeyLocator(
            text: """
                initial = "A" # comment = not a key
                # path = "commented"
                  [ plugins . "Home" ]
                  path = "a=b"
                [[segues]]
                from = "A"
                [[segues]]
                "to" = 'B'
                """)
        typealias P = TOMLKeyLocator.Position
        #expect(locator.tables[""]?.keys == ["initial": P(line: 1, column: 1)])
        #expect(locator.tables[""]?.values["initial"] == P(line: 1, column: 11))
        #expect(locator.tables["plugins.Home"]?.header == P(line: 3, column: 3))
        #expect(locator.tables["plugins.Home"]?.keys["path"] == P(line: 4, column: 3))
        #expect(locator.tables["segues#0"]?.keys["from"] == P(line: 6, column: 1))
        #expect(locator.tables["segues#1"]?.header == P(line: 7, column: 1))
        #expect(locator.tables["segues#1"]?.keys["to"] == P(line: 8, column: 1))
    }

    @Test(
        "a text's units stand one for one for Array(text)'s characters, CR LF included, and give back their text",
        arguments: [
            "a = 1\nb = 2\n", "a = 1\r\nb = 2\r\n", "x\ry\r\r\nz\n\r", "", "\r\n", "k = \"é\"\r\n", "e\u{301} = 1\r\n",
            "[ü.\"=\"]\n",
        ])
    func units(text: String) {
        let characters = Array(text)
        let located = LocatorText(text)
        #expect(located.units == characters.map { $0.asciiValue ?? LocatorText.other })
        for start in characters.indices {
            for end in start...characters.count
            where !characters[start..<end].contains(where: { $0.asciiValue == 0x0a }) {
                #expect(located.string(start..<end) == String(characters[start..<end]))
            }
        }
    }

    @Test("columns count characters, not bytes, and CR LF ends a line as LF does")
    func unicodeColumns() {
        let locator = TOMLKeyLocator(
            text: "\"é\u{301}\" = 1\r\n[plugins.\"Ü\"]\r\n  path = { a = \"ü\", b = 2 }\r\nx = 3")
        typealias P = TOMLKeyLocator.Position
        #expect(locator.tables[""]?.values["é\u{301}"] == P(line: 1, column: 7))
        #expect(locator.tables["plugins.Ü"]?.keys["path"] == P(line: 3, column: 3))
        #expect(locator.tables["plugins.Ü.path"]?.values["b"] == P(line: 3, column: 25))
        #expect(locator.tables["plugins.Ü"]?.values["x"] == P(line: 4, column: 5))
    }

    @Test(
        "key paths lose the blanks around their parts and their quotes; blanks inside a part stay",
        arguments: [
            ("path ", "path"), ("path", "path"), ("plugins.Home  ", "plugins.Home"), ("a . \"b c\" ", "a.b c"),
            ("\"x \" ", "x"), ("a\t", "a"), ("'a.b'.c", "a.b.c"), ("é ", "é"),
        ])
    func normalizes(raw: String, expected: String) {
        #expect(TOMLKeyLocator.normalizedKeyPath(raw) == expected)
    }
}
