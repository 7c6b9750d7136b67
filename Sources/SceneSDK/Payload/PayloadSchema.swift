/// The shape of a declared input or result: field names and types, nested.
///
/// Made from a `Decodable` type by `PayloadSchema.of(_:)`; compared with a passed value at run
/// time and with a route's declared payload type by `scene-host check`. Host-only (SPI).
@_spi(SceneHost)
public indirect enum PayloadSchema: Codable, Equatable, Sendable {
    case string
    case int
    case double
    case bool
    case optional(PayloadSchema)
    case array(PayloadSchema)
    /// A struct: its Swift type name and its fields in declaration order.
    case object(type: String, fields: [Field])
    /// A shape the SDK could not read (a custom `init(from:)`, an enum, a dictionary): checked only by decoding.
    case opaque(type: String)

    /// One field of an object schema.
    public struct Field: Codable, Equatable, Sendable {
        public let name: String
        public let schema: PayloadSchema

        public init(name: String, schema: PayloadSchema) {
            self.name = name
            self.schema = schema
        }
    }

    /// The type as messages name it: `String`, `Int?`, `[Order]`, `Order`.
    public var typeName: String {
        switch self {
        case .string: return "String"
        case .int: return "Int"
        case .double: return "Double"
        case .bool: return "Bool"
        case .optional(let wrapped): return wrapped.typeName + "?"
        case .array(let element): return "[\(element.typeName)]"
        case .object(let type, _), .opaque(let type): return type
        }
    }

    /// `field: Type` pairs, for `scene-host list`.
    public var fieldSummary: String {
        guard case .object(_, let fields) = self else { return typeName }
        return "{ " + fields.map { "\($0.name): \($0.schema.typeName)" }.joined(separator: ", ") + " }"
    }
}
