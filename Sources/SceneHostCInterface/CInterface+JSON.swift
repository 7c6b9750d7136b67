extension CInterface {
    /// The interface described for programs (binding generators, checkers): the same table as the
    /// header, as JSON with its keys in a fixed order, indented by two spaces, ending in a newline.
    package static var descriptionJSON: String {
        jsonValue.rendered() + "\n"
    }

    static var jsonValue: JSONText {
        .object([
            ("interface", .string(name)),
            ("version", .number(Int64(version))),
            ("magic", .number(Int64(magic))),
            ("header", .string(headerName)),
            (
                "handshake",
                .object([
                    ("symbol", .string(handshakeSymbol)), ("struct", .string(handshake)),
                    ("meaning", .string(handshakeDoc.joined(separator: " "))),
                    ("fields", .array(handshakeFields.map(json))),
                ])
            ),
            (
                "api",
                .object([
                    ("struct", .string(api)), ("meaning", .string(apiDoc.joined(separator: " "))),
                    // The members before the functions ("functions", in the struct's order).
                    ("fields", .array(apiFields.map(json))),
                ])
            ),
            ("constants", .array(constants.map(json))),
            ("handles", .array(handles.map(json))),
            ("groups", .array(CFunctionGroup.allCases.map(json))),
            ("functions", .array(functions.map(json))),
            ("roles", .array(roles.map(json))),
            ("elements", .array(CElementKind.allCases.map(json))),
            ("events", .array(CEventKind.allCases.map(json))),
            ("fieldTypes", .array(CFieldType.allCases.map(json))),
            ("unsupportedSchemas", .array(CSchemaSupport.refused.map(json))),
        ])
    }

    static func json(_ field: CField) -> JSONText {
        .object([
            ("name", .string(field.name)), ("type", .string(field.type)), ("meaning", .string(summary(field.doc))),
        ])
    }

    static func json(_ constant: CConstant) -> JSONText {
        .object([
            ("name", .string(constant.name)), ("value", .string(constant.value)),
            ("meaning", .string(summary(constant.doc))),
        ])
    }

    static func json(_ handle: CHandle) -> JSONText {
        .object([("name", .string(handle.name)), ("meaning", .string(summary(handle.doc)))])
    }

    static func json(_ group: CFunctionGroup) -> JSONText {
        .object([("name", .string(group.rawValue)), ("meaning", .string(group.heading))])
    }

    static func json(_ function: CFunction) -> JSONText {
        .object([
            ("name", .string(function.name)), ("returns", .string(function.returns)),
            (
                "parameters",
                .array(function.parameters.map { .object([("name", .string($0.name)), ("type", .string($0.type))]) })
            ),
            ("group", .string(function.group.rawValue)), ("summary", .string(function.summary)),
        ])
    }

    static func json(_ role: CRole) -> JSONText {
        .object([
            ("name", .string(role.name)), ("symbolPattern", .string(role.symbol(scene: "<Scene>"))),
            ("returns", .string(role.returns)),
            (
                "parameters",
                .array(
                    role.parameters.map {
                        .object([
                            ("name", .string($0.name)), ("type", .string($0.type)), ("meaning", .string($0.meaning)),
                        ])
                    })
            ),
            ("fieldsFollow", .bool(role.requirement.takesFields)),
            ("requirement", .string(role.requirement.rawValue)), ("meaning", .string(role.meaning)),
        ])
    }

    static func json(_ kind: CElementKind) -> JSONText {
        .object([
            ("kind", .string(kind.rawValue)), ("function", .string(kind.function)),
            ("endFunction", kind.endFunction.map(JSONText.string) ?? .null),
        ])
    }

    static func json(_ kind: CEventKind) -> JSONText {
        .object([("kind", .string(kind.rawValue)), ("role", .string(kind.role.name))])
    }

    static func json(_ type: CFieldType) -> JSONText {
        .object([
            ("name", .string(type.rawValue)), ("schema", .string(CSchemaSupport.kind(of: type.schema))),
            ("cType", .string(type.cType)), ("signatureType", .string(type.signatureType)),
            ("setter", .string(type.setter)),
        ])
    }

    static func json(_ refused: (kind: String, example: String, reason: String)) -> JSONText {
        .object([
            ("schema", .string(refused.kind)), ("example", .string(refused.example)),
            ("reason", .string(refused.reason)),
        ])
    }

    static func summary(_ doc: [String]) -> String { doc.joined(separator: " ") }
}
