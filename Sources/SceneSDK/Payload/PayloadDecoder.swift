/// Decodes a `Decodable` value from a `PayloadValue`.
///
/// Type errors are `DecodingError`s with the coding path, so they read as field paths. An
/// `Int` decodes as a `Double`; integer widths are range-checked.
@_spi(SceneHost) @_spi(SceneTesting)
public struct PayloadDecoder {
    public init() {}

    public func decode<Value: Decodable>(_ type: Value.Type, from value: PayloadValue) throws -> Value {
        try PrimitiveDecoding.decode(type, from: value, codingPath: [])
    }
}

struct PayloadDecoding: Decoder {
    let value: PayloadValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw PrimitiveDecoding.mismatch([String: Int].self, value, codingPath) }
        return KeyedDecodingContainer(KeyedPayloadDecoding<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw PrimitiveDecoding.mismatch([Int].self, value, codingPath) }
        return UnkeyedPayloadDecoding(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValuePayloadDecoding(value: value, codingPath: codingPath)
    }
}

/// Decodes primitives directly and everything else through a nested decoder.
enum PrimitiveDecoding {
    static func decode<T: Decodable>(_ type: T.Type, from value: PayloadValue, codingPath: [any CodingKey]) throws -> T {
        switch (type, value) {
        case (is String.Type, .string(let string)): return try cast(string)
        case (is Bool.Type, .bool(let bool)): return try cast(bool)
        case (is Double.Type, .double(let double)): return try cast(double)
        case (is Double.Type, .int(let int)): return try cast(Double(int))
        case (is Float.Type, .double(let double)): return try cast(Float(double))
        case (is Float.Type, .int(let int)): return try cast(Float(int))
        case (let integer as any FixedWidthInteger.Type, .int(let int)):
            guard let converted = integer.init(exactly: int) else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "\(int) does not fit \(type)"))
            }
            return try cast(converted)
        case (is String.Type, _), (is Bool.Type, _), (is Double.Type, _), (is Float.Type, _), (is any FixedWidthInteger.Type, _):
            throw mismatch(type, value, codingPath)
        default:
            return try T(from: PayloadDecoding(value: value, codingPath: codingPath))
        }
    }

    private static func cast<T>(_ value: Any) throws -> T {
        guard let typed = value as? T else {
            throw DecodingError.typeMismatch(T.self, .init(codingPath: [], debugDescription: "internal: \(value) is not \(T.self)"))
        }
        return typed
    }

    static func mismatch(_ type: Any.Type, _ value: PayloadValue, _ codingPath: [any CodingKey]) -> DecodingError {
        if value == .null {
            return .valueNotFound(type, .init(codingPath: codingPath, debugDescription: "given nil"))
        }
        return .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "given \(value.kindName)"))
    }
}

struct KeyedPayloadDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: PayloadValue]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func member(_ key: Key) throws -> PayloadValue {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "missing"))
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key) == .null }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try PrimitiveDecoding.decode(type, from: member(key), codingPath: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try PayloadDecoding(value: member(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try PayloadDecoding(value: member(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        PayloadDecoding(value: members["super"] ?? .null, codingPath: codingPath)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        PayloadDecoding(value: members[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
}

struct UnkeyedPayloadDecoding: UnkeyedDecodingContainer {
    let items: [PayloadValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private var indexKey: any CodingKey { PayloadCodingKey(index: currentIndex) }

    private mutating func next() throws -> PayloadValue {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(Any.self, .init(codingPath: codingPath + [indexKey], debugDescription: "the array has no more elements"))
        }
        defer { currentIndex += 1 }
        return items[currentIndex]
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let path = codingPath + [indexKey]
        return try PrimitiveDecoding.decode(type, from: next(), codingPath: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let path = codingPath + [indexKey]
        return try PayloadDecoding(value: next(), codingPath: path).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let path = codingPath + [indexKey]
        return try PayloadDecoding(value: next(), codingPath: path).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let path = codingPath + [indexKey]
        return PayloadDecoding(value: try next(), codingPath: path)
    }
}

struct SingleValuePayloadDecoding: SingleValueDecodingContainer {
    let value: PayloadValue
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { value == .null }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try PrimitiveDecoding.decode(type, from: value, codingPath: codingPath)
    }
}

/// A coding key for array positions and free-form names.
struct PayloadCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = "\(intValue)"
        self.intValue = intValue
    }

    init(index: Int) { self.init(intValue: index) }
}
