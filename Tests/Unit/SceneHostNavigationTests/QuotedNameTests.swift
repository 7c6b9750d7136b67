import Testing
@testable import SceneHostCore
@testable import SceneHostNavigation

/// Names from input or plugins in messages: quoted, cut to a readable length with their length given (issue 32).
@Suite("QuotedName")
struct QuotedNameTests {
    @Test(
        "a name up to 80 characters is quoted whole",
        arguments: ["", "Home", String(repeating: "a", count: 80), "Zürich-東京", String(repeating: "é", count: 80)])
    func short(name: String) {
        #expect(QuotedName.quoted(name) == "'\(name)'")
        #expect(QuotedName.shortened(name) == name)
        #expect("route to \(name: name)" == "route to '\(name)'")
    }

    @Test("a longer name keeps its first 80 characters, an ellipsis, and its length")
    func long() {
        let name = String(repeating: "R", count: 102_400)
        let kept = String(repeating: "R", count: 80)
        #expect(QuotedName.quoted(name) == "'\(kept)…' (102400 characters)")
        #expect(QuotedName.shortened(name) == "\(kept)… (102400 characters)")
        #expect(
            QuotedName.quoted(String(repeating: "x", count: 81))
                == "'\(String(repeating: "x", count: 80))…' (81 characters)")
    }

    @Test("lengths count Unicode scalars: multi-byte letters are not cut early, and a pile of combining marks is cut")
    func scalars() {
        // 50 two-byte letters: 100 UTF-8 bytes, but 50 characters.
        let letters = String(repeating: "ü", count: 50)
        #expect(QuotedName.quoted(letters) == "'\(letters)'")
        // One letter carrying 10,000 combining accents is one Character, but 10,001 scalars.
        let pile = "a" + String(repeating: "\u{301}", count: 10_000)
        #expect(QuotedName.quoted(pile) == "'a\(String(repeating: "\u{301}", count: 79))…' (10001 characters)")
    }

    @Test("a message names a 100 KB route once, cut, and stays short")
    func inMessage() {
        let name = String(repeating: "R", count: 102_400)
        let message = ErrorMessage.render(
            NavigationError.routeNotDeclared(
                from: "Fragile", to: name, declared: ["Fragile"], registered: ["Fragile", "FragileHome"]))
        #expect(
            message
                == "error: route from 'Fragile' to '\(String(repeating: "R", count: 80))…' (102400 characters) failed: its router did not declare this route (it declares: Fragile). Declare it in the scene's SceneDefinition with .route(to:) so 'scene-host check' can see it."
        )
    }
}
