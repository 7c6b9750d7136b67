/// Declarations whose types are known only at run time: a scene written in another language (a C
/// scene, `scene_host.h`) declares its input, results and routes as schemas, not Swift types. The
/// host builds such a scene's `SceneDefinition` with these; a Swift plugin uses the typed forms.
extension SceneDefinition {
    /// Declares the input the DataStore accepts as `contract`: a passed payload is checked against
    /// its schema (a mismatch is `SceneError.contractMismatch`, nothing changed), then `apply` gets it.
    @_spi(SceneHost)
    public func accepting(contract: ContractInfo, into apply: @escaping @MainActor (R, PayloadValue) throws -> Void) -> Self {
        var copy = self
        copy.input = ContractDeclaration(scene: name, kind: .input, contract: contract, apply: apply)
        return copy
    }

    /// Declares the result the DataStore takes back as `contract`, checked as `accepting(contract:into:)`.
    @_spi(SceneHost)
    public func acceptingResult(contract: ContractInfo, into apply: @escaping @MainActor (R, PayloadValue) throws -> Void) -> Self {
        var copy = self
        copy.acceptedResult = ContractDeclaration(scene: name, kind: .result, contract: contract, apply: apply)
        return copy
    }

    /// Declares the result the scene hands back as it leaves, of `contract`: `produce` gives its
    /// value, or nil for none.
    @_spi(SceneHost)
    public func returning(contract: ContractInfo, via produce: @escaping @MainActor (R) throws -> PayloadValue?) -> Self {
        var copy = self
        copy.returnedResult = ReturnDeclaration(info: contract) { router in
            try produce(router).map { ScenePayload(typeName: contract.typeName, value: $0) }
        }
        return copy
    }

    /// Declares a route to `destination` passing `payload` (nil: nothing), taken in `style` when
    /// it names one, with the router's handler of segues to it (nil: none).
    @_spi(SceneHost)
    public func route(to destination: String, payload: ContractInfo?, style: NavigationStyle?,
                      handler: (@MainActor (R) -> (Segue?) throws -> Void)?) -> Self {
        adding(RouteDeclaration(destination: destination, payload: payload, style: style, handler: handler))
    }
}

extension ContractDeclaration {
    /// A contract of a schema known at run time: only the checked payload path applies (there is no
    /// Swift type a value could be of exactly, or be converted to).
    init(scene: String, kind: ContractKind, contract: ContractInfo, apply: @escaping @MainActor (R, PayloadValue) throws -> Void) {
        info = contract
        typeID = nil
        applyValue = { _, _ in false }
        applyConverted = { _, _ in false }
        let schema = contract.schema
        self.apply = { router, payload in
            let mismatches = schema.mismatches(for: payload.value)
            guard mismatches.isEmpty else {
                throw SceneError.contractMismatch(scene: scene, contract: kind, type: contract.typeName, mismatches: mismatches)
            }
            try apply(router, payload.value)
        }
    }
}
