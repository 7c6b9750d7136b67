/// A scene as the host sees it: what it declares, the factories of its parts and how to wire them.
///
/// Made by `SceneDefinition`; the host puts the factories into its container, resolves them on
/// every navigation and calls `assemble` to connect the parts.
@MainActor
public struct SceneBlueprint {
    /// The scene's name, unique across all loaded plugins.
    public let name: String
    /// The declared input, or nil when the scene takes none.
    public let input: ContractInfo?
    /// The result the scene takes back from scenes above it, or nil.
    public let acceptedResult: ContractInfo?
    /// The result the scene hands back when it leaves, or nil.
    public let returnedResult: ContractInfo?
    /// The routes its router can take, in declaration order.
    public let routes: [DeclaredRoute]
    /// The factory of each part.
    public let factories: [ScenePart: @MainActor (any ServiceResolving) throws -> AnyObject]
    @usableFromInline let wire: @MainActor (ScenePartSet, any SceneNavigating) throws -> AssembledScene

    @usableFromInline
    init(name: String, input: ContractInfo?, acceptedResult: ContractInfo?, returnedResult: ContractInfo?, routes: [DeclaredRoute],
         factories: [ScenePart: @MainActor (any ServiceResolving) throws -> AnyObject],
         wire: @escaping @MainActor (ScenePartSet, any SceneNavigating) throws -> AssembledScene) {
        self.name = name
        self.input = input
        self.acceptedResult = acceptedResult
        self.returnedResult = returnedResult
        self.routes = routes
        self.factories = factories
        self.wire = wire
    }

    /// The names of the router's route handlers (`routeTo<Destination>`), sorted.
    public var routeHandlerNames: [String] { routes.compactMap(\.handlerName).sorted() }

    /// Connects parts resolved from the container into a ready scene driven by `navigator`.
    ///
    /// Checks every connection first (`SceneError.wiringMismatch`), so a failed call connects nothing.
    public func assemble(_ parts: ScenePartSet, navigator: any SceneNavigating) throws -> AssembledScene {
        try wire(parts, navigator)
    }
}

/// The four resolved parts of one scene, before wiring.
public struct ScenePartSet {
    public let viewController: AnyObject
    public let interactor: AnyObject
    public let presenter: AnyObject
    public let router: AnyObject

    public init(viewController: AnyObject, interactor: AnyObject, presenter: AnyObject, router: AnyObject) {
        self.viewController = viewController
        self.interactor = interactor
        self.presenter = presenter
        self.router = router
    }
}
