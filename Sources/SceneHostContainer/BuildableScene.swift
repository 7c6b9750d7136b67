@_spi(SceneHost) import SceneSDK
import SceneHostCore
import SceneHostNative

/// A loaded scene with the current factories of its four parts, found by one look-up.
///
/// The container keeps one per scene built so far and drops it whenever the scene or one of
/// its factories changes, so a navigation hashes the scene's name once instead of five times.
@MainActor
package final class BuildableScene {
    package typealias Factory = @MainActor (any ServiceResolving) throws -> AnyObject

    package let blueprint: SceneBlueprint
    /// The factories of the four parts, when one of them was replaced (`SceneContainer.replacePart`);
    /// nil while they are the scene's own: the blueprint then makes and wires the parts typed
    /// (`SceneBlueprint.build`), the path of nearly every build.
    private let replaced: (viewController: Factory, interactor: Factory, presenter: Factory, router: Factory)?

    package init(blueprint: SceneBlueprint, replaced: (viewController: Factory, interactor: Factory, presenter: Factory, router: Factory)?) {
        self.blueprint = blueprint
        self.replaced = replaced
    }

    /// The scene, built with the current factories (in the container's order) and wired.
    package func assemble(_ resolver: any ServiceResolving, navigator: any SceneNavigating) throws -> AssembledScene {
        guard let replaced else { return try blueprint.build(resolver: resolver, navigator: navigator) }
        let parts = ScenePartSet(viewController: try replaced.viewController(resolver), interactor: try replaced.interactor(resolver),
                                 presenter: try replaced.presenter(resolver), router: try replaced.router(resolver))
        return try blueprint.assemble(parts, navigator: navigator)
    }
}
