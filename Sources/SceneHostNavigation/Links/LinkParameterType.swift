@_spi(SceneHost) import SceneSDK

/// The types a link's placeholder may have, and how a path's text converts to each.
package enum LinkParameterType: String, Equatable, Sendable {
    case int = "Int"
    case string = "String"
    case bool = "Bool"
    case double = "Double"

    /// The type of a parameters field, or nil when links cannot carry it.
    package init?(_ schema: PayloadSchema) {
        switch schema {
        case .int: self = .int
        case .string: self = .string
        case .bool: self = .bool
        case .double: self = .double
        default: return nil
        }
    }

    /// `text` as a value of this type, or nil when it is not one (`abc` or an overflow for `Int`,
    /// anything but `true`/`false` for `Bool`, a non-finite or malformed number for `Double`).
    package func convert(_ text: String) -> PayloadValue? {
        switch self {
        case .string: return .string(text)
        case .bool:
            switch text {
            case "true": return .bool(true)
            case "false": return .bool(false)
            default: return nil
            }
        case .int:
            // Only an optional '-' and ASCII digits: no '+', spaces, or underscores.
            let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
            guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let number = Int(text) else {
                return nil
            }
            return .int(number)
        case .double:
            let allowed = text.utf8.allSatisfy {
                ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2D || $0 == 0x65 || $0 == 0x45 || $0 == 0x2B
            }
            guard allowed, let number = Double(text), number.isFinite else { return nil }
            return .double(number)
        }
    }
}
