import SceneSDK

/// A plugin whose `register(in:)` registers its scene "Twice" two times: the mistake of an author
/// who copied a line. It also registers "Once", which a config may route to.
enum TwiceInOnePlugin: ScenePlugin {
    static let name = "FixtureTwiceInOne"
    static let version = "0.0.1"

    static func register(in registry: any SceneRegistry) throws {
        try registry.register(scene("Once"))
        try registry.register(scene("Twice"))
        try registry.register(scene("Twice"))
    }

    @MainActor private static func scene(_ name: String) -> SceneDefinition<TwiceViewController, SceneInteractor<Void>, ScenePresenter<TwiceViewController>, SceneRouter<TwiceViewController, Void>> {
        SceneDefinition(name, viewController: TwiceViewController.init, interactor: { _ in SceneInteractor<Void>() },
                        presenter: ScenePresenter<TwiceViewController>.init, router: SceneRouter<TwiceViewController, Void>.init)
    }
}

final class TwiceViewController: SceneViewController<Void, Void> {}

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { TwiceInOnePlugin.exportDescriptor() }
