/// A scene as the host sees it: its declaration, the factories of its parts, and how to wire them.
///
/// Made once per `SceneDefinition` when a plugin registers it. The host puts the factories into
/// its container and asks the blueprint to build a scene (`build`, or `assemble` for parts it
/// resolved itself). Every scene built holds its blueprint, which answers for all of them what the
/// definition declared (routes, input, results, link). The type is public because
/// `SceneRegistry.register(_:)` takes it (plugins call it through inlined code); its members are
/// host-only (`@_spi(SceneHost)`).
@MainActor
public final class SceneBlueprint {
    /// What the scene declares, as caches, the graph and `check` see it.
    @_spi(SceneHost) public let declared: SceneDescription
    /// The identity of the declared input's Swift type: a source passing exactly this type hands
    /// the value over as it is (`AssembledScene.accept(exactly:)`).
    @_spi(SceneHost) public let inputType: ObjectIdentifier?
    /// The sample inputs declared with the input (`SceneDefinition.accepting(_:samples:into:)`),
    /// each of the declared type: the probe shows the scene once with each (`accept(exactly:)`).
    @_spi(SceneHost) public let sampleInputs: [Any]
    /// The factory of each part.
    @_spi(SceneHost) @_spi(SceneTesting) public let factories: [ScenePart: @MainActor (any ServiceResolving) throws -> AnyObject]

    /// The destinations of the declared routes.
    let destinations: Set<String>
    /// The style each route that declares one (a `Route` value) is taken in, in code.
    let styles: [String: NavigationStyle]
    /// The router's route handlers by destination scene (`routeTo<Destination>`).
    let handlers: [String: @MainActor (AnyObject, Segue) throws -> Void]
    /// The declared input's checked apply (`ContractDeclaration.apply`), its type name, its
    /// as-is apply (`applyValue`) and its conversion from another type (`applyConverted`).
    let input: ErasedContract?
    /// The accepted result's checked apply.
    let acceptedResult: ErasedContract?
    /// The result handed back on leaving (`ReturnDeclaration.produce`).
    let produceResult: (@MainActor (AnyObject) throws -> ScenePayload?)?
    /// The link's function: the scene's input from the link's parameters.
    let makeLinkInput: (@MainActor (PayloadValue, any ServiceResolving) throws -> any Encodable)?
    /// The router's DataStore (from the plugin's specialized code: read on navigations).
    let dataStore: @MainActor (AnyObject) -> Any?
    /// Wires parts resolved elsewhere; plugins' inlined code makes it, typed for their classes.
    let wire: @MainActor (SceneBlueprint, AnyObject, AnyObject, AnyObject, AnyObject, any SceneNavigating) throws -> AssembledScene
    /// Makes the four parts with the definition's own factories and wires them, typed all the way.
    let build: @MainActor (SceneBlueprint, any ServiceResolving, any SceneNavigating) throws -> AssembledScene
    /// The ViewController class last wired successfully into base-class presenter and router:
    /// their two casts of it passed, and would pass again (`SceneDefinition.connect`).
    @usableFromInline var checkedViewControllerClass: ObjectIdentifier?

