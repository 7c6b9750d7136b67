import Testing
@testable import SceneHostNavigation
import TestSupport

/// Parsing link templates: literal words and `{name}` placeholders, and every way one is refused.
@Suite("Link templates")
struct LinkTemplateTests {
    @Test("literal words and placeholders, a leading slash dropped")
    func parses() throws {
        let template = try LinkTemplate.parse("/orders/{id}/lines.v2/{line_no}").get()
        #expect(template.text == "orders/{id}/lines.v2/{line_no}")
        #expect(
            template.segments == [
                .literal("orders"), .placeholder("id"), .literal("lines.v2"), .placeholder("line_no"),
            ])
        #expect(template.placeholders == ["id", "line_no"])
        #expect(template.shape == "orders/{}/lines.v2/{}")
    }

    @Test(
        "every malformed template is a problem, never a trap",
        arguments: [
            ("", LinkTemplate.Problem.empty),
            ("/", .empty),
            ("orders//{id}", .emptySegment(position: 2)),
            ("orders/", .emptySegment(position: 2)),
            ("Orders/{id}", .invalidLiteral("Orders")),
            ("orders/..", .invalidLiteral("..")),
            ("orders/.", .invalidLiteral(".")),
            ("ordérs", .invalidLiteral("ordérs")),
            ("orders/{}", .invalidPlaceholder("{}")),
            ("orders/{id", .invalidPlaceholder("{id")),
            ("orders/id}", .invalidPlaceholder("id}")),
            ("orders/{1d}", .invalidPlaceholder("{1d}")),
            ("orders/{id}/{id}", .duplicatePlaceholder("id")),
            (String(repeating: "a", count: 1025), .tooLong(limit: 1024)),
        ])
    func refused(template: String, problem: LinkTemplate.Problem) {
        #expect(throws: problem) { try LinkTemplate.parse(template).get() }
    }

    @Test("random text never traps the parser")
    func randomText() {
        var random = SplitMix(seed: 18)
        let alphabet = Array("ab{}/.%-_Z9 \u{0}\u{7F}é{id}//..")
        for _ in 0..<5000 {
            let text = String((0..<random.next(below: 40)).map { _ in alphabet[random.next(below: alphabet.count)] })
            switch LinkTemplate.parse(text) {
            case .success(let template): #expect(!template.segments.isEmpty)
            case .failure: break
            }
        }
    }
}
