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

    @Test("a body over the limit and a field over the limit are refused")
    func limits() {
        #expect(throws: WebError.bodyTooLarge(limit: WebForm.maximumBodySize)) {
            _ = try WebForm(body: Array(repeating: UInt8(ascii: "a"), count: WebForm.maximumBodySize + 1))
        }
        let long = String(repeating: "x", count: WebForm.maximumFieldLength + 1)
        #expect(
            throws: WebError.fieldTooLong(
                field: "field.note", length: WebForm.maximumFieldLength + 1, limit: WebForm.maximumFieldLength)
        ) {
            _ = try WebForm(body: Array("field.note=\(long)".utf8))
        }
    }
}
