/// Decodes a `Decodable` value from a `FlatPayload`, the way `PayloadDecoder` decodes it from the
/// tree: the same conversions (an `Int` decodes as a `Double`, integer widths range-checked) and
/// the same errors, so a type's own `init(from:)` sees no difference.
struct FlatDecoding: Decoder {
    let payload: FlatPayload
    /// The value's first token; -1 for a value that is not there (a missing super decoder's `nil`).
    let index: Int
    let path: FlatCodingPath?

    var codingPath: [any CodingKey] { FlatCodingPath.keys(path) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    var token: FlatPayload.Token { index < 0 ? .null : payload.tokens[index] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let end) = token else { throw FlatPrimitiveDecoding.mismatch([String: Int].self, token, codingPath) }
        return KeyedDecodingContainer(KeyedFlatDecoding<Key>(payload: payload, start: index, end: end, path: path))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let end) = token else { throw FlatPrimitiveDecoding.mismatch([Int].self, token, codingPath) }
        return UnkeyedFlatDecoding(payload: payload, start: index, end: end, path: path)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueFlatDecoding(payload: payload, index: index, path: path)
    }
}

/// Decodes primitives directly and everything else through a nested decoder (as `PrimitiveDecoding`).
enum FlatPrimitiveDecoding {
    /// `isInteger`: whether `T` is a `FixedWidthInteger`, when the caller knows (nil: asked here).
    static func decode<T: Decodable>(_ type: T.Type, in payload: FlatPayload, at index: Int, path: FlatCodingPath?, key: (any CodingKey)?,
                                     isInteger: Bool? = nil) throws -> T {
        let token = index < 0 ? .null : payload.tokens[index]
        // The common types by identity: the tree's decoder asks `is String.Type` and so on, a cast each.
        if T.self == String.self {
            guard case .string(let string) = token else { throw mismatch(type, token, keys(path, key)) }
            return unsafeBitCast(string, to: T.self)
        }
        if T.self == Int.self {
            guard case .int(let int) = token else { throw mismatch(type, token, keys(path, key)) }
            return unsafeBitCast(int, to: T.self)
        }
        if T.self == Bool.self {
            guard case .bool(let bool) = token else { throw mismatch(type, token, keys(path, key)) }
            return unsafeBitCast(bool, to: T.self)
        }
        if T.self == Double.self {
            switch token {
            case .double(let double): return unsafeBitCast(double, to: T.self)
            case .int(let int): return unsafeBitCast(Double(int), to: T.self)
            case .null, .bool, .string, .key, .object, .array: throw mismatch(type, token, keys(path, key))
            }
        }
        if T.self == Float.self {
            switch token {
            case .double(let double): return unsafeBitCast(Float(double), to: T.self)
            case .int(let int): return unsafeBitCast(Float(int), to: T.self)
            case .null, .bool, .string, .key, .object, .array: throw mismatch(type, token, keys(path, key))
            }
        }
        if isInteger != false, let integer = T.self as? any FixedWidthInteger.Type {
            guard case .int(let int) = token else { throw mismatch(type, token, keys(path, key)) }
            guard let converted = integer.init(exactly: int), let typed = converted as? T else {
                throw DecodingError.dataCorrupted(.init(codingPath: keys(path, key), debugDescription: "\(int) does not fit \(type)"))
            }
            return typed
        }
        let nested = key.map { FlatCodingPath(parent: path, key: $0) } ?? path
        return try T(from: FlatDecoding(payload: payload, index: index, path: nested))
    }

    static func keys(_ path: FlatCodingPath?, _ key: (any CodingKey)?) -> [any CodingKey] {
        let keys = FlatCodingPath.keys(path)
        return key.map { keys + [$0] } ?? keys
    }

    static func mismatch(_ type: Any.Type, _ token: FlatPayload.Token, _ codingPath: [any CodingKey]) -> DecodingError {
        let kind: String
        switch token {
        case .null: return .valueNotFound(type, .init(codingPath: codingPath, debugDescription: "given nil"))
        case .bool: kind = "Bool"
        case .int: kind = "Int"
        case .double: kind = "Double"
        case .string: kind = "String"
        case .array: kind = "array"
        case .object, .key: kind = "object"
        }
        return .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "given \(kind)"))
    }
}

