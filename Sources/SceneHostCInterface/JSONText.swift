/// A JSON value written by hand (this target uses no Foundation): objects keep their keys in the
/// order given, so the description's text is stable.
package indirect enum JSONText: Sendable {
    case string(String)
    case number(Int64)
    case bool(Bool)
    case null
    case array([JSONText])
    case object([(String, JSONText)])

    /// The value, indented by two spaces a level, with no newline after it.
    package func rendered(indent: String = "") -> String {
        switch self {
        case .string(let text): return JSONText.quoted(text)
        case .number(let value): return String(value)
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        case .array(let items):
            guard !items.isEmpty else { return "[]" }
            let inner = indent + "  "
            return "[\n" + items.map { inner + $0.rendered(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            let inner = indent + "  "
            return "{\n"
                + members.map { inner + JSONText.quoted($0.0) + ": " + $0.1.rendered(indent: inner) }
                .joined(separator: ",\n") + "\n\(indent)}"
        }
    }

    /// The characters a JSON string writes with a backslash and a letter.
    static let escapes: [Unicode.Scalar: String] = [
        "\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\u{08}": "\\b", "\u{0C}": "\\f",
    ]

    /// `text` as a JSON string: quotes, backslashes and control characters escaped, the rest as it is.
    package static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            if let escape = escapes[scalar] {
                result += escape
            } else if scalar.value < 0x20 {
                let digits = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
