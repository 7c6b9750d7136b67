/// Encodes any `Encodable` value into a `PayloadValue`.
///
/// Integers of every width become `.int` (a `UInt64` above `Int.max` is an error), floats
/// `.double`; `nil` optionals are left out of objects, as synthesized `Codable` does.
public struct PayloadEncoder {
    public init() {}

    public func encode<Value: Encodable>(_ value: Value) throws -> PayloadValue {
        let node = EncodingNode()
        try value.encode(to: PayloadEncoding(node: node, codingPath: []))
        return node.value
    }
}

/// One value being built; containers fill it in place.
final class EncodingNode {
    enum Content {
        case unset
        case value(PayloadValue)
        case object([String: EncodingNode])
        case array([EncodingNode])
    }

    var content = Content.unset

    var value: PayloadValue {
        switch content {
        case .unset: return .object([:])
        case .value(let value): return value
        case .object(let members): return .object(members.mapValues(\.value))
        case .array(let items): return .array(items.map(\.value))
        }
    }

    func child(forKey key: String) -> EncodingNode {
        let node = EncodingNode()
        if case .object(var members) = content {
            members[key] = node
            content = .object(members)
        } else {
            content = .object([key: node])
        }
        return node
    }

    func appendChild() -> EncodingNode {
        let node = EncodingNode()
        if case .array(var items) = content {
            items.append(node)
            content = .array(items)
        } else {
            content = .array([node])
        }
        return node
    }

    func startObject() { if case .object = content {} else { content = .object([:]) } }
    func startArray() { if case .array = content {} else { content = .array([]) } }
}

struct PayloadEncoding: Encoder {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.startObject()
        return KeyedEncodingContainer(KeyedPayloadEncoding<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.startArray()
        return UnkeyedPayloadEncoding(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValuePayloadEncoding(node: node, codingPath: codingPath)
    }
}

/// Encodes one primitive or nested value into a node.
enum PrimitiveEncoding {
    static func encode<T: Encodable>(_ value: T, into node: EncodingNode, codingPath: [any CodingKey]) throws {
        switch value {
        case let value as String: node.content = .value(.string(value))
        case let value as Bool: node.content = .value(.bool(value))
        case let value as Double: node.content = .value(.double(value))
        case let value as Float: node.content = .value(.double(Double(value)))
        case let value as any BinaryInteger:
            guard let int = Int(exactly: value) else {
                throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: codingPath, debugDescription: "\(value) does not fit an Int"))
            }
            node.content = .value(.int(int))
        default:
            try value.encode(to: PayloadEncoding(node: node, codingPath: codingPath))
        }
    }
}

struct KeyedPayloadEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { node.child(forKey: key.stringValue).content = .value(.null) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try PrimitiveEncoding.encode(value, into: node.child(forKey: key.stringValue), codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        PayloadEncoding(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        PayloadEncoding(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { PayloadEncoding(node: node.child(forKey: "super"), codingPath: codingPath) }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        PayloadEncoding(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key])
    }
}

struct UnkeyedPayloadEncoding: UnkeyedEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    var count: Int {
        if case .array(let items) = node.content { return items.count }
        return 0
    }

    mutating func encodeNil() throws { node.appendChild().content = .value(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try PrimitiveEncoding.encode(value, into: node.appendChild(), codingPath: codingPath)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        PayloadEncoding(node: node.appendChild(), codingPath: codingPath).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        PayloadEncoding(node: node.appendChild(), codingPath: codingPath).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { PayloadEncoding(node: node.appendChild(), codingPath: codingPath) }
}

struct SingleValuePayloadEncoding: SingleValueEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.content = .value(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try PrimitiveEncoding.encode(value, into: node, codingPath: codingPath)
    }
}
