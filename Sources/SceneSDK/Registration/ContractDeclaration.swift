/// A declared input or accepted result: its schema, and how the DataStore takes a decoded value.
@MainActor @usableFromInline
struct ContractDeclaration<R: RouterRole> {
    @usableFromInline let typeName: String
    @usableFromInline let schema: PayloadSchema
    @usableFromInline let apply: @MainActor (R, ScenePayload) throws -> Void
    /// The declared type's identity: a source passing a value of exactly this type skips the
    /// encode, check and decode (`applyValue`). Nil for a class: handing the instance over would
    /// share it between two DataStores, where the encoded path gives the destination its own copy.
    @usableFromInline let typeID: ObjectIdentifier?
    /// Applies a value of exactly the declared type; false (nothing changed) for any other type.
    @usableFromInline let applyValue: @MainActor (R, Any) -> Bool
    /// Applies a value of another type (another plugin's contract type) converted through the flat
    /// form (`PayloadConversion`) against `schema`; false, with nothing changed, when the value
    /// must take the checked `apply` path (which names what does not fit).
    @usableFromInline let applyConverted: @MainActor (R, any Encodable, PayloadSchema) -> Bool

    /// Declares `type`; inlined so the plugin's compiled registration specializes `applyValue`
    /// (the per-navigation part) for its own types.
    @inlinable
    static func declaring<Value: Decodable>(scene: String, kind: ContractKind, type: Value.Type,
                                            apply: @escaping @MainActor (inout R.DataStore?, Value) -> Void) -> Self {
        // Asked once here, not on every conversion (a conformance look-up).
        let isInteger = Value.self is any FixedWidthInteger.Type
        return Self(scene: scene, kind: kind, type: type, apply: apply, applyValue: { router, value in
            // The type is the declared one, so the value fits by construction: the schema walk and
            // the round trip through `PayloadValue` would only copy it.
            guard let value = value as? Value else { return false }
            var dataStore = router.dataStore
            apply(&dataStore, value)
            router.dataStore = dataStore
            return true
        }, applyConverted: { router, source, schema in
            guard let value = converted(source, to: Value.self, schema: schema, isInteger: isInteger) else { return false }
            var dataStore = router.dataStore
            apply(&dataStore, value)
            router.dataStore = dataStore
            return true
        })
    }

    /// `PayloadConversion.convert`, for the inlined `declaring` (SPI is not visible to inlined code).
    @usableFromInline @MainActor
    static func converted<Value: Decodable>(_ source: any Encodable, to type: Value.Type, schema: PayloadSchema, isInteger: Bool) -> Value? {
        PayloadConversion.convertOnMainActor(source, to: type, schema: schema, isInteger: isInteger)
    }

    @usableFromInline
    init<Value: Decodable>(scene: String, kind: ContractKind, type: Value.Type, apply: @escaping @MainActor (inout R.DataStore?, Value) -> Void,
                           applyValue: @escaping @MainActor (R, Any) -> Bool,
                           applyConverted: @escaping @MainActor (R, any Encodable, PayloadSchema) -> Bool) {
        // `_typeName` reads the name from the metadata; `String(describing:)` would ask the runtime
        // about conformances, a scan of every loaded image (docs/decisions.md, "Cold start and check, round 3").
        let typeName = _typeName(Value.self, qualified: false)
        let schema = PayloadSchema.of(Value.self)
        self.typeName = typeName
        self.schema = schema
        self.typeID = Value.self is AnyClass ? nil : ObjectIdentifier(Value.self)
        self.applyValue = applyValue
        self.applyConverted = applyConverted
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
