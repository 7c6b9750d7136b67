/// Reads the shape of a `Decodable` type by decoding it once from a recording decoder that
/// answers every request with a placeholder and notes what was asked for.
///
/// Works for synthesized `Codable` structs of strings, numbers, booleans, optionals, arrays and
/// nested structs. A type whose `init(from:)` rejects placeholders (an enum with raw values, a
/// custom validation) gets `.opaque`: it is then checked only by decoding.
extension PayloadSchema {
    /// The schema of `type`.
    public static func of<Value: Decodable>(_ type: Value.Type) -> PayloadSchema {
        let node = SchemaNode()
        do {
            _ = try SchemaRecording.decode(type, into: node)
            return node.schema(typeName: _typeName(type, qualified: false))
        } catch {
            return .opaque(type: _typeName(type, qualified: false))
        }
    }
}

/// What has been learnt about one value so far.
final class SchemaNode {
    enum Shape {
        case unknown
        case primitive(PayloadSchema)
        case object([(name: String, node: SchemaNode, optional: Bool)])
        case array(SchemaNode)
    }

    var shape = Shape.unknown
    var typeName = ""
    /// Keys whose `decodeNil` was asked: synthesized `decodeIfPresent` asks it first, so they are optional.
    var optionalKeys: Set<String> = []

    func schema(typeName fallback: String) -> PayloadSchema {
        let name = typeName.isEmpty ? fallback : typeName
        switch shape {
        case .unknown: return .opaque(type: name)
        case .primitive(let schema): return schema
        case .array(let element): return .array(element.schema(typeName: "Element"))
        case .object(let fields):
            return .object(type: name, fields: fields.map { field in
                let schema = field.node.schema(typeName: field.name)
                return PayloadSchema.Field(name: field.name, schema: field.optional ? .optional(schema) : schema)
            })
        }
    }

    func field(_ name: String, optional: Bool) -> SchemaNode {
        let node = SchemaNode()
        if case .object(var fields) = shape {
            fields.append((name, node, optional))
            shape = .object(fields)
        } else {
            shape = .object([(name, node, optional)])
        }
        return node
    }
}

enum SchemaRecording {
    /// Decodes a placeholder `T`, recording its shape into `node`.
    ///
    /// Types are named with `_typeName` and integers found by identity, not by `String(describing:)`
    /// or a cast to `any FixedWidthInteger.Type`: those ask the runtime whether the type conforms to
    /// a protocol, and each such question about a type not seen before scans the conformance records
    /// of every loaded library (slow in a probe scanner with dozens of plugins loaded).
    static func decode<T: Decodable>(_ type: T.Type, into node: SchemaNode) throws -> T {
        node.typeName = _typeName(type, qualified: false)
        switch type {
        case is String.Type: node.shape = .primitive(.string); return try cast("")
        case is Bool.Type: node.shape = .primitive(.bool); return try cast(false)
        case is Double.Type: node.shape = .primitive(.double); return try cast(0.0)
        case is Float.Type: node.shape = .primitive(.double); return try cast(Float(0))
        default:
            if let zero = integerZeros[ObjectIdentifier(type)] { node.shape = .primitive(.int); return try cast(zero) }
            return try T(from: SchemaRecordingDecoder(node: node))
        }
    }

    /// Zero of each standard integer type, by type.
    private static let integerZeros: [ObjectIdentifier: any Sendable] = [
        ObjectIdentifier(Int.self): Int(0), ObjectIdentifier(Int8.self): Int8(0), ObjectIdentifier(Int16.self): Int16(0),
        ObjectIdentifier(Int32.self): Int32(0), ObjectIdentifier(Int64.self): Int64(0), ObjectIdentifier(UInt.self): UInt(0),
        ObjectIdentifier(UInt8.self): UInt8(0), ObjectIdentifier(UInt16.self): UInt16(0), ObjectIdentifier(UInt32.self): UInt32(0),
        ObjectIdentifier(UInt64.self): UInt64(0),
    ]

    private static func cast<T>(_ value: Any) throws -> T {
        guard let typed = value as? T else { throw SchemaUnreadable() }
        return typed
    }
}

struct SchemaUnreadable: Error {}

struct SchemaRecordingDecoder: Decoder {
    let node: SchemaNode
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if case .unknown = node.shape { node.shape = .object([]) }
        return KeyedDecodingContainer(KeyedSchemaRecorder<Key>(node: node))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let element = SchemaNode()
        node.shape = .array(element)
        return UnkeyedSchemaRecorder(element: element)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueSchemaRecorder(node: node)
    }
}

struct KeyedSchemaRecorder<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let node: SchemaNode
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }

    func decodeNil(forKey key: Key) throws -> Bool {
        node.optionalKeys.insert(key.stringValue)
        return false
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try SchemaRecording.decode(type, into: node.field(key.stringValue, optional: node.optionalKeys.contains(key.stringValue)))
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try SchemaRecording.decode(type, into: node.field(key.stringValue, optional: true))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try SchemaRecordingDecoder(node: node.field(key.stringValue, optional: false)).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try SchemaRecordingDecoder(node: node.field(key.stringValue, optional: false)).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { throw SchemaUnreadable() }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw SchemaUnreadable() }
}

struct UnkeyedSchemaRecorder: UnkeyedDecodingContainer {
    let element: SchemaNode
    var codingPath: [any CodingKey] { [] }
    var count: Int? { nil }
    var currentIndex = 0
    /// One element is enough to learn the element type.
    var isAtEnd: Bool { currentIndex > 0 }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        currentIndex += 1
        return try SchemaRecording.decode(type, into: element)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        currentIndex += 1
        return try SchemaRecordingDecoder(node: element).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        currentIndex += 1
        return try SchemaRecordingDecoder(node: element).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { throw SchemaUnreadable() }
}

struct SingleValueSchemaRecorder: SingleValueDecodingContainer {
    let node: SchemaNode
    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool { false }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try SchemaRecording.decode(type, into: node)
    }
}
