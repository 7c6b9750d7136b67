import CSceneHost
import Testing
@testable import SceneHostCScenes

/// `CText.read`: the one way a string a plugin's C code hands the host is read, never past its
/// limit, never without its NUL, only as UTF-8.
@Suite("CText")
struct CTextTests {
    /// Reads `bytes` (a NUL is added only when `terminated`) as a plugin's C string.
    static func read(_ bytes: [UInt8], terminated: Bool = true) throws(CText.Problem) -> String {
        let buffer = (bytes + (terminated ? [0] : [])).map { CChar(bitPattern: $0) }
        let result: Result<String, CText.Problem> = buffer.withUnsafeBufferPointer { pointer in
            do throws(CText.Problem) {
                return .success(try CText.read(pointer.baseAddress))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    @Test("the limit is the header's SCENE_HOST_MAXIMUM_TEXT")
    func limitIsTheHeaders() {
        #expect(CText.maximumBytes == Int(SCENE_HOST_MAXIMUM_TEXT))
    }

    @Test("NULL is refused, and an optional NULL is nil")
    func null() throws {
        #expect(throws: CText.Problem.null) { try CText.read(nil) }
        #expect(try CText.readOptional(nil) == nil)
        #expect(try "given".withCString { try CText.readOptional($0) } == "given")
    }

    @Test("a fine string, ASCII or not, the empty one, and one of exactly SCENE_HOST_MAXIMUM_TEXT bytes")
    func fine() throws {
        #expect(try Self.read(Array("Hello".utf8)) == "Hello")
        #expect(try Self.read(Array("Grüße, 世界 👋".utf8)) == "Grüße, 世界 👋")
        #expect(try Self.read([]) == "")
        let longest = try Self.read([UInt8](repeating: 0x61, count: CText.maximumBytes))
        #expect(longest.utf8.count == 65536)
    }

    @Test("one byte over the limit is refused, with its NUL or without any NUL within the limit")
    func tooLong() {
        #expect(throws: CText.Problem.tooLong) { try Self.read([UInt8](repeating: 0x61, count: 65537)) }
        // No NUL at all within the 65537 bytes it may look at: refused, not read past.
        #expect(throws: CText.Problem.tooLong) {
            try Self.read([UInt8](repeating: 0x61, count: 65537), terminated: false)
        }
        #expect(throws: CText.Problem.tooLong) { try Self.read([UInt8](repeating: 0x61, count: 70000)) }
    }

    @Test(
        "bytes that are not UTF-8 are refused",
        arguments: [
            [0xC3, 0x28] as [UInt8],  // a lead byte without its continuation
            [0xFF],  // never in UTF-8
            [0xC0, 0xAF],  // an overlong '/'
            [0xED, 0xA0, 0x80],  // a surrogate
            Array("ok".utf8) + [0xE2, 0x82],  // cut short at the end
        ])
    func notUTF8(bytes: [UInt8]) {
        #expect(throws: CText.Problem.notUTF8) { try Self.read(bytes) }
    }

    @Test("each problem's clause, as it follows the argument's name in a message")
    func clauses() {
        #expect(CText.Problem.null.clause == "is NULL")
        #expect(CText.Problem.tooLong.clause == "is longer than 65536 bytes (or has no NUL at its end)")
        #expect(CText.Problem.notUTF8.clause == "is not valid UTF-8")
    }
}
