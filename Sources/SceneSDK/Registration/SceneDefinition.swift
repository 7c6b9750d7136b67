/// Declares one scene of a plugin: its name, the factories of its four parts, the routes its
/// router handles and the input its DataStore accepts.
///
/// ```swift
/// try registry.register(
///     SceneDefinition("Detail",
///                     viewController: DetailViewController.init,
///                     interactor: { _ in DetailInteractor() },
///                     presenter: DetailPresenter.init,
///                     router: DetailRouter.init)
///         .accepting(DetailInput.self) { dataStore, input in dataStore?.message = input.message }
/// )
/// ```
/// The host resolves the parts through its container and wires them; the parts' types are
/// checked against each other by `scene-host check` and on every build, never by a crash.
@MainActor
public struct SceneDefinition<V: ViewControllerRole, I: InteractorRole, P: PresenterRole, R: RouterRole> {
    let name: String
    let makeViewController: @MainActor () -> V
    let makeInteractor: @MainActor (any ServiceResolving) throws -> I
    let makePresenter: @MainActor () -> P
    let makeRouter: @MainActor () -> R
    var handlers: [String: @MainActor (R, Segue?) throws -> Void] = [:]
    var input: InputDeclaration<R>?

    /// - Parameter interactor: builds the interactor; resolve its Workers from the container given.
    public init(
        _ name: String,
        viewController: @escaping @MainActor () -> V,
        interactor: @escaping @MainActor (any ServiceResolving) throws -> I,
        presenter: @escaping @MainActor () -> P,
        router: @escaping @MainActor () -> R
    ) {
        self.name = name
        self.makeViewController = viewController
        self.makeInteractor = interactor
        self.makePresenter = presenter
        self.makeRouter = router
    }

    /// Declares the router's handler for routes to `destination`.
    ///
    /// It is registered under the name `routeTo<destination>`, the name by which the host finds
    /// it when a segue to `destination` fires (the stand-in for `NSSelectorFromString`).
    public func route(to destination: String, handler: @escaping @MainActor (R) -> (Segue?) throws -> Void) -> Self {
        var copy = self
        copy.handlers[RouteHandlerName.forDestination(destination)] = { router, segue in try handler(router)(segue) }
        return copy
    }

    /// Declares the input the scene's DataStore accepts, and how it takes it.
    ///
    /// Sources in other plugins pass any `Encodable` value of the same shape; a missing or
    /// mistyped field is a `SceneError.inputMismatch` and the navigation does not happen.
    public func accepting<Input: Decodable>(_ type: Input.Type, into apply: @escaping @MainActor (inout R.DataStore?, Input) -> Void) -> Self {
        var copy = self
        copy.input = InputDeclaration(scene: name, type: type, apply: apply)
        return copy
    }
}

/// How scene-host names route handlers, so the host and `SceneDefinition` agree.
public enum RouteHandlerName {
    /// `routeTo<Destination>`, e.g. `routeToDetail`.
    public static func forDestination(_ destination: String) -> String { "routeTo" + destination }
}
