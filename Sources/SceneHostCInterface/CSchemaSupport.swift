@_spi(SceneHost) import SceneSDK

/// Whether a C scene's input, result or route payload may have a field of a schema: one case of
/// `PayloadSchema` at a time, with no default, so a new kind of schema in the SDK does not compile
/// until the C interface carries it or says why it does not.
package enum CSchemaSupport: Equatable, Sendable {
    /// C carries it as this field type.
    case carried(CFieldType)
    /// C cannot carry it: the schema's kind (`CSchemaSupport.kind(of:)`) and why.
    case refused(kind: String, reason: String)

    package init(_ schema: PayloadSchema) {
        switch schema {
        case .string: self = .carried(.string)
        case .int: self = .carried(.int)
        case .double: self = .carried(.double)
        case .bool: self = .carried(.bool)
        case .optional(.string): self = .carried(.optionalString)
        case .optional:
            self = .refused(
                kind: "optional",
                reason:
                    "C has no optionals but a NULL pointer: of the optionals, only String? (a NULL string) is carried")
        case .array:
            self = .refused(kind: "array", reason: "an array has no C argument form in this version of the interface")
        case .object:
            self = .refused(
                kind: "object", reason: "a nested struct has no C argument form in this version of the interface")
        case .opaque:
            self = .refused(
                kind: "opaque", reason: "a shape the SDK cannot read (an enum, a dictionary) has no C form at all")
        }
    }

    /// One schema of each kind, in `PayloadSchema`'s order (an optional twice: carried and refused).
    package static let everyKind: [PayloadSchema] = [
        .string, .int, .double, .bool, .optional(.string), .optional(.int), .array(.string),
        .object(type: "Order", fields: []), .opaque(type: "Order"),
    ]

    /// The schemas C cannot carry, each kind once, with why.
    package static var refused: [(kind: String, example: String, reason: String)] {
        everyKind.compactMap { schema in
            switch CSchemaSupport(schema) {
            case .carried: return nil
            case .refused(let kind, let reason): return (kind, schema.typeName, reason)
            }
        }
    }

    /// `schema` as the description names it: `string`, `optional(string)`, `array(int)`, `object`.
    package static func kind(of schema: PayloadSchema) -> String {
        switch schema {
        case .string: return "string"
        case .int: return "int"
        case .double: return "double"
        case .bool: return "bool"
        case .optional(let wrapped): return "optional(\(kind(of: wrapped)))"
        case .array(let element): return "array(\(kind(of: element)))"
        case .object: return "object"
        case .opaque: return "opaque"
        }
    }
}
