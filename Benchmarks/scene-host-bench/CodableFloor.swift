/// The least a conversion through `Codable` can cost: a value of one one-field contract type
/// encoded by its own `encode(to:)` and decoded into another by its own `init(from:)`, through the
/// simplest coders that can carry it (one string, no keys kept, no checks, no errors named).
///
/// Not a path of the product: the floor under `PayloadConversion`, which must also check the value
/// against the destination's schema and name what does not fit. docs/performance.md compares it
/// with what the navigation goal leaves the host.
enum CodableFloor {
    struct Source: Codable { let message: String }
    struct Destination: Codable { let message: String }

    /// Where the encoder writes and the decoder reads; one per measurement, reused.
    final class Slot {
        var text = ""
    }

    struct Unsupported: Error {}

    /// `source` as a `Destination`, through both types' own `Codable` code.
    static func roundTrip(_ source: any Encodable, through slot: Slot) throws -> Destination {
        try source.encode(to: FloorEncoder(slot: slot))
        return try Destination(from: FloorDecoder(slot: slot))
    }
}

private struct FloorEncoder: Encoder {
    let slot: CodableFloor.Slot
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(Keyed<Key>(slot: slot))
    }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { Unkeyed() }
    func singleValueContainer() -> any SingleValueEncodingContainer { Single() }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let slot: CodableFloor.Slot
        var codingPath: [any CodingKey] { [] }
        mutating func encodeNil(forKey key: Key) throws { throw CodableFloor.Unsupported() }
        mutating func encode(_ value: String, forKey key: Key) throws { slot.text = value }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { throw CodableFloor.Unsupported() }
        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(Keyed<NestedKey>(slot: slot))
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { Unkeyed() }
        mutating func superEncoder() -> any Encoder { FloorEncoder(slot: slot) }
        mutating func superEncoder(forKey key: Key) -> any Encoder { FloorEncoder(slot: slot) }
    }

    /// Refuses everything: the floor's types have one keyed string only.
    struct Unkeyed: UnkeyedEncodingContainer {
        var codingPath: [any CodingKey] { [] }
        var count: Int { 0 }
        mutating func encodeNil() throws { throw CodableFloor.Unsupported() }
        mutating func encode<T: Encodable>(_ value: T) throws { throw CodableFloor.Unsupported() }
        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type
        ) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(Keyed<NestedKey>(slot: CodableFloor.Slot()))
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { Unkeyed() }
        mutating func superEncoder() -> any Encoder { FloorEncoder(slot: CodableFloor.Slot()) }
    }

    struct Single: SingleValueEncodingContainer {
        var codingPath: [any CodingKey] { [] }
        mutating func encodeNil() throws { throw CodableFloor.Unsupported() }
        mutating func encode<T: Encodable>(_ value: T) throws { throw CodableFloor.Unsupported() }
    }
}

private struct FloorDecoder: Decoder {
    let slot: CodableFloor.Slot
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Keyed<Key>(slot: slot))
    }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw CodableFloor.Unsupported() }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { throw CodableFloor.Unsupported() }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let slot: CodableFloor.Slot
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { [] }
        func contains(_ key: Key) -> Bool { true }
        func decodeNil(forKey key: Key) throws -> Bool { false }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { slot.text }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { throw CodableFloor.Unsupported() }
        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type, forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> {
            throw CodableFloor.Unsupported()
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            throw CodableFloor.Unsupported()
        }
        func superDecoder() throws -> any Decoder { throw CodableFloor.Unsupported() }
        func superDecoder(forKey key: Key) throws -> any Decoder { throw CodableFloor.Unsupported() }
    }
}
