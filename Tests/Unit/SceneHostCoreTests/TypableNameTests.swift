import Testing
@testable import SceneHostCore

/// Names a script can type: the ASCII fast path agrees with the Unicode rule.
@Suite("TypableName")
struct TypableNameTests {
    @Test("of the ASCII characters exactly the printable ones but the space are typable, alone and in a name")
    func ascii() {
        for value in UInt8(0)...0x7f {
            let character = String(UnicodeScalar(value))
            let printable = value > 0x20 && value < 0x7f
            #expect(TypableName.isTypable(character) == printable, "byte \(value)")
            #expect(TypableName.isTypable("Home" + character + "List") == printable, "byte \(value)")
        }
    }

    @Test(
        "beyond ASCII the Unicode categories decide",
        arguments: [("Écran", true), ("名前", true), ("a\u{200B}b", false), ("a\u{2028}b", false), ("a\u{00A0}b", false)])
    func unicode(name: String, typable: Bool) {
        #expect(TypableName.isTypable(name) == typable)
    }
}
