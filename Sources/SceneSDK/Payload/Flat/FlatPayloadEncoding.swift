/// The coding path of a nested flat encoder or decoder, kept as a chain and read into an array
/// only when asked: most values never ask, and an array per field is an allocation per field.
final class FlatCodingPath {
    let parent: FlatCodingPath?
    let key: any CodingKey

    init(parent: FlatCodingPath?, key: any CodingKey) {
        self.parent = parent
        self.key = key
    }

    static func keys(_ path: FlatCodingPath?) -> [any CodingKey] {
        var keys: [any CodingKey] = []
        var node = path
        while let current = node {
            keys.append(current.key)
            node = current.parent
        }
        return keys.reversed()
    }
}

/// Encodes one value into a `FlatPayload`: the value's tokens start at `start`; the encoder was
/// made with `depth` containers open. Three words, so it fits an existential without a box.
struct FlatEncoding: Encoder {
    let payload: FlatPayload
    let start: Int32
    let depth: Int32
    let path: FlatCodingPath?

    init(payload: FlatPayload, path: FlatCodingPath?) {
        self.payload = payload
        self.start = Int32(truncatingIfNeeded: payload.tokens.count)
        self.depth = Int32(truncatingIfNeeded: payload.depth)
        self.path = path
    }

    var codingPath: [any CodingKey] { FlatCodingPath.keys(path) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let (start, depth) = container(array: false)
        return KeyedEncodingContainer(KeyedFlatEncoding<Key>(payload: payload, start: start, depth: depth, path: path))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let (start, depth) = container(array: true)
        return UnkeyedFlatEncoding(payload: payload, start: start, depth: depth, path: path)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueFlatEncoding(payload: payload, start: Int(start), depth: Int(depth), path: path)
    }

    /// A container nested in the one written last: a new object or array at the end of `payload`.
    static func newKeyedContainer<Key: CodingKey>(in payload: FlatPayload, path: FlatCodingPath?) -> KeyedEncodingContainer<Key> {
        let (start, depth) = payload.openContainer(array: false)
        return KeyedEncodingContainer(KeyedFlatEncoding<Key>(payload: payload, start: start, depth: depth, path: path))
    }

    static func newUnkeyedContainer(in payload: FlatPayload, path: FlatCodingPath?) -> any UnkeyedEncodingContainer {
        let (start, depth) = payload.openContainer(array: true)
        return UnkeyedFlatEncoding(payload: payload, start: start, depth: depth, path: path)
    }

    /// The value's container: a new one when nothing was written yet, the same one when the
    /// value asks again (the tree keeps adding to it); anything else is not followed.
    private func container(array: Bool) -> (Int, Int) {
        let start = Int(start), depth = Int(depth)
        if payload.tokens.count == start, payload.depth == depth, !payload.unsupported {
            return payload.openContainer(array: array)
        }
        if payload.tokens.count > start {
            switch payload.tokens[start] {
            case .object where !array, .array where array:
                if payload.resume(start: start, depth: depth + 1) { return (start, depth + 1) }
            case .null, .bool, .int, .double, .string, .key, .object, .array: break
            }
        }
        payload.giveUp()
        return (start, depth + 1)
    }
}

/// Writes one member or item: primitives as tokens, everything else through its own `encode(to:)`.
enum FlatPrimitiveEncoding {
    static func encode<T: Encodable>(_ value: T, into payload: FlatPayload, path: FlatCodingPath?, key: (any CodingKey)?) throws {
        // The tree's encoder asks `value as String` and so on; the same types, by identity.
        if T.self == String.self { payload.append(.string(unsafeBitCast(value, to: String.self))) }
        else if T.self == Bool.self { payload.append(.bool(unsafeBitCast(value, to: Bool.self))) }
        else if T.self == Double.self { payload.append(.double(unsafeBitCast(value, to: Double.self))) }
        else if T.self == Int.self { payload.append(.int(unsafeBitCast(value, to: Int.self))) }
        else if T.self == Float.self { payload.append(.double(Double(unsafeBitCast(value, to: Float.self)))) }
        else if let integer = value as? any BinaryInteger {
            // Out of range is the tree's error to report.
            guard let int = Int(exactly: integer) else { payload.giveUp(); return }
            payload.append(.int(int))
        } else {
            let nested = key.map { FlatCodingPath(parent: path, key: $0) } ?? path
            let encoder = FlatEncoding(payload: payload, path: nested)
            try value.encode(to: encoder)
            payload.endValue(start: Int(encoder.start), depth: Int(encoder.depth))
        }
    }
}

