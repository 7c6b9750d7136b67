@_spi(SceneHost) import SceneSDK
import Testing
@testable import SceneHostCScenes

/// A payload a C scene builds field by field, held against the contract of the route (or the
/// result) it is for: the first mismatch, in words the plugin's author can act on.
@Suite("CPayload")
@MainActor
struct CPayloadTests {
    static let contract = try! CRegistration.contract(
        typeName: "OrderInput", fields: "title: String, count: Int, price: Double, paid: Bool, note: String?")

    /// A payload of `type` with every field of the contract but `note` set, then `field` set to
    /// `value` (left out when `value` is nil).
    static func payload(type: String = "OrderInput", _ field: String? = nil, _ value: PayloadValue? = nil) -> CPayload {
        var fields: [String: PayloadValue] = [
            "title": .string("Tea"), "count": .int(2), "price": .double(2.5), "paid": .bool(false),
        ]
        if let field { fields[field] = value }
        let payload = CPayload(typeName: type)
        for (name, value) in fields { payload.set(name, value) }
        return payload
    }

    @Test("a payload that fits: every field of its type, an optional one left out or nil, an Int for a Double")
    func fits() {
        #expect(Self.payload().mismatch(with: Self.contract) == nil)
        #expect(Self.payload("note", .string("hot")).mismatch(with: Self.contract) == nil)
        #expect(Self.payload("note", .null).mismatch(with: Self.contract) == nil)
        #expect(Self.payload("price", .int(3)).mismatch(with: Self.contract) == nil)
    }

    @Test("the last value set for a field is the one passed")
    func lastWins() {
        let payload = Self.payload()
        payload.set("count", .int(7))
        guard case .object(let fields) = payload.value else {
            Issue.record("a payload's value is an object")
            return
        }
        #expect(fields["count"] == .int(7))
        #expect(fields.count == 4)
    }

    @Test(
        "a payload that does not fit: the first mismatch, exactly",
        arguments: [
            ("OrderInputs", nil, nil, "the payload is a OrderInputs, but the route passes a OrderInput"),
            ("OrderInput", "count", nil, "its field 'count' (Int) is not set"),
            ("OrderInput", "count", .string("2"), "its field 'count' is String, not Int"),
            ("OrderInput", "count", .double(2), "its field 'count' is Double, not Int"),
            ("OrderInput", "paid", .int(1), "its field 'paid' is Int, not Bool"),
            ("OrderInput", "title", .null, "its field 'title' is nil, not String"),
            ("OrderInput", "note", .int(1), "its field 'note' is Int, not String"),
            ("OrderInput", "extra", .bool(true), "'extra' is not a field of OrderInput"),
        ] as [(String, String?, PayloadValue?, String)])
    func mismatch(type: String, field: String?, value: PayloadValue?, reason: String) {
        #expect(Self.payload(type: type, field, value).mismatch(with: Self.contract) == reason)
    }

    @Test("a field that is not set at all is named, with its type")
    func notSet() {
        let payload = CPayload(typeName: "OrderInput")
        payload.set("title", .string("Tea"))
        #expect(payload.mismatch(with: Self.contract) == "its field 'count' (Int) is not set")
    }
}
