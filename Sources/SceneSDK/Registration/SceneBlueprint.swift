/// A scene as the host sees it: what it declares, the factories of its parts and how to wire them.
///
/// Made by `SceneDefinition`; the host puts the factories into its container, resolves them on
/// every navigation and calls `assemble` to connect the parts. The type is public because
/// `SceneRegistry.register(_:)` takes it (plugins call it through inlined code); its members are
/// host-only (`@_spi(SceneHost)`).
@MainActor
public struct SceneBlueprint {
    /// The scene's name, unique across all loaded plugins.
    @_spi(SceneHost) @_spi(SceneTesting) public let name: String
    /// The declared input, or nil when the scene takes none.
    @_spi(SceneHost) public let input: ContractInfo?
    /// The identity of the declared input's Swift type: a source passing exactly this type hands
    /// the value over as it is (`AssembledScene.accept(exactly:)`).
    @_spi(SceneHost) public let inputType: ObjectIdentifier?
    /// The result the scene takes back from scenes above it, or nil.
    @_spi(SceneHost) public let acceptedResult: ContractInfo?
    /// The result the scene hands back when it leaves, or nil.
    @_spi(SceneHost) public let returnedResult: ContractInfo?
    /// The routes its router can take, in declaration order.
    @_spi(SceneHost) public let routes: [DeclaredRoute]
    /// The scene's deep link, or nil.
    @_spi(SceneHost) public let link: DeclaredLink?
    /// The factory of each part.
    @_spi(SceneHost) @_spi(SceneTesting) public let factories: [ScenePart: @MainActor (any ServiceResolving) throws -> AnyObject]
    /// Wires parts resolved elsewhere (view controller, interactor, presenter, router): plugins' inlined
    /// code makes it, so it takes them as plain objects, not as the host's `ScenePartSet`.
    @usableFromInline let wire: @MainActor (AnyObject, AnyObject, AnyObject, AnyObject, any SceneNavigating) throws -> AssembledScene
    /// Makes the four parts with the definition's own factories and wires them, typed all the way
    /// (no part erased and cast back): the path of every build whose factories were not replaced.
    @usableFromInline let build: @MainActor (any ServiceResolving, any SceneNavigating) throws -> AssembledScene

    @usableFromInline
    init(name: String, input: ContractInfo?, inputType: ObjectIdentifier?, acceptedResult: ContractInfo?, returnedResult: ContractInfo?, routes: [DeclaredRoute], link: LinkDeclaration?,
         factories: [ScenePart: @MainActor (any ServiceResolving) throws -> AnyObject],
         wire: @escaping @MainActor (AnyObject, AnyObject, AnyObject, AnyObject, any SceneNavigating) throws -> AssembledScene,
         build: @escaping @MainActor (any ServiceResolving, any SceneNavigating) throws -> AssembledScene) {
        self.name = name
        self.input = input
        self.inputType = inputType
        self.acceptedResult = acceptedResult
        self.returnedResult = returnedResult
        self.routes = routes
        self.link = link?.declared
        self.factories = factories
        self.wire = wire
        self.build = build
    }

    /// The names of the router's route handlers (`routeTo<Destination>`), sorted.
    @_spi(SceneHost) public var routeHandlerNames: [String] { routes.compactMap(\.handlerName).sorted() }

    /// Connects parts resolved from the container into a ready scene driven by `navigator`.
    ///
    /// Checks every connection first (`SceneError.wiringMismatch`), so a failed call connects nothing.
    @_spi(SceneHost) @_spi(SceneTesting) public func assemble(_ parts: ScenePartSet, navigator: any SceneNavigating) throws -> AssembledScene {
        try wire(parts.viewController, parts.interactor, parts.presenter, parts.router, navigator)
    }

    /// Makes the scene's parts with the factories it declared (`factories`) and connects them into
    /// a ready scene driven by `navigator`: what `assemble` does with those factories' parts, without
    /// erasing each part and casting it back. For a container whose factories of this scene are
    /// still the declared ones; one that replaced a factory resolves the parts and calls `assemble`.
    ///
    /// Throws a factory's error, or `SceneError.wiringMismatch`; nothing is connected then.
    @_spi(SceneHost) @_spi(SceneTesting) public func build(resolver: any ServiceResolving, navigator: any SceneNavigating) throws -> AssembledScene {
        try build(resolver, navigator)
    }
}
