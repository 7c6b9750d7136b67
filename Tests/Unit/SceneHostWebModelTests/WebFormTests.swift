import Foundation
import Testing
@testable import SceneHostWebModel

/// Form bodies: decoding, and the limits on the body and on each field.
@Suite("Web form")
struct WebFormTests {
    @Test("fields decode in order: + is a space, %XX a byte, UTF-8 kept, a stray % kept")
    func decoding() throws {
        let form = try WebForm(body: Array("a=1+2&field.note=caf%C3%A9+%3Cb%3E&x=%zz&empty=&flag".utf8))
        #expect(form.fields.map(\.name) == ["a", "field.note", "x", "empty", "flag"])
        #expect(form.fields.map(\.value) == ["1 2", "café <b>", "%zz", "", ""])
        #expect(form.value("field.note") == "café <b>")
    }

    @Test(
        "a body over the limit is refused; a text over its field's limit is kept and marked, any other value over it refused"
    )
    func limits() throws {
        #expect(throws: WebError.bodyTooLarge(limit: WebForm.maximumBodySize)) {
            _ = try WebForm(body: Array(repeating: UInt8(ascii: "a"), count: WebForm.maximumBodySize + 1))
        }
        let long = String(repeating: "x", count: WebForm.maximumFieldLength + 1)
        #expect(
            throws: WebError.fieldTooLong(
                field: "action", length: WebForm.maximumFieldLength + 1, limit: WebForm.maximumFieldLength)
        ) {
            _ = try WebForm(body: Array("action=\(long)".utf8))
        }
        let field = try WebForm(body: Array("field.note=\(long)&area.text=\(long)".utf8))
        #expect(field.tooLong.map(\.name) == ["field.note"])
        #expect(field.tooLong.first?.length == WebForm.maximumFieldLength + 1)
        #expect(field.value("field.note") == long, "kept intact, to offer back")
        let area = String(repeating: "é\n", count: WebForm.maximumAreaLength / 2 + 1)
        let encoded = area.utf8.map { String(format: "%%%02X", $0) }.joined()
        let form = try WebForm(body: Array("area.text=\(encoded)".utf8))
        #expect(form.tooLong.map(\.limit) == [WebForm.maximumAreaLength])
        // A text area at its limit, every character of three UTF-8 bytes, percent-encoded, fits the body limit.
        let widest = String(repeating: "€", count: WebForm.maximumAreaLength).utf8.map { String(format: "%%%02X", $0) }
            .joined()
        #expect(try WebForm(body: Array("area.text=\(widest)&field.a=\(long.dropLast())".utf8)).tooLong.isEmpty)
    }
}
