import PropertyBased
import Testing
@testable import SceneHostCore
@testable import SceneHostConfig
@testable import SceneHostConfigFile

/// The config loader against random and mutated input: it never crashes or hangs, and every
/// rejection is located as file:line:column inside the input.
@Suite("ConfigLoader fuzz")
struct ConfigLoaderFuzzTests {
    static let valid = Array(
        """
        initial = "Home"

        [plugins.HomeScene]
        path = "libHome.so"
        sha256 = "\(String(repeating: "ab", count: 32))"

        [[segues]]
        from = "Home"
        id = "showDetail"
        to = "Detail"
        style = "present"

        """.utf8)

    static let fragments: [String] = [
        "initial", "plugins", "segues", "path", "sha256", "from", "to", "id", "style", "push", "x",
        " = ", "=", "\"", "'", "\"\"\"", "'''", "[", "]", "[[", "]]", "{", "}", ",", ".", "\n", " ", "\t", "#",
        "\"Home\"", "1", "-3.5e7", "true", "1979-05-27T07:32:00Z", "\\", "\\u00e9", "é", "💥", "\r\n", "inf", "nan",
        "0x1F",
    ]

    /// Parses `bytes` and checks the outcome; returns a description of what went wrong, if anything.
    static func verdict(_ bytes: [UInt8]) -> String? {
        do {
            _ = try ConfigLoader().parse(bytes: bytes, file: "fuzz.conf", baseDirectory: "/apps")
            return nil
        } catch let error as ConfigError {
            let message = ErrorMessage.render(error)
            let parts = message.split(separator: ":", maxSplits: 3)
            let lines = bytes.filter { $0 == 0x0A }.count + 1
            guard parts.count == 4, parts[0] == "fuzz.conf", let line = Int(parts[1]), let column = Int(parts[2]),
                (1...lines + 1).contains(line), column >= 1, parts[3].hasPrefix(" error: ")
            else {
                return "not located: \(message)"
            }
            return nil
        } catch {
            return "not a ConfigError: \(error)"
        }
    }

    @Test("random sequences of TOML-ish fragments")
    func randomFragments() async {
        await propertyCheck(count: 400, input: Gen.int(in: 0..<Self.fragments.count).array(of: 0...60)) { indexes in
            let bytes = Array(indexes.map { Self.fragments[$0] }.joined().utf8)
            #expect(Self.verdict(bytes) == nil, "input: \(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
    }

    @Test("a valid config with random bytes replaced, inserted or deleted, invalid UTF-8 included")
    func mutations() async {
        await propertyCheck(count: 400, input: Gen.int(in: 0...Int(Int32.max)).array(of: 1...8)) { edits in
            var bytes = Self.valid
            for edit in edits {
                let position = edit % (bytes.count + 1)
                let byte = UInt8(truncatingIfNeeded: edit >> 8)
                switch (edit >> 16) % 3 {
                case 0 where position < bytes.count: bytes[position] = byte
                case 1: bytes.insert(byte, at: position)
                default: if position < bytes.count { bytes.remove(at: position) }
                }
            }
            #expect(Self.verdict(bytes) == nil, "input: \(bytes)")
        }
    }

    @Test("deep nesting of arrays and inline tables, and long lines, are refused without a crash")
    func nestingAndSize() {
        for opener in ["[", "{ a = ", "[[[ "] {
            let deep = "initial = \"A\"\nx = " + String(repeating: opener, count: 5_000)
            #expect(Self.verdict(Array(deep.utf8)) == nil)
        }
        let headers = String(repeating: "[a.b.c.d.e.f.g.h]\n", count: 2_000)
        #expect(Self.verdict(Array(("initial = \"A\"\n" + headers).utf8)) == nil)
        let longLine = "initial = \"" + String(repeating: "A", count: 500_000) + "\"\n"
        #expect(Self.verdict(Array(longLine.utf8)) == nil)
    }
}
