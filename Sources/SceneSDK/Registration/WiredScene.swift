/// The one kind of `AssembledScene`: a scene's four wired parts and the blueprint that answers what
/// its definition declared. Made by the wiring that plugins inline (so it is `@usableFromInline`,
/// not public); its witnesses of the SPI requirements are SPI-public.
@MainActor @usableFromInline
final class WiredScene: AssembledScene {
    let blueprint: SceneBlueprint
    let displayed: any SceneDisplaying

    @_spi(SceneHost) @_spi(SceneTesting) public let context: RouterContext
    @_spi(SceneHost) @_spi(SceneTesting) public let viewController: AnyObject
    @_spi(SceneHost) @_spi(SceneTesting) public let interactor: AnyObject
    @_spi(SceneHost) @_spi(SceneTesting) public let presenter: AnyObject
    @_spi(SceneHost) @_spi(SceneTesting) public let router: AnyObject
    @_spi(SceneHost) public var keptInput: KeptInput = .none
    @_spi(SceneHost) @_spi(SceneTesting) public let work: SceneWork?

    @usableFromInline
    init(blueprint: SceneBlueprint, display: any SceneDisplaying, context: RouterContext, work: SceneWork?,
         viewController: AnyObject, interactor: AnyObject, presenter: AnyObject, router: AnyObject) {
        self.work = work
        self.blueprint = blueprint
        displayed = display
        self.context = context
        self.viewController = viewController
        self.interactor = interactor
        self.presenter = presenter
        self.router = router
    }

    @_spi(SceneHost) @_spi(SceneTesting) public var name: String { blueprint.declared.name }

    @_spi(SceneHost) @_spi(SceneTesting) public var display: any SceneDisplaying { displayed }

    @_spi(SceneHost) @_spi(SceneTesting) public var currentDataStore: Any? { blueprint.dataStore(router) }

    @_spi(SceneHost) @_spi(SceneTesting) public var inputType: ObjectIdentifier? { blueprint.inputType }

    @_spi(SceneHost) @_spi(SceneTesting) public var declaredDestinations: [String] { blueprint.destinations.sorted() }

    @_spi(SceneHost) @_spi(SceneTesting) public var declaredSlots: [DeclaredSlot] { blueprint.declared.slots }

    @_spi(SceneHost) @_spi(SceneTesting) public func declaresRoute(to destination: String) -> Bool { blueprint.destinations.contains(destination) }

    @_spi(SceneHost) @_spi(SceneTesting) public func declaredStyle(toward destination: String) -> NavigationStyle? { blueprint.styles[destination] }

    @_spi(SceneHost) @_spi(SceneTesting) public func accept(_ payload: ScenePayload?) throws {
        switch (payload, blueprint.input) {
        case (nil, nil): return
        case (let payload?, nil): throw SceneError.unexpectedPayload(scene: name, contract: .input, payloadType: payload.typeName)
        case (nil, let input?): throw SceneError.missingInput(scene: name, inputType: input.typeName)
        case (let payload?, let input?): try input.apply(router, payload)
        }
    }

    @_spi(SceneHost) @_spi(SceneTesting) public func accept(exactly value: Any) -> Bool {
        blueprint.input?.applyValue(router, value) ?? false
    }

    @_spi(SceneHost) @_spi(SceneTesting) public func accept(converting value: any Encodable) -> Bool {
        blueprint.input?.applyConverted(router, value) ?? false
    }

    @_spi(SceneHost) public func linkInput(_ parameters: PayloadValue, services: any ServiceResolving) throws -> KeptInput {
        guard let makeInput = blueprint.makeLinkInput else { throw SceneError.missingInput(scene: name, inputType: "a link") }
        let input = try makeInput(parameters, services)
        if accept(exactly: input) { return .value(input) }
        let payload = try ScenePayload(input)
        try accept(payload)
        return .payload(payload)
    }

    @_spi(SceneHost) @_spi(SceneTesting) public func acceptResult(_ payload: ScenePayload) throws {
        guard let accepted = blueprint.acceptedResult else {
            throw SceneError.unexpectedPayload(scene: name, contract: .result, payloadType: payload.typeName)
        }
        try accepted.apply(router, payload)
    }

    @_spi(SceneHost) @_spi(SceneTesting) public func leavingResult() throws -> ScenePayload? {
        try blueprint.produceResult?(router)
    }

    @_spi(SceneHost) @_spi(SceneTesting) public func performRouteHandler(toward destination: String, segue: Segue) throws {
        try blueprint.handlers[destination]?(router, segue)
    }
}
