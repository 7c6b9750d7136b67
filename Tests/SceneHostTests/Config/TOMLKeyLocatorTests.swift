import Testing
@testable import SceneHost

@Suite("TOMLKeyLocator")
struct TOMLKeyLocatorTests {
    @Test("headers, array entries, keys and values are located; comments and quoted '=' are not keys")
    func locates() {
        let locator = TOMLKeyLocator(text: """
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

    @Test("the ASCII fast path splits a text into the same characters as Array(text), CR LF included",
          arguments: ["a = 1\nb = 2\n", "a = 1\r\nb = 2\r\n", "x\ry\r\r\nz\n\r", "", "\r\n", "k = \"é\"\r\n", "e\u{301} = 1\r\n"])
    func asciiCharacters(text: String) {
        #expect(TOMLKeyLocator.characters(of: text) == Array(text))
    }
}