struct KeyedFlatDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let payload: FlatPayload
    let start: Int
    let end: Int
    let path: FlatCodingPath?

    var codingPath: [any CodingKey] { FlatCodingPath.keys(path) }

    var allKeys: [Key] {
        var keys: [Key] = []
        var index = start + 1
        while index < end {
            if case .key(let name) = payload.tokens[index], let key = Key(stringValue: name) { keys.append(key) }
            index = payload.end(ofValueAt: index + 1)
        }
        return keys
    }

    /// The index of `name`'s value; -1 when the object has no such member.
    private func find(_ name: String) -> Int {
        payload.member(named: name, inObjectAt: start, end: end) ?? -1
    }

    private func member(_ key: Key) throws -> Int {
        let index = find(key.stringValue)
        guard index >= 0 else { throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "missing")) }
        return index
    }

    func contains(_ key: Key) -> Bool { find(key.stringValue) >= 0 }

    func decodeNil(forKey key: Key) throws -> Bool {
        if case .null = payload.tokens[try member(key)] { return true }
        return false
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try FlatPrimitiveDecoding.decode(type, in: payload, at: member(key), path: path, key: key)
    }

    // The common field types directly: the protocol's defaults go through the generic method.
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        let index = try member(key)
        guard case .string(let string) = payload.tokens[index] else {
            throw FlatPrimitiveDecoding.mismatch(type, payload.tokens[index], FlatPrimitiveDecoding.keys(path, key))
        }
        return string
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        let index = try member(key)
        guard case .int(let int) = payload.tokens[index] else {
            throw FlatPrimitiveDecoding.mismatch(type, payload.tokens[index], FlatPrimitiveDecoding.keys(path, key))
        }
        return int
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        let index = try member(key)
        guard case .bool(let bool) = payload.tokens[index] else {
            throw FlatPrimitiveDecoding.mismatch(type, payload.tokens[index], FlatPrimitiveDecoding.keys(path, key))
        }
        return bool
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try FlatDecoding(payload: payload, index: member(key), path: FlatCodingPath(parent: path, key: key)).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try FlatDecoding(payload: payload, index: member(key), path: FlatCodingPath(parent: path, key: key)).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        FlatDecoding(payload: payload, index: find("super"), path: path)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        FlatDecoding(payload: payload, index: find(key.stringValue), path: FlatCodingPath(parent: path, key: key))
    }
}

struct UnkeyedFlatDecoding: UnkeyedDecodingContainer {
    let payload: FlatPayload
    let end: Int
    let path: FlatCodingPath?
    let count: Int?
    private(set) var currentIndex = 0
    /// The token of the item at `currentIndex`.
    private var next: Int

    init(payload: FlatPayload, start: Int, end: Int, path: FlatCodingPath?) {
        self.payload = payload
        self.end = end
        self.path = path
        var items = 0, index = start + 1
        while index < end {
            items += 1
            index = payload.end(ofValueAt: index)
        }
        self.count = items
        self.next = start + 1
    }

    var codingPath: [any CodingKey] { FlatCodingPath.keys(path) }
    var isAtEnd: Bool { next >= end }

    private var indexKey: any CodingKey { PayloadCodingKey(index: currentIndex) }

    private mutating func advance() throws -> (index: Int, key: any CodingKey) {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(Any.self, .init(codingPath: codingPath + [indexKey], debugDescription: "the array has no more elements"))
        }
        let item = (next, indexKey)
        next = payload.end(ofValueAt: next)
        currentIndex += 1
        return item
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, case .null = payload.tokens[next] else { return false }
        next += 1
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let item = try advance()
        return try FlatPrimitiveDecoding.decode(type, in: payload, at: item.index, path: path, key: item.key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let item = try advance()
        return try FlatDecoding(payload: payload, index: item.index, path: FlatCodingPath(parent: path, key: item.key)).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let item = try advance()
        return try FlatDecoding(payload: payload, index: item.index, path: FlatCodingPath(parent: path, key: item.key)).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let item = try advance()
        return FlatDecoding(payload: payload, index: item.index, path: FlatCodingPath(parent: path, key: item.key))
    }
}

struct SingleValueFlatDecoding: SingleValueDecodingContainer {
    let payload: FlatPayload
    let index: Int
    let path: FlatCodingPath?

    var codingPath: [any CodingKey] { FlatCodingPath.keys(path) }

    func decodeNil() -> Bool {
        if index < 0 { return true }
        if case .null = payload.tokens[index] { return true }
        return false
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try FlatPrimitiveDecoding.decode(type, in: payload, at: index, path: path, key: nil)
    }
}
