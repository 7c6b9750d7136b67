/// A wired scene as the SDK keeps it: the type-erased base of `WiredScene`, made by the wiring
/// that plugins inline (so it is `@usableFromInline`, not public). The host sees it through
/// `AssembledScene`.
@MainActor @usableFromInline
class AnyWiredScene {
    let name: String
    let display: any SceneDisplaying
    let context: RouterContext

    @usableFromInline
    init(name: String, display: any SceneDisplaying, context: RouterContext) {
        self.name = name
        self.display = display
        self.context = context
    }

    var currentDataStore: Any? { nil }

    var inputType: ObjectIdentifier? { nil }

    var declaredDestinations: [String] { [] }

    func declaresRoute(to destination: String) -> Bool { false }

    func accept(_ payload: ScenePayload?) throws {
        if let payload { throw SceneError.unexpectedPayload(scene: name, contract: .input, payloadType: payload.typeName) }
    }

    /// Applies `value` when it is exactly the declared input type; false (nothing changed) otherwise.
    func accept(exactly value: Any) -> Bool { false }

    /// Applies `value`, of another type, converted into the declared input; false (nothing changed)
    /// when it must take the checked payload path.
    func accept(converting value: any Encodable) -> Bool { false }

    func acceptLink(_ parameters: PayloadValue) throws -> KeptInput {
        throw SceneError.missingInput(scene: name, inputType: "a link")
    }

    func acceptResult(_ payload: ScenePayload) throws {
        throw SceneError.unexpectedPayload(scene: name, contract: .result, payloadType: payload.typeName)
    }

    func leavingResult() throws -> ScenePayload? { nil }

    func performRouteHandler(toward destination: String, segue: Segue) throws {}
}

/// An assembled scene of one `SceneDefinition`: its typed router and the definition's declarations.
@MainActor @usableFromInline
final class WiredScene<V: ViewControllerRole, I: InteractorRole, P: PresenterRole, R: RouterRole>: AnyWiredScene {
    @usableFromInline let router: R
    @usableFromInline let recipe: SceneRecipe<V, I, P, R>

    @inlinable
    init(name: String, display: any SceneDisplaying, router: R, recipe: SceneRecipe<V, I, P, R>) {
        self.router = router
        self.recipe = recipe
        super.init(name: name, display: display, context: router.context)
    }

    override var currentDataStore: Any? { router.dataStore }

    override var inputType: ObjectIdentifier? { recipe.inputType }

    override var declaredDestinations: [String] { recipe.destinations.sorted() }

    override func declaresRoute(to destination: String) -> Bool { recipe.destinations.contains(destination) }

    override func accept(_ payload: ScenePayload?) throws {
        switch (payload, recipe.definition.input) {
        case (nil, nil): return
        case (let payload?, nil): throw SceneError.unexpectedPayload(scene: name, contract: .input, payloadType: payload.typeName)
        case (nil, let input?): throw SceneError.missingInput(scene: name, inputType: input.typeName)
        case (let payload?, let input?): try input.apply(router, payload)
        }
    }

    override func accept(exactly value: Any) -> Bool {
        recipe.acceptValue?(router, value) ?? false
    }

    override func accept(converting value: any Encodable) -> Bool {
        recipe.acceptConverted?(router, value) ?? false
    }

    override func acceptLink(_ parameters: PayloadValue) throws -> KeptInput {
        guard let link = recipe.definition.link else { return try super.acceptLink(parameters) }
        let input = try link.makeInput(parameters)
        if accept(exactly: input) { return .value(input) }
        let payload = try ScenePayload(input)
        try accept(payload)
        return .payload(payload)
    }

    override func acceptResult(_ payload: ScenePayload) throws {
        guard let accepted = recipe.definition.acceptedResult else {
            throw SceneError.unexpectedPayload(scene: name, contract: .result, payloadType: payload.typeName)
        }
        try accepted.apply(router, payload)
    }

    override func leavingResult() throws -> ScenePayload? {
        try recipe.produceResult?(router)
    }

    override func performRouteHandler(toward destination: String, segue: Segue) throws {
        try recipe.handlers[destination]?(router)(segue)
    }
}
