@_spi(SceneHost) import SceneSDK

/// A loaded scene with the current factories of its four parts, found by one look-up.
///
/// The container keeps one per scene built so far and drops it whenever the scene or one of
/// its factories changes, so a navigation hashes the scene's name once instead of five times.
@MainActor
final class BuildableScene {
    typealias Factory = @MainActor (any ServiceResolving) throws -> AnyObject

    let blueprint: SceneBlueprint
    private let viewController: Factory
    private let interactor: Factory
    private let presenter: Factory
    private let router: Factory

    init(blueprint: SceneBlueprint, viewController: @escaping Factory, interactor: @escaping Factory,
         presenter: @escaping Factory, router: @escaping Factory) {
        self.blueprint = blueprint
        self.viewController = viewController
        self.interactor = interactor
        self.presenter = presenter
        self.router = router
    }

    /// The four parts, made by their factories in the container's order.
    func makeParts(_ resolver: any ServiceResolving) throws -> ScenePartSet {
        ScenePartSet(viewController: try viewController(resolver), interactor: try interactor(resolver),
                     presenter: try presenter(resolver), router: try router(resolver))
    }
}
