/// Encodes any `Encodable` value into a `PayloadValue`.
///
/// Integers of every width become `.int` (a `UInt64` above `Int.max` is an error), floats
/// `.double`; `nil` optionals are left out of objects, as synthesized `Codable` does.
@_spi(SceneHost)
public struct PayloadEncoder {
    public init() {}

    public func encode<Value: Encodable>(_ value: Value) throws -> PayloadValue {
        let node = EncodingNode()
        try value.encode(to: PayloadEncoding(node: node, codingPath: []))
        return node.value
    }
}

/// One value being built; containers fill it in place. Members and items live in their own
/// stored properties so adding one mutates them in place (no copy of the collection).
final class EncodingNode {
    enum Kind { case unset, value, object, array }

    var kind = Kind.unset
    var primitive = PayloadValue.null
    var members: [String: EncodingNode] = [:]
    var items: [EncodingNode] = []

    var value: PayloadValue {
        switch kind {
        case .unset: return .object([:])
        case .value: return primitive
        case .object: return .object(members.mapValues(\.value))
        case .array: return .array(items.map(\.value))
        }
    }

    func set(_ value: PayloadValue) {
        kind = .value
        primitive = value
    }

    func child(forKey key: String) -> EncodingNode {
        startObject()
        let node = EncodingNode()
        members[key] = node
        return node
    }

    func appendChild() -> EncodingNode {
        startArray()
        let node = EncodingNode()
        items.append(node)
        return node
    }

    func startObject() {
        if kind != .object { kind = .object; members = [:] }
    }

    func startArray() {
        if kind != .array { kind = .array; items = [] }
    }
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
        case let value as String: node.set(.string(value))
        case let value as Bool: node.set(.bool(value))
        case let value as Double: node.set(.double(value))
        case let value as Float: node.set(.double(Double(value)))
        case let value as any BinaryInteger:
            guard let int = Int(exactly: value) else {
                throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: codingPath, debugDescription: "\(value) does not fit an Int"))
            }
            node.set(.int(int))
        default:
            try value.encode(to: PayloadEncoding(node: node, codingPath: codingPath))
        }
    }
}

struct KeyedPayloadEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { node.child(forKey: key.stringValue).set(.null) }

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
    var count: Int { node.items.count }

    mutating func encodeNil() throws { node.appendChild().set(.null) }

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

    mutating func encodeNil() throws { node.set(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try PrimitiveEncoding.encode(value, into: node, codingPath: codingPath)
    }
}
