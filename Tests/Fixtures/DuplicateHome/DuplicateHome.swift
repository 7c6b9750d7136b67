import SceneSDK

/// A plugin that registers a scene named "Home", clashing with HomeScene's.
enum DuplicateHomePlugin: ScenePlugin {
    static let name = "FixtureDuplicateHome"
    static let version = "0.0.1"

    static func register(in registry: any SceneRegistry) throws {
        try registry.register(
            SceneDefinition(
                "Home",
                viewController: OtherHomeViewController.init,
                interactor: { _ in SceneInteractor<Void>() },
                presenter: ScenePresenter<OtherHomeViewController>.init,
                router: SceneRouter<OtherHomeViewController, Void>.init
            )
        )
    }
}

final class OtherHomeViewController: SceneViewController<Void, Void> {}

@_cdecl("scene_plugin_entry")
public func scenePluginEntry() -> UnsafeRawPointer { DuplicateHomePlugin.exportDescriptor() }