    /// Computes the declaration from `definition` here, in the SDK (not inlined into plugins, so the
    /// declaration's types stay SPI); the factories and the wiring come from the plugin's inlined,
    /// specialized code.
    @usableFromInline
    init<V, I, P, R>(_ definition: SceneDefinition<V, I, P, R>,
                     viewController: @escaping @MainActor (any ServiceResolving) throws -> AnyObject,
                     interactor: @escaping @MainActor (any ServiceResolving) throws -> AnyObject,
                     presenter: @escaping @MainActor (any ServiceResolving) throws -> AnyObject,
                     router: @escaping @MainActor (any ServiceResolving) throws -> AnyObject,
                     dataStore: @escaping @MainActor (AnyObject) -> Any?,
                     wire: @escaping @MainActor (SceneBlueprint, AnyObject, AnyObject, AnyObject, AnyObject, any SceneNavigating) throws -> AssembledScene,
                     build: @escaping @MainActor (SceneBlueprint, any ServiceResolving, any SceneNavigating) throws -> AssembledScene) {
        declared = SceneDescription(name: definition.name, input: definition.input?.info, acceptedResult: definition.acceptedResult?.info,
                                    returnedResult: definition.returnedResult?.info, routes: definition.routes.map(\.declared),
                                    link: definition.link?.declared, slots: definition.slots)
        inputType = definition.input?.typeID
        sampleInputs = definition.samples
        factories = [.viewController: viewController, .interactor: interactor, .presenter: presenter, .router: router]
        destinations = Set(definition.routes.map(\.destination))
        styles = Dictionary(definition.routes.compactMap { route in route.style.map { (route.destination, $0) } }, uniquingKeysWith: { _, last in last })
        var handlers: [String: @MainActor (AnyObject, Segue) throws -> Void] = [:]
        let scene = definition.name
        for route in definition.routes {
            guard let handler = route.handler else { continue }
            handlers[route.destination] = { router, segue in try handler(try Self.typed(router, as: R.self, scene: scene))(segue) }
        }
        self.handlers = handlers
        input = definition.input.map { ErasedContract($0, scene: scene) }
        acceptedResult = definition.acceptedResult.map { ErasedContract($0, scene: scene) }
        if let produce = definition.returnedResult?.produce {
            produceResult = { router in try produce(try Self.typed(router, as: R.self, scene: scene)) }
        } else {
            produceResult = nil
        }
        makeLinkInput = definition.link?.makeInput
        self.dataStore = dataStore
        self.wire = wire
        self.build = build
    }

    /// The scene's name, unique across all loaded plugins.
    @_spi(SceneHost) @_spi(SceneTesting) public var name: String { declared.name }

    /// The names of the router's route handlers (`routeTo<Destination>`), sorted.
    @_spi(SceneHost) public var routeHandlerNames: [String] { declared.routes.compactMap(\.handlerName).sorted() }

    /// Connects parts resolved from the container into a ready scene driven by `navigator`.
    ///
    /// Checks every connection first (`SceneError.wiringMismatch`), so a failed call connects nothing.
    @_spi(SceneHost) @_spi(SceneTesting)
    public func assemble(viewController: AnyObject, interactor: AnyObject, presenter: AnyObject, router: AnyObject,
                         navigator: any SceneNavigating) throws -> AssembledScene {
        try wire(self, viewController, interactor, presenter, router, navigator)
    }

    /// Makes the scene's parts with the factories it declared (`factories`) and connects them into
    /// a ready scene driven by `navigator`: what `assemble` does with those factories' parts, without
    /// erasing each part and casting it back. For a container whose factories of this scene are
    /// still the declared ones; one that replaced a factory resolves the parts and calls `assemble`.
    ///
    /// Throws a factory's error, or `SceneError.wiringMismatch`; nothing is connected then.
    @_spi(SceneHost) @_spi(SceneTesting) public func build(resolver: any ServiceResolving, navigator: any SceneNavigating) throws -> AssembledScene {
        try build(self, resolver, navigator)
    }

    /// `router` as the definition's router class. Every scene's router was checked to be one when
    /// it was wired, so the error is only for a router handed in from elsewhere.
    static func typed<R: RouterRole>(_ router: AnyObject, as type: R.Type, scene: String) throws -> R {
        guard let typed = router as? R else {
            throw SceneError.wiringMismatch(scene: scene, part: ScenePart.router.rawValue, partType: String(describing: Swift.type(of: router)),
                                            property: "router", expected: String(describing: R.self))
        }
        return typed
    }
}

/// A declared input or accepted result with its router's type erased, as `SceneBlueprint` keeps it.
@MainActor
struct ErasedContract {
    let typeName: String
    let apply: @MainActor (AnyObject, ScenePayload) throws -> Void
    let applyValue: @MainActor (AnyObject, Any) -> Bool
    let applyConverted: @MainActor (AnyObject, any Encodable) -> Bool

    init<R: RouterRole>(_ contract: ContractDeclaration<R>, scene: String) {
        typeName = contract.info.typeName
        let apply = contract.apply
        self.apply = { router, payload in try apply(try SceneBlueprint.typed(router, as: R.self, scene: scene), payload) }
        applyValue = contract.applyValue
        applyConverted = contract.applyConverted
    }
}
