/// A declared input or accepted result: its schema, and how the DataStore takes a decoded value.
@MainActor @usableFromInline
struct ContractDeclaration<R: RouterRole> {
    /// The declared type and its schema (computed in the SDK: the schema types are SPI).
    let info: ContractInfo
    /// Checks a payload against the schema, decodes it and applies it; nothing changes on error.
    let apply: @MainActor (R, ScenePayload) throws -> Void
    /// The declared type's identity: a source passing a value of exactly this type skips the
    /// encode, check and decode (`applyValue`). Nil for a class: handing the instance over would
    /// share it between two DataStores, where the encoded path gives the destination its own copy.
    let typeID: ObjectIdentifier?
    /// Applies a value of exactly the declared type to a router of type `R`; false (nothing
    /// changed) for any other type.
    let applyValue: @MainActor (AnyObject, Any) -> Bool
    /// Applies a value of another type (another plugin's contract type) converted through the flat
    /// form (`PayloadConversion`) against the schema; false, with nothing changed, when the value
    /// must take the checked `apply` path (which names what does not fit).
    let applyConverted: @MainActor (AnyObject, any Encodable) -> Bool

    /// Declares `type`; inlined so the plugin's compiled registration specializes `applyValue`
    /// (the per-navigation part) for its own types.
    @inlinable
    static func declaring<Value: Decodable>(scene: String, kind: ContractKind, type: Value.Type,
                                            apply: @escaping @MainActor (inout R.DataStore?, Value) -> Void) -> Self {
        Self(scene: scene, kind: kind, type: type, apply: apply, applyValue: { object, value in
            // The type is the declared one, so the value fits by construction: the schema walk and
            // the round trip through `PayloadValue` would only copy it.
            guard let value = value as? Value, let router = object as? R else { return false }
            var dataStore = router.dataStore
            apply(&dataStore, value)
            router.dataStore = dataStore
            return true
        })
    }

    @usableFromInline
    init<Value: Decodable>(scene: String, kind: ContractKind, type: Value.Type, apply: @escaping @MainActor (inout R.DataStore?, Value) -> Void,
                           applyValue: @escaping @MainActor (AnyObject, Any) -> Bool) {
        // `_typeName` reads the name from the metadata; `String(describing:)` would ask the runtime
        // about conformances, a scan of every loaded image (docs/decisions.md, "Cold start and check, round 3").
        let typeName = _typeName(Value.self, qualified: false)
        let schema = PayloadSchema.of(Value.self)
        // Asked once here, not on every conversion (a conformance look-up).
        let isInteger = Value.self is any FixedWidthInteger.Type
        info = ContractInfo(typeName: typeName, schema: schema)
        typeID = Value.self is AnyClass ? nil : ObjectIdentifier(Value.self)
        self.applyValue = applyValue
        // The converted value goes through `applyValue`, the plugin's specialized code, so the
        // router's DataStore is reached typed; only the conversion itself runs generic here.
        applyConverted = { object, source in
            guard let value = PayloadConversion.convertOnMainActor(source, to: Value.self, schema: schema, isInteger: isInteger) else { return false }
            return applyValue(object, value)
        }
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
