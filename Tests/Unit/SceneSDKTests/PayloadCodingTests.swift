import Testing
@_spi(SceneHost) import SceneSDK

/// The SDK's payload coders and schemas (SceneSDK/Payload): what crosses plugin boundaries.
@Suite("Payload coding and schemas")
struct PayloadCodingTests {
    struct Item: Codable, Equatable { var name: String; var quantity: Int }
    struct Order: Codable, Equatable {
        var id: Int
        var customer: String
        var total: Double
        var paid: Bool
        var note: String?
        var items: [Item]
        var tags: [String]
    }

    static let order = Order(
        id: 7, customer: "Ada", total: 12.5, paid: true, note: nil,
        items: [Item(name: "Tea", quantity: 2)], tags: ["a", "b"])

    @Test("encoding gives a value tree; nil optionals are left out")
    func encodes() throws {
        let value = try PayloadEncoder().encode(Self.order)
        #expect(
            value
                == .object([
                    "id": .int(7), "customer": .string("Ada"), "total": .double(12.5), "paid": .bool(true),
                    "items": .array([.object(["name": .string("Tea"), "quantity": .int(2)])]),
                    "tags": .array([.string("a"), .string("b")]),
                ]))
    }

    @Test("decoding gives the value back, with every integer width and Int for Double")
    func roundTrips() throws {
        let value = try PayloadEncoder().encode(Self.order)
        #expect(try PayloadDecoder().decode(Order.self, from: value) == Self.order)
        struct Widths: Codable, Equatable { var a: UInt8; var b: Int64; var c: Float; var d: Double }
        let widths = try PayloadDecoder().decode(
            Widths.self, from: .object(["a": .int(255), "b": .int(-3), "c": .double(1.5), "d": .int(2)]))
        #expect(widths == Widths(a: 255, b: -3, c: 1.5, d: 2))
        #expect(throws: DecodingError.self) { try PayloadDecoder().decode(UInt8.self, from: .int(256)) }
    }

    @Test("the schema of a Decodable type lists fields and types in declaration order")
    func schema() {
        #expect(
            PayloadSchema.of(Order.self)
                == .object(
                    type: "Order",
                    fields: [
                        .init(name: "id", schema: .int), .init(name: "customer", schema: .string),
                        .init(name: "total", schema: .double), .init(name: "paid", schema: .bool),
                        .init(name: "note", schema: .optional(.string)),
                        .init(
                            name: "items",
                            schema: .array(
                                .object(
                                    type: "Item",
                                    fields: [
                                        .init(name: "name", schema: .string), .init(name: "quantity", schema: .int),
                                    ]))),
                        .init(name: "tags", schema: .array(.string)),
                    ]))
        #expect(
            PayloadSchema.of(Order.self).fieldSummary
                == "{ id: Int, customer: String, total: Double, paid: Bool, note: String?, items: [Item], tags: [String] }"
        )
    }

    @Test("a type whose init(from:) rejects placeholders is opaque")
    func opaqueSchema() {
        enum Status: String, Codable { case open, closed }
        struct Ticket: Codable { var status: Status }
        #expect(PayloadSchema.of(Ticket.self) == .opaque(type: "Ticket"))
    }

    @Test("a fitting value has no mismatches; an Int fits a Double; nil fits an optional")
    func fits() throws {
        let schema = PayloadSchema.of(Order.self)
        #expect(schema.mismatches(for: try PayloadEncoder().encode(Self.order)).isEmpty)
        #expect(PayloadSchema.double.mismatches(for: .int(1)).isEmpty)
        #expect(PayloadSchema.optional(.int).mismatches(for: .null).isEmpty)
    }

    @Test("mismatches name the field path, the expected and the given type")
    func mismatches() {
        let schema = PayloadSchema.of(Order.self)
        let value = PayloadValue.object([
            "id": .string("7"), "total": .int(3), "paid": .null, "note": .int(1),
            "items": .array([.object(["name": .string("Tea"), "quantity": .double(1.5)])]),
            "tags": .string("a"), "extra": .bool(true),
        ])
        #expect(
            schema.mismatches(for: value) == [
                FieldMismatch(field: "id", expected: "Int", given: "String"),
                FieldMismatch(field: "customer", expected: "String", given: nil),
                FieldMismatch(field: "paid", expected: "Bool", given: "nil"),
                FieldMismatch(field: "note", expected: "String", given: "Int"),
                FieldMismatch(field: "items[0].quantity", expected: "Int", given: "Double"),
                FieldMismatch(field: "tags", expected: "[String]", given: "String"),
                FieldMismatch(field: "extra", expected: nil, given: "Bool"),
            ])
    }

    @Test("type-level mismatches, as check finds them before anything runs")
    func typeMismatches() {
        struct Wanted: Codable { var id: Int; var name: String; var note: String? }
        struct Given: Codable { var id: String; var note: String?; var color: String }
        #expect(
            PayloadSchema.of(Wanted.self).mismatches(forType: .of(Given.self)) == [
                FieldMismatch(field: "id", expected: "Int", given: "String"),
                FieldMismatch(field: "name", expected: "String", given: nil),
                FieldMismatch(field: "color", expected: nil, given: "String"),
            ])
        struct MaybeID: Codable { var id: Int?; var name: String }
        #expect(
            PayloadSchema.of(Wanted.self).mismatches(forType: .of(MaybeID.self))
                == [FieldMismatch(field: "id", expected: "Int", given: "Int?")])
        #expect(
            PayloadSchema.of(MaybeID.self).mismatches(forType: .of(Wanted.self)) == [
                FieldMismatch(field: "note", expected: nil, given: "String?")
            ])
    }
}
