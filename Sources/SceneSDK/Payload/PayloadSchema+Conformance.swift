extension PayloadSchema {
    /// Every way `value` does not fit this schema; empty when it fits.
    ///
    /// An `Int` fits a `Double`; `nil` fits only an optional; fields the schema does not
    /// declare are mismatches too (a misspelt field name must not pass silently).
    @_spi(SceneHost) public func mismatches(for value: PayloadValue, at path: String = "") -> [FieldMismatch] {
        switch (self, value) {
        case (.opaque, _), (.string, .string), (.int, .int), (.double, .double), (.double, .int), (.bool, .bool):
            return []
        case (.optional, .null):
            return []
        case (.optional(let wrapped), _):
            return wrapped.mismatches(for: value, at: path)
        case (.array(let element), .array(let items)):
            return items.enumerated().flatMap { index, item in element.mismatches(for: item, at: "\(path)[\(index)]") }
        case (.object(_, let fields), .object(let members)):
            var found: [FieldMismatch] = []
            for field in fields {
                let fieldPath = Self.join(path, field.name)
                if let member = members[field.name] {
                    found += field.schema.mismatches(for: member, at: fieldPath)
                } else if case .optional = field.schema {
                    continue
                } else {
                    found.append(FieldMismatch(field: fieldPath, expected: field.schema.typeName, given: nil))
                }
            }
            let declared = Set(fields.map(\.name))
            for name in members.keys.sorted() where !declared.contains(name) {
                found.append(FieldMismatch(field: Self.join(path, name), expected: nil, given: members[name]?.kindName))
            }
            return found
        default:
            return [FieldMismatch(field: path.isEmpty ? "(value)" : path, expected: typeName, given: value.kindName)]
        }
    }

    /// Every way a value of type `given` may not fit this schema; empty when every such value fits.
    @_spi(SceneHost) public func mismatches(forType given: PayloadSchema, at path: String = "") -> [FieldMismatch] {
        switch (self, given) {
        case (.opaque, _), (_, .opaque), (.string, .string), (.int, .int), (.double, .double), (.double, .int), (.bool, .bool):
            return []
        case (.optional(let wrapped), .optional(let givenWrapped)):
            return wrapped.mismatches(forType: givenWrapped, at: path)
        case (.optional(let wrapped), _):
            return wrapped.mismatches(forType: given, at: path)
        case (.array(let element), .array(let givenElement)):
            return element.mismatches(forType: givenElement, at: path + "[]")
        case (.object(_, let fields), .object(_, let givenFields)):
            var found: [FieldMismatch] = []
            for field in fields {
                let fieldPath = Self.join(path, field.name)
                if let match = givenFields.first(where: { $0.name == field.name }) {
                    found += field.schema.mismatches(forType: match.schema, at: fieldPath)
                } else if case .optional = field.schema {
                    continue
                } else {
                    found.append(FieldMismatch(field: fieldPath, expected: field.schema.typeName, given: nil))
                }
            }
            for field in givenFields where !fields.contains(where: { $0.name == field.name }) {
                found.append(FieldMismatch(field: Self.join(path, field.name), expected: nil, given: field.schema.typeName))
            }
            return found
        default:
            return [FieldMismatch(field: path.isEmpty ? "(value)" : path, expected: typeName, given: given.typeName)]
        }
    }

    private static func join(_ path: String, _ name: String) -> String {
        path.isEmpty ? name : "\(path).\(name)"
    }
}
