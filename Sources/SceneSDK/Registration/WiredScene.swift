/// The one kind of `AssembledScene`: a scene of one `SceneDefinition`, with its typed router and
/// the definition's declarations (`SceneRecipe`). Made by the wiring that plugins inline (so it is
/// `@usableFromInline`, not public); its witnesses of the SPI requirements are SPI-public.
@MainActor @usableFromInline
final class WiredScene<V: ViewControllerRole, I: InteractorRole, P: PresenterRole, R: RouterRole>: AssembledScene {
    @usableFromInline let router: R
    @usableFromInline let recipe: SceneRecipe<V, I, P, R>
    @usableFromInline let sceneName: String
    @usableFromInline let displayed: any SceneDisplaying
    @usableFromInline let viewController: AnyObject
    @usableFromInline let interactor: AnyObject
    @usableFromInline let presenter: AnyObject

    @_spi(SceneHost) public var keptInput: KeptInput = .none

    @inlinable
    init(name: String, display: any SceneDisplaying, recipe: SceneRecipe<V, I, P, R>,
         viewController: AnyObject, interactor: AnyObject, presenter: AnyObject, router: R) {
        sceneName = name
        displayed = display
        self.recipe = recipe
        self.viewController = viewController
        self.interactor = interactor
        self.presenter = presenter
        self.router = router
    }

    @_spi(SceneHost) @_spi(SceneTesting) public var parts: ScenePartSet {
        ScenePartSet(viewController: viewController, interactor: interactor, presenter: presenter, router: router)
    }

    @_spi(SceneHost) @_spi(SceneTesting) public var name: String { sceneName }

    @_spi(SceneHost) @_spi(SceneTesting) public var display: any SceneDisplaying { displayed }

    @_spi(SceneHost) @_spi(SceneTesting) public var context: RouterContext { router.context }

    @_spi(SceneHost) @_spi(SceneTesting) public var currentDataStore: Any? { router.dataStore }

    @_spi(SceneHost) @_spi(SceneTesting) public var inputType: ObjectIdentifier? { recipe.inputType }

    @_spi(SceneHost) @_spi(SceneTesting) public var declaredDestinations: [String] { recipe.destinations.sorted() }

    @_spi(SceneHost) @_spi(SceneTesting) public func declaresRoute(to destination: String) -> Bool { recipe.destinations.contains(destination) }

    @_spi(SceneHost) @_spi(SceneTesting) public func accept(_ payload: ScenePayload?) throws {
        switch (payload, recipe.definition.input) {
        case (nil, nil): return
        case (let payload?, nil): throw SceneError.unexpectedPayload(scene: sceneName, contract: .input, payloadType: payload.typeName)
        case (nil, let input?): throw SceneError.missingInput(scene: sceneName, inputType: input.typeName)
        case (let payload?, let input?): try input.apply(router, payload)
        }
    }

    @_spi(SceneHost) @_spi(SceneTesting) public func accept(exactly value: Any) -> Bool {
        recipe.acceptValue?(router, value) ?? false
    }

    @_spi(SceneHost) @_spi(SceneTesting) public func accept(converting value: any Encodable) -> Bool {
        recipe.acceptConverted?(router, value) ?? false
    }

    @_spi(SceneHost) public func linkInput(_ parameters: PayloadValue) throws -> KeptInput {
        guard let link = recipe.definition.link else { throw SceneError.missingInput(scene: sceneName, inputType: "a link") }
        let input = try link.makeInput(parameters)
        if accept(exactly: input) { return .value(input) }
        let payload = try ScenePayload(input)
        try accept(payload)
        return .payload(payload)
    }

    @_spi(SceneHost) @_spi(SceneTesting) public func acceptResult(_ payload: ScenePayload) throws {
        guard let accepted = recipe.definition.acceptedResult else {
            throw SceneError.unexpectedPayload(scene: sceneName, contract: .result, payloadType: payload.typeName)
        }
        try accepted.apply(router, payload)
    }

    @_spi(SceneHost) @_spi(SceneTesting) public func leavingResult() throws -> ScenePayload? {
        try recipe.produceResult?(router)
    }

    @_spi(SceneHost) @_spi(SceneTesting) public func performRouteHandler(toward destination: String, segue: Segue) throws {
        try recipe.handlers[destination]?(router)(segue)
    }
}
