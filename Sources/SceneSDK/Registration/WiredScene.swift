/// An assembled scene of one `SceneDefinition`: its typed router and the definition's
/// declarations. Made by the wiring that plugins inline (so it is `@usableFromInline`, not
/// public); the host sees it as `AssembledScene`.
@MainActor @usableFromInline
final class WiredScene<V: ViewControllerRole, I: InteractorRole, P: PresenterRole, R: RouterRole>: AssembledScene {
    @usableFromInline let router: R
    @usableFromInline let recipe: SceneRecipe<V, I, P, R>

    @inlinable
    init(name: String, display: any SceneDisplaying, router: R, recipe: SceneRecipe<V, I, P, R>, parts: WiredParts) {
        self.router = router
        self.recipe = recipe
        super.init(name: name, display: display, context: router.context, parts: parts)
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

    override func linkInput(_ parameters: PayloadValue) throws -> KeptInput {
        guard let link = recipe.definition.link else { return try super.linkInput(parameters) }
        let input = try link.makeInput(parameters)
        if accept(exactly: input) { return .value(input) }
        let payload = try ScenePayload(input)
        try accept(payload)
        return .payload(payload)
    }

    override func acceptResult(_ payload: ScenePayload) throws {
        guard let accepted = recipe.definition.acceptedResult else { return try super.acceptResult(payload) }
        try accepted.apply(router, payload)
    }

    override func leavingResult() throws -> ScenePayload? {
        try recipe.produceResult?(router)
    }

    override func performRouteHandler(toward destination: String, segue: Segue) throws {
        try recipe.handlers[destination]?(router)(segue)
    }
}