struct KeyedFlatEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let payload: FlatPayload
    let start: Int
    let depth: Int
    let path: FlatCodingPath?

    var codingPath: [any CodingKey] { FlatCodingPath.keys(path) }

    private func member(_ key: Key) -> Bool {
        guard payload.resume(start: start, depth: depth) else { return false }
        payload.appendKey(key.stringValue)
        return true
    }

    mutating func encodeNil(forKey key: Key) throws {
        if member(key) { payload.append(.null) }
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if member(key) { try FlatPrimitiveEncoding.encode(value, into: payload, path: path, key: key) }
    }

    // The common field types directly: the protocol's defaults go through the generic method.
    mutating func encode(_ value: String, forKey key: Key) throws {
        if member(key) { payload.append(.string(value)) }
    }

    mutating func encode(_ value: Int, forKey key: Key) throws {
        if member(key) { payload.append(.int(value)) }
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        if member(key) { payload.append(.bool(value)) }
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        if member(key) { payload.append(.double(value)) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        _ = member(key)
        return FlatEncoding.newKeyedContainer(in: payload, path: FlatCodingPath(parent: path, key: key))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        _ = member(key)
        return FlatEncoding.newUnkeyedContainer(in: payload, path: FlatCodingPath(parent: path, key: key))
    }

    // A super encoder writes into the container later than its own members: not followed.
    mutating func superEncoder() -> any Encoder {
        payload.giveUp()
        return FlatEncoding(payload: payload, path: path)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        payload.giveUp()
        return FlatEncoding(payload: payload, path: path)
    }
}

struct UnkeyedFlatEncoding: UnkeyedEncodingContainer {
    let payload: FlatPayload
    let start: Int
    let depth: Int
    let path: FlatCodingPath?
    private(set) var count = 0

    init(payload: FlatPayload, start: Int, depth: Int, path: FlatCodingPath?) {
        self.payload = payload
        self.start = start
        self.depth = depth
        self.path = path
    }

    var codingPath: [any CodingKey] { FlatCodingPath.keys(path) }

    private mutating func item() -> Bool {
        guard payload.resume(start: start, depth: depth) else { return false }
        count += 1
        return true
    }

    mutating func encodeNil() throws {
        if item() { payload.append(.null) }
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        if item() { try FlatPrimitiveEncoding.encode(value, into: payload, path: path, key: nil) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        _ = item()
        return FlatEncoding.newKeyedContainer(in: payload, path: path)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        _ = item()
        return FlatEncoding.newUnkeyedContainer(in: payload, path: path)
    }

    mutating func superEncoder() -> any Encoder {
        payload.giveUp()
        return FlatEncoding(payload: payload, path: path)
    }
}

struct SingleValueFlatEncoding: SingleValueEncodingContainer {
    let payload: FlatPayload
    let start: Int
    let depth: Int
    let path: FlatCodingPath?

    var codingPath: [any CodingKey] { FlatCodingPath.keys(path) }

    /// One value only, and nothing else for this encoder: a second one replaces the first in the tree.
    private func first() -> Bool {
        guard payload.tokens.count == start, payload.depth == depth, !payload.unsupported else {
            payload.giveUp()
            return false
        }
        return true
    }

    mutating func encodeNil() throws {
        if first() { payload.append(.null) }
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        if first() { try FlatPrimitiveEncoding.encode(value, into: payload, path: path, key: nil) }
    }
}
