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
    @usableFromInline let wire: @MainActor (WiredParts, any SceneNavigating) throws -> AnyWiredScene

    @usableFromInline
    init(name: String, input: ContractInfo?, inputType: ObjectIdentifier?, acceptedResult: ContractInfo?, returnedResult: ContractInfo?, routes: [DeclaredRoute], link: LinkDeclaration?,
         factories: [ScenePart: @MainActor (any ServiceResolving) throws -> AnyObject],
         wire: @escaping @MainActor (WiredParts, any SceneNavigating) throws -> AnyWiredScene) {
        self.name = name
        self.input = input
        self.inputType = inputType
        self.acceptedResult = acceptedResult
        self.returnedResult = returnedResult
        self.routes = routes
        self.link = link?.declared
        self.factories = factories
        self.wire = wire
    }

    /// The names of the router's route handlers (`routeTo<Destination>`), sorted.
    @_spi(SceneHost) public var routeHandlerNames: [String] { routes.compactMap(\.handlerName).sorted() }

    /// Connects parts resolved from the container into a ready scene driven by `navigator`.
    ///
    /// Checks every connection first (`SceneError.wiringMismatch`), so a failed call connects nothing.
    @_spi(SceneHost) @_spi(SceneTesting) public func assemble(_ parts: ScenePartSet, navigator: any SceneNavigating) throws -> AssembledScene {
        AssembledScene(try wire(WiredParts(parts), navigator), parts: parts)
    }
}
