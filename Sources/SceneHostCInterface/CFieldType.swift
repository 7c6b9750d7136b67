@_spi(SceneHost) import SceneSDK

/// The types a C scene's input, result or route payload may have as fields, and how each crosses
/// the boundary: as an argument of a role (`signatureType`) and through the payload setters.
///
/// C has no optionals but pointers, so only `String?` may be nil (a NULL `const char *`); nested
/// objects and arrays have no C argument form and are not offered in this version.
package enum CFieldType: String, CaseIterable, Sendable {
    case string = "String"
    case int = "Int"
    case double = "Double"
    case bool = "Bool"
    case optionalString = "String?"

    /// The field's schema, as Swift scenes' types declare it.
    package var schema: PayloadSchema {
        switch self {
        case .string: return .string
        case .int: return .int
        case .double: return .double
        case .bool: return .bool
        case .optionalString: return .optional(.string)
        }
    }

    /// The C type a role receives the field as, in the signature grammar.
    package var signatureType: String {
        switch self {
        case .string, .optionalString: return "string"
        case .int: return "int64"
        case .double: return "double"
        case .bool: return "bool"
        }
    }

    /// The C type a role receives the field as (`signatureType` in C).
    package var cType: String {
        switch self {
        case .string, .optionalString: return "const char *"
        case .int: return "int64_t"
        case .double: return "double"
        case .bool: return "bool"
        }
    }

    /// The C setter of a payload that sets such a field.
    package var setter: String {
        switch self {
        case .string, .optionalString: return "payload_set_string"
        case .int: return "payload_set_int"
        case .double: return "payload_set_double"
        case .bool: return "payload_set_bool"
        }
    }

    /// The type of `schema`, nil when a C scene cannot take such a field (`CSchemaSupport` says why).
    package init?(_ schema: PayloadSchema) {
        switch CSchemaSupport(schema) {
        case .carried(let type): self = type
        case .refused: return nil
        }
    }

    /// The signature type of a field of `schema`, nil when a C scene cannot take it.
    package static func signatureType(of schema: PayloadSchema) -> String? {
        CFieldType(schema)?.signatureType
    }
}

/// A field list as a C plugin writes it: `name: String, count: Int, note: String?`.
package enum CFieldList {
    /// Why a field list does not read, with the 1-based column of the problem.
    package struct Problem: Error, Equatable, Sendable {
        package let column: Int
        package let reason: String
    }

    /// The fields of `text`, in order; the empty text is no field. Throws `Problem`.
    package static func parse(_ text: String) throws(Problem) -> [PayloadSchema.Field] {
        var fields: [PayloadSchema.Field] = []
        var column = 1
        if text.allSatisfy({ $0 == " " }) { return [] }
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let start = column
            defer { column += part.count + 1 }
            let pieces = part.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard pieces.count == 2 else {
                throw Problem(column: start, reason: "'\(part.trimmingSpaces)' is not NAME: TYPE")
            }
            let name = String(pieces[0].trimmingSpaces), typeText = String(pieces[1].trimmingSpaces)
            guard isFieldName(name) else {
                throw Problem(
                    column: start, reason: "'\(name)' is not a field name (a letter or _, then letters, digits or _)")
            }
            guard !fields.contains(where: { $0.name == name }) else {
                throw Problem(column: start, reason: "the field '\(name)' is named twice")
            }
            guard let type = CFieldType(rawValue: typeText) else {
                let known = CFieldType.allCases.map(\.rawValue).joined(separator: ", ")
                throw Problem(
                    column: start + pieces[0].count + 1,
                    reason: "'\(typeText)' is not a type a C scene can pass (\(known))")
            }
            fields.append(PayloadSchema.Field(name: name, schema: type.schema))
        }
        return fields
    }

    /// Whether `name` is a C identifier (a scene's, a type's): ASCII letters, digits and `_`, not
    /// starting with a digit, at most 128 bytes.
    package static func isCIdentifier(_ name: String) -> Bool {
        name.utf8.count <= 128 && isFieldName(name)
    }

    static func isFieldName(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(48...57).contains(first) else { return false }
        return name.utf8.allSatisfy {
            (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) || $0 == 95
        }
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var copy = self
        while copy.first == " " { copy.removeFirst() }
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
