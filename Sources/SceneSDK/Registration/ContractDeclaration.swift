/// A declared input or accepted result: its schema, and how the DataStore takes a decoded value.
@MainActor @usableFromInline
struct ContractDeclaration<R: RouterRole> {
    @usableFromInline let typeName: String
    @usableFromInline let schema: PayloadSchema
    @usableFromInline let apply: @MainActor (R, ScenePayload) throws -> Void

    init<Value: Decodable>(scene: String, kind: ContractKind, type: Value.Type, apply: @escaping @MainActor (inout R.DataStore?, Value) -> Void) {
        let typeName = _typeName(Value.self, qualified: false)
        let schema = PayloadSchema.of(Value.self)
        self.typeName = typeName
        self.schema = schema
        self.apply = { router, payload in
            // Check and decode first: the DataStore changes only when the whole value fits.
            let mismatches = schema.mismatches(for: payload.value)
            guard mismatches.isEmpty else {
                throw SceneError.contractMismatch(scene: scene, contract: kind, type: typeName, mismatches: mismatches)
            }
            let value: Value
            do {
                value = try PayloadDecoder().decode(Value.self, from: payload.value)
            } catch let error as DecodingError {
                throw SceneError.contractMismatch(scene: scene, contract: kind, type: typeName, mismatches: [error.fieldMismatch])
            }
            var dataStore = router.dataStore
            apply(&dataStore, value)
            router.dataStore = dataStore
        }
    }
}

extension DecodingError {
    /// The error as a field mismatch, for types whose own `init(from:)` rejected a value.
    var fieldMismatch: FieldMismatch {
        switch self {
        case .keyNotFound(let key, let context):
            return FieldMismatch(field: Self.path(context.codingPath + [key]), expected: "a value", given: nil)
        case .valueNotFound(let type, let context):
            return FieldMismatch(field: Self.path(context.codingPath), expected: String(describing: type), given: "nil")
        case .typeMismatch(let type, let context):
            return FieldMismatch(field: Self.path(context.codingPath), expected: String(describing: type), given: context.debugDescription)
        case .dataCorrupted(let context):
            return FieldMismatch(field: Self.path(context.codingPath), expected: "a valid value", given: context.debugDescription)
        @unknown default:
            return FieldMismatch(field: "(value)", expected: nil, given: String(describing: self))
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        var path = ""
        for key in keys {
            if let index = key.intValue { path += "[\(index)]" } else { path += path.isEmpty ? key.stringValue : "." + key.stringValue }
        }
        return path.isEmpty ? "(value)" : path
    }
}
