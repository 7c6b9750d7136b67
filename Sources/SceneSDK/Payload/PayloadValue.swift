/// A value crossing a plugin boundary, in a form both sides understand without each other's types.
public indirect enum PayloadValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([PayloadValue])
    case object([String: PayloadValue])

    /// The kind of value, as messages name it: `String`, `Int`, `Double`, `Bool`, `nil`, `array`, `object`.
    public var kindName: String {
        switch self {
        case .null: return "nil"
        case .bool: return "Bool"
        case .int: return "Int"
        case .double: return "Double"
        case .string: return "String"
        case .array: return "array"
        case .object: return "object"
        }
    }
}
