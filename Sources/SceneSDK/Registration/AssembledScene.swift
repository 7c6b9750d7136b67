/// A wired scene, ready to be shown: what the navigator keeps on its stack.
///
/// It owns the scene's four parts; dropping it releases them (the parts hold each other only
/// downward strongly, upward weakly). A class, so the navigator's stack moves one reference per
/// scene; the typed work is done by its subclass made in `SceneDefinition`.
@MainActor
public class AssembledScene {
    public let name: String
    /// The ViewController, as the frontends drive it.
    public let display: any SceneDisplaying
    /// The four wired parts.
    public let parts: ScenePartSet
    /// The router's link to the host.
    public let context: RouterContext

    @usableFromInline
    init(name: String, display: any SceneDisplaying, parts: ScenePartSet, context: RouterContext) {
        self.name = name
        self.display = display
        self.parts = parts
        self.context = context
    }

    /// The scene's DataStore (its router's `dataStore`).
    public var currentDataStore: Any? { nil }

    /// The destinations of the routes the scene's router declared, sorted.
    public var declaredDestinations: [String] { [] }

    /// Whether the scene's router declared a route to `destination`.
    public func declaresRoute(to destination: String) -> Bool { false }

    /// Passes `payload` into the DataStore, checked against the declared input.
    ///
    /// Throws `missingInput`, `unexpectedPayload` or `contractMismatch`; on error the DataStore is unchanged.
    public func accept(_ payload: ScenePayload?) throws {
        if let payload { throw SceneError.unexpectedPayload(scene: name, contract: .input, payloadType: payload.typeName) }
    }

    /// Passes a result from a scene that returned into the DataStore, checked against the accepted result.
    public func acceptResult(_ payload: ScenePayload) throws {
        throw SceneError.unexpectedPayload(scene: name, contract: .result, payloadType: payload.typeName)
    }

    /// The result the scene hands back as it leaves, if it declares one and has one now.
    public func leavingResult() throws -> ScenePayload? { nil }

    /// The router's handler registered under `name` (e.g. `routeToDetail`), if any.
    public func routeHandler(named name: String) -> (@MainActor (Segue?) throws -> Void)? { nil }
}

/// An assembled scene of one `SceneDefinition`: its typed router and the definition's declarations.
@MainActor @usableFromInline
final class WiredScene<V: ViewControllerRole, I: InteractorRole, P: PresenterRole, R: RouterRole>: AssembledScene {
    @usableFromInline let router: R
    @usableFromInline let recipe: SceneRecipe<V, I, P, R>

    @inlinable
    init(name: String, display: any SceneDisplaying, parts: ScenePartSet, router: R, recipe: SceneRecipe<V, I, P, R>) {
        self.router = router
        self.recipe = recipe
        super.init(name: name, display: display, parts: parts, context: router.context)
    }

    override var currentDataStore: Any? { router.dataStore }

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

    override func acceptResult(_ payload: ScenePayload) throws {
        guard let accepted = recipe.definition.acceptedResult else {
            throw SceneError.unexpectedPayload(scene: name, contract: .result, payloadType: payload.typeName)
        }
        try accepted.apply(router, payload)
    }

    override func leavingResult() throws -> ScenePayload? {
        try recipe.definition.returnedResult?.produce(router)
    }

    override func routeHandler(named name: String) -> (@MainActor (Segue?) throws -> Void)? {
        guard let handler = recipe.handlers[name] else { return nil }
        let router = self.router
        return { segue in try handler(router)(segue) }
    }
}

/// What every build of one scene shares, computed once per definition.
@MainActor @usableFromInline
final class SceneRecipe<V: ViewControllerRole, I: InteractorRole, P: PresenterRole, R: RouterRole> {
    @usableFromInline let definition: SceneDefinition<V, I, P, R>
    @usableFromInline let destinations: Set<String>
    @usableFromInline let handlers: [String: @MainActor (R) -> (Segue?) throws -> Void]

    @inlinable
    init(_ definition: SceneDefinition<V, I, P, R>) {
        self.definition = definition
        destinations = Set(definition.routes.map(\.destination))
        var handlers: [String: @MainActor (R) -> (Segue?) throws -> Void] = [:]
        for route in definition.routes {
            if let handler = route.handler { handlers[RouteHandlerName.forDestination(route.destination)] = handler }
        }
        self.handlers = handlers
    }
}
