import Testing
@_spi(SceneHost) import SceneSDK
import TestSupport

/// `PayloadConversion`: a value of one contract type converted into another without the payload
/// tree must give exactly what the tree path gives (encode, check, decode), and must answer nil
/// (take the tree path) whenever the tree path would fail or the flat form cannot follow.
@Suite("Payload conversion across contract types")
struct PayloadConversionTests {
    // The source plugin's types and the destination plugin's types: same shape, different types.
    struct SourceItem: Codable { var name: String; var quantity: Int; var weight: Double? }
    struct SourceOrder: Codable {
        var id: Int
        var customer: String
        var total: Int
        var note: String?
        var items: [SourceItem]
        var tags: [String]
        var code: UInt8
    }
    struct Item: Codable, Equatable { var name: String; var quantity: Int; var weight: Double? }
    struct Order: Codable, Equatable {
        var id: Int
        var customer: String
        var total: Double
        var note: String?
        var items: [Item]
        var tags: [String]
        var code: Int16
    }

    /// What the tree path gives: nil when it throws.
    private func viaTree<Value: Decodable>(_ source: some Encodable, to type: Value.Type) -> Value? {
        guard let payload = try? ScenePayload(source), PayloadSchema.of(type).mismatches(for: payload.value).isEmpty
        else { return nil }
        return try? PayloadDecoder().decode(type, from: payload.value)
    }

    private func convert<Value: Decodable>(_ source: some Encodable, to type: Value.Type) -> Value? {
        PayloadConversion.convert(source, to: type, schema: PayloadSchema.of(type))
    }

