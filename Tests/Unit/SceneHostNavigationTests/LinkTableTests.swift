import Testing
import SceneSDK
@testable import SceneHostCore
@testable import SceneHostNavigation
import TestSupport

/// Matching a path against the declared links and converting its parameters.
@Suite("Link table")
struct LinkTableTests {
    static let table: LinkTable = {
        func entry(_ text: String, _ scene: String, _ parameters: [String: LinkParameterType]) -> LinkTable.Entry {
            // The templates are valid: a failed parse would be a broken test, shown as an empty one.
            let template = (try? LinkTemplate.parse(text).get()) ?? LinkTemplate(text: "", segments: [])
            return LinkTable.Entry(
                template: template, scene: scene, parameters: parameters,
                steps: [LinkOpening.Step(scene: "Home", style: .replace), LinkOpening.Step(scene: scene, style: .push)])
        }
        return LinkTable([
            entry("orders/{id}", "ShowOrder", ["id": .int]),
            entry("orders/new", "NewOrder", [:]),
            entry("search/{query}/{exact}/{limit}", "Search", ["query": .string, "exact": .bool, "limit": .double]),
        ])
    }()

    @Test("a path opens its scene with its parameters converted; a leading slash is allowed")
    func resolves() throws {
        let opening = try Self.table.resolve("/orders/2")
        #expect(opening.scene == "ShowOrder")
        #expect(opening.template == "orders/{id}")
        #expect(opening.parameters == .object(["id": .int(2)]))
        #expect(opening.steps.map(\.scene) == ["Home", "ShowOrder"])
        #expect(try Self.table.resolve("orders/-7").parameters == .object(["id": .int(-7)]))
        #expect(
            try Self.table.resolve("search/tea%20cake/false/2.5").parameters
                == .object(["query": .string("tea cake"), "exact": .bool(false), "limit": .double(2.5)]))
        #expect(try Self.table.resolve("orders/%32").parameters == .object(["id": .int(2)]))
    }

    @Test("more literal words win: orders/new is not an order id")
    func specific() throws {
        #expect(try Self.table.resolve("orders/new").scene == "NewOrder")
    }

    @Test(
        "a parameter of the wrong type names the link, the parameter and the type",
        arguments: [
            ("orders/abc", "id", LinkParameterType.int, "abc"),
            ("orders/99999999999999999999", "id", .int, "99999999999999999999"),
            ("orders/+2", "id", .int, "+2"),
            ("orders/2.0", "id", .int, "2.0"),
            ("orders/-", "id", .int, "-"),
            ("search/a/yes/1", "exact", .bool, "yes"),
            ("search/a/true/nan", "limit", .double, "nan"),
            ("search/a/true/1e999", "limit", .double, "1e999"),
        ])
    func wrongType(path: String, parameter: String, type: LinkParameterType, given: String) {
        let template =
            path.hasPrefix("orders") ? "orders/{id: Int}" : "search/{query: String}/{exact: Bool}/{limit: Double}"
        #expect(
            throws: LinkError.parameterInvalid(
                link: path, template: template, parameter: parameter, expected: type, given: given)
        ) {
            try Self.table.resolve(path)
        }
    }

    @Test(
        "malformed paths are refused by name",
        arguments: [
            ("", LinkError.empty),
            ("/", .empty),
            ("orders//2", .malformed(link: "orders//2", .emptySegment(position: 2))),
            ("orders/2/", .malformed(link: "orders/2/", .emptySegment(position: 3))),
            ("orders/..", .malformed(link: "orders/..", .dotSegment(".."))),
            ("../orders/2", .malformed(link: "../orders/2", .dotSegment(".."))),
            ("orders/%2e%2E", .malformed(link: "orders/%2e%2E", .dotSegment("%2e%2E"))),
            ("orders/%zz", .malformed(link: "orders/%zz", .badEscape("%zz"))),
            ("orders/2%", .malformed(link: "orders/2%", .badEscape("%"))),
            ("orders/%FF", .malformed(link: "orders/%FF", .notUTF8)),
            ("orders/%0A", .malformed(link: "orders/%0A", .controlCharacter)),
            (String(repeating: "x", count: 1025), .tooLong(bytes: 1025, limit: 1024)),
        ])
    func malformed(path: String, error: LinkError) {
        #expect(throws: error) { try Self.table.resolve(path) }
    }

    @Test("an unknown path lists the links, with the closest one")
    func unknown() {
        let declared = ["orders/new", "orders/{id: Int}", "search/{query: String}/{exact: Bool}/{limit: Double}"]
        #expect(throws: LinkError.unknownLink(link: "order/2", declared: declared, suggestion: "orders/{id: Int}")) {
            try Self.table.resolve("order/2")
        }
        #expect(throws: LinkError.unknownLink(link: "basket", declared: declared, suggestion: nil)) {
            try Self.table.resolve("basket")
        }
        #expect(throws: LinkError.unknownLink(link: "orders/2", declared: [], suggestion: nil)) {
            try LinkTable().resolve("orders/2")
        }
    }

    @Test("random paths never trap: each opens or is a LinkError")
    func randomPaths() {
        var random = SplitMix(seed: 2)
        let alphabet = Array("orders/new/search/%2e%zz%F0%9F%98%80-+.0123456789truefalse/ \u{0}é")
        for _ in 0..<20000 {
            let text = String((0..<random.next(below: 48)).map { _ in alphabet[random.next(below: alphabet.count)] })
            do {
                let opening = try Self.table.resolve(text)
                #expect(!opening.steps.isEmpty)
            } catch {
                #expect(!ErrorMessage.render(error).isEmpty)
            }
        }
        var bytes = SplitMix(seed: 3)
        for _ in 0..<2000 {
            let text = String(
                decoding: (0..<bytes.next(below: 64)).map { _ in UInt8(truncatingIfNeeded: bytes.next()) },
                as: UTF8.self)
            _ = try? Self.table.resolve(text)
        }
    }

    @Test(
        "each parameter type converts only its own text",
        arguments: [
            (LinkParameterType.int, "42", PayloadValue?.some(.int(42))), (.int, "-0", .int(0)),
            (.int, "9223372036854775808", nil), (.int, " 1", nil),
            (.bool, "true", .bool(true)), (.bool, "TRUE", nil), (.double, "-2.5e3", .double(-2500)),
            (.double, "inf", nil), (.double, "0x1p3", nil),
            (.string, "any thing", .string("any thing")),
        ])
    func conversion(type: LinkParameterType, text: String, value: PayloadValue?) {
        #expect(type.convert(text) == value)
    }
}
