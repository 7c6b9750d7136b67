/// Base class of a scene's Interactor (business logic; usually also the scene's DataStore).
///
/// `Presenter` is the scene's presentation protocol, e.g. `any HomePresentationLogic`.
/// Workers come through the interactor factory given to `SceneDefinition`, from the container.
@MainActor
open class SceneInteractor<Presenter>: InteractorRole {
    /// The scene's presentation logic, set by the host's wiring.
    public var presenter: Presenter?

    public init() {}
}