    @Test(
        "nested objects, arrays, optionals present and absent, an Int for a Double, integer widths: the tree path's value"
    )
    func convertsLikeTheTree() throws {
        let source = SourceOrder(
            id: 7, customer: "Ada", total: 12, note: nil,
            items: [
                SourceItem(name: "Tea", quantity: 2, weight: 0.5), SourceItem(name: "Cake", quantity: 1, weight: nil),
            ],
            tags: ["a", "b", "c"], code: 200)
        let converted = try #require(convert(source, to: Order.self))
        #expect(converted == viaTree(source, to: Order.self))
        #expect(
            converted.total == 12 && converted.items[1].weight == nil && converted.tags == ["a", "b", "c"]
                && converted.code == 200)
    }

    @Test("randomized values of the same shape convert to exactly what the tree path decodes")
    func randomizedAgreesWithTheTree() throws {
        var random = SplitMix(seed: 21)
        for _ in 0..<300 {
            let items = (0..<Int.random(in: 0...4, using: &random)).map { index in
                SourceItem(
                    name: String(repeating: "x", count: index), quantity: Int.random(in: -1000...1000, using: &random),
                    weight: Bool.random(using: &random) ? Double.random(in: -5...5, using: &random) : nil)
            }
            let source = SourceOrder(
                id: Int.random(in: Int.min...Int.max, using: &random),
                customer: "c\(Int.random(in: 0...9, using: &random))",
                total: Int.random(in: -99...99, using: &random), note: Bool.random(using: &random) ? "n" : nil,
                items: items,
                tags: (0..<Int.random(in: 0...3, using: &random)).map { _ in Bool.random(using: &random) ? "t" : "" },
                code: UInt8.random(in: 0...255, using: &random))
            let converted = try #require(convert(source, to: Order.self))
            #expect(converted == viaTree(source, to: Order.self))
        }
    }

    @Test("a value the tree path refuses is refused: wrong type, missing field, unknown field, out of range")
    func refusesWhatTheTreeRefuses() {
        struct WrongType: Codable { var name: Int; var quantity: Int }
        struct Missing: Codable { var name: String }
        struct Unknown: Codable { var name: String; var quantity: Int; var colour: String }
        struct Narrow: Codable { var value: Int8 }
        struct Wide: Codable { var value: Int }
        for value in [
            convert(WrongType(name: 1, quantity: 2), to: Item.self), convert(Missing(name: "a"), to: Item.self),
            convert(Unknown(name: "a", quantity: 1, colour: "red"), to: Item.self),
        ] {
            #expect(value == nil)
        }
        #expect(convert(Wide(value: 300), to: Narrow.self) == nil)
        #expect(viaTree(Wide(value: 300), to: Narrow.self) == nil)
        #expect(convert(Wide(value: 100), to: Narrow.self)?.value == 100)
        struct Big: Encodable { var value: UInt64 }
        #expect(convert(Big(value: .max), to: Wide.self) == nil)
    }

    @Test(
        "encodings the flat form does not follow take the tree path: a key twice, interleaved containers, a super encoder, a throwing encode"
    )
    func unusualEncodingsTakeTheTree() {
        struct Twice: Encodable {
            enum Keys: String, CodingKey { case name, quantity }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode("a", forKey: .name)
                try container.encode(1, forKey: .quantity)
                try container.encode("b", forKey: .name)
            }
        }
        struct Interleaved: Encodable {
            enum Keys: String, CodingKey { case inner, quantity, name }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                var inner = container.nestedContainer(keyedBy: Keys.self, forKey: .inner)
                try container.encode(1, forKey: .quantity)
                try inner.encode("late", forKey: .name)
            }
        }
        struct Super: Encodable {
            enum Keys: String, CodingKey { case name }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                try "x".encode(to: container.superEncoder())
            }
        }
        struct Throws: Encodable {
            func encode(to encoder: any Encoder) throws {
                throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "no"))
            }
        }
        #expect(convert(Twice(), to: Item.self) == nil)
        struct Holder: Decodable { struct Inner: Decodable { var name: String? }; var inner: Inner; var quantity: Int }
        #expect(convert(Interleaved(), to: Holder.self) == nil)
        #expect(viaTree(Interleaved(), to: Holder.self)?.inner.name == "late")
        struct Optional1: Decodable { var name: String? }
        #expect(convert(Super(), to: Optional1.self) == nil)
        #expect(convert(Throws(), to: Optional1.self) == nil)
    }

    @Test("a top-level primitive, an empty value and a type with its own init(from:) convert like the tree")
    func primitivesAndCustomDecoding() throws {
        #expect(convert("hello", to: String.self) == "hello")
        #expect(convert(3, to: Double.self) == 3)
        struct Nothing: Encodable { func encode(to encoder: any Encoder) throws {} }
        struct AllOptional: Decodable, Equatable { var a: Int?; var b: String? }
        #expect(convert(Nothing(), to: AllOptional.self) == AllOptional(a: nil, b: nil))
        #expect(viaTree(Nothing(), to: AllOptional.self) == AllOptional(a: nil, b: nil))
        // A destination validating in its own init(from:) (an opaque schema): decoding decides.
        struct Positive: Decodable, Equatable {
            var value: Int
            init(from decoder: any Decoder) throws {
                value = try decoder.singleValueContainer().decode(Int.self)
                guard value > 0 else {
                    throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not positive"))
                }
            }
        }
        #expect(convert(5, to: Positive.self) == viaTree(5, to: Positive.self))
        #expect(convert(5, to: Positive.self)?.value == 5)
        #expect(convert(-5, to: Positive.self) == nil)
    }

    @Test(
        "what the schema refuses, the conversion refuses too: a nil element the schema reads as not optional, a dictionary's members"
    )
    func refusesWithTheSchema() throws {
        struct Tags: Codable { var tags: [String?] }
        #expect(convert(Tags(tags: ["a", nil]), to: Tags.self) == nil)
        #expect(viaTree(Tags(tags: ["a", nil]), to: Tags.self) == nil)
        #expect(convert(Tags(tags: ["a"]), to: Tags.self)?.tags == ["a"])
        let dictionary = ["k1": 1, "k2": 2]
        #expect(convert(dictionary, to: [String: Int].self) == nil)
        #expect(viaTree(dictionary, to: [String: Int].self) == nil)
    }

    @Test(
        "under an opaque schema (decoding decides) a small dictionary converts like the tree; a large one takes the tree path"
    )
    func opaqueDictionaries() throws {
        let small = Dictionary(uniqueKeysWithValues: (0..<20).map { ("k\($0)", $0) })
        let converted = try #require(
            PayloadConversion.convert(small, to: [String: Int].self, schema: .opaque(type: "Dictionary")))
        #expect(converted == (try PayloadDecoder().decode([String: Int].self, from: ScenePayload(small).value)))
        #expect(converted.count == 20)
        // 40 members: each found by comparing names would be quadratic; the tree's dictionary is not.
        let large = Dictionary(uniqueKeysWithValues: (0..<40).map { ("k\($0)", $0) })
        #expect(PayloadConversion.convert(large, to: [String: Int].self, schema: .opaque(type: "Dictionary")) == nil)
        struct Holder: Codable { var values: [String: Int] }
        #expect(
            PayloadConversion.convert(Holder(values: large), to: Holder.self, schema: .opaque(type: "Holder")) == nil)
    }

    /// A source whose own `encode(to:)` converts another value on the main actor first: the
    /// conversion that runs inside it must not write into the payload the outer one is using.
    struct ConvertsWhileEncoding: Encodable {
        var name: String
        var quantity: Int
        enum Keys: String, CodingKey { case name, quantity, weight }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(name, forKey: .name)
            let inner = MainActor.assumeIsolated {
                PayloadConversion.convertOnMainActor(
                    SourceItem(name: "inner", quantity: 7, weight: nil), to: Item.self,
                    schema: PayloadSchema.of(Item.self))
            }
            try container.encode(quantity + (inner?.quantity ?? 1000), forKey: .quantity)
        }
    }

    @Test(
        "on the main actor the kept payload gives the same values: after refusals, after an unusual encoding, and with a conversion inside encode(to:)"
    )
    @MainActor
    func mainActorPayloadIsReused() throws {
        let schema = PayloadSchema.of(Item.self)
        let order = SourceOrder(
            id: 1, customer: "Ada", total: 12, note: nil,
            items: [SourceItem(name: "tea", quantity: 2, weight: 0.5)], tags: ["a", "b"], code: 3)
        for round in 0..<3 {
            // A refusal (a missing field) and a flat form given up on leave nothing behind.
            struct Missing: Encodable { var name = "x" }
            #expect(PayloadConversion.convertOnMainActor(Missing(), to: Item.self, schema: schema) == nil)
            struct Twice: Encodable {
                enum Keys: String, CodingKey { case name }
                func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: Keys.self)
                    try container.encode("a", forKey: .name)
                    try container.encode("b", forKey: .name)
                }
            }
            #expect(PayloadConversion.convertOnMainActor(Twice(), to: Item.self, schema: schema) == nil)
            let item = SourceItem(name: "item \(round)", quantity: round, weight: round == 1 ? nil : Double(round))
            #expect(
                PayloadConversion.convertOnMainActor(item, to: Item.self, schema: schema)
                    == viaTree(item, to: Item.self))
            let converted = PayloadConversion.convertOnMainActor(
                order, to: Order.self, schema: PayloadSchema.of(Order.self))
            #expect(converted != nil)
            #expect(converted == viaTree(order, to: Order.self))
        }
        let nested = try #require(
            PayloadConversion.convertOnMainActor(
                ConvertsWhileEncoding(name: "outer", quantity: 1), to: Item.self, schema: schema))
        #expect(nested == Item(name: "outer", quantity: 8, weight: nil))
    }
}
